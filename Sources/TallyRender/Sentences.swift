/// Sentences and clauses set side by side in whatever language they were
/// translated to: English spaces them, Chinese punctuation holds its own space.
public enum Sentences {
    /// `separator`, but nothing after a Chinese stop or pause (`：`, `，`, `；`, `。`).
    public static func gap(after text: String, _ separator: String = " ") -> String {
        guard let last = text.last, "，；：。、？！".contains(last) else { return separator }
        return ""
    }

    /// `sentences` one after the other, a space apart where the language wants one.
    public static func joined(_ sentences: [String]) -> String {
        sentences.reduce("") { text, sentence in text.isEmpty ? sentence : text + gap(after: text) + sentence }
    }
}
