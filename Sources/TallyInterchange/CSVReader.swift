import TallyCore

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

/// Reading RFC 4180 CSV: records separated by CRLF, LF or a lone CR, in
/// UTF-8 with or without a byte-order mark, fields by a comma or by any other
/// of `separators`.
extension CSV {
    /// Readers that between them read every record of `bytes` after its first
    /// `skippingLines` lines, in order: one, or for a big file two, the second
    /// starting where the first would start a record past the middle, so that
    /// two cores can read at once and get what one reader would.
    public static func readers(_ bytes: [UInt8], separator: UInt8 = CSVReader.comma, skippingLines: Int = 0) -> [CSVReader] {
        var reader = CSVReader(bytes, separator: separator)
        reader.skip(lines: skippingLines)
        guard bytes.count - reader.index >= splitSize,
              let split = CSVReader.recordStart(in: bytes, from: reader.index, after: (reader.index + bytes.count) / 2, separator: separator) else {
            return [reader]
        }
        return [
            CSVReader(bytes, from: reader.index, line: reader.line, to: split.index, separator: separator),
            CSVReader(bytes, from: split.index, line: reader.line + split.lines, to: bytes.count, separator: separator),
        ]
    }

    /// The bytes that may separate fields: comma, semicolon (where the comma
    /// is the decimal mark), tab and vertical bar.
    public static let separators: [UInt8] = [CSVReader.comma, UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]

    /// Files from this size on are read by two cores.
    static let splitSize = 1 << 20
}

/// Reads records one at a time, byte by byte: a million rows take a second,
/// not the minutes character-by-character `String` work would. Only the
/// record being read is made into text, so a file's rows can be gone through
/// without holding them all.
public struct CSVReader: Sendable {
    private let bytes: [UInt8]
    private(set) var index: Int
    private(set) var line = 1
    /// Where this reader stops: the end of the file, or where another reader takes over.
    private let end: Int
    /// One of `CSV.separators`.
    private let separator: UInt8

    static let quote: UInt8 = 0x22
    /// The separator RFC 4180 names, and the one Tally writes.
    public static let comma: UInt8 = 0x2C
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    init(_ bytes: [UInt8], separator: UInt8 = comma) {
        self.init(bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, line: 1, to: bytes.count, separator: separator)
    }

    /// A reader of what is left to this one, over its own copy of those
    /// bytes, so that the file they were cut from can go before it is read.
    func detached() -> CSVReader {
        CSVReader(Array(bytes[index..<end]), from: 0, line: line, to: end - index, separator: separator)
    }

    init(_ bytes: [UInt8], from start: Int, line: Int, to end: Int, separator: UInt8) {
        precondition(CSV.separators.contains(separator), "a field separator that is not one of CSV.separators")
        self.bytes = bytes
        index = start
        self.line = line
        self.end = end
        self.separator = separator
    }

    /// The next record that is not a blank line, or nil at the end.
    public mutating func next() throws(CSVError) -> CSVRecord? {
        while let record = try record() {
            if record.fields.count == 1 && record.fields[0].isEmpty { continue }
            return record
        }
        return nil
    }

    /// The first place at or past `middle` where a record starts, and the
    /// lines the reader counts before it, found by following the reader's own
    /// states from `start` without making any field; nil when there is none,
    /// or the file goes wrong before it (the reader then says how).
    static func recordStart(in bytes: [UInt8], from start: Int, after middle: Int, separator: UInt8) -> (index: Int, lines: Int)? {
        var index = start
        var lines = 0
        var atFieldStart = true
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == quote {
                    if index + 1 < bytes.count && bytes[index + 1] == quote {
                        index += 2
                        continue
                    }
                    quoted = false
                    guard index + 1 < bytes.count else { return nil }
                    let next = bytes[index + 1]
                    guard next == separator || next == newline || next == carriageReturn else { return nil }
                } else if byte == newline {
                    lines += 1
                }
                index += 1
                continue
            }
            if atFieldStart && byte == quote {
                quoted = true
                atFieldStart = false
                index += 1
                continue
            }
            atFieldStart = byte == separator
            if byte == newline || byte == carriageReturn {
                index += byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == newline ? 2 : 1
                lines += 1
                if index >= middle { return index < bytes.count ? (index, lines) : nil }
                atFieldStart = true
                continue
            }
            index += 1
        }
        return nil
    }

    mutating func skip(lines count: Int) {
        var skipped = 0
        while skipped < count, index < end {
            if bytes[index] == CSVReader.newline { skipped += 1; line += 1 }
            index += 1
        }
    }

    private mutating func record() throws(CSVError) -> CSVRecord? {
        guard index < end else { return nil }
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
        if index < end && bytes[index] == CSVReader.quote {
            return try readQuotedField(recordStart: recordStart)
        }
        let start = index
        while index < end {
            let byte = bytes[index]
            if byte == separator {
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
            guard index < end else {
                throw CSVError(line: opening, reason: Translation.translated("a quoted field that starts here never ends"))
            }
            let byte = bytes[index]
            if byte == CSVReader.quote {
                if index + 1 < end && bytes[index + 1] == CSVReader.quote {
                    buffer.append(CSVReader.quote)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            if byte == CSVReader.carriageReturn && index + 1 < end && bytes[index + 1] == CSVReader.newline {
                index += 1
                continue
            }
            if byte == CSVReader.newline { line += 1 }
            buffer.append(byte)
            index += 1
        }
        let text = try decode(buffer)
        guard index < end else { return (text, true) }
        switch bytes[index] {
        case separator:
            index += 1
            return (text, false)
        case CSVReader.newline, CSVReader.carriageReturn:
            endLine()
            return (text, true)
        default:
            throw CSVError(line: line, reason: Translation.translated("text after a closing quote; a quote inside a quoted field is written twice (\"\")"))
        }
    }

    /// Steps over LF, CRLF or a lone CR.
    private mutating func endLine() {
        if bytes[index] == CSVReader.carriageReturn && index + 1 < end && bytes[index + 1] == CSVReader.newline {
            index += 1
        }
        index += 1
        line += 1
    }

    private func decode(_ range: Range<Int>) throws(CSVError) -> String {
        try decode(bytes[range])
    }

    /// ASCII, as most fields are, is text as it stands: the standard
    /// library's validating initialiser is not specialised for a slice and
    /// costs more per field than reading the whole record.
    private func decode(_ field: some Collection<UInt8>) throws(CSVError) -> String {
        if field.allSatisfy({ $0 < 0x80 }) { return String(decoding: field, as: UTF8.self) }
        guard let text = String(validating: field, as: UTF8.self) else { throw notUTF8 }
        return text
    }

    private var notUTF8: CSVError {
        CSVError(line: line, reason: Translation.translated("this line is not UTF-8; say the file's encoding, such as encoding gbk, or save it as UTF-8"))
    }
}
