import TallyCore

// The undo history, kept in the file so that undo and redo outlive the process.
//
// Several sessions may write one ledger at once, so each entry says which
// session made it. Undoing or redoing an entry moves it to a new id, so ids
// order entries by when they were last acted on. Undo takes the newest entry
// not undone when this session made it or it was already there when the
// session began (a new session may take back an earlier one's work, and says
// so); otherwise, when another session has written since, this session's own
// newest. A change another session made while this one was running is never
// taken back from here. Redo is the same over the entries undone.

/// One change in the history, as `undo` or `redo` would replay it.
public struct JournalEntry: Sendable {
    let id: Int64
    public let change: ChangeSet
    /// The statement that made the change, as typed.
    public let statement: String
    /// Whether the session asking made it (or last undid or redid it).
    public let isOwn: Bool
    /// The first row the history names (`HeldRows`) that the file no longer holds as the change left it.
    let stale: StaleRow?
    /// The runs of rows the history names instead of keeping them whole,
    /// found unchanged in this transaction; `change` holds the rest.
    let held: [HeldRun]

    /// Whether replaying it moves rows that `change` does not hold: a model
    /// of the ledger cannot take it on from `change`, and is read again.
    public var movedRows: Bool { !held.isEmpty }
}

/// What the journal offers a session to undo or redo.
enum JournalChoice {
    case entry(JournalEntry)
    case none
    /// Nothing of this session's; the newest entry, of that summary, is another session's, made since this one began.
    case othersOnly(summary: Phrase)
}

/// Who is asking the journal: a session, and the newest entry it found when it began.
struct JournalReader {
    let session: String
    let horizon: Int64
}

extension Connection {
    /// `encodedRows` are the change's rows as `JournalCoding` writes them.
    func appendToJournal(
        summary: Phrase, encodedRows: [UInt8], statement: String, at time: Int64, by reader: JournalReader
    ) throws(StoreError) {
        // A new change starts a new branch of this session's history: what it
        // could redo can no longer be redone. Another session's undone work,
        // done since this one began, is theirs to redo.
        try forgetUndoneRows(droppedBy: reader.session, horizon: reader.horizon)
        try run("DELETE FROM journal WHERE undone = 1 AND (session = ? OR id <= ?)", reader.session, reader.horizon)
        if changedRows() > 0 { try forgetUnusedPhotoData() }
        try run(
            "INSERT INTO journal (summary, phrase, created_at, session, statement, rows) VALUES (?, ?, ?, ?, ?, ?)",
            summary.english, JournalPhrase.stored(summary), time, reader.session, statement, text: encodedRows)
    }

    /// Drops the bytes of photos no bill shows and no change could bring
    /// back: an attach undone and then branched away from. Bytes a detach or
    /// a deleted bill left behind stay, for as long as undo could need them.
    private func forgetUnusedPhotoData() throws(StoreError) {
        try run(
            """
            DELETE FROM photo_data
            WHERE sha256 NOT IN (SELECT sha256 FROM photos)
              AND NOT EXISTS (SELECT 1 FROM journal WHERE instr(journal.rows, photo_data.sha256) > 0)
            """)
    }

    /// The entry `undo` takes back.
    func entryToUndo(for reader: JournalReader) throws(StoreError) -> JournalChoice {
        try choose(undone: false, for: reader)
    }

    /// The entry `redo` brings back.
    func entryToRedo(for reader: JournalReader) throws(StoreError) -> JournalChoice {
        try choose(undone: true, for: reader)
    }

    /// Marks `entry` undone or not, and makes it this session's newest;
    /// with `rows`, as it is to be kept from now on.
    func markJournalEntry(_ entry: JournalEntry, undone: Bool, rows: [UInt8]?, by reader: JournalReader) throws(StoreError) {
        if let rows {
            try run(
                """
                INSERT INTO journal (summary, phrase, undone, created_at, session, statement, rows)
                SELECT summary, phrase, ?1, created_at, ?2, statement, ?4 FROM journal WHERE id = ?3
                """,
                undone, reader.session, entry.id, text: rows)
        } else {
            try run(
                """
                INSERT INTO journal (summary, phrase, rows, undone, created_at, session, statement)
                SELECT summary, phrase, rows, ?, created_at, ?, statement FROM journal WHERE id = ?
                """,
                undone, reader.session, entry.id)
        }
        try run("DELETE FROM journal WHERE id = ?", entry.id)
    }

    /// The id of the newest entry: a session begun now can take back everything up to it.
    func newestJournalID() throws(StoreError) -> Int64 {
        try integer("SELECT coalesce(max(id), 0) FROM journal") ?? 0
    }

    private func choose(undone: Bool, for reader: JournalReader) throws(StoreError) -> JournalChoice {
        guard let newest = try newestEntry(undone: undone, ownOnly: false, for: reader) else { return .none }
        if newest.isOwn || newest.id <= reader.horizon { return .entry(try entry(newest.id, isOwn: newest.isOwn, undone: undone)) }
        if let own = try newestEntry(undone: undone, ownOnly: true, for: reader) { return .entry(try entry(own.id, isOwn: true, undone: undone)) }
        return .othersOnly(summary: newest.summary)
    }

    /// The newest entry's id, without its rows: only the entry chosen is
    /// read whole, and its named rows read back from the file.
    private func newestEntry(
        undone: Bool, ownOnly: Bool, for reader: JournalReader
    ) throws(StoreError) -> (id: Int64, isOwn: Bool, summary: Phrase)? {
        var newest: (id: Int64, isOwn: Bool, summary: Phrase)?
        try forEachRow(
            """
            SELECT id, session = ?, summary, phrase FROM journal
            WHERE undone = ? AND (? = 0 OR session = ?) ORDER BY id DESC LIMIT 1
            """,
            reader.session, undone, ownOnly, reader.session
        ) { row in newest = (row.int64(0), row.int64(1) != 0, JournalPhrase.read(row.optionalText(3), summary: row.text(2))) }
        return newest
    }

    private func entry(_ id: Int64, isOwn: Bool, undone: Bool) throws(StoreError) -> JournalEntry {
        var found: (summary: Phrase, pieces: [JournalPiece], statement: String)?
        try forEachRow("SELECT summary, rows, statement, phrase FROM journal WHERE id = ?", id) { row throws(StoreError) in
            found = (JournalPhrase.read(row.optionalText(3), summary: row.text(0)), try JournalCoding.decode(row.text(1)), row.text(2))
        }
        guard let found else { throw .corrupt(doing: Translation.translated("reading the undo history"), Translation.translated("entry %d went missing while read", id)) }
        // Named rows are read once the journal's statement is done with.
        let resolved = try resolve(found.pieces, undone: undone)
        return JournalEntry(
            id: id, change: ChangeSet(summary: found.summary, rows: resolved.rows), statement: found.statement,
            isOwn: isOwn, stale: resolved.stale, held: resolved.held)
    }
}
