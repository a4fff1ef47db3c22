/// What an import did with the rows of its file.
public struct ImportCounts: Sendable, Equatable {
    public var rows = 0
    public var added = 0
    /// Rows imported before, or equal to a bill already there.
    public var alreadyThere = 0
    /// Rows the settings pass over: neutral, closed or failed transactions.
    public var passedOver = 0
    /// Rows imported before that the file now says otherwise, left as they were.
    public var changed = 0
    /// Bills changed to what their rows now say, with `update`.
    public var updated = 0
    public var newCategories: [String] = []
    /// The first rows skipped for being equal to a bill, and the bill each equals.
    public var equal: [Match] = []
    /// The profile the file was read with.
    public var profile: String?

    public init() {}

    /// A row of the file, by line, and the bill it is equal to.
    public struct Match: Sendable, Equatable {
        public let line: Int
        public let bill: Int64

        public init(line: Int, bill: Int64) {
            self.line = line
            self.bill = bill
        }
    }

    /// How many skipped rows the message names the bill of.
    public static let namedMatches = 3

    func text(file: String) -> String {
        let read = profile.map { " (read as \($0))" } ?? ""
        var parts: [String] = []
        if alreadyThere > 0 {
            let named = equal.map { "line \($0.line) equals #\($0.bill)" } + (alreadyThere > equal.count && equal.count == ImportCounts.namedMatches ? ["…"] : [])
            parts.append("skipped \(Literal.count(alreadyThere, "row")) already in the ledger" + (named.isEmpty ? "" : " (\(named.joined(separator: ", ")))"))
        }
        if passedOver > 0 { parts.append("passed over \(Literal.count(passedOver, "neutral or closed row"))") }
        if updated > 0 { parts.append("updated \(Literal.count(updated, "bill")) whose rows changed") }
        if changed > 0 {
            parts.append("\(Literal.count(changed, "row")) changed since \(changed == 1 ? "it was" : "they were") imported; 'import \(file) update' applies \(changed == 1 ? "it" : "them")")
        }
        if !newCategories.isEmpty {
            parts.append("new categor\(newCategories.count == 1 ? "y" : "ies"): " + newCategories.joined(separator: ", "))
        }
        let rest = parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
        guard added == 0 && updated == 0 else {
            return "imported \(Literal.count(added, "bill")) from \(file)\(read)" + rest
        }
        if rows == 0 { return "nothing to import: \(file) has no rows under its header" }
        if alreadyThere == rows { return "nothing to import: all \(Literal.count(rows, "row")) of \(file) are in the ledger already" }
        return "nothing to import from \(file)\(read)" + rest
    }
}
