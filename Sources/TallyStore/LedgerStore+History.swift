import TallyCore

extension LedgerStore {
    /// The newest `limit` changes of the undo history, newest first, each
    /// with the step at which this session's undo or redo would reach it.
    public func history(limit: Int) throws(StoreError) -> [HistoryEntry] {
        try reading { () throws(StoreError) -> [HistoryEntry] in try connection.journalHistory(limit: limit, for: journal) }
    }

    /// The changes `undo N` (or `redo N`) would take, `count` at most, in the
    /// order it would take them; fewer when there are not so many.
    public func nextSteps(undo: Bool, count: Int) throws(StoreError) -> [HistoryEntry] {
        try reading { () throws(StoreError) -> [HistoryEntry] in
            try connection.journalSteps(undone: !undo, count: count, for: journal)
        }
    }

    /// `body` on one snapshot of the file: its own, or the one the write lock holds.
    private func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if isChanging || isGathering { return try body() }
        return try connection.transaction(.deferred, body)
    }
}
