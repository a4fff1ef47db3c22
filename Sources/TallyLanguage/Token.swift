/// The kinds of token. Keywords are words: which words are keywords depends
/// on where they stand, so `in` can be a period and a category at once.
public enum TokenKind: Hashable, Sendable {
    case word
    case number
    case string
    /// `#42`; the text is the digits.
    case billID
    /// `#travel`; the text is the tag without `#`.
    case tag
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    case contains, notContains
    case leftParen, rightParen, comma, plus, minus
    /// Only between the parts of a date: `2026/11/05`.
    case slash
    /// Only between a book and its account: `travel:card`.
    case colon
    /// A currency's symbol written against an amount's digits: the `¥` of
    /// `¥25`, the `元` of `25元`.
    case currencySign
    /// A line break or `;`: the end of a statement.
    case separator
    case end
    /// Text the lexer could not read; the token's `lexError` says why, and its text is the message.
    case error
}

/// A token: its kind, its text (a string's decoded value, a word as written), and its place.
public struct Token: Hashable, Sendable {
    /// The kind, or why the lexer could not read the text: one word of
    /// storage, as a statement's tokens are held together.
    private let reading: Reading
    public let text: String
    public let range: SourceRange

    private enum Reading: Hashable, Sendable {
        case read(TokenKind)
        indirect case unreadable(LexError)
    }

    public init(_ kind: TokenKind, _ text: String, _ range: SourceRange) {
        reading = .read(kind)
        self.text = text
        self.range = range
    }

    /// An `.error` token: text the lexer could not read because of `error`, whose message is its text.
    public init(_ error: LexError, _ range: SourceRange) {
        reading = .unreadable(error)
        text = Problem.unreadable(error).text
        self.range = range
    }

    public var kind: TokenKind {
        switch reading {
        case .read(let kind): kind
        case .unreadable: .error
        }
    }

    /// Why the lexer could not read an `.error` token's text; nil for every other token.
    public var lexError: LexError? {
        if case .unreadable(let error) = reading { error } else { nil }
    }

    /// Whether this is the word `keyword`, in any case, or a Chinese word for it.
    public func isWord(_ keyword: String) -> Bool {
        kind == .word && self.keyword == keyword
    }

    /// The word of the language this token is: its text in lower case, or
    /// the English word a Chinese one stands for (`饼图` is `pie`).
    public var keyword: String {
        // A word of plain ASCII, as nearly every keyword is, is looked up in no table.
        guard let first = text.utf8.first, first >= 0x80 else { return text.lowercased() }
        return ChineseWords.meanings[text] ?? text.lowercased()
    }

    /// How the token reads in an error message.
    public var quoted: String {
        let text = Diagnostic.clipped(self.text)
        switch kind {
        case .end: return "end of input"
        case .separator: return text == ";" ? "';'" : "end of line"
        case .string: return "string \"\(text)\""
        case .billID: return "'#\(text)'"
        case .tag: return "'#\(text)'"
        default: return "'\(text)'"
        }
    }
}
