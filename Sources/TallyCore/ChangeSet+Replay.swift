extension ChangeSet {
    /// The first row that `ledger` no longer holds the way this change expects
    /// to find it (its before-image), or nil when the change applies cleanly.
    /// Undo and redo replay a change recorded earlier; someone may have edited
    /// its rows since, and replaying it then would undo their work unseen.
    /// Settings are preferences rather than data, so they never conflict.
    public func staleRow(in ledger: Ledger) -> Record? {
        // Looking each bill up by id would take a pass over the ledger per
        // row: undoing a big import would take hours. A bill is looked for
        // where its recorded day puts it; only one to be added, not found
        // there, is looked for among every id.
        let bills = ledger.bills
        var everyID: (highest: Int64, all: Set<Int64>?)?
        func isAnywhere(_ id: Int64) -> Bool {
            let known = everyID ?? (bills.ids.max() ?? 0, nil)
            everyID = known
            guard id <= known.highest else { return false }
            let all = known.all ?? Set(bills.ids)
            everyID = (known.highest, all)
            return all.contains(id)
        }
        var seenBills = Set<Int64>()
        var seen = Set<RecordIdentity>()
        for row in rows {
            guard let image = row.before ?? row.after else { continue }
            if case .bill(let recorded) = image {
                guard seenBills.insert(recorded.id).inserted else { continue }
                let index = bills.firstIndex { !bills.precedes($0, recorded) }
                let current = index < bills.count && bills.ids[index] == recorded.id ? bills[index] : nil
                switch row.before {
                case .bill(let before)?:
                    if current != before { return image }
                default:
                    // Not where its day puts it, it may be on another day.
                    if current != nil || isAnywhere(recorded.id) { return image }
                }
                continue
            }
            guard image.identity != .settings, seen.insert(image.identity).inserted else { continue }
            if ledger.record(image.identity) != row.before { return image }
        }
        return nil
    }

    /// This change with its settings rows rewritten against `ledger`: only
    /// the choice of current book is replayed, and every other setting keeps
    /// the value it has now.
    public func rebasingSettings(on ledger: Ledger) -> ChangeSet {
        // An import's million rows are not copied for the settings it has none of.
        guard rows.contains(where: { if case .settings? = $0.after { true } else { false } }) else { return self }
        var settings = ledger.settings
        let rebased = rows.map { row -> RowChange in
            guard case .settings(let wanted)? = row.after else { return row }
            var next = settings
            next.currentBookID = wanted.currentBookID
            defer { settings = next }
            return RowChange(before: .settings(settings), after: .settings(next))
        }
        return ChangeSet(summary: phrase, rows: rebased, undoable: undoable)
    }
}

extension ChangeSet {
    /// This change with every book and category it recorded before accounts
    /// were kept given the account that row has now: a replayed change keeps
    /// the account exports name the row by, and finds the row unchanged. A
    /// row the ledger no longer has comes back without one, and is given one
    /// as it is exported (`Ledger.exportAccounts`).
    public func keepingAccounts(of ledger: Ledger) -> ChangeSet {
        guard rows.contains(where: { $0.before.map(Ledger.lacksAccount) == true || $0.after.map(Ledger.lacksAccount) == true }) else {
            return self
        }
        return ChangeSet(
            summary: phrase,
            rows: rows.map { RowChange(before: $0.before.map(ledger.withAccount), after: $0.after.map(ledger.withAccount)) },
            undoable: undoable)
    }
}

extension Ledger {
    /// A book or category recorded before accounts were kept.
    fileprivate static func lacksAccount(_ record: Record) -> Bool {
        switch record {
        case .book(let book): return book.account == nil
        case .category(let category): return category.account == nil
        default: return false
        }
    }

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
