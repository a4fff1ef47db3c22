import Testing
@testable import TallyRender

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("food", 4), ("用餐", 4), ("🍜", 2), ("e\u{301}", 1), ("日用品x", 7), ("ｆｕｌｌ", 8), ("", 0), ("한국", 4),
    ])
    func measuresColumns(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    /// Printable ASCII is measured by its bytes; every other text character
    /// by character, and both ways agree wherever both apply.
    @Test func measuresPrintableASCIIAsEachCharacterWouldBe() {
        let printable = String((0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) })
        #expect(TerminalText.width(printable) == printable.reduce(0) { $0 + TerminalText.width(of: $1) })
        #expect(TerminalText.width("a\r\nb") == 3, "a line break of two bytes is one character")
        #expect(TerminalText.width("2016-07 ¥12.50") == 14)
    }

    @Test func neverPassesControlCharactersThrough() {
        // Control characters show as pictures of themselves, a line break as ↵; never U+FFFD.
        #expect(TerminalText.safe("a\u{1B}[2Jb") == "a␛[2Jb")
        #expect(TerminalText.safe("line\nbreak\u{7}\u{0}\u{7F}\u{85}") == "line↵break␇␀␡\u{FFFD}")
        #expect(TerminalText.width(TerminalText.safe("a\tb\r\n")) == 5)
        #expect(TerminalText.safe("用餐 🍜") == "用餐 🍜")
    }

    @Test func neverPassesTextReorderingOrInvisibleCharactersThrough() {
        #expect(TerminalText.safe("evil\u{202E}txt.exe") == "evil\u{FFFD}txt.exe")
        #expect(TerminalText.safe("a\u{2066}b\u{2069}c\u{200F}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(TerminalText.safe("zero\u{200B}width\u{FEFF}") == "zero\u{FFFD}width\u{FFFD}")
        #expect(TerminalText.safe("fo\u{200D}od") == "fo\u{FFFD}od")
        // Inside an emoji a joiner builds one picture, and stays.
        #expect(TerminalText.safe("👨\u{200D}👩\u{200D}👧") == "👨\u{200D}👩\u{200D}👧")
    }

    @Test func printableKeepsLinesTabsAndColoursButNothingElse() {
        let coloured = "\u{1B}[31m25.50\u{1B}[0m\tfood\nnext"
        #expect(TerminalText.printable(coloured) == coloured)
        #expect(TerminalText.printable("a\u{1B}]0;title\u{7}b\u{1B}[2J") == "a␛]0;title␇b␛[2J")
        #expect(TerminalText.printable("x\u{202E}y\r") == "x\u{FFFD}y␍")
    }

    @Test func printableKeepsOnlyTheColoursTallyWrites() {
        let style = Style(color: true)
        for painted in [style.income("a"), style.expense("a"), style.dim("a"), style.bold("a"), style.error("a"), style.warning("a"),
                        style.mark("a", in: "cat")] {
            #expect(TerminalText.printable(painted) == painted, "\(painted.debugDescription)")
        }
        // Hidden, blinking and 256-colour text from a ledger is shown, not obeyed.
        #expect(TerminalText.printable("a\u{1B}[8mb\u{1B}[5mc\u{1B}[38;5;196md\u{1B}[m") == "a␛[8mb␛[5mc␛[38;5;196md␛[m")
    }

    @Test func padsByDisplayWidth() {
        #expect(TerminalText.pad("用餐", to: 6) == "用餐  ")
        #expect(TerminalText.pad("5.00", to: 6, right: true) == "  5.00")
    }
}
