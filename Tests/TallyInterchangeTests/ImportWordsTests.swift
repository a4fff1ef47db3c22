import Testing
@testable import TallyInterchange

/// A tags cell is split into the words Swift's Characters find, whether
/// its text is ASCII, split byte by byte, or not.
struct ImportWordsTests {
    @Test(arguments: [
        "", " ", "trip", " trip  work ", "#trip\t#work", "a\r\nb", "a\u{0B}b\u{0C}c\rd\ne", "\r\n\r\n", "a\u{1F}b",
        "旅行 work", "a\u{00A0}b", "a\u{0085}b", "a\u{3000}b", "a \u{0301}b", "#café  #naïve",
    ])
    func wordsAreTheCharactersWords(text: String) {
        #expect(CSVImport.words(text) == text.split(whereSeparator: \.isWhitespace))
    }
}
