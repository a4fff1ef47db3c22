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
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}

