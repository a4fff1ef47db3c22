/// One record of a CSV file: its fields, and the line of the file it starts
/// on (a quoted field may span lines).
public struct CSVRecord: Sendable, Equatable {
    public let line: Int
    public let fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Why a CSV file could not be read, and where.
public struct CSVError: Error, Sendable, Equatable {
    public let line: Int
    public let reason: String
}

/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields
/// holding commas, quotes or line breaks in double quotes with `""` for a
/// quote. UTF-8, with or without a byte-order mark.
public enum CSV {
    /// Every record of `bytes` after its first `skippingLines` lines, less blank lines.
    public static func records(_ bytes: [UInt8], skippingLines: Int = 0) throws(CSVError) -> [CSVRecord] {
        var reader = CSVReader(bytes)
        reader.skip(lines: skippingLines)
        var records: [CSVRecord] = []
        while let record = try reader.next() {
            if record.fields.count == 1 && record.fields[0].isEmpty { continue }
            records.append(record)
        }
        return records
    }

    /// One record as a line, each field quoted when it must be.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// A field as CSV writes it: in quotes when it holds a comma, a quote or
    /// a line break (or starts with a space a reader might trim).
    public static func field(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}

/// Reads records one at a time, byte by byte: a million rows take a second,
/// not the minutes character-by-character `String` work would.
struct CSVReader {
    private let bytes: [UInt8]
    private var index: Int
    private var line = 1

    private static let quote: UInt8 = 0x22
    private static let comma: UInt8 = 0x2C
    private static let newline: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    mutating func skip(lines count: Int) {
        var skipped = 0
        while skipped < count, index < bytes.count {
            if bytes[index] == CSVReader.newline { skipped += 1; line += 1 }
            index += 1
        }
    }

    mutating func next() throws(CSVError) -> CSVRecord? {
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        while true {
            let (field, endedRecord) = try readField(recordStart: start)
            fields.append(field)
            if endedRecord { return CSVRecord(line: start, fields: fields) }
        }
    }

    /// One field, and whether a line break or the end of the file followed it.
    private mutating func readField(recordStart: Int) throws(CSVError) -> (String, Bool) {
        if index < bytes.count && bytes[index] == CSVReader.quote {
            return try readQuotedField(recordStart: recordStart)
        }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == CSVReader.comma {
                let text = try decode(start..<index)
                index += 1
                return (text, false)
            }
            if byte == CSVReader.newline || byte == CSVReader.carriageReturn {
                let text = try decode(start..<index)
                endLine()
                return (text, true)
            }
            index += 1
        }
        return (try decode(start..<index), true)
    }

    private mutating func readQuotedField(recordStart: Int) throws(CSVError) -> (String, Bool) {
        let opening = line
        index += 1
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw CSVError(line: opening, reason: "a quoted field that starts here never ends")
            }
            let byte = bytes[index]
            if byte == CSVReader.quote {
                if index + 1 < bytes.count && bytes[index + 1] == CSVReader.quote {
                    buffer.append(CSVReader.quote)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            if byte == CSVReader.carriageReturn && index + 1 < bytes.count && bytes[index + 1] == CSVReader.newline {
                index += 1
                continue
            }
            if byte == CSVReader.newline { line += 1 }
            buffer.append(byte)
            index += 1
        }
        let text = try decode(buffer)
        guard index < bytes.count else { return (text, true) }
        switch bytes[index] {
        case CSVReader.comma:
            index += 1
            return (text, false)
        case CSVReader.newline, CSVReader.carriageReturn:
            endLine()
            return (text, true)
        default:
            throw CSVError(line: line, reason: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")
        }
    }

    /// Steps over LF, CRLF or a lone CR.
    private mutating func endLine() {
        if bytes[index] == CSVReader.carriageReturn && index + 1 < bytes.count && bytes[index + 1] == CSVReader.newline {
            index += 1
        }
        index += 1
        line += 1
    }

    private func decode(_ range: Range<Int>) throws(CSVError) -> String {
        guard let text = String(validating: bytes[range], as: UTF8.self) else { throw notUTF8 }
        return text
    }

    private func decode(_ buffer: [UInt8]) throws(CSVError) -> String {
        guard let text = String(validating: buffer, as: UTF8.self) else { throw notUTF8 }
        return text
    }

    private var notUTF8: CSVError {
        CSVError(line: line, reason: "this line is not UTF-8; save the file as UTF-8 and import it again")
    }
}
