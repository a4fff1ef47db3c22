/// The schema, one migration per version: migration N takes a file from
/// user_version N-1 to N. A released migration is never edited; a change to the
/// schema is a new migration at the end.
private let migrations: [StaticString] = [
    """
    CREATE TABLE books (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        currency TEXT NOT NULL,
        icon TEXT NOT NULL,
        position INTEGER NOT NULL
    );
    CREATE TABLE categories (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
        icon TEXT NOT NULL,
        aliases TEXT NOT NULL,
        position INTEGER NOT NULL,
        archived INTEGER NOT NULL CHECK (archived IN (0, 1))
    );
    -- AUTOINCREMENT keeps the highest id ever given in sqlite_sequence, so the
    -- id of a deleted bill is never given to another.
    CREATE TABLE bills (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        book_id INTEGER NOT NULL REFERENCES books (id),
        category_id INTEGER NOT NULL REFERENCES categories (id),
        amount INTEGER NOT NULL CHECK (amount > 0),
        day INTEGER NOT NULL,
        remark TEXT NOT NULL,
        place TEXT,
        tags TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX bills_by_day ON bills (day, id);
    -- Also what SQLite searches to check a book or category being deleted.
    CREATE INDEX bills_by_book ON bills (book_id);
    CREATE INDEX bills_by_category ON bills (category_id);
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE journal (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        summary TEXT NOT NULL,
        rows TEXT NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        created_at INTEGER NOT NULL
    );
    """,
    """
    -- Keyed by the name in lower case, since names are unique ignoring case.
    CREATE TABLE saved_queries (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        statement TEXT NOT NULL
    );
    """,
]

extension Connection {
    /// Brings the schema up to date, each migration in its own transaction.
    func migrate() throws(StoreError) {
        let found = try userVersion()
        guard found <= migrations.count else {
            throw .cannotOpen(doing: "reading the schema", "written by a newer Tally (schema version \(found))")
        }
        for (index, sql) in migrations.enumerated() where index >= found {
            try transaction { () throws(StoreError) in
                // Asked again inside the transaction: another process may have just migrated.
                guard try userVersion() == index else { return }
                try exec(sql)
                try setUserVersion(index + 1)
            }
        }
    }
}
