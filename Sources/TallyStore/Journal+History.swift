import TallyCore

/// A change in the undo history as `changes` lists it: what it did, when and
/// by which statement, read without its rows (an import's run to tens of MB).
public struct HistoryEntry: Sendable, Equatable {
    let id: Int64
    /// What the change did, in words, to show in the reader's language.
    public let phrase: Phrase
    /// The statement that made the change, as typed.
    public let statement: String
    /// Seconds since 1970 when the change was first made.
    public let madeAt: Int64
    /// Whether this session made it, or last undid or redid it.
    public let isOwn: Bool
    public let undone: Bool
    /// How many steps back `undo` (for a change undone, `redo`) reaches it
    /// from here, 1 being the next; nil when this session may not.
    public let step: Int?

    /// What the change did, in English, as the history stores it.
    public var summary: String { phrase.english }
}

extension Connection {
    /// The newest `limit` entries, newest first, each numbered as undo or redo would reach it.
    func journalHistory(limit: Int, for reader: JournalReader) throws(StoreError) -> [HistoryEntry] {
        let ownOnly = (undo: try othersSince(undone: false, for: reader), redo: try othersSince(undone: true, for: reader))
        var reached = (undo: 0, redo: 0)
        var entries: [HistoryEntry] = []
        try forEachRow(
            "SELECT id, summary, statement, created_at, session = ?, undone, phrase FROM journal ORDER BY id DESC LIMIT ?",
            reader.session, limit
        ) { row in
            let isOwn = row.int64(4) != 0
            let undone = row.int64(5) != 0
            var step: Int?
            if isOwn || !(undone ? ownOnly.redo : ownOnly.undo) {
                if undone { reached.redo += 1 } else { reached.undo += 1 }
                step = undone ? reached.redo : reached.undo
            }
            entries.append(HistoryEntry(
                id: row.int64(0), phrase: JournalPhrase.read(row.optionalText(6), summary: row.text(1)), statement: row.text(2),
                madeAt: row.int64(3), isOwn: isOwn, undone: undone, step: step))
        }
        return entries
    }

    /// The entries `undo` (or, `undone`, `redo`) would take one after
    /// another, at most `count`, in that order; as `choose` picks each.
    func journalSteps(undone: Bool, count: Int, for reader: JournalReader) throws(StoreError) -> [HistoryEntry] {
        let ownOnly = try othersSince(undone: undone, for: reader)
        var entries: [HistoryEntry] = []
        try forEachRow(
            """
            SELECT id, summary, statement, created_at, session = ?, phrase FROM journal
            WHERE undone = ? AND (? = 0 OR session = ?) ORDER BY id DESC LIMIT ?
            """,
            reader.session, undone, ownOnly, reader.session, count
        ) { row in
            entries.append(HistoryEntry(
                id: row.int64(0), phrase: JournalPhrase.read(row.optionalText(5), summary: row.text(1)), statement: row.text(2),
                madeAt: row.int64(3), isOwn: row.int64(4) != 0, undone: undone, step: entries.count + 1))
        }
        return entries
    }

    /// Whether another session has made a change (or, `undone`, undone one)
    /// since this one began that is still so: this session then takes back
    /// only its own, and none from before it began.
    private func othersSince(undone: Bool, for reader: JournalReader) throws(StoreError) -> Bool {
        var found = false
        try forEachRow(
            "SELECT 1 FROM journal WHERE undone = ? AND session != ? AND id > ? LIMIT 1", undone, reader.session, reader.horizon
        ) { _ in found = true }
        return found
    }
}
