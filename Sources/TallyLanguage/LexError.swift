/// Why the lexer could not read some text: the facts, which `Problem` puts
/// into words.
public enum LexError: Hashable, Sendable {
    /// A string whose line ends before its closing quote.
    case unterminatedString(quote: Character)
    /// The first character in a string that a backslash does not escape.
    case unknownEscape(Character)
    /// `!` without the `=` or `~` that makes an operator of it.
    case exclamationMarkAlone
    /// `\` with more of its line after it.
    case backslashMidLine
    /// `#` with neither a bill id nor a tag after it.
    case hashWithoutName
    case controlCharacter(Unicode.Scalar)
    case unexpectedCharacter(Character)
}
