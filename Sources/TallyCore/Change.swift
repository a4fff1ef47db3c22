/// One row of the ledger, as a whole value.
public enum Record: Hashable, Sendable, Codable {
    case book(Book)
    case category(Category)
    case bill(Bill)
    case settings(Settings)
    case savedQuery(SavedQuery)
    case budget(Budget)
    case photo(Photo)
    case importProfile(ImportProfile)
    case rule(Rule)
    case importSources(ImportSourceBatch)
    case recurringRule(RecurringRule)
    case occurrence(Occurrence)
    case rate(ExchangeRate)
    case account(Account)
    case transfer(Transfer)
    case reconciliation(Reconciliation)
}

/// One row before and after a change: nil before is an insert, nil after a delete.
public struct RowChange: Hashable, Sendable {
    /// Room for one record, not two: most rows insert or delete (an
    /// import's millions of bills among them), and an update keeps its pair
    /// in a box of its own.
    private enum Sides: Hashable, Sendable {
        case neither
        case insert(Record)
        case delete(Record)
        indirect case update(Record, Record)
    }

    private let sides: Sides

    public init(before: Record?, after: Record?) {
        switch (before, after) {
        case (nil, nil): sides = .neither
        case (nil, let after?): sides = .insert(after)
        case (let before?, nil): sides = .delete(before)
        case (let before?, let after?): sides = .update(before, after)
        }
    }

    public var before: Record? {
        switch sides {
        case .delete(let record), .update(let record, _): return record
        case .neither, .insert: return nil
        }
    }

    public var after: Record? {
        switch sides {
        case .insert(let record), .update(_, let record): return record
        case .neither, .delete: return nil
        }
    }

    public var inverted: RowChange {
        RowChange(before: after, after: before)
    }
}

extension RowChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case before, after
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            before: try container.decodeIfPresent(Record.self, forKey: .before),
            after: try container.decodeIfPresent(Record.self, forKey: .after))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(before, forKey: .before)
        try container.encodeIfPresent(after, forKey: .after)
    }
}

/// Everything one statement changes, applied all or nothing. Keeping the
/// before-images makes undo the same operation run backwards.
public struct ChangeSet: Hashable, Sendable, Codable {
    /// What happened, in words (`added #12`), for undo, redo and `changes`
    /// to say in the reader's language.
    public let phrase: Phrase
    public let rows: [RowChange]
    /// Whether `undo` can take it back; choosing a book or a setting is not an edit.
    public let undoable: Bool

    public init(summary phrase: Phrase, rows: [RowChange], undoable: Bool = true) {
        self.phrase = phrase
        self.rows = rows
        self.undoable = undoable
    }

    /// A change whose words are in no catalogue and shown as they are: one
    /// no one is shown (a setting, a session's own posting).
    public init(summary: String, rows: [RowChange], undoable: Bool = true) {
        self.init(summary: Phrase(verbatim: summary), rows: rows, undoable: undoable)
    }

    /// What happened, in English, as the undo history stores it.
    public var summary: String { phrase.english }

    /// The change that takes this one back: every row swapped, in reverse order,
    /// so rows that depend on others (bills on categories) come back in a valid order.
    public var inverted: ChangeSet {
        ChangeSet(summary: phrase, rows: rows.reversed().map(\.inverted), undoable: undoable)
    }
}
