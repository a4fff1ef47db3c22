import Testing
import TallyCore
import TallyInterchange

/// The `'` CSV cells get before what a spreadsheet would run as a formula,
/// and the one `import` takes off again.
@Suite("CSV formula cells")
struct CSVFormulaTests {
    @Test(arguments: [
        (#"=HYPERLINK("http://x","y")"#, #"'=HYPERLINK("http://x","y")"#),
        ("@SUM(A1)", "'@SUM(A1)"), ("+cmd", "'+cmd"), ("=", "'="), ("@", "'@"), ("+", "'+"),
        ("-2+3", "'-2+3"), ("-", "'-"), ("-.5", "'-.5"), ("-5.", "'-5."), ("-1e5", "'-1e5"), ("-25.00 lunch", "'-25.00 lunch"),
        ("\tx", "'\tx"), ("\r=x", "'\r=x"),
        // A text that begins with `'` already gets one more, so that import can take exactly one off.
        ("'=x", "''=x"), ("''=x", "'''=x"), ("'-2+3", "''-2+3"),
    ])
    func aFormulaGetsOneQuoteAndLosesItOnImport(text: String, cell: String) {
        #expect(CSV.guarded(text) == cell)
        #expect(CSV.unguarded(cell) == text)
    }

    @Test(arguments: [
        // Numbers as Tally writes amounts, negative or not.
        "-25.00", "-1200", "-0.5", "25.00", "7",
        // Not a formula once the leading quotes are looked past.
        "'", "''", "'plain", "'-25.00", "''-1200",
        "lunch", "", " =x", "x=1", "−25", "＝1",
    ])
    func otherTextIsWrittenAndReadAsItIs(text: String) {
        #expect(CSV.guarded(text) == text)
        #expect(CSV.unguarded(text) == text)
    }

    @Test func aFormulaFromAnotherProgramImportsAsItIsWritten() {
        #expect(CSV.unguarded("=SUM(A1)") == "=SUM(A1)")
        #expect(CSV.unguarded("'=SUM(A1)") == "=SUM(A1)")
    }

    /// Every text of up to four characters from those the rule looks at: each
    /// is read back as it was written, and no cell written starts a formula.
    @Test func everyShortTextRoundTripsAndNoCellIsAFormula() {
        let alphabet = ["'", "=", "+", "-", "@", "\t", "\r", "1", ".", "a"]
        var texts = [""]
        var all = [""]
        for _ in 1...4 {
            texts = texts.flatMap { text in alphabet.map { text + $0 } }
            all += texts
        }
        for text in all {
            let cell = CSV.guarded(text)
            #expect(CSV.unguarded(cell) == text, "\(text.debugDescription) → \(cell.debugDescription)")
            #expect(!startsAFormula(cell), "\(text.debugDescription) → \(cell.debugDescription)")
        }
    }

    /// OWASP's list of a formula's first characters, less the negative numbers Tally writes as amounts.
    private func startsAFormula(_ cell: String) -> Bool {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return false }
        return cell.wholeMatch(of: /-[0-9]+(\.[0-9]+)?/) == nil
    }
}
