/// Text written back as the language reads it: for hints that quote a
/// statement, and for statements Tally composes itself.
public enum Literal {
    /// A name bare when it is one word, else quoted: `food`, `"eating out"`.
    public static func name(_ name: String) -> String {
        let isWord = !name.isEmpty && name.allSatisfy(Lexer.isWordCharacter)
            && !(name.first?.isASCII == true && name.first?.isNumber == true)
        return isWord ? name : string(name)
    }

    /// `1 bill`, `3 bills`: a count and its noun, plural when it is not one.
    public static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `31st`: a day of the month as English writes it.
    public static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
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
