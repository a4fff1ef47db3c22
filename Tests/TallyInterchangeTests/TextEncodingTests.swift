import Testing
import TallyCore
@testable import TallyInterchange

/// The bytes of each sample were written by the `iconv` command, so the
/// tests hold the conversions to another program's, not to themselves.
@Suite("Text encodings")
struct TextEncodingTests {
    /// `交易时间,金额` and a line end in GBK.
    static let gbkHeader: [UInt8] = [0xBD, 0xBB, 0xD2, 0xD7, 0xCA, 0xB1, 0xBC, 0xE4, 0x2C, 0xBD, 0xF0, 0xB6, 0xEE, 0x0A]

    static let samples: [(TextEncoding, [UInt8], String)] = [
        (.utf8, Array("交易时间,金额".utf8), "交易时间,金额"),
        (.utf16LE, [0xE5, 0x65, 0x1F, 0x67], "日期"),
        (.utf16BE, [0x65, 0xE5, 0x67, 0x1F], "日期"),
        (.utf16, [0x65, 0xE5, 0x67, 0x1F], "日期"),
        (.gbk, [0x80, 0x2C, 0xBD, 0xF0, 0xB6, 0xEE], "€,金额"),
        (.gb18030, [0xA2, 0xE3, 0x94, 0x39, 0xFC, 0x36, 0x2C, 0xBD, 0xF0, 0xB6, 0xEE], "€😀,金额"),
        (.big5, [0xA5, 0x78, 0xA5, 0x5F, 0x2C, 0xAA, 0xF7, 0xC3, 0x42], "台北,金額"),
        (.shiftJIS, [0x93, 0xFA, 0x96, 0x7B, 0x2C, 0x89, 0x7E, 0x2C, 0x5C], "日本,円,\\"),
        (.eucKR, [0xC7, 0xD1, 0xB1, 0xB9, 0x2C, 0xBF, 0xF8], "한국,원"),
        (.windows1252, [0x80, 0x20, 0x63, 0x61, 0x66, 0xE9], "€ café"),
        (.latin1, [0x63, 0x61, 0x66, 0xE9], "café"),
    ]

    func text(_ bytes: [UInt8], from encoding: TextEncoding) throws -> String {
        String(decoding: try TextEncoding.utf8(bytes, from: encoding).get(), as: UTF8.self)
    }

    @Test func everyEncodingReadsItsSample() throws {
        #expect(Set(Self.samples.map(\.0)) == Set(TextEncoding.allCases), "a sample for every encoding")
        for (encoding, bytes, expected) in Self.samples {
            #expect(try text(bytes, from: encoding) == expected, "\(encoding)")
        }
    }

    @Test func gbkReadsAnAlipayHeader() throws {
        var reader = try #require(CSV.readers(try TextEncoding.utf8(Self.gbkHeader, from: .gbk).get()).first)
        #expect(try reader.next()?.fields == ["交易时间", "金额"])
    }

    @Test(arguments: [("\n", 3), ("\r\n", 3), ("\r", 3), ("\n\n", 5)])
    func aByteThatIsNotGBKSaysItsLine(lineEnd: String, line: Int) {
        let start = Array("date\(lineEnd)".utf8) + Self.gbkHeader.dropLast() + Array(lineEnd.utf8) + Array("1,".utf8)
        let bytes = start + [0xFF, 0x0A, 0x41]
        #expect(TextEncoding.utf8(bytes, from: .gbk) == .failure(DecodingFailure(encoding: .gbk, line: line, offset: start.count)))
    }

    @Test func aFileThatEndsInsideACharacterFailsThere() {
        let bytes = Self.gbkHeader + [0x31, 0xBD]
        #expect(TextEncoding.utf8(bytes, from: .gbk) == .failure(DecodingFailure(encoding: .gbk, line: 2, offset: bytes.count - 1)))
    }

    @Test func utf8IsCheckedAndKeptAsItIs() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("日期,金额\n2016-07-01,5\n".utf8)
        #expect(try TextEncoding.utf8(bytes, from: .utf8).get() == bytes)
        let bad = Array("日期\r\n2016-07-01,".utf8) + [0xC4, 0xE3] + Array("\n".utf8)
        #expect(TextEncoding.utf8(bad, from: .utf8) == .failure(DecodingFailure(encoding: .utf8, line: 2, offset: bad.count - 3)))
        let cut = Array("日期".utf8.dropLast())
        #expect(TextEncoding.utf8(cut, from: .utf8) == .failure(DecodingFailure(encoding: .utf8, line: 1, offset: 3)))
    }

    @Test func utf16WithAByteOrderMarkReadsAsCSV() throws {
        let text = "日期,金额\r\n2016-07-01,5\r\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(TextEncoding.byteOrderMark(littleEndian)! == (.utf16LE, 2))
        #expect(TextEncoding.byteOrderMark(bigEndian)! == (.utf16BE, 2))
        for (bytes, encoding) in [(littleEndian, TextEncoding.utf16LE), (littleEndian, .utf16), (bigEndian, .utf16BE), (bigEndian, .utf16)] {
            let utf8 = try TextEncoding.utf8(bytes, from: encoding).get()
            #expect(utf8 == [0xEF, 0xBB, 0xBF] + Array(text.utf8), "the mark comes out as UTF-8's")
            #expect(try records(utf8).map(\.fields) == [["日期", "金额"], ["2016-07-01", "5"]])
        }
    }

    @Test func aLoneSurrogateIsNotUTF16() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x0A, 0x00, 0x00, 0xD8, 0x41, 0x00]
        #expect(TextEncoding.utf8(bytes, from: .utf16LE) == .failure(DecodingFailure(encoding: .utf16LE, line: 2, offset: 6)))
    }

    @Test func byteOrderMarks() {
        #expect(TextEncoding.byteOrderMark([0xEF, 0xBB, 0xBF, 0x41])! == (.utf8, 3))
        #expect(TextEncoding.byteOrderMark([0xEF, 0xBB]) == nil)
        #expect(TextEncoding.byteOrderMark(Array("date".utf8)) == nil)
        #expect(TextEncoding.byteOrderMark([]) == nil)
    }

    @Test(arguments: [
        ("utf-8", TextEncoding.utf8), ("UTF8", .utf8), ("utf_8", .utf8), ("UTF-16", .utf16), ("utf-16LE", .utf16LE),
        ("UTF16BE", .utf16BE), ("GBK", .gbk), ("gb2312", .gbk), ("CP936", .gbk), ("GB18030", .gb18030), ("big5", .big5),
        ("Big-5", .big5), ("Shift_JIS", .shiftJIS), ("shift-jis", .shiftJIS), ("sjis", .shiftJIS), ("EUC-KR", .eucKR),
        ("windows-1252", .windows1252), ("cp1252", .windows1252), ("latin-1", .latin1), ("Latin1", .latin1), ("ISO-8859-1", .latin1),
    ])
    func readsNames(name: String, encoding: TextEncoding) {
        #expect(TextEncoding(named: name) == encoding)
    }

    @Test func everyEncodingAnswersToItsOwnName() {
        for encoding in TextEncoding.allCases {
            #expect(TextEncoding(named: encoding.rawValue) == encoding)
            #expect(TextEncoding(named: encoding.title) == encoding)
        }
    }

    @Test(arguments: ["", "utf-32", "ebcdic", "gb", "utf 8", "latin-2"])
    func refusesOtherNames(name: String) {
        #expect(TextEncoding(named: name) == nil)
    }
}
