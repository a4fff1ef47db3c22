import TallyCore

/// What Tally itself finds wrong with a ledger, as opposed to what SQLite's
/// check says in its own words. A finding is made in English, since the
/// mark beside a damaged ledger keeps it for sessions in any language, and
/// is shown in the reader's language by `shown`, which knows it again by
/// its template.
public enum IntegrityFinding {
    static let billInMissingBook = Translation.catalogued("bill #%s is in a book the ledger does not have")
    static let billWithMissingCategory = Translation.catalogued("bill #%s has a category the ledger does not have")
    static let billInForeignAccount = Translation.catalogued("bill #%s is in an account its book does not have")
    static let billOfZero = Translation.catalogued("bill #%s has an amount of zero")
    static let incomeBelowZero = Translation.catalogued("bill #%s is income below zero, which no Tally writes")
    static let missingParent = Translation.catalogued("%s row %s points at a missing %s row")
    static let indexDisagrees = Translation.catalogued("its bills index %s holds %s rows, but %s bills were read")
    static let indexUnreadable = Translation.catalogued("its bills indexes cannot be read: %s")

    static let templates = [
        billInMissingBook, billWithMissingCategory, billInForeignAccount, billOfZero, incomeBelowZero,
        missingParent, indexDisagrees, indexUnreadable,
    ]

    /// A finding as it is kept: `template`, which is one of `templates`, filled in English.
    static func english(_ template: String, _ values: CustomStringConvertible...) -> String {
        Translation.format(template, with: values)
    }

    /// The first problem of several and how many more there are, as kept.
    static func summary(_ first: String, more: Int) -> String {
        more == 0 ? first : "\(first), and \(more) more problem\(more == 1 ? "" : "s")"
    }

    /// `finding`, or a summary of findings, in the reader's language: Tally's
    /// own words translated, SQLite's left as they are.
    public static func shown(_ finding: String) -> String {
        if let (first, more) = parts(ofSummary: finding) {
            return Translation.plural("%2$s, and %1$d more problem", "%2$s, and %1$d more problems", count: more, shown(first))
        }
        for template in templates {
            if let values = values(in: finding, filling: template) {
                return Translation.format(Translation.translated(template), with: values)
            }
        }
        return finding
    }

    /// The first finding and the count of the others, when `text` is a summary `summary` made.
    private static func parts(ofSummary text: String) -> (String, Int)? {
        guard let and = text.ranges(of: ", and ").last else { return nil }
        let rest = text[and.upperBound...]
        guard let space = rest.firstIndex(of: " "), let more = Int(rest[..<space]), more > 0 else { return nil }
        let first = String(text[..<and.lowerBound])
        return summary(first, more: more) == text ? (first, more) : nil
    }

    /// The values that fill `template`'s `%s` to make `text`, each the
    /// shortest that lets the rest match; nil when no values do.
    static func values(in text: String, filling template: String) -> [String]? {
        let pieces = template.split(separator: "%s", omittingEmptySubsequences: false)
        guard let head = pieces.first, let tail = pieces.last, pieces.count > 1,
              text.hasPrefix(head), text.hasSuffix(tail), text.count >= head.count + tail.count else { return nil }
        var rest = text.dropFirst(head.count).dropLast(tail.count)
        var values: [String] = []
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.firstRange(of: piece) else { return nil }
            values.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        return values + [String(rest)]
    }
}
