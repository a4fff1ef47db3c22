import TallyCore

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
        let read = profile.map { Translation.translated(" (read as %s)", $0) } ?? ""
        var rest = ""
        if alreadyThere > 0 {
            let named = equal.map { Translation.translated("line %d equals #%d", $0.line, $0.bill) }
                + (alreadyThere > equal.count && equal.count == ImportCounts.namedMatches ? ["…"] : [])
            rest += Translation.plural("; skipped %d row already in the ledger", "; skipped %d rows already in the ledger", count: alreadyThere)
                + (named.isEmpty ? "" : Translation.translated(" (%s)", Parser.listing(named)))
        }
        if passedOver > 0 {
            rest += Translation.plural("; passed over %d neutral or closed row", "; passed over %d neutral or closed rows", count: passedOver)
        }
        if updated > 0 { rest += Translation.plural("; updated %d bill whose rows changed", "; updated %d bills whose rows changed", count: updated) }
        if changed > 0 {
            rest += Translation.plural(
                "; %d row changed since it was imported; 'import %s update' applies it",
                "; %d rows changed since they were imported; 'import %s update' applies them", count: changed, file)
        }
        if !newCategories.isEmpty {
            let names = newCategories.joined(separator: ", ")
            rest += newCategories.count == 1
                ? Translation.translated("; new category: %s", names) : Translation.translated("; new categories: %s", names)
        }
        guard added == 0 && updated == 0 else {
            return Translation.plural("imported %d bill from %s", "imported %d bills from %s", count: added, file) + read + rest
        }
        if rows == 0 { return Translation.translated("nothing to import: %s has no rows under its header", file) }
        if alreadyThere == rows {
            return Translation.plural(
                "nothing to import: all %d row of %s are in the ledger already", "nothing to import: all %d rows of %s are in the ledger already",
                count: rows, file)
        }
        return Translation.translated("nothing to import from %s", file) + read + rest
    }
}
