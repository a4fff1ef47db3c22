import Glibc
import TallyCore

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

    /// The first problem, and how many more there are; nil when sound.
    var summary: String? {
        guard let first = problems.first else { return nil }
        return IntegrityFinding.summary(first, more: problems.count - 1)
    }
}

/// The outcome of a whole check, kept for later sessions: a sound one in the
/// ledger itself, damage in a mark beside it (nothing is written into a
/// damaged ledger), so a later session refuses to change a large ledger
/// found damaged without reading all of it again.
public struct RememberedCheck: Sendable, Equatable {
    public let at: Int64
    /// What was found wrong, or nil when the ledger was sound.
    public let problem: String?

    init(_ check: IntegrityCheck) {
        at = check.at
        problem = check.summary
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
    /// one of its own. Its cost grows with the file (about four seconds for a
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
            problems.append(IntegrityFinding.english(IntegrityFinding.missingParent, row.text(0), row.int64(1), row.text(2)))
        }
        return IntegrityCheck(problems: problems, pages: try pageCount(), at: now)
    }

    /// Why the bills just read cannot be the whole table, or nil when the
    /// table's index by day holds as many rows as were read. Its entries
    /// are counted from its pages' headers, without decoding a row
    /// (a few hundredths of a second for a million bills).
    func billIndexDisagreement(rowsRead: Int) -> String? {
        do throws(StoreError) {
            var disagreement: String?
            try forEachRow(
                "SELECT name, ncell FROM dbstat('main', 1) WHERE name = 'bills_by_day'"
            ) { row in
                if disagreement == nil, row.int64(1) != Int64(rowsRead) {
                    disagreement = IntegrityFinding.english(IntegrityFinding.indexDisagrees, row.text(0), row.int64(1), rowsRead)
                }
            }
            return disagreement
        } catch where error.reason == .damaged {
            return IntegrityFinding.english(IntegrityFinding.indexUnreadable, error.message)
        } catch {
            // Not damage, such as memory running out: the whole check will say.
            return nil
        }
    }

    /// Why a bill just read cannot be as Tally wrote it, or nil: each names a
    /// book and a category the ledger has, and an amount other than zero, as
    /// the schema demands, below zero only when it is a refund on an expense
    /// category. A changed byte in a row shows here without a whole check.
    static func strayBill(in bills: BillColumns, books: [Book], categories: [Category], accounts: [Account]) -> String? {
        let knownBooks = IDSet(books.map(\.id))
        let accountBooks = Dictionary(accounts.map { ($0.id, $0.bookID) }, uniquingKeysWith: { first, _ in first })
        let knownCategories = IDSet(categories.map(\.id))
        let incomeCategories = IDSet(categories.filter { $0.kind == .income }.map(\.id))
        for index in bills.ids.indices {
            guard knownBooks.contains(bills.bookIDs[index]) else { return IntegrityFinding.english(IntegrityFinding.billInMissingBook, bills.ids[index]) }
            guard knownCategories.contains(bills.categoryIDs[index]) else {
                return IntegrityFinding.english(IntegrityFinding.billWithMissingCategory, bills.ids[index])
            }
            guard bills.accountIDs[index] == 0 || accountBooks[bills.accountIDs[index]] == bills.bookIDs[index] else {
                return IntegrityFinding.english(IntegrityFinding.billInForeignAccount, bills.ids[index])
            }
            guard bills.amounts[index] != 0 else { return IntegrityFinding.english(IntegrityFinding.billOfZero, bills.ids[index]) }
            guard bills.amounts[index] > 0 || !incomeCategories.contains(bills.categoryIDs[index]) else {
                return IntegrityFinding.english(IntegrityFinding.incomeBelowZero, bills.ids[index])
            }
        }
        return nil
    }

    func rememberedCheck() throws(StoreError) -> RememberedCheck? {
        var stored: String?
        try forEachRow("SELECT value FROM settings WHERE key = 'integrity_check'") { row in stored = row.text(0) }
        return stored.flatMap(RememberedCheck.init(stored:)).flatMap { $0.problem == nil ? $0 : nil }
    }

    /// Keeps `check` in the file; inside a transaction that holds the write lock.
    func remember(_ check: RememberedCheck) throws(StoreError) {
        try run("INSERT INTO settings (key, value) VALUES ('integrity_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                check.stored)
    }
}

/// `LEDGER.damaged`: what a whole check found wrong with the ledger, kept
/// beside it until a whole check finds it sound again.
enum DamageMark {
    static func path(forLedger ledger: String) -> String { ledger + ".damaged" }

    static func read(ledger: String) -> RememberedCheck? {
        guard let line = LedgerFile.firstLine(of: path(forLedger: ledger), within: 4096) else { return nil }
        return RememberedCheck(stored: line).flatMap { $0.problem == nil ? nil : $0 }
    }

    static func write(_ check: RememberedCheck, ledger: String) {
        let text = Array((check.stored.prefix { $0 != "\n" } + "\n").utf8.prefix(4000))
        let descriptor = open(path(forLedger: ledger), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    static func remove(ledger: String) {
        unlink(path(forLedger: ledger))
    }
}

/// Ids looked up by the million: through an array by id while they are
/// small, as books' and categories' are, else a set.
private struct IDSet {
    private let byID: [Bool]
    private let others: Set<Int64>

    init(_ ids: [Int64]) {
        let small = ids.filter { (0..<65_536).contains($0) }
        var byID = [Bool](repeating: false, count: Int(small.max() ?? -1) + 1)
        for id in small { byID[Int(id)] = true }
        self.byID = byID
        others = Set(ids.filter { !(0..<65_536).contains($0) })
    }

    func contains(_ id: Int64) -> Bool {
        (0..<Int64(byID.count)).contains(id) ? byID[Int(id)] : others.contains(id)
    }
}
