// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

// The undo history, kept in the file so that undo and redo outlive the process.
//
// Several sessions may write one ledger at once, so each entry says which
// session made it. A session may take back its own changes, and those that
// were in the history before it began (its horizon); never a change another
// session made while it was running. Undoing or redoing an entry moves it to
// a new id, so ids order entries by when they were last acted on: undo takes
// the newest entry not undone, redo the newest undone.

/// One change in the history, as `undo` or `redo` would replay it.
public struct JournalEntry: Sendable {
    let id: Int64
    public let change: ChangeSet
    /// The statement that made the change, as typed.
    public let statement: String
    /// Whether the session asking made it (or last undid or redid it).
    public let isOwn: Bool
}

/// Who is asking the journal: a session, and the newest entry it found when it began.
struct JournalReader {
    let session: String
    let horizon: Int64
}

extension Connection {
    func appendToJournal(_ change: ChangeSet, statement: String, by reader: JournalReader) throws(StoreError) {
        // A new change starts a new branch of this session's history: what it
        // could redo can no longer be redone.
        try run("DELETE FROM journal WHERE undone = 1 AND (session = ? OR id <= ?)", reader.session, reader.horizon)
        try run(
            "INSERT INTO journal (summary, rows, created_at, session, statement) VALUES (?, ?, unixepoch(), ?, ?)",
            change.summary, try encode(change.rows), reader.session, statement)
    }

    /// The entry `undo` takes back, or nil when this session has none.
    func entryToUndo(for reader: JournalReader) throws(StoreError) -> JournalEntry? {
        try newestEntry(undone: false, for: reader)
    }

    /// The entry `redo` brings back: the one this session undid last.
    func entryToRedo(for reader: JournalReader) throws(StoreError) -> JournalEntry? {
        try newestEntry(undone: true, for: reader)
    }

    /// Marks `entry` undone or not, and makes it this session's newest.
    func markJournalEntry(_ entry: JournalEntry, undone: Bool, by reader: JournalReader) throws(StoreError) {
        try run(
            """
            INSERT INTO journal (summary, rows, undone, created_at, session, statement)
            SELECT summary, rows, ?, created_at, ?, statement FROM journal WHERE id = ?
            """,
            undone, reader.session, entry.id)
        try run("DELETE FROM journal WHERE id = ?", entry.id)
    }

    /// The id of the newest entry: a session begun now can take back everything up to it.
    func newestJournalID() throws(StoreError) -> Int64 {
        try integer("SELECT coalesce(max(id), 0) FROM journal") ?? 0
    }

    private func newestEntry(undone: Bool, for reader: JournalReader) throws(StoreError) -> JournalEntry? {
        var entry: JournalEntry?
        try forEachRow(
            """
            SELECT id, summary, rows, statement, session = ? FROM journal
            WHERE undone = ? AND (session = ? OR id <= ?) ORDER BY id DESC LIMIT 1
            """,
            reader.session, undone, reader.session, reader.horizon
        ) { row throws(StoreError) in
            let rows: [RowChange]
            do {
                rows = try JSONDecoder().decode([RowChange].self, from: Data(row.text(2).utf8))
            } catch {
                throw .corrupt(doing: "reading the undo history", "\(error)")
            }
            entry = JournalEntry(
                id: row.int64(0), change: ChangeSet(summary: row.text(1), rows: rows), statement: row.text(3),
                isOwn: row.int64(4) != 0)
        }
        return entry
    }

    private func encode(_ rows: [RowChange]) throws(StoreError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        } catch {
            throw .corrupt(doing: "recording a change for undo", "\(error)")
        }
    }
}
