import Testing
import TallyCore
@testable import TallyInterchange

/// Every record the readers of `bytes` read, one reader after the other.
func records(_ bytes: [UInt8], separator: UInt8 = CSVReader.comma, skipping lines: Int = 0) throws(CSVError) -> [CSVRecord] {
    var records: [CSVRecord] = []
    for var reader in CSV.readers(bytes, separator: separator, skippingLines: lines) {
        while let record = try reader.next() { records.append(record) }
    }
    return records
}

@Suite("CSV")
struct CSVTests {
    func read(_ text: String, skipping lines: Int = 0) throws(CSVError) -> [CSVRecord] {
        try records(Array(text.utf8), skipping: lines)
    }

    @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let records = try read("date,remark\n2016-07-01,\"lunch, with \"\"team\"\"\"\n2016-07-02,\"two\nlines\"\n2016-07-03,last\n")
        #expect(records.map(\.fields) == [
            ["date", "remark"], ["2016-07-01", "lunch, with \"team\""], ["2016-07-02", "two\nlines"], ["2016-07-03", "last"],
        ])
        #expect(records.map(\.line) == [1, 2, 3, 5])
    }

    @Test func readsCRLFAndAByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("日期,金额\r\n2016-07-01,\"a\r\nb\"\r\n2016-07-02,5".utf8)
        let read = try records(bytes)
        #expect(read.map(\.fields) == [["日期", "金额"], ["2016-07-01", "a\nb"], ["2016-07-02", "5"]])
        #expect(read.map(\.line) == [1, 2, 4])
    }

    @Test func skipsBlankLinesAndThePreamble() throws {
        let records = try read("Bank export\nAccount 1234\n\ndate,amount\n\n2016-07-01,5\n", skipping: 2)
        #expect(records.map(\.fields) == [["date", "amount"], ["2016-07-01", "5"]])
        #expect(records.map(\.line) == [4, 6])
    }

    @Test func keepsEmptyFields() throws {
        #expect(try read("a,,c,\n").map(\.fields) == [["a", "", "c", ""]])
        #expect(try read("\"\",x").map(\.fields) == [["", "x"]])
    }

    @Test func aQuoteThatNeverClosesNamesTheLineItStartsOn() {
        #expect(throws: CSVError(line: 2, reason: "a quoted field that starts here never ends")) {
            try read("a,b\n1,\"open\n2,3\n")
        }
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        #expect(throws: CSVError(line: 2, reason: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")) {
            try read("a\n\"x\"y\n")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() {
        let bytes: [UInt8] = Array("a,b\n1,2\n".utf8) + [0xC4, 0xE3, 0x2C, 0x31, 0x0A]
        do {
            _ = try records(bytes)
            Issue.record("GBK bytes were read as UTF-8")
        } catch {
            #expect(error.line == 3)
            #expect(error.reason.contains("UTF-8"))
        }
    }

    @Test func writesFieldsThatReadBackTheSame() throws {
        let fields = ["plain", "with, comma", "with \"quote\"", "two\nlines", "", " padded ", "餐饮", "cr\r\nlf"]
        let line = CSV.line(fields)
        #expect(line == "plain,\"with, comma\",\"with \"\"quote\"\"\",\"two\nlines\",,\" padded \",餐饮,\"cr\r\nlf\"")
        // A CRLF inside a field is read as LF, the line break CSV files mean by either.
        #expect(try read(line).map(\.fields) == [fields.dropLast() + ["cr\nlf"]])
    }

    /// Whitespace at either end is kept by quotes, whether ASCII or not; inside, it needs none.
    @Test func fieldsEndingInWhitespaceOfAnyScriptAreQuoted() {
        #expect(CSV.line(["\tlead", "trail\u{0B}", "\u{00A0}nbsp", "ideographic\u{3000}", "in side", "é", "餐饮 ", "x\u{2003}y"])
            == "\"\tlead\",\"trail\u{0B}\",\"\u{00A0}nbsp\",\"ideographic\u{3000}\",in side,é,\"餐饮 \",x\u{2003}y")
        // A space closing a character begun by a prepended mark ends in that character, which is not whitespace.
        #expect(CSV.field("x\u{0600} ") == "x\u{0600} ")
    }

    @Test func anyFieldsSurviveWritingAndReading() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "Z", "0", ",", "\"", "\n", " ", "餐", "😀", ";", "\t"]
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            #expect(try read(CSV.line(fields) + "\n").map(\.fields) == [fields])
        }
    }
}

/// A big file is read by two cores; it must come out exactly as one reader
/// going from start to end reads it, errors and line numbers included.
@Suite("CSV in two halves")
struct CSVHalvesTests {
    static func oneReader(_ bytes: [UInt8], separator: UInt8 = CSVReader.comma, skipping lines: Int = 0) -> Result<[CSVRecord], CSVError> {
        var reader = CSVReader(bytes, separator: separator)
        reader.skip(lines: lines)
        return Result { () throws(CSVError) in
            var records: [CSVRecord] = []
            while let record = try reader.next() { records.append(record) }
            return records
        }
    }

    static func bigFile(lineEnd: String, separator: String = ",", poisonAt: Int? = nil) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "plain", "\"with, comma\"", "\"with\(separator) separator\"", "\"two\nlines\"", "\"q \"\"x\"\"\"", "", "餐饮",
            "\"cr\rin\"", "\"crlf\r\nin\"",
        ]
        var text = "\u{FEFF}preamble\(lineEnd)date\(separator)remark\(separator)amount\(lineEnd)"
        var row = 0
        while text.utf8.count < CSV.splitSize + 200_000 {
            row += 1
            let remark = row == poisonAt ? "\"bad\"x" : pieces.randomElement(using: &generator)!
            text += "2016-07-\(row % 28 + 1)\(separator)\(remark)\(separator)\(row)\(row % 50 == 0 ? lineEnd + lineEnd : lineEnd)"
        }
        return Array(text.utf8)
    }

    @Test(arguments: ["\n", "\r\n", "\r"], [",", ";", "\t"])
    func readsAsOneReaderWould(lineEnd: String, separator: String) throws {
        let byte = try #require(separator.utf8.first)
        let bytes = Self.bigFile(lineEnd: lineEnd, separator: separator)
        let skipped = lineEnd == "\r" ? 0 : 1
        let halves = try records(bytes, separator: byte, skipping: skipped)
        let whole = try Self.oneReader(bytes, separator: byte, skipping: skipped).get()
        #expect(halves.count > 10_000)
        #expect(halves.dropFirst().allSatisfy { $0.fields.count == 3 }, "every row has its three fields")
        #expect(CSV.readers(bytes, separator: byte, skippingLines: skipped).count == 2, "the file is read in two halves")
        #expect(halves == whole)
    }

    @Test(arguments: [100, 35_000])
    func failsAsOneReaderWould(poisonAt: Int) throws {
        let bytes = Self.bigFile(lineEnd: "\n", poisonAt: poisonAt)
        var expected: CSVError?
        if case .failure(let error) = Self.oneReader(bytes) { expected = error }
        #expect(CSVReader.recordStart(in: bytes, from: 0, after: bytes.count / 2, separator: CSVReader.comma) != nil || poisonAt < 1000)
        #expect(throws: try #require(expected)) { try records(bytes) }
    }
}
