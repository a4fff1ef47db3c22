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
