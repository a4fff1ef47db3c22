import Testing
@testable import TallyShell

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("food", 4), ("用餐", 4), ("🍜", 2), ("e\u{301}", 1), ("日用品x", 7), ("ｆｕｌｌ", 8), ("", 0), ("한국", 4),
    ])
    func measuresColumns(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test func neverPassesControlCharactersThrough() {
        #expect(TerminalText.safe("a\u{1B}[2Jb") == "a\u{FFFD}[2Jb")
        #expect(TerminalText.safe("line\nbreak\u{7}\u{85}") == "line\u{FFFD}break\u{FFFD}\u{FFFD}")
        #expect(TerminalText.safe("用餐 🍜") == "用餐 🍜")
    }

    @Test func padsByDisplayWidth() {
        #expect(TerminalText.pad("用餐", to: 6) == "用餐  ")
        #expect(TerminalText.pad("5.00", to: 6, right: true) == "  5.00")
    }
}
