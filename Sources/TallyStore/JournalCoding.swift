// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

/// The rows of a change as the undo history keeps them: JSON. Bills, which
/// an import writes by the million, are written by hand as arrays of their
/// fields (`{"b":[id,book,category,amount,day,"remark",place,[tags],created,updated,account]}`,
/// the account left out when it is the book's first),
/// at a tenth of `JSONEncoder`'s time and half its size, and so are an
/// import's sources of its bills (`{"s":[batch,[bill,fingerprint,digest,…]]}`); other records as
/// `JSONEncoder` writes them. A long run of bills added, and an import's
/// sources, may be held instead (`HeldRows`): `{"held":[first,"digests"]}`,
/// `{"heldSources":[batch,"digest"]}`. `JournalReading` reads them back by hand;
/// `JSONDecoder`, entries written before bills were kept this way.
enum JournalCoding {
    /// Rows from which encoding runs on another core while the rows are written.
    static let encodedAside = 10_000

    /// Runs `meanwhile` and encodes `rows`: a big change's rows on another
    /// core at the same time, a small one's after.
    static func encode(
        _ rows: [RowChange], while meanwhile: () throws(StoreError) -> Void
    ) throws(StoreError) -> [UInt8] {
        guard rows.count >= encodedAside else {
            try meanwhile()
            return try encode(rows)
        }
        let encoding = Background { Result { () throws(StoreError) in try encode(rows) } }
        // Waited for even when the writing fails, so it never outlives the change.
        defer { _ = encoding.wait() }
        try meanwhile()
        return try encoding.wait().get()
    }

    /// The rows as UTF-8 JSON, kept as bytes: an import's are tens of
    /// megabytes, not to be copied into a `String` on their way to the file.
    /// The runs of them the file holds as they are are named instead.
    static func encode(_ rows: [RowChange]) throws(StoreError) -> [UInt8] {
        let runs = HeldRows.runs(in: rows)
        let held = runs.reduce(0) { $0 + $1.count }
        var out = JSONBytes()
        out.bytes.reserveCapacity((rows.count - held) * 200 + held * 12)
        out.append("[")
        var index = rows.startIndex
        var nextRun = runs.startIndex
        while index < rows.endIndex {
            if index > rows.startIndex { out.append(",") }
            if nextRun < runs.endIndex, runs[nextRun].lowerBound == index {
                let run = runs[nextRun]
                nextRun += 1
                index = run.upperBound
                appendHeld(rows[run], to: &out)
                continue
            }
            let row = rows[index]
            index += 1
            out.append("{")
            if let before = row.before {
                out.append("\"before\":")
                try append(before, to: &out)
            }
            if let after = row.after {
                if row.before != nil { out.append(",") }
                out.append("\"after\":")
                try append(after, to: &out)
            }
            out.append("}")
        }
        out.append("]")
        return out.bytes
    }

    /// The rows of a change written in parts, encoded as `encode` encodes
    /// them all at once, each part's added as it is written.
    struct Parts {
        private(set) var bytes: [UInt8] = Array("[]".utf8)
        /// The rows encoded so far.
        private(set) var rows = 0

        /// Room for `expected` bills added one after another, held as their digests:
        /// grown a part at a time, the bytes could take twice the room.
        init(expecting expected: Int) {
            bytes.reserveCapacity(expected * HeldRows.bytesABill + 64)
        }

        /// Appends a part's rows, as `encode` gave them.
        mutating func append(_ encoded: [UInt8], rows count: Int) {
            rows += count
            // Within its brackets; an empty part has nothing there.
            guard encoded.count > 2 else { return }
            bytes.removeLast()
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes += encoded.dropFirst()
        }
    }

    static func decode(_ text: String) throws(StoreError) -> [JournalPiece] {
        if let pieces = JournalReading.pieces(text) { return pieces }
        return try decodedByFoundation(text).map(JournalPiece.row)
    }

    private static func appendHeld(_ rows: ArraySlice<RowChange>, to out: inout JSONBytes) {
        switch rows.first?.after {
        case .importSources(let batch)?:
            out.append("{\"heldSources\":[")
            out.append(batch.id)
            out.append(",")
            out.appendString(HeldRows.encoded([HeldRows.digest(of: batch)]))
            out.append("]}")
        case .bill(let first)?:
            out.append("{\"held\":[")
            out.append(first.id)
            out.append(",")
            out.appendString(HeldRows.digests(of: rows))
            out.append("]}")
        default:
            preconditionFailure("a held run adds bills or sources")
        }
    }

    /// The rows as `JSONDecoder` reads them: whatever form they were written in, or why they cannot be read.
    static func decodedByFoundation(_ text: String) throws(StoreError) -> [RowChange] {
        do {
            return try JSONDecoder().decode([JournalRow].self, from: Data(text.utf8)).map(\.change)
        } catch {
            throw .corrupt(doing: Translation.translated("reading the undo history"), "\(error)")
        }
    }

    private static func append(_ record: Record, to out: inout JSONBytes) throws(StoreError) {
        if case .importSources(let batch) = record {
            out.append("{\"s\":[")
            out.append(batch.id)
            out.append(",[")
            for (index, source) in batch.sources.enumerated() {
                if index > 0 { out.append(",") }
                out.append(source.billID)
                out.append(",")
                out.append(source.fingerprint)
                out.append(",")
                out.append(source.digest)
            }
            out.append("]]}")
            return
        }
        guard case .bill(let bill) = record else {
            do {
                out.bytes += try JSONEncoder().encode(record)
            } catch {
                throw .corrupt(doing: Translation.translated("recording a change for undo"), "\(error)")
            }
            return
        }
        out.append("{\"b\":[")
        out.append(bill.id)
        out.append(",")
        out.append(bill.bookID)
        out.append(",")
        out.append(bill.categoryID)
        out.append(",")
        out.append(bill.amount)
        out.append(",")
        out.append(Int64(bill.day.ordinal))
        out.append(",")
        out.appendString(bill.remark)
        out.append(",")
        if let place = bill.place { out.appendString(place) } else { out.append("null") }
        out.append(",[")
        for (index, tag) in bill.tags.enumerated() {
            if index > 0 { out.append(",") }
            out.appendString(tag)
        }
        out.append("],")
        out.append(bill.created)
        out.append(",")
        out.append(bill.updated)
        if bill.accountID != 0 {
            out.append(",")
            out.append(bill.accountID)
        }
        out.append("]}")
    }
}

/// A row of the history as it reads back: each side a record in either form.
private struct JournalRow: Decodable {
    let change: RowChange

    private enum Key: String, CodingKey {
        case before, after
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        change = RowChange(
            before: try container.decodeIfPresent(JournalRecord.self, forKey: .before)?.record,
            after: try container.decodeIfPresent(JournalRecord.self, forKey: .after)?.record)
    }
}

/// A record as the history keeps it: a bill as an array of its fields, or
/// any record as its `Codable` conformance writes it.
struct JournalRecord: Decodable {
    let record: Record

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let bill = Key(stringValue: "b")
        static let source = Key(stringValue: "s")
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if container.contains(.source) {
            var fields = try container.nestedUnkeyedContainer(forKey: .source)
            let id = try fields.decode(Int64.self)
            let values = try fields.decode([Int64].self)
            guard values.count % 3 == 0 else {
                throw DecodingError.dataCorruptedError(in: fields, debugDescription: "an import's sources are not whole")
            }
            let sources = stride(from: 0, to: values.count, by: 3).map { ImportSource(billID: values[$0], fingerprint: values[$0 + 1], digest: values[$0 + 2]) }
            record = .importSources(ImportSourceBatch(id: id, sources: sources))
            return
        }
        guard container.contains(.bill) else {
            record = try Record(from: decoder)
            return
        }
        var fields = try container.nestedUnkeyedContainer(forKey: .bill)
        let id = try fields.decode(Int64.self)
        let book = try fields.decode(Int64.self)
        let category = try fields.decode(Int64.self)
        let amount = try fields.decode(Int64.self)
        let day = Day(ordinal: try fields.decode(Int32.self))
        let remark = try fields.decode(String.self)
        let place = try fields.decodeNil() ? nil : try fields.decode(String.self)
        let tags = try fields.decode([String].self)
        let created = try fields.decode(Int64.self)
        let updated = try fields.decode(Int64.self)
        // Absent for a bill in its book's first account, and for every bill kept before accounts were.
        let account = fields.isAtEnd ? 0 : try fields.decode(Int64.self)
        record = .bill(Bill(
            id: id, bookID: book, categoryID: category, amount: amount, day: day, remark: remark, place: place, tags: tags,
            created: created, updated: updated, accountID: account))
    }
}

/// JSON text as it is written, byte by byte.
private struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes += $0 }
    }

    /// Digits made from the last into a buffer on the stack, then appended at
    /// once: an import's history holds millions of numbers.
    mutating func append(_ number: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var magnitude = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A JSON string, escaped no more than JSON demands.
    mutating func appendString(_ text: String) {
        JSONString.append(text, to: &bytes, escaping: .minimal)
    }
}
