import Testing
import TallyCore
@testable import TallyInterchange

@Suite("CSV separators")
struct CSVSeparatorTests {
    func detected(_ text: String, from index: Int = 0) -> String {
        String(UnicodeScalar(CSV.detectSeparator(in: Array(text.utf8), from: index)))
    }

    @Test(arguments: [
        ("date,amount,remark\n1;2;3;4\n", ","),
        ("Datum;Betrag;Text\n01.07.2016;-3,50;x\n", ";"),
        ("date\tamount\tremark\n", "\t"),
        ("date|amount|remark", "|"),
        ("\"a;b;c\",d,e\n", ","),
        ("\"x,\"\"y\"\",z\";amount;remark\n", ";"),
        ("\"two\nlines, here\"\tb\tc\n", "\t"),
        ("date;amount,remark|x\n", ","),
        ("date\n", ","),
        ("", ","),
        ("\n\r\n\ndate;amount\n", ";"),
        ("\u{FEFF}\"a;b;c;d\",e,f\n", ","),
        ("5\" screen;cable;12,50\n", ";"),
    ])
    func picksTheSeparatorMostUsedOutsideQuotes(text: String, separator: String) {
        #expect(detected(text) == separator)
    }

    @Test func looksAtTheRecordFromTheIndexOn() {
        let text = "Kontoauszug, 2016\nDatum;Betrag;Text\n"
        #expect(detected(text) == ",")
        #expect(detected(text, from: Array(text.utf8).firstIndex(of: 0x0A)! + 1) == ";")
    }

    @Test(arguments: [";", "\t", "|"])
    func readsFieldsBetweenAnySeparator(separator: String) throws {
        let text = "date\(separator)amount\(separator)remark\n2016-07-01\(separator)\"3,50\"\(separator)\"a\(separator)b, \"\"c\"\"\"\n"
            + "2016-07-02\(separator)4,00\(separator)d,e\n"
        let byte = CSV.detectSeparator(in: Array(text.utf8), from: 0)
        #expect(byte == separator.utf8.first)
        #expect(try records(Array(text.utf8), separator: byte).map(\.fields) == [
            ["date", "amount", "remark"], ["2016-07-01", "3,50", "a\(separator)b, \"c\""], ["2016-07-02", "4,00", "d,e"],
        ])
    }

    @Test func aQuoteClosedBeforeTheSeparatorIsAnError() {
        #expect(throws: CSVError(line: 1, reason: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")) {
            try records(Array("\"a\",b;c\n".utf8), separator: UInt8(ascii: ";"))
        }
    }
}
