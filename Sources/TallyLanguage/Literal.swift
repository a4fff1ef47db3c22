/// Text written back as the language reads it: for hints that quote a
/// statement, and for statements Tally composes itself.
public enum Literal {
    /// A name bare when it is one word, else quoted: `food`, `"eating out"`.
    public static func name(_ name: String) -> String {
        let isWord = !name.isEmpty && name.allSatisfy(Lexer.isWordCharacter)
            && !(name.first?.isASCII == true && name.first?.isNumber == true)
        return isWord ? name : string(name)
    }

    /// A string literal holding `text` exactly.
    public static func string(_ text: String) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            default: literal.append(character)
            }
        }
        return literal + "\""
    }
}
