/// One row of the ledger, as a whole value.
public enum Record: Hashable, Sendable, Codable {
    case book(Book)
    case category(Category)
    case bill(Bill)
    case settings(Settings)
    case savedQuery(SavedQuery)
    case budget(Budget)
    case photo(Photo)
}

/// One row before and after a change: nil before is an insert, nil after a delete.
public struct RowChange: Hashable, Sendable, Codable {
    public let before: Record?
    public let after: Record?

    public init(before: Record?, after: Record?) {
        self.before = before
        self.after = after
    }

    public var inverted: RowChange {
        RowChange(before: after, after: before)
    }
}

/// Everything one statement changes, applied all or nothing. Keeping the
/// before-images makes undo the same operation run backwards.
public struct ChangeSet: Hashable, Sendable, Codable {
    /// What happened, in words (`added #12`), for undo and redo to report.
    public let summary: String
    public let rows: [RowChange]
    /// Whether `undo` can take it back; choosing a book or a setting is not an edit.
    public let undoable: Bool

    public init(summary: String, rows: [RowChange], undoable: Bool = true) {
        self.summary = summary
        self.rows = rows
        self.undoable = undoable
    }

    /// The change that takes this one back: every row swapped, in reverse order,
    /// so rows that depend on others (bills on categories) come back in a valid order.
    public var inverted: ChangeSet {
        ChangeSet(summary: summary, rows: rows.reversed().map(\.inverted), undoable: undoable)
    }
}
