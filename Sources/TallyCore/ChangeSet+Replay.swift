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

extension ChangeSet {
    /// This change with every book and category it recorded before accounts
    /// were kept given the account that row has now: a replayed change keeps
    /// the account exports name the row by, and finds the row unchanged. A
    /// row the ledger no longer has comes back without one, and is given one
    /// as it is exported (`Ledger.exportAccounts`).
    public func keepingAccounts(of ledger: Ledger) -> ChangeSet {
        ChangeSet(
            summary: summary,
            rows: rows.map { RowChange(before: $0.before.map(ledger.withAccount), after: $0.after.map(ledger.withAccount)) },
            undoable: undoable)
    }
}

extension Ledger {
    fileprivate func withAccount(_ record: Record) -> Record {
        switch record {
        case .book(var book) where book.account == nil:
            book.account = self.book(id: book.id)?.account
            return .book(book)
        case .category(var category) where category.account == nil:
            category.account = self.category(id: category.id)?.account
            return .category(category)
        default:
            return record
        }
    }
}
