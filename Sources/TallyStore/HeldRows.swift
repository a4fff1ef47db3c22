// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

/// Rows the undo history names instead of copying. An import's million bills
/// are in the file already, as the import wrote them, for as long as the
/// import is not undone: the history keeps their first id and a digest of
/// each, and the sources of their rows by a digest, and reads them back from
/// the file when they are needed. A bill that is gone, or that no longer
/// matches its digest, was changed since; undo then refuses as it does for a
/// row kept whole. Undo moves them, as they are, out of the ledger into
/// `undone_bills` and `undone_import_sources`, where redo finds them by the
/// same names and checks them alike before it moves them back: neither
/// copies a million rows through the process.
enum HeldRows {
    /// Bills added with consecutive ids in a shorter run than this are kept whole.
    static let shortestRun = 1_000

    /// The runs of `rows` that may be held: bills added with consecutive ids,
    /// and an import's sources of as many bills, by where they lie in `rows`.
    static func runs(in rows: [RowChange]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var index = rows.startIndex
        while index < rows.endIndex {
            if rows[index].before == nil, case .importSources(let batch)? = rows[index].after, batch.sources.count >= shortestRun {
                runs.append(index..<index + 1)
                index += 1
                continue
            }
            guard let first = addedBill(rows[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            var last = first
            while end < rows.endIndex, last < .max, let bill = addedBill(rows[end]), bill == last + 1 {
                last = bill
                end += 1
            }
            if end - index >= shortestRun { runs.append(index..<end) }
            index = end
        }
        return runs
    }

    /// The id of the bill `row` adds, if it adds one.
    private static func addedBill(_ row: RowChange) -> Int64? {
        guard row.before == nil, case .bill(let bill)? = row.after else { return nil }
        return bill.id
    }

    /// What a bill held in a run takes in the history: its digest in Base64.
    static let bytesABill = 11

    /// Each bill's digest, little-endian, in Base64: `bytesABill` bytes a bill in the history instead of some 130.
    static func digests(of rows: ArraySlice<RowChange>) -> String {
        encoded(rows.map { row in
            guard case .bill(let bill)? = row.after else { preconditionFailure("a held run adds bills") }
            return BillDigest.of(bill)
        })
    }

    static func encoded(_ digests: [UInt64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digests.count * 8)
        for digest in digests { withUnsafeBytes(of: digest.littleEndian) { bytes += $0 } }
        return Data(bytes).base64EncodedString()
    }

    /// The digests `digests(of:)` wrote, or nil when the text is not theirs.
    static func digests(_ text: String) -> [UInt64]? {
        guard let data = Data(base64Encoded: text), data.count % 8 == 0 else { return nil }
        return data.withUnsafeBytes { raw in
            stride(from: 0, to: raw.count, by: 8).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0, as: UInt64.self)) }
        }
    }

    /// The digest of a batch of sources: of their three numbers each, as
    /// the file kept them when the first history named them, so that
    /// packing them smaller since changed no digest.
    static func digest(of batch: ImportSourceBatch) -> UInt64 {
        var digest = BillDigest()
        digest.add(UInt64(batch.sources.count * 24))
        for source in batch.sources {
            digest.add(UInt64(bitPattern: source.billID))
            digest.add(UInt64(bitPattern: source.fingerprint))
            digest.add(UInt64(bitPattern: source.digest))
        }
        // As `BillDigest.add(_:)` ends bytes that fill their last word.
        digest.add(0)
        return digest.value
    }
}

/// A 64-bit digest of a bill's every field, the same whichever way the bill
/// was read: what tells a bill the history names from one changed since.
struct BillDigest {
    private(set) var state: UInt64 = 0x6A09_E667_F3BC_C908

    static func of(_ bill: Bill) -> UInt64 {
        var digest = BillDigest()
        for number in [bill.id, bill.bookID, bill.categoryID, bill.amount, Int64(bill.day.ordinal), bill.accountID, bill.created, bill.updated] {
            digest.add(UInt64(bitPattern: number))
        }
        digest.add(Array(bill.remark.utf8))
        if let place = bill.place {
            digest.add(1)
            digest.add(Array(place.utf8))
        } else {
            digest.add(0)
        }
        digest.add(UInt64(bill.tags.count))
        for tag in bill.tags { digest.add(Array(tag.utf8)) }
        return digest.value
    }

    mutating func add(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    /// The bytes and how many there are, so that no two texts run together alike.
    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    mutating func add(_ raw: UnsafeRawBufferPointer) {
        add(UInt64(raw.count))
        var offset = 0
        while offset + 8 <= raw.count {
            add(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last: UInt64 = 0
        for (shift, byte) in raw[offset...].enumerated() { last |= UInt64(byte) << (8 * UInt64(shift)) }
        add(last)
    }

    /// The state mixed once more, so every bit of it depends on every field.
    var value: UInt64 {
        var mixed = state
        mixed ^= mixed >> 33
        mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        mixed = mixed &* 0xC4CE_B9FE_1A85_EC53
        return mixed ^ (mixed >> 33)
    }
}

/// A row of the history as it was written: a change kept whole, or rows it names.
enum JournalPiece {
    case row(RowChange)
    /// Bills added with ids from `first` on, one for each digest.
    case heldBills(first: Int64, digests: [UInt64])
    /// An import's sources of its bills, added as one record.
    case heldSources(batch: Int64, digest: UInt64)
}

/// A run of rows the history names, found as it recorded them, and where it
/// lies among the change's rows kept whole.
struct HeldRun: Sendable, Equatable {
    enum Rows: Sendable, Equatable {
        case bills(ClosedRange<Int64>)
        case sources(batch: Int64)
    }

    let rows: Rows
    /// How many of the rows kept whole come before it.
    let position: Int

    var billCount: Int {
        if case .bills(let ids) = rows { return ids.count }
        return 0
    }

    func at(_ position: Int) -> HeldRun {
        HeldRun(rows: rows, position: position)
    }
}

/// A change's rows as the file holds them now, and what of it the file no longer holds as the change left it.
struct ResolvedRows {
    /// The rows kept whole.
    var rows: [RowChange] = []
    /// The first row named that is gone or changed since.
    var stale: StaleRow?
    /// The runs named and found unchanged, read in this transaction.
    var held: [HeldRun] = []
}

extension Connection {
    /// The rows `pieces` stand for: each row kept whole, and each named bill
    /// and batch of sources checked where it is now, in the ledger or, for
    /// a change `undone`, where the undo moved it.
    func resolve(_ pieces: [JournalPiece], undone: Bool) throws(StoreError) -> ResolvedRows {
        var resolved = ResolvedRows()
        for piece in pieces {
            switch piece {
            case .row(let row):
                resolved.rows.append(row)
            case .heldBills(let first, let digests):
                // A history whose ids would run past the largest is not Tally's: it names bills that cannot be.
                let (last, past) = first.addingReportingOverflow(Int64(digests.count) - 1)
                guard !digests.isEmpty, !past else {
                    if !digests.isEmpty { resolved.stale = resolved.stale ?? StaleRow.bill(first) }
                    continue
                }
                if resolved.stale == nil, let stale = try staleBill(first...last, digests, undone: undone) { resolved.stale = stale }
                resolved.held.append(HeldRun(rows: .bills(first...last), position: resolved.rows.count))
            case .heldSources(let batch, let digest):
                var packed: [UInt8]?
                try forEachRow(
                    undone ? "SELECT sources FROM undone_import_sources WHERE batch = ?" : "SELECT sources FROM import_sources WHERE batch = ?",
                    batch
                ) { row in packed = row.blob(0) }
                guard let packed, let sources = ImportSourcePacking.unpack(packed),
                      HeldRows.digest(of: ImportSourceBatch(id: batch, sources: sources)) == digest else {
                    resolved.stale = resolved.stale ?? StaleRow(identity: .importSources(batch), label: RecordIdentity.label(ofSources: batch))
                    continue
                }
                resolved.held.append(HeldRun(rows: .sources(batch: batch), position: resolved.rows.count))
            }
        }
        return resolved
    }

    /// The first bill of `ids` that is gone or no longer matches its digest,
    /// each digest worked out from the row as SQLite gives it: a million
    /// bills are checked without being made into bills.
    private func staleBill(_ ids: ClosedRange<Int64>, _ digests: [UInt64], undone: Bool) throws(StoreError) -> StaleRow? {
        var days = DayReader()
        var checked = 0
        var stale: StaleRow?
        try forEachBill(withIDs: ids, undone: undone) { row throws(StoreError) in
            guard stale == nil, checked < digests.count else { return }
            let expected = ids.lowerBound + Int64(checked)
            guard row.int64(0) == expected else {
                stale = StaleRow.bill(expected)
                return
            }
            if try BillDigest.of(row, days: &days) != digests[checked] { stale = StaleRow.bill(expected) }
            checked += 1
        }
        if stale == nil, checked < digests.count { stale = StaleRow.bill(ids.lowerBound + Int64(checked)) }
        return stale
    }
}

extension BillDigest {
    /// `of(_:)` of the bill a row of `bills` (id, book, category, amount,
    /// day, account or 0, remark, place, tags, created, updated) is read as:
    /// its texts as Swift decodes them, its tags as `Statement.words` splits them.
    static func of(_ row: Statement, days: inout DayReader) throws(StoreError) -> UInt64 {
        var digest = BillDigest()
        let day = try days.day(row.int64(4))
        for number in [row.int64(0), row.int64(1), row.int64(2), row.int64(3), Int64(day.ordinal), row.int64(5), row.int64(9), row.int64(10)] {
            digest.add(UInt64(bitPattern: number))
        }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        digest.add(text: row.bytes(6) ?? empty)
        if let place = row.bytes(7) {
            digest.add(1)
            digest.add(text: place)
        } else {
            digest.add(0)
        }
        let tags = row.bytes(8) ?? empty
        if tags.allSatisfy({ $0 < 0x80 }) {
            let words = tags.split(separator: 0x20)
            digest.add(UInt64(words.count))
            for word in words { digest.add(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: word))) }
        } else {
            let words = Statement.words(tags)
            digest.add(UInt64(words.count))
            for word in words { digest.add(Array(word.utf8)) }
        }
        return digest.value
    }

    /// Text as a bill holds it: ASCII as it lies, anything else as Swift decodes it, mending what is not UTF-8.
    private mutating func add(text bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return add(Array(String(decoding: bytes, as: UTF8.self).utf8)) }
        add(UnsafeRawBufferPointer(bytes))
    }
}

/// A row a change recorded that the ledger no longer holds as the change left it.
public struct StaleRow: Sendable, Equatable {
    public let identity: RecordIdentity
    /// How messages name it: `bill #12`.
    public let label: String

    public init(_ record: Record) {
        identity = record.identity
        label = record.label
    }

    init(identity: RecordIdentity, label: String) {
        self.identity = identity
        self.label = label
    }

    /// A bill the history names that the file no longer holds as it was,
    /// gone or changed, named as `Record.label` names a bill.
    static func bill(_ id: Int64) -> StaleRow {
        StaleRow(identity: .bill(id), label: RecordIdentity.label(ofBill: id))
    }
}
