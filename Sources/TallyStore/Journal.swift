// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

// The undo history, kept in the file so that undo and redo outlive the process.
// Entries run oldest to newest; the newest may be marked undone, and those form
// the redo stack.

/// One change in the history.
struct JournalEntry {
    let id: Int64
    let change: ChangeSet
}

extension Connection {
    func appendToJournal(_ change: ChangeSet) throws(StoreError) {
        let rows: Data
        do {
            rows = try JSONEncoder().encode(change.rows)
        } catch {
            throw .corrupt(doing: "recording a change for undo", "\(error)")
        }
        // A new change starts a new branch of history: what was undone can no longer be redone.
        try run("DELETE FROM journal WHERE undone = 1")
        try run(
            "INSERT INTO journal (summary, rows, created_at) VALUES (?, ?, unixepoch())",
            change.summary, String(decoding: rows, as: UTF8.self))
    }

    /// The entry `undo` takes back: the newest one not undone.
    func entryToUndo() throws(StoreError) -> JournalEntry? {
        var entry: JournalEntry?
        try forEachRow("SELECT id, summary, rows FROM journal WHERE undone = 0 ORDER BY id DESC LIMIT 1") {
            row throws(StoreError) in entry = try journalEntry(row)
        }
        return entry
    }

    /// The entry `redo` brings back: the oldest one undone.
    func entryToRedo() throws(StoreError) -> JournalEntry? {
        var entry: JournalEntry?
        try forEachRow("SELECT id, summary, rows FROM journal WHERE undone = 1 ORDER BY id LIMIT 1") {
            row throws(StoreError) in entry = try journalEntry(row)
        }
        return entry
    }

    func markJournalEntry(_ id: Int64, undone: Bool) throws(StoreError) {
        try run("UPDATE journal SET undone = ? WHERE id = ?", undone, id)
    }

    private func journalEntry(_ row: Statement) throws(StoreError) -> JournalEntry {
        let rows: [RowChange]
        do {
            rows = try JSONDecoder().decode([RowChange].self, from: Data(row.text(2).utf8))
        } catch {
            throw .corrupt(doing: "reading the undo history", "\(error)")
        }
        return JournalEntry(id: row.int64(0), change: ChangeSet(summary: row.text(1), rows: rows))
    }
}
