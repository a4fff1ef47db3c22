/// RFC 4180 CSV as Tally writes it: fields separated by commas, those
/// holding commas, quotes or line breaks in double quotes with `""` for a
/// quote. Reading it is TallyInterchange's, which only import needs.
public enum CSV {
    /// One record as a line, each field quoted when it must be.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// A field as CSV writes it: in quotes when it holds a comma, a quote or
    /// a line break (or starts with a space a reader might trim).
    public static func field(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || endsInWhitespace(text)
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }

    /// Whether the text starts or ends with whitespace, as its first and last
    /// characters' first scalars say. Text all of ASCII is told by its end
    /// bytes, without Unicode's tables, which a million-bill export would
    /// otherwise consult twice a cell; other text may end in a space that
    /// closes a character begun before it.
    private static func endsInWhitespace(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.first?.isWhitespace == true || text.last?.isWhitespace == true }
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        return isWhitespace(first) || isWhitespace(last)
    }
}

