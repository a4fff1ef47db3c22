// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

/// The undo history's rows read back by hand, in the form `JournalCoding`
/// writes them: an import's million bills and their sources in a fraction of
/// `JSONDecoder`'s time and memory. A record written by `JSONEncoder` is
/// handed to `JSONDecoder` alone; text in any form this reader does not
/// follow (spaces, another order, an older entry) gives nil, for
/// `JSONDecoder` to read whole and say what is wrong with it.
struct JournalReading {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    static func pieces(_ text: String) -> [JournalPiece]? {
        var text = text
        return text.withUTF8 { bytes in
            var reading = JournalReading(bytes: bytes)
            return reading.pieces()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func pieces() -> [JournalPiece]? {
        guard take("[") else { return nil }
        var pieces: [JournalPiece] = []
        if !take("]") {
            repeat {
                guard let piece = piece() else { return nil }
                pieces.append(piece)
            } while take(",")
            guard take("]") else { return nil }
        }
        return at == bytes.count ? pieces : nil
    }

    private mutating func piece() -> JournalPiece? {
        if take("{\"held\":[") {
            guard let first = integer(), take(","), let text = string(), let digests = HeldRows.digests(text), take("]}") else { return nil }
            return .heldBills(first: first, digests: digests)
        }
        if take("{\"heldSources\":[") {
            guard let batch = integer(), take(","), let text = string(), let digests = HeldRows.digests(text), digests.count == 1,
                  take("]}") else { return nil }
            return .heldSources(batch: batch, digest: digests[0])
        }
        return row().map(JournalPiece.row)
    }

    private mutating func row() -> RowChange? {
        guard take("{") else { return nil }
        var sides: [String: Record] = [:]
        if !take("}") {
            repeat {
                guard let side = string(), side == "before" || side == "after", sides[side] == nil, take(":"),
                      let record = record() else { return nil }
                sides[side] = record
            } while take(",")
            guard take("}") else { return nil }
        }
        return RowChange(before: sides["before"], after: sides["after"])
    }

    private mutating func record() -> Record? {
        if take("{\"b\":[") { return bill() }
        if take("{\"s\":[") { return sources() }
        let start = at
        guard let end = endOfObject() else { return nil }
        return try? JSONDecoder().decode(JournalRecord.self, from: Data(bytes[start..<end])).record
    }

    /// `{"b":[id,book,category,amount,day,"remark",place,[tags],created,updated(,account)]}` after its opening.
    private mutating func bill() -> Record? {
        guard let id = integer(), take(","), let book = integer(), take(","), let category = integer(), take(","),
              let amount = integer(), take(","), let ordinal = integer().flatMap({ Int32(exactly: $0) }), take(","),
              let remark = string(), take(",") else { return nil }
        var place: String?
        if !take("null") {
            guard let text = string() else { return nil }
            place = text
        }
        guard take(","), take("[") else { return nil }
        var tags: [String] = []
        if !take("]") {
            repeat {
                guard let tag = string() else { return nil }
                tags.append(tag)
            } while take(",")
            guard take("]") else { return nil }
        }
        guard take(","), let created = integer(), take(","), let updated = integer() else { return nil }
        // Absent for a bill in its book's first account, and for every bill kept before accounts were.
        var account: Int64 = 0
        if take(",") {
            guard let written = integer() else { return nil }
            account = written
        }
        guard take("]}") else { return nil }
        return .bill(Bill(
            id: id, bookID: book, categoryID: category, amount: amount, day: Day(ordinal: ordinal), remark: remark, place: place,
            tags: tags, created: created, updated: updated, accountID: account))
    }

    /// `{"s":[batch,[bill,fingerprint,digest,…]]}` after its opening.
    private mutating func sources() -> Record? {
        guard let batch = integer(), take(","), take("[") else { return nil }
        var sources: [ImportSource] = []
        if !take("]") {
            repeat {
                guard let bill = integer(), take(","), let fingerprint = integer(), take(","), let digest = integer() else { return nil }
                sources.append(ImportSource(billID: bill, fingerprint: fingerprint, digest: digest))
            } while take(",")
            guard take("]") else { return nil }
        }
        guard take("]}") else { return nil }
        return .importSources(ImportSourceBatch(id: batch, sources: sources))
    }

    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - at >= count else { return false }
        for offset in 0..<count where bytes[at + offset] != literal.utf8Start[offset] { return false }
        at += count
        return true
    }

    private mutating func integer() -> Int64? {
        let negative = take("-")
        var value: Int64 = 0
        let start = at
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) {
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, overAgain) = times.addingReportingOverflow(Int64(bytes[at] - UInt8(ascii: "0")))
            guard !over, !overAgain else { return nil }
            value = sum
            at += 1
        }
        // JSON writes no leading zero.
        guard at > start, at == start + 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return negative ? -value : value
    }

    /// A JSON string: its escapes undone, its bytes checked to be UTF-8.
    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        let start = at
        var unescaped: [UInt8]?
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "\""):
                defer { at += 1 }
                guard let unescaped else { return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self) }
                return String(validating: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if unescaped == nil { unescaped = Array(bytes[start..<at]) }
                at += 1
                guard let escaped = escape() else { return nil }
                unescaped! += escaped
            case 0..<0x20:
                return nil
            default:
                unescaped?.append(byte)
                at += 1
            }
        }
        return nil
    }

    /// The bytes an escape after its backslash stands for.
    private mutating func escape() -> [UInt8]? {
        guard at < bytes.count else { return nil }
        let letter = bytes[at]
        at += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            guard var code = hex() else { return nil }
            if (0xD800..<0xDC00).contains(code) {
                guard take("\\u"), let low = hex(), (0xDC00..<0xE000).contains(low) else { return nil }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return Array(String(Character(scalar)).utf8)
        default:
            return nil
        }
    }

    private mutating func hex() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// Past the object that starts here, its strings and nested objects and arrays included.
    private mutating func endOfObject() -> Int? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var inString = false
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            if inString {
                if byte == UInt8(ascii: "\\") { at += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return at }
            default: break
            }
        }
        return nil
    }
}
