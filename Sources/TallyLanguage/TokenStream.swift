/// The tokens of a text as the parser comes to them: each statement's are
/// lexed as it begins and let go once the parser is past them, so a script
/// of a hundred thousand statements is never held as tokens all at once
/// (it was a quarter of a gigabyte). Indices count every token of the text,
/// as they would in one array of them all.
struct TokenStream {
    /// How many tokens past the current one the parser may look.
    static let lookahead = 3
    /// How many tokens before the current one it may look back.
    static let lookbehind = 2

    private var lexer: Lexer
    private var buffer: [Token] = []
    /// Which token of the text `buffer[0]` is.
    private var base = 0
    /// Which token of the text is the last separator lexed, or -1.
    private var lastSeparator = -1
    private var ended = false

    init(characters: [Character]) {
        lexer = Lexer(characters: characters)
        fill(through: Self.lookahead)
    }

    subscript(index: Int) -> Token {
        get { buffer[index - base] }
        set { buffer[index - base] = newValue }
    }

    /// Whether the text has a token at `index`, which is at most
    /// `lookahead` past the current one: those are always lexed, unless
    /// the text ends first.
    func has(_ index: Int) -> Bool {
        index - base < buffer.count
    }

    /// Keeps the tokens up to `lookahead` past `index` lexed.
    mutating func keepAhead(of index: Int) {
        fill(through: index + Self.lookahead)
    }

    /// At the start of a statement: lets go of what the parser has read,
    /// and lexes up to the end of the statement that begins at `index`, so
    /// a look ahead within it finds its tokens lexed and copies none.
    mutating func beginStatement(at index: Int) {
        let gone = index - Self.lookbehind - base
        if gone > 0 {
            buffer.removeFirst(gone)
            base += gone
        }
        while !ended && lastSeparator < index { lexOne() }
        keepAhead(of: max(index, lastSeparator))
    }

    private mutating func fill(through index: Int) {
        while !ended && index - base >= buffer.count { lexOne() }
    }

    private mutating func lexOne() {
        let token = lexer.next()
        buffer.append(token)
        switch token.kind {
        case .separator: lastSeparator = base + buffer.count - 1
        case .end: ended = true
        default: break
        }
    }
}
