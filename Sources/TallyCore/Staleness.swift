/// Which row of the ledger a record is a version of.
public enum RecordIdentity: Hashable, Sendable {
    case book(Int64)
    case category(Int64)
    case bill(Int64)
    case settings
    case savedQuery(String)
    case budget(Int64)
    case photo(Int64)
}

extension Record {
    public var identity: RecordIdentity {
        switch self {
        case .book(let book): return .book(book.id)
        case .category(let category): return .category(category.id)
        case .bill(let bill): return .bill(bill.id)
        case .settings: return .settings
        case .savedQuery(let query): return .savedQuery(query.key)
        case .budget(let budget): return .budget(budget.id)
        case .photo(let photo): return .photo(photo.id)
        }
    }

    /// How messages name the row: `bill #12`, `book 'travel'`.
    public var label: String {
        switch self {
        case .book(let book): return "book '\(book.name)'"
        case .category(let category): return "category '\(category.name)'"
        case .bill(let bill): return "bill #\(bill.id)"
        case .settings: return "the settings"
        case .savedQuery(let query): return "saved statement '\(query.name)'"
        case .budget: return "the budget"
        case .photo(let photo): return "photo \(photo.number) of bill #\(photo.billID)"
        }
    }
}

extension Ledger {
    /// The row `identity` names, as the ledger holds it now; nil when there is none.
    public func record(_ identity: RecordIdentity) -> Record? {
        switch identity {
        case .book(let id): return book(id: id).map(Record.book)
        case .category(let id): return category(id: id).map(Record.category)
        case .bill(let id): return bill(id: id).map(Record.bill)
        case .settings: return .settings(settings)
        case .savedQuery(let key): return savedQueries.first { $0.key == key }.map(Record.savedQuery)
        case .budget(let id): return budgets.first { $0.id == id }.map(Record.budget)
        case .photo(let id): return photos.first { $0.id == id }.map(Record.photo)
        }
    }
}

extension ChangeSet {
    /// The first row that `ledger` no longer holds the way this change expects
    /// to find it (its before-image), or nil when the change applies cleanly.
    /// Undo and redo replay a change recorded earlier; someone may have edited
    /// its rows since, and replaying it then would undo their work unseen.
    /// Settings are preferences rather than data, so they never conflict.
    public func staleRow(in ledger: Ledger) -> Record? {
        // Looking each bill up by id would take a pass over the ledger per
        // row: undoing a big import would take hours. One pass, then lookups.
        let billsByID = rows.count > 16 ? Dictionary(ledger.bills.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        var seen = Set<RecordIdentity>()
        for row in rows {
            guard let image = row.before ?? row.after, image.identity != .settings,
                  seen.insert(image.identity).inserted else { continue }
            let current: Record?
            if case .bill(let id) = image.identity, let billsByID {
                current = billsByID[id].map(Record.bill)
            } else {
                current = ledger.record(image.identity)
            }
            if current != row.before { return image }
        }
        return nil
    }

    /// This change with its settings rows rewritten against `ledger`: only
    /// the choice of current book is replayed, and every other setting keeps
    /// the value it has now.
    public func rebasingSettings(on ledger: Ledger) -> ChangeSet {
        var settings = ledger.settings
        let rebased = rows.map { row -> RowChange in
            guard case .settings(let wanted)? = row.after else { return row }
            var next = settings
            next.currentBookID = wanted.currentBookID
            defer { settings = next }
            return RowChange(before: .settings(settings), after: .settings(next))
        }
        return ChangeSet(summary: summary, rows: rebased, undoable: undoable)
    }
}
