import TallyCore

/// Turns text into tokens. It never throws: text it cannot read becomes an
/// `.error` token carrying its `LexError`, and lexing goes on, so one typo gives
/// one error.
public struct Lexer {
    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Where the last number ended, so that a currency's symbol right after it (`25元`) is read as its sign.
    private var numberEnd = -1

    public init(_ text: String) {
        characters = Lexer.characters(of: text)
    }

    /// A lexer of characters made by `characters(of:)`.
    init(characters: [Character]) {
        self.characters = characters
    }

    /// The characters the lexer reads, whose offsets token ranges count.
    /// Swift reads "\r\n" as one character; a line break is a line break.
    public static func characters(of text: String) -> [Character] {
        read(text).characters
    }

    /// The characters of `text`, and its bytes when it is ASCII without a
    /// carriage return: one Character a byte, so the text between two
    /// offsets is made from its bytes, with no grapheme to find.
    static func read(_ text: String) -> (characters: [Character], plainBytes: [UInt8]?) {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return (text.map { $0 == "\r\n" ? "\n" : $0 }, nil)
        }
        return (bytes.map { Character(Unicode.Scalar($0)) }, bytes)
    }

    /// Every token of the text, ending with `.end`.
    public static func tokens(_ text: String) -> [Token] {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    public mutating func next() -> Token {
        skipBlanks()
        let start = location
        guard let character = peek() else { return Token(.end, "", SourceRange(start: start, end: start)) }
        advance()
        switch character {
        case "\n", ";": return make(.separator, String(character), from: start)
        case "(": return make(.leftParen, "(", from: start)
        case ")": return make(.rightParen, ")", from: start)
        case ",": return make(.comma, ",", from: start)
        case "+": return make(.plus, "+", from: start)
        case "-": return make(.minus, "-", from: start)
        case "~": return make(.contains, "~", from: start)
        case "/": return make(.slash, "/", from: start)
        case ":": return make(.colon, ":", from: start)
        case "=": return make(.equal, "=", from: start)
        case "<": return match("=") ? make(.lessEqual, "<=", from: start) : make(.less, "<", from: start)
        case ">": return match("=") ? make(.greaterEqual, ">=", from: start) : make(.greater, ">", from: start)
        case "!":
            if match("=") { return make(.notEqual, "!=", from: start) }
            if match("~") { return make(.notContains, "!~", from: start) }
            return fail(.exclamationMarkAlone, from: start)
        case "\"", "'": return string(quote: character, from: start)
        case "#": return hash(from: start)
        case "\\": return fail(.backslashMidLine, from: start)
        case _ where startsACurrencySign(character, at: start):
            return make(.currencySign, String(character), from: start)
        default:
            if Lexer.isDigit(character) { return number(from: start) }
            if Lexer.isWordCharacter(character) { return word(from: start) }
            if let scalar = character.unicodeScalars.first, scalar.properties.generalCategory == .control {
                return fail(.controlCharacter(scalar), from: start)
            }
            return fail(.unexpectedCharacter(character), from: start)
        }
    }

    /// `¥` before digits (`¥25`), or a currency's symbol right after a number
    /// that no letter follows (`25元`, but not `25元店`).
    private func startsACurrencySign(_ character: Character, at start: SourceLocation) -> Bool {
        guard Currency.isSymbol(character) else { return false }
        if !Lexer.isLetter(character), let next = peek(), Lexer.isDigit(next) { return true }
        return start.offset == numberEnd && !(peek().map(Lexer.isWordCharacter) ?? false)
    }

    /// Letters and digits of any script, `_`, and symbols such as emoji, so that
    /// `餐饮`, `#旅行` and `icon 🍜` are single words. ASCII is told by its
    /// byte: a script of a hundred thousand statements would otherwise ask
    /// Unicode's tables of every character.
    public static func isWordCharacter(_ character: Character) -> Bool {
        if let byte = character.asciiValue { return isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") }
        return character.isLetter || character.isNumber || character.isSymbol || character.unicodeScalars.first?.properties.isEmoji == true
    }

    /// An ASCII digit: the only digits a number is written in.
    static func isDigit(_ character: Character) -> Bool {
        character.asciiValue.map(isDigit) ?? false
    }

    /// A letter of any script, an ASCII one told by its byte.
    static func isLetter(_ character: Character) -> Bool {
        character.asciiValue.map(isLetter) ?? character.isLetter
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private mutating func skipBlanks() {
        while let character = peek() {
            if character == " " || character == "\t" || character == "\r" {
                advance()
            } else if character == "\\" && continuesLine() {
                while let next = peek(), next != "\n" { advance() }
                advance()
            } else if character == "-" && peek(at: 1) == "-" || character == "#" && startsAHashComment() {
                while let next = peek(), next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    /// A `#` first on its line and followed by a blank or the line's end, as
    /// shell scripts write comments: `# weekly`, but `#travel` is a tag and
    /// `#42` a bill, wherever they stand.
    private func startsAHashComment() -> Bool {
        if let next = peek(at: 1), ![" ", "\t", "\r", "\n"].contains(next) { return false }
        var before = index - 1
        while before >= 0, [" ", "\t", "\r"].contains(characters[before]) { before -= 1 }
        return before < 0 || characters[before] == "\n"
    }

    /// A `\` followed by nothing but blanks up to the line break joins the lines.
    private func continuesLine() -> Bool {
        var lookahead = index + 1
        while lookahead < characters.count {
            switch characters[lookahead] {
            case "\n": return true
            case " ", "\t", "\r": lookahead += 1
            default: return false
            }
        }
        return true
    }

    private mutating func number(from start: SourceLocation) -> Token {
        while let character = peek(), Lexer.isDigit(character) { advance() }
        if peek() == ".", let after = peek(at: 1), Lexer.isDigit(after) {
            advance()
            while let character = peek(), Lexer.isDigit(character) { advance() }
        }
        // `7eleven` is a name and `1e5` no number: digits running into letters make a word.
        if let next = peek(), Lexer.isWordCharacter(next), !Lexer.isDigit(next), !endsWithACurrencySign() {
            return word(from: start)
        }
        numberEnd = index
        return make(.number, text(from: start.offset), from: start)
    }

    /// Whether a currency's symbol follows here and ends the word: `25元`, `25€`.
    private func endsWithACurrencySign() -> Bool {
        guard let next = peek(), Currency.isSymbol(next) else { return false }
        return !(peek(at: 1).map(Lexer.isWordCharacter) ?? false)
    }

    private mutating func word(from start: SourceLocation) -> Token {
        while let character = peek() {
            if Lexer.isWordCharacter(character) {
                advance()
            } else if character == "'", let next = peek(at: 1), Lexer.isLetter(next), index > start.offset, Lexer.isLetter(characters[index - 1]) {
                // An apostrophe between letters is one: `it's`, `don't`, `McDonald's` (a quote starts only a word).
                advance()
            } else {
                break
            }
        }
        return make(.word, text(from: start.offset), from: start)
    }

    private mutating func hash(from start: SourceLocation) -> Token {
        let nameStart = index
        while let character = peek(), Lexer.isWordCharacter(character) { advance() }
        let name = text(from: nameStart)
        if name.isEmpty { return fail(.hashWithoutName, from: start) }
        if name.allSatisfy(Lexer.isDigit) { return make(.billID, name, from: start) }
        return make(.tag, name, from: start)
    }

    private mutating func string(quote: Character, from start: SourceLocation) -> Token {
        var value = ""
        var badEscape: Character?
        while let character = peek(), character != "\n" {
            advance()
            if character == quote {
                if let badEscape { return fail(.unknownEscape(badEscape), from: start) }
                return make(.string, value, from: start)
            }
            guard character == "\\" else {
                value.append(character)
                continue
            }
            guard let escaped = peek(), escaped != "\n" else { break }
            advance()
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "\\", "\"", "'": value.append(escaped)
            default:
                badEscape = badEscape ?? escaped
            }
        }
        return fail(.unterminatedString(quote: quote), from: start)
    }

    private var location: SourceLocation {
        SourceLocation(offset: index, line: line, column: column)
    }

    private func peek(at distance: Int = 0) -> Character? {
        index + distance < characters.count ? characters[index + distance] : nil
    }

    private mutating func advance() {
        guard index < characters.count else { return }
        if characters[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func match(_ expected: Character) -> Bool {
        guard peek() == expected else { return false }
        advance()
        return true
    }

    /// The characters from `offset` up to here.
    private func text(from offset: Int) -> String {
        let slice = characters[offset..<index]
        // Most words and numbers are ASCII: their bytes are written at once, not appended a Character at a time.
        var ascii = true
        let text = String(unsafeUninitializedCapacity: slice.count) { bytes in
            for (place, character) in zip(bytes.indices, slice) {
                guard let byte = character.asciiValue else {
                    ascii = false
                    return 0
                }
                bytes[place] = byte
            }
            return slice.count
        }
        return ascii ? text : String(slice)
    }

    private func make(_ kind: TokenKind, _ text: String, from start: SourceLocation) -> Token {
        Token(kind, text, SourceRange(start: start, end: location))
    }

    private func fail(_ error: LexError, from start: SourceLocation) -> Token {
        Token(error, SourceRange(start: start, end: location))
    }
}
