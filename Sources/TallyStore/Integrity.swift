/// What a whole check of the ledger found: SQLite's `integrity_check` (every
/// page, every index against its table, every constraint) and its foreign
/// key check, over one snapshot of the file.
public struct IntegrityCheck: Sendable, Equatable {
    /// What is wrong, a line each; empty when the ledger is sound.
    public let problems: [String]
    /// The pages read: the file's size in SQLite's pages.
    public let pages: Int
    /// When the check ran, in seconds since 1970.
    public let at: Int64

    public var isSound: Bool { problems.isEmpty }
}

/// The outcome of the latest whole check, kept in the ledger itself, so a
/// later session knows a large ledger was found damaged without reading all
/// of it again.
public struct RememberedCheck: Sendable, Equatable {
    public let at: Int64
    /// The first problem found, or nil when the ledger was sound.
    public let problem: String?

    init(_ check: IntegrityCheck) {
        at = check.at
        problem = check.problems.first
    }

    init?(stored: String) {
        let parts = stored.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let at = Int64(parts[1]) else { return nil }
        switch parts[0] {
        case "ok" where parts.count == 2: (self.at, problem) = (at, nil)
        case "damaged" where parts.count == 3: (self.at, problem) = (at, String(parts[2]))
        default: return nil
        }
    }

    var stored: String {
        problem.map { "damaged \(at) \($0)" } ?? "ok \(at)"
    }
}

extension Connection {
    /// Ledgers of at most this many pages (2 MiB, about ten thousand bills)
    /// are checked whole before a session's first change, in some 25 ms at
    /// the most; a larger one's check would cost more than the change, and
    /// is left to `check`, `tally --check` and the REPL's
    /// pass in the background.
    static let pagesCheckedBeforeChanging = 512

    func pageCount() throws(StoreError) -> Int {
        Int(try integer("PRAGMA page_count") ?? 0)
    }

    /// Runs the whole check, in one snapshot: the caller's transaction, else
    /// one of its own. Its cost grows with the file (about two seconds for a
    /// million bills).
    func wholeCheck(at now: Int64) throws(StoreError) -> IntegrityCheck {
        guard isInTransaction else {
            return try transaction(.deferred) { () throws(StoreError) -> IntegrityCheck in try wholeCheck(at: now) }
        }
        var problems: [String] = []
        try forEachRow("PRAGMA integrity_check") { row in
            for line in row.text(0).split(separator: "\n") where line != "ok" && !line.hasPrefix("*** in database") {
                problems.append(String(line))
            }
        }
        try forEachRow("PRAGMA foreign_key_check") { row in
            problems.append("\(row.text(0)) row \(row.int64(1)) points at a missing \(row.text(2)) row")
        }
        return IntegrityCheck(problems: problems, pages: try pageCount(), at: now)
    }

    /// Why the bills just read cannot be the whole table, or nil when each
    /// index of the table holds as many rows as were read. The indexes'
    /// entries are counted from their pages' headers, without decoding a row
    /// (a few hundredths of a second for a million bills).
    func billIndexDisagreement(rowsRead: Int) -> String? {
        do throws(StoreError) {
            var disagreement: String?
            try forEachRow(
                "SELECT name, ncell FROM dbstat('main', 1) WHERE name IN ('bills_by_day', 'bills_by_book', 'bills_by_category') ORDER BY name"
            ) { row in
                if disagreement == nil, row.int64(1) != Int64(rowsRead) {
                    disagreement = "its bills index \(row.text(0)) holds \(row.int64(1)) rows, but \(rowsRead) bills were read"
                }
            }
            return disagreement
        } catch {
            return "its bills indexes cannot be read: \(error.message)"
        }
    }

    func rememberedCheck() throws(StoreError) -> RememberedCheck? {
        var stored: String?
        try forEachRow("SELECT value FROM settings WHERE key = 'integrity_check'") { row in stored = row.text(0) }
        return stored.flatMap(RememberedCheck.init(stored:))
    }

    /// Keeps `check` in the file; inside a transaction that holds the write lock.
    func remember(_ check: RememberedCheck) throws(StoreError) {
        try run("INSERT INTO settings (key, value) VALUES ('integrity_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                check.stored)
    }
}
