import Glibc
import TallyCore

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
    """
    -- Which session made each change, and the statement it ran, so a session
    -- undoes only its own changes and says whose an older one was.
    ALTER TABLE journal ADD COLUMN session TEXT NOT NULL DEFAULT '';
    ALTER TABLE journal ADD COLUMN statement TEXT NOT NULL DEFAULT '';
    """,
    """
    -- A book's monthly budgets: one per expense category, and one (no category) on all its spending.
    CREATE TABLE budgets (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books (id),
        category_id INTEGER REFERENCES categories (id),
        amount INTEGER NOT NULL CHECK (amount > 0)
    );
    CREATE UNIQUE INDEX budgets_by_category ON budgets (book_id, category_id) WHERE category_id IS NOT NULL;
    CREATE UNIQUE INDEX budgets_in_total ON budgets (book_id) WHERE category_id IS NULL;
    """,
    """
    -- Photos on bills. Their bytes are kept once per content, under their SHA-256,
    -- and stay while the undo history may bring a detached photo back.
    CREATE TABLE photo_data (
        sha256 TEXT PRIMARY KEY,
        data BLOB NOT NULL
    );
    CREATE TABLE photos (
        id INTEGER PRIMARY KEY,
        bill_id INTEGER NOT NULL REFERENCES bills (id),
        number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 9),
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL REFERENCES photo_data (sha256),
        added_at INTEGER NOT NULL,
        UNIQUE (bill_id, number)
    );
    """,
    """
    -- What can still be redone, found without reading the whole history:
    -- each new change drops it, and a script may make a hundred thousand.
    CREATE INDEX journal_undone ON journal (id) WHERE undone = 1;
    """,
    """
    -- Import settings under a name, keyed by the name in lower case; the
    -- settings as written, for the language to read.
    CREATE TABLE import_profiles (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        settings TEXT NOT NULL
    );
    -- What fills in an imported row's category and more: a condition and what it sets, as written.
    CREATE TABLE rules (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        text TEXT NOT NULL
    );
    -- The source rows of the bills each import wrote or updated, so
    -- importing a row again adds nothing even after its bill was edited:
    -- for each bill its id, the row's fingerprint and the digest of what the
    -- row said, three little-endian 64-bit integers, packed. One row per
    -- import, as import reads them all: a million imported rows are one
    -- write. A source outlives a deleted bill (bill ids are never given
    -- twice), whose row is then imported again like any new one.
    CREATE TABLE import_sources (
        batch INTEGER PRIMARY KEY,
        sources BLOB NOT NULL
    );
    """,
    """
    -- The account each book and category is exported under, kept once given so
    -- that every export names it alike; NULL until Tally gives it, which it
    -- does to every row this leaves NULL as it brings the ledger up to date.
    ALTER TABLE books ADD COLUMN journal_account TEXT;
    ALTER TABLE books ADD COLUMN beancount_account TEXT;
    ALTER TABLE categories ADD COLUMN journal_account TEXT;
    ALTER TABLE categories ADD COLUMN beancount_account TEXT;
    """,
    """
    -- A refund is an expense below zero, so an amount need only not be zero.
    -- SQLite changes no CHECK in place: the table is made anew, keeping
    -- every bill, and the highest id ever given, so no id is given twice.
    CREATE TABLE bills_with_refunds (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        book_id INTEGER NOT NULL REFERENCES books (id),
        category_id INTEGER NOT NULL REFERENCES categories (id),
        amount INTEGER NOT NULL CHECK (amount <> 0),
        day INTEGER NOT NULL,
        remark TEXT NOT NULL,
        place TEXT,
        tags TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    INSERT INTO bills_with_refunds SELECT id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at FROM bills;
    DELETE FROM sqlite_sequence WHERE name = 'bills_with_refunds';
    INSERT INTO sqlite_sequence (name, seq) SELECT 'bills_with_refunds', seq FROM sqlite_sequence WHERE name = 'bills';
    DROP TABLE bills;
    ALTER TABLE bills_with_refunds RENAME TO bills;
    CREATE INDEX bills_by_day ON bills (day, id);
    CREATE INDEX bills_by_book ON bills (book_id);
    CREATE INDEX bills_by_category ON bills (category_id);
    """,
    """
    -- The names a saved statement's values are given for, one a line, in
    -- order; a statement saved before it could take any has none.
    ALTER TABLE saved_queries ADD COLUMN parameters TEXT NOT NULL DEFAULT '';
    """,
    """
    -- Bills that come on a schedule: the bill's fields as a bill holds them,
    -- then when it falls. unit is day, weekday (days but Saturday and
    -- Sunday), week, month or year, every "every" of them; day is the ISO
    -- weekday of a week (NULL: the first day of the week) or the day of the
    -- month of a month or year (0: its last), month a year's month. Days are
    -- yyyymmdd, as the bills'.
    CREATE TABLE recurring (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books (id),
        category_id INTEGER NOT NULL REFERENCES categories (id),
        amount INTEGER NOT NULL CHECK (amount <> 0),
        remark TEXT NOT NULL,
        place TEXT,
        tags TEXT NOT NULL,
        unit TEXT NOT NULL CHECK (unit IN ('day', 'weekday', 'week', 'month', 'year')),
        every INTEGER NOT NULL CHECK (every >= 1),
        month INTEGER CHECK (month BETWEEN 1 AND 12),
        day INTEGER CHECK (day BETWEEN 0 AND 31),
        start INTEGER NOT NULL,
        until INTEGER,
        times INTEGER CHECK (times >= 1),
        asks INTEGER NOT NULL,
        paused_on INTEGER,
        last_handled INTEGER,
        created_at INTEGER NOT NULL
    );
    -- Each day of a recurring bill seen to: the bill posted for it, or NULL
    -- when it was skipped. The key makes a day posted twice impossible,
    -- whatever sessions post at once. A posted bill deleted since leaves its
    -- day here, so it is not posted again.
    CREATE TABLE occurrences (
        rule_id INTEGER NOT NULL REFERENCES recurring (id),
        day INTEGER NOT NULL,
        bill_id INTEGER,
        PRIMARY KEY (rule_id, day)
    ) WITHOUT ROWID;
    """,
    """
    -- What one unit of a currency is worth in another from a day on: the
    -- rate is units at scale decimals (7.12 is 712 at 2), kept exactly.
    CREATE TABLE rates (
        id INTEGER PRIMARY KEY,
        base TEXT NOT NULL,
        quote TEXT NOT NULL CHECK (quote <> base),
        day INTEGER NOT NULL,
        units INTEGER NOT NULL CHECK (units > 0),
        scale INTEGER NOT NULL CHECK (scale BETWEEN 0 AND 18),
        UNIQUE (base, quote, day)
    );
    """,
    """
    -- Where a book's money is. Every book has an account; its first, by id,
    -- holds the bills whose account_id is NULL, as every bill written before
    -- accounts were kept is. opening is what it held at the start of
    -- opening_day (NULL: from the start), in the book's minor units.
    CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books (id),
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('cash', 'bank', 'credit', 'wallet', 'other')),
        icon TEXT NOT NULL,
        opening INTEGER NOT NULL,
        opening_day INTEGER,
        archived INTEGER NOT NULL CHECK (archived IN (0, 1)),
        position INTEGER NOT NULL
    );
    INSERT INTO accounts (book_id, name, kind, icon, opening, opening_day, archived, position)
        SELECT id, 'cash', 'cash', '💵', 0, NULL, 0, 0 FROM books ORDER BY id;
    ALTER TABLE bills ADD COLUMN account_id INTEGER REFERENCES accounts (id);
    ALTER TABLE recurring ADD COLUMN account_id INTEGER REFERENCES accounts (id);
    -- Money moved between two accounts, each amount in its own book's minor units.
    CREATE TABLE transfers (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        from_account INTEGER NOT NULL REFERENCES accounts (id),
        from_amount INTEGER NOT NULL CHECK (from_amount > 0),
        to_account INTEGER NOT NULL REFERENCES accounts (id) CHECK (to_account <> from_account),
        to_amount INTEGER NOT NULL CHECK (to_amount > 0),
        remark TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    -- An account's balance agreed with its statement at the end of day.
    CREATE TABLE reconciliations (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        day INTEGER NOT NULL,
        balance INTEGER NOT NULL,
        created_at INTEGER NOT NULL
    );
    """,
    """
    -- A new random number whenever any program changes a bill, in the same
    -- transaction: a copy of the bills kept outside the file is trusted only
    -- while the number it was made at is still the file's.
    CREATE TABLE bills_generation (value INTEGER NOT NULL);
    INSERT INTO bills_generation (value) VALUES (random());
    CREATE TRIGGER bills_inserted AFTER INSERT ON bills BEGIN UPDATE bills_generation SET value = random(); END;
    CREATE TRIGGER bills_updated AFTER UPDATE ON bills BEGIN UPDATE bills_generation SET value = random(); END;
    CREATE TRIGGER bills_deleted AFTER DELETE ON bills BEGIN UPDATE bills_generation SET value = random(); END;
    """,
    """
    -- Only SQLite's check of a book or category being deleted searched these,
    -- which a scan of the bills does as well, as it does for an account: they
    -- were a fifth of a million bills' file. The import sources are packed
    -- anew, smaller, by `packImportSourcesAnew`, as SQL cannot.
    DROP INDEX bills_by_book;
    DROP INDEX bills_by_category;
    """,
    """
    -- The bills and sources of an import undone, moved here out of the
    -- ledger for redo to move back, where the history names them
    -- (`HeldRows`) instead of keeping them whole: no reference to a book or
    -- category, which may go meanwhile, and no index but the id.
    CREATE TABLE undone_bills (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL,
        category_id INTEGER NOT NULL,
        amount INTEGER NOT NULL,
        day INTEGER NOT NULL,
        remark TEXT NOT NULL,
        place TEXT,
        tags TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        account_id INTEGER
    );
    CREATE TABLE undone_import_sources (
        batch INTEGER PRIMARY KEY,
        sources BLOB NOT NULL
    );
    """,
    """
    -- What each change did as a phrase, told in the reader's language when
    -- shown: its template and values (`JournalPhrase`). summary keeps the
    -- English, for every reader of the history; NULL here, as for every
    -- change made before, shows that English as it is.
    ALTER TABLE journal ADD COLUMN phrase TEXT;
    """,
]

/// The first schema version whose import sources are packed as `ImportSourcePacking` packs them now.
private let deltaPackedSources = 15

/// `PRAGMA application_id` of a Tally ledger: "Taly" in ASCII, in the file's
/// header, so Tally knows its own files from other programs' databases.
let tallyApplicationID: Int32 = 0x5461_6C79

/// What a file holds, read without changing a byte of it.
enum FileContents: Equatable {
    /// No schema at all: a new ledger to make.
    case empty
    /// A Tally ledger at this schema version.
    case ledger(version: Int)
    /// Tally's schema exactly, from before ledgers were marked as Tally's.
    case unmarkedLedger(version: Int)
    /// Another program's database; the words say why.
    case foreign(String)
    /// Marked as Tally's, with a schema the migrations did not make: a
    /// trigger or view there would run inside every change.
    case altered(String)
}

extension Connection {
    /// Reads what the file holds, from one snapshot of it, without writing to it.
    func contents() throws(StoreError) -> FileContents {
        try transaction(.deferred) { () throws(StoreError) -> FileContents in try readContents() }
    }

    /// Makes the file a Tally ledger at the current schema version, marked as
    /// Tally's, and gives it whatever part of `seed` it lacks. Run on a file
    /// whose `contents()` were `empty`, `ledger` or `unmarkedLedger`.
    func migrate(seed: Seed) throws(StoreError) {
        // Marked first, while the file is still empty: a file with SQLite's
        // header and no schema is then known to be a ledger Tally began to
        // make, never another program's empty database.
        try transaction { () throws(StoreError) in
            if try readContents() == .empty { try setApplicationID(tallyApplicationID) }
        }
        try useWriteAheadLog()
        try transaction { () throws(StoreError) in
            // Read again under the lock: another process may have made or migrated the file since.
            let start: Int
            switch try readContents() {
            case .foreign(let why): throw .notALedger(why)
            case .altered(let why): throw .alteredSchema(why)
            case .empty: start = 0
            case .ledger(let version), .unmarkedLedger(let version): start = version
            }
            guard start <= migrations.count else { throw .newerSchema(start) }
            for sql in migrations.dropFirst(start) {
                try exec(sql)
            }
            if start < deltaPackedSources { try packImportSourcesAnew() }
            if start < migrations.count {
                try setUserVersion(migrations.count)
                // A migration may change what the bills hold without a trigger seeing it.
                try exec("UPDATE bills_generation SET value = random()")
            }
            if try applicationID() != tallyApplicationID { try setApplicationID(tallyApplicationID) }
            try self.seed(with: seed)
            try giveAccounts()
            try giveFirstAccounts()
        }
    }

    /// Each import's sources, packed as before schema version 15, packed as now.
    private func packImportSourcesAnew() throws(StoreError) {
        var repacked: [(Int64, [UInt8])] = []
        try forEachRow("SELECT batch, sources FROM import_sources ORDER BY batch") { row throws(StoreError) in
            guard let sources = ImportSourcePacking.unpackFixedWidth(row.blob(1)) else {
                throw .corrupt(
                    doing: Translation.translated("bringing the ledger up to date"), Translation.translated("import %d's sources are not whole", row.int64(0)))
            }
            repacked.append((row.int64(0), ImportSourcePacking.pack(sources)))
        }
        for (batch, packed) in repacked {
            try run("UPDATE import_sources SET sources = ? WHERE batch = ?", packed, batch)
        }
    }

    private func readContents() throws(StoreError) -> FileContents {
        let id = try applicationID()
        let version = try userVersion()
        let schema = try self.schema()
        if id == tallyApplicationID {
            guard version >= 0 else { return .foreign(Translation.translated("a ledger whose schema version %d no Tally writes", version)) }
            guard version <= migrations.count else { return .ledger(version: version) }
            if let difference = SchemaDifference(found: schema, made: try Connection.tallySchema(at: version)) {
                return .altered(difference.description)
            }
            return .ledger(version: version)
        }
        if id != 0 {
            return .foreign(Translation.translated("another program's file, application id %d", id))
        }
        if schema.isEmpty && version == 0 {
            return .empty
        }
        if (1...migrations.count).contains(version), try schema == Connection.tallySchema(at: version) {
            return .unmarkedLedger(version: version)
        }
        return .foreign(Translation.translated("another program's database"))
    }

    /// Switches the file to a write-ahead log, which lets one Tally read while
    /// another writes. The switch needs the file to itself: another Tally
    /// opening the same new ledger at this moment is waited for.
    private func useWriteAheadLog() throws(StoreError) {
        var waited = 0
        while true {
            do throws(StoreError) {
                let mode = try text("PRAGMA journal_mode = WAL")
                guard mode == "wal" else {
                    throw .cannotOpen(doing: Translation.translated("setting up the ledger"), Translation.translated("its file system cannot keep a write-ahead log"))
                }
                return
            } catch where error.reason == .busy && waited < StoreError.busyWaitSeconds * 1000 {
                usleep(20_000)
                waited += 20
            }
        }
    }

    /// Every table, index and trigger, as SQLite keeps their definitions;
    /// statistics that ANALYZE may have left are not part of the schema.
    private func schema() throws(StoreError) -> Set<[String]> {
        var entries = Set<[String]>()
        try forEachRow("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master WHERE NOT (type = 'table' AND name GLOB 'sqlite_stat[1-4]')") {
            row in entries.insert([row.text(0), row.text(1), row.text(2), row.text(3)])
        }
        return entries
    }

    /// The schema a Tally ledger has at `version`, made in memory by the
    /// migrations themselves; the current one once per process.
    private static func tallySchema(at version: Int) throws(StoreError) -> Set<[String]> {
        if version == migrations.count, let current = currentSchema { return current }
        return try madeSchema(at: version)
    }

    private static let currentSchema: Set<[String]>? = try? madeSchema(at: migrations.count)

    private static func madeSchema(at version: Int) throws(StoreError) -> Set<[String]> {
        let scratch = try Connection(path: ":memory:")
        try scratch.createSchema(upTo: version)
        return try scratch.schema()
    }

    /// Runs the first `version` migrations on an empty database: the schema
    /// as the Tally of that version made it, before ledgers were marked.
    func createSchema(upTo version: Int) throws(StoreError) {
        for sql in migrations.prefix(version) {
            try exec(sql)
        }
        try setUserVersion(version)
    }

    /// The schema version of this Tally.
    static var currentVersion: Int { migrations.count }
}

/// How a file's schema differs from the one Tally's migrations make, told
/// by its first difference: what is there that Tally did not make, else what
/// is missing.
struct SchemaDifference: CustomStringConvertible {
    let description: String

    /// Nil when `found` is exactly `made`. Entries are SQLite's rows of
    /// (type, name, table, definition).
    init?(found: Set<[String]>, made: Set<[String]>) {
        guard found != made else { return nil }
        let madeNames = Set(made.map { $0[1] })
        if let extra = found.subtracting(made).min(by: { $0[1] < $1[1] }) {
            description = SchemaDifference.words(madeNames.contains(extra[1]) ? .altered : .extra, type: extra[0], name: extra[1])
        } else {
            let missing = made.subtracting(found).min { $0[1] < $1[1] }!
            description = SchemaDifference.words(.missing, type: missing[0], name: missing[1])
        }
    }

    private enum Kind {
        /// Made by Tally, then changed.
        case altered
        /// Never made by Tally.
        case extra
        case missing
    }

    /// The difference in a sentence each, for each of the types SQLite keeps in its schema.
    private static func words(_ kind: Kind, type: String, name: String) -> String {
        switch (kind, type) {
        case (.altered, "table"): Translation.translated("a table '%s' that is not as Tally made it", name)
        case (.altered, "index"): Translation.translated("an index '%s' that is not as Tally made it", name)
        case (.altered, "trigger"): Translation.translated("a trigger '%s' that is not as Tally made it", name)
        case (.altered, "view"): Translation.translated("a view '%s' that is not as Tally made it", name)
        case (.extra, "table"): Translation.translated("a table '%s' that Tally did not make", name)
        case (.extra, "index"): Translation.translated("an index '%s' that Tally did not make", name)
        case (.extra, "trigger"): Translation.translated("a trigger '%s' that Tally did not make", name)
        case (.extra, "view"): Translation.translated("a view '%s' that Tally did not make", name)
        case (.missing, "table"): Translation.translated("no table '%s'", name)
        case (.missing, "index"): Translation.translated("no index '%s'", name)
        case (.missing, "trigger"): Translation.translated("no trigger '%s'", name)
        case (.missing, "view"): Translation.translated("no view '%s'", name)
        // sqlite_master holds no other types; a later SQLite's new one is named by its name alone.
        case (.altered, _): Translation.translated("a schema entry '%s' that is not as Tally made it", name)
        case (.extra, _): Translation.translated("a schema entry '%s' that Tally did not make", name)
        case (.missing, _): Translation.translated("no schema entry '%s'", name)
        }
    }
}
