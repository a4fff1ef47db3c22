/// A spreadsheet opening a CSV file runs a cell that begins with `=`, `+`,
/// `-` or `@` (and, in some, a tab or a carriage return) as a formula, which
/// can fetch a web address or start a program. Tally writes such a cell with
/// a `'` before it, as OWASP's CSV-injection guidance asks, so a spreadsheet
/// shows it as text, and `import` takes the `'` off again.
///
/// The rule looks past any `'`s a text already begins with: a text whose
/// rest is a formula gets exactly one more on the way out and loses exactly
/// one on the way in, so `'=x` is written `''=x` and read back as `'=x`, and
/// every text Tally writes is read back as it was.
extension CSV {
    /// The cell to write for `text`: `text` itself, or `'` and `text` when
    /// what follows its leading `'`s would be a formula.
    public static func guarded(_ text: String) -> String {
        guard let first = text.utf8.first, first == apostrophe || startsFormula(first) else { return text }
        return isFormula(afterQuotes: text) ? "'" + text : text
    }

    /// Whether what follows the leading `'`s of `text` would be a formula:
    /// the one test behind the `'` that `guarded` puts on and import takes off.
    public static func isFormula(afterQuotes text: String) -> Bool {
        isFormula(text.utf8.drop { $0 == apostrophe })
    }

    private static let apostrophe = UInt8(ascii: "'")

    /// `=`, `+`, `-`, `@`, tab and carriage return: looked at in every cell of an export or import.
    private static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    /// Whether a spreadsheet would take `text` for a formula: it begins with
    /// one of those characters and is not a number as Tally writes a negative
    /// amount: `-`, digits, and optionally `.` and digits (`-25.00`, `-1200`).
    private static func isFormula(_ text: Substring.UTF8View) -> Bool {
        guard let first = text.first, startsFormula(first) else { return false }
        return !isNegativeNumber(text)
    }

    private static func isNegativeNumber(_ text: Substring.UTF8View) -> Bool {
        guard text.first == UInt8(ascii: "-") else { return false }
        let number = text.dropFirst()
        let whole = number.prefix { isDigit($0) }
        guard !whole.isEmpty else { return false }
        let rest = number.dropFirst(whole.count)
        guard let point = rest.first else { return true }
        let fraction = rest.dropFirst()
        return point == UInt8(ascii: ".") && !fraction.isEmpty && fraction.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
