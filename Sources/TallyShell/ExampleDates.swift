import TallyCore
import TallyLanguage

/// Moves the grammar's examples, written for July 2016, to the month of
/// `today`, so that each one asked of a ledger in use has bills to answer with.
struct ExampleDates {
    let today: Day

    var year: String { String(today.year) }
    var month: String { "\(today.year)-\(Parser.twoDigits(today.month))" }

    /// `example` with 2016 as this year, July as this month, and a day of
    /// July past this month's end as its last day; everything else as written.
    func redated(_ example: String) -> String {
        let characters = Lexer.characters(of: example)
        let tokens = Lexer.tokens(example)
        var result = ""
        var copied = 0
        for (index, token) in tokens.enumerated() {
            let isDayOfJuly = index >= 2 && tokens[index - 2].kind == .number && tokens[index - 2].text == "07"
                && [.minus, .slash].contains(tokens[index - 1].kind)
            guard let replacement = replacement(for: token, isDayOfJuly: isDayOfJuly) else { continue }
            result += String(characters[copied..<token.range.start.offset]) + replacement
            copied = token.range.end.offset
        }
        return result + String(characters[copied...])
    }

    private func replacement(for token: Token, isDayOfJuly: Bool) -> String? {
        switch (token.kind, token.text.lowercased()) {
        case (.number, "2016"): return year
        case (.number, "07"): return Parser.twoDigits(today.month)
        case (.number, let text) where isDayOfJuly:
            return Parser.twoDigits(min(Int(text) ?? 1, Day.daysIn(month: today.month, year: today.year)))
        case (.word, "jul"): return String(Parser.monthNames[today.month - 1].prefix(3))
        case (.word, "july"): return Parser.monthNames[today.month - 1]
        default: return nil
        }
    }
}
