import TallyCore

// Where an undone import's bills and sources wait for redo: as rows beside
// the ledger's own, moved by SQLite from one table to the other, not as a
// million records written into the history and read back.

extension Connection {
    /// Moves a run the history names out of the ledger (`out`) or back into it.
    /// The run was found in this transaction as the history recorded it.
    /// Moved back, a bill naming a book, category or account gone meanwhile
    /// is refused as a constraint.
    func move(_ rows: HeldRun.Rows, out: Bool) throws(StoreError) {
        let moves = out ? Connection.movesOut : Connection.movesBack
        switch rows {
        case .bills(let ids):
            try run(moves.bills.copy, ids.lowerBound, ids.upperBound)
            try run(moves.bills.delete, ids.lowerBound, ids.upperBound)
            try expectMoved(ids.count, RecordIdentity.label(ofBill: ids.lowerBound))
        case .sources(let batch):
            try run(moves.sources.copy, batch)
            try run(moves.sources.delete, batch)
            try expectMoved(1, RecordIdentity.label(ofSources: batch))
        }
    }

    private typealias Move = (copy: StaticString, delete: StaticString)

    private static let movesOut: (bills: Move, sources: Move) = (
        (
            """
            INSERT INTO undone_bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id)
            SELECT id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id
            FROM bills WHERE id BETWEEN ? AND ?
            """,
            "DELETE FROM bills WHERE id BETWEEN ? AND ?"
        ),
        (
            "INSERT INTO undone_import_sources (batch, sources) SELECT batch, sources FROM import_sources WHERE batch = ?",
            "DELETE FROM import_sources WHERE batch = ?"
        )
    )

    private static let movesBack: (bills: Move, sources: Move) = (
        (
            """
            INSERT INTO bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id)
            SELECT id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id
            FROM undone_bills WHERE id BETWEEN ? AND ?
            """,
            "DELETE FROM undone_bills WHERE id BETWEEN ? AND ?"
        ),
        (
            "INSERT INTO import_sources (batch, sources) SELECT batch, sources FROM undone_import_sources WHERE batch = ?",
            "DELETE FROM undone_import_sources WHERE batch = ?"
        )
    )

    /// The rows just deleted were as many as were checked: anything else is a writer SQLite did not stop.
    private func expectMoved(_ count: Int, _ label: String) throws(StoreError) {
        guard changedRows() == Int64(count) else { throw .changedMeanwhile(label) }
    }

    /// Deletes what undo moved aside for the undone entries that a new change
    /// by `session` drops (its own, and those from before `horizon`): no
    /// redo can bring it back then.
    func forgetUndoneRows(droppedBy session: String, horizon: Int64) throws(StoreError) {
        let anyAside = try integer("SELECT EXISTS (SELECT 1 FROM undone_bills) OR EXISTS (SELECT 1 FROM undone_import_sources)") ?? 0
        guard anyAside != 0 else { return }
        var dropped: [String] = []
        try forEachRow(
            """
            SELECT rows FROM journal
            WHERE undone = 1 AND (session = ? OR id <= ?) AND instr(rows, '{"held') > 0
            """, session, horizon
        ) { row in dropped.append(row.text(0)) }
        for text in dropped {
            // A history entry too damaged to read names nothing to delete: its rows
            // stay aside, unreachable, rather than every later change failing on it.
            guard let pieces = try? JournalCoding.decode(text) else { continue }
            for piece in pieces {
                switch piece {
                case .row: continue
                case .heldBills(let first, let digests):
                    let (last, past) = first.addingReportingOverflow(Int64(digests.count) - 1)
                    guard !digests.isEmpty, !past else { continue }
                    try run("DELETE FROM undone_bills WHERE id BETWEEN ? AND ?", first, last)
                case .heldSources(let batch, _):
                    try run("DELETE FROM undone_import_sources WHERE batch = ?", batch)
                }
            }
        }
    }
}
