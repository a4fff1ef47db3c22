import TallyCore

/// The ledger in one SQLite file. It is read whole by `load`, and every change is
/// written in one transaction, together with the undo history, so a change is
/// either all in the file or not at all.
public final class LedgerStore {
    public let path: String
    private let connection: Connection
    /// PRAGMA data_version when last asked; it moves only when another connection commits.
    private var dataVersion: Int64 = 0

    /// Opens the ledger at `path`, brought up to the current schema. A new ledger
    /// is created private to its owner, with its folders, and given `seed`.
    public init(path: String, seed: Seed) throws(StoreError) {
        self.path = path
        try LedgerFile.create(path)
        connection = try Connection(path: path)
        // Another Tally writing at the same moment is waited for, not reported.
        connection.setBusyTimeout(milliseconds: 5000)
        // WAL lets a second Tally read while this one writes. Synchronous stays FULL,
        // the default: a change must survive a power cut once it is confirmed.
        try connection.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")
        try connection.migrate()
        try connection.transaction { () throws(StoreError) in try connection.seed(with: seed) }
        dataVersion = try connection.dataVersion()
    }

    /// Closes the ledger; the store is not used after this.
    public func close() {
        connection.close()
    }

    /// The whole ledger, read from one snapshot of the file.
    public func load() throws(StoreError) -> Ledger {
        try connection.transaction(.deferred) { () throws(StoreError) -> Ledger in
            let books = try connection.books()
            guard !books.isEmpty else { throw .corrupt(doing: "reading books", "the ledger has no book") }
            let ledger = Ledger(
                books: books, categories: try connection.categories(), bills: try connection.bills(),
                settings: try connection.settings(), lastBillID: try connection.lastBillID(),
                savedQueries: try connection.savedQueries())
            dataVersion = try connection.dataVersion()
            return ledger
        }
    }

    /// Writes `change`, and records it for undo when it is undoable. Nothing is
    /// written if any row fails.
    public func commit(_ change: ChangeSet) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            try connection.apply(change.rows)
            if change.undoable {
                try connection.appendToJournal(change)
            }
        }
    }

    /// Takes back the newest change not yet undone, and returns what was applied
    /// to do it (the change inverted), or nil when there is nothing to undo.
    public func undo() throws(StoreError) -> ChangeSet? {
        try connection.transaction { () throws(StoreError) -> ChangeSet? in
            guard let entry = try connection.entryToUndo() else { return nil }
            let inverse = entry.change.inverted
            try connection.apply(inverse.rows)
            try connection.markJournalEntry(entry.id, undone: true)
            return inverse
        }
    }

    /// Applies again the change undone most recently, and returns it, or nil
    /// when there is nothing to redo.
    public func redo() throws(StoreError) -> ChangeSet? {
        try connection.transaction { () throws(StoreError) -> ChangeSet? in
            guard let entry = try connection.entryToRedo() else { return nil }
            try connection.apply(entry.change.rows)
            try connection.markJournalEntry(entry.id, undone: false)
            return entry.change
        }
    }

    /// Whether another process has written to the file since `load` or since
    /// this was last asked: the in-memory ledger is then stale.
    public func hasExternalChanges() -> Bool {
        // When the file can't even be asked, say yes: reloading reports the real error.
        guard let version = try? connection.dataVersion() else { return true }
        defer { dataVersion = version }
        return version != dataVersion
    }
}
