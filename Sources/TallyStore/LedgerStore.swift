import Glibc
import TallyCore

/// The ledger in one SQLite file. It is read whole by `load`; every change is
/// made under the file's write lock, from what the file holds at that moment,
/// and written in one transaction together with the undo history, so a change
/// is either all in the file or not at all, and no writer overwrites another.
public final class LedgerStore {
    public let path: String
    /// Why no change can be written here (a read-only file or folder, a full
    /// disk), or nil when changes can be written. The ledger can still be read.
    public let readOnlyReason: String?
    var connection: Connection
    /// PRAGMA data_version when the ledger was last read; it moves only when
    /// another connection commits.
    private var dataVersion: Int64 = 0
    /// For a ledger that can only be read, the file as it was when last read:
    /// SQLite reads it as an immutable file, which notices no change itself.
    private var readOnlyStamp: LedgerFile.Stamp?
    /// This session, for the undo history.
    let journal: JournalReader
    /// Set while `change` holds the write lock; writing is allowed only then.
    private(set) var isChanging = false
    /// Set while changes are gathered into one transaction that is not yet
    /// committed: the write lock is held from one `change` to the next.
    public private(set) var isGathering = false
    /// Set inside `readingOnce`, whose one read transaction every `load` shares.
    var isReadingOnce = false
    /// What makes the ledger's answers untrustworthy, found by a check or
    /// while reading it; nothing is written to a damaged ledger.
    public internal(set) var damage: String?
    /// When the mark of damage beside the ledger was last found missing.
    var damageMarkMissingAt: ContinuousClock.Instant?
    /// The latest whole check that found the ledger sound, as the file remembers it.
    public internal(set) var lastSoundCheck: RememberedCheck?
    /// The triggers that draw the bills' generation anew, as the file had
    /// them when it was opened and found Tally's: a program may drop them since.
    private var generationTriggersAtOpen: String?
    /// Whether this session's first change has been preceded by its check.
    var checkedBeforeChanging = false
    var wholeCheckInBackground: BackgroundCheck?
    /// What this session tells the others while it holds the lock for a long change.
    var notice: WriterNotice?
    /// How long a change waits for another Tally session's long change.
    public var waitForOtherSessions = Duration.seconds(600)
    /// Hears what a change is waiting for, each time that moves on, and nil
    /// once the wait is over.
    public var waiting: ((OtherWriter?) -> Void)?
    /// Seconds since 1970 that the undo history stamps a change with.
    public var clock: () -> Int64 = { Int64(time(nil)) }

    /// Opens the ledger at `path`, brought up to the current schema. A file
    /// that is empty (or missing) becomes a new ledger, private to its owner,
    /// given `seed`; with `creatingFolders` its missing folders are made too.
    /// Any file that is not a Tally ledger is refused, unchanged.
    public init(path: String, seed: Seed, creatingFolders: Bool = false) throws(StoreError) {
        self.path = path
        try LedgerFile.create(path, creatingFolders: creatingFolders)
        let (contents, readOnlyReason) = try LedgerStore.probe(path)
        self.readOnlyReason = readOnlyReason
        switch contents {
        case .foreign(let why): throw .notALedger(why)
        case .altered(let why): throw .alteredSchema(why)
        case .ledger(let version) where version > Connection.currentVersion: throw .newerSchema(version)
        default: break
        }
        if let readOnlyReason {
            guard contents == .ledger(version: Connection.currentVersion) else {
                let doing = contents == .empty ? Translation.translated("making a new ledger") : Translation.translated("bringing the ledger up to date")
                throw .readOnly(doing: doing, readOnlyReason)
            }
            readOnlyStamp = LedgerFile.stamp(path)
            connection = try LedgerStore.openImmutable(path, because: readOnlyReason)
        } else {
            connection = try Connection(path: path)
            connection.setBusyTimeout(milliseconds: Int32(StoreError.busyWaitSeconds * 1000))
            // Synchronous stays FULL, the default: a change must survive a power cut once it is confirmed.
            if contents != .ledger(version: Connection.currentVersion) {
                try connection.migrate(seed: seed)
            }
        }
        try connection.exec("PRAGMA foreign_keys = ON")
        journal = JournalReader(session: LedgerStore.newSessionName(), horizon: try connection.newestJournalID())
        dataVersion = try connection.dataVersion()
        generationTriggersAtOpen = try connection.generationTriggers()
        lastSoundCheck = try connection.rememberedCheck()
        damage = DamageMark.read(ledger: path)?.problem
    }

    /// Closes the ledger; the store is not used after this.
    public func close() {
        wholeCheckInBackground?.cancel()
        wholeCheckInBackground = nil
        notice?.remove()
        notice = nil
        connection.close()
    }

    /// The whole ledger, read from one snapshot of the file; with `days`,
    /// only the bills of those days, for a query that asks about no others;
    /// without `texts`, bills without their remarks, places and tags, for a
    /// query that reads none; without `importSources`, none of the sources of
    /// imported bills, which only an import asks after.
    public func load(billsIn days: DateRange? = nil, texts: Bool = true, importSources: Bool = true) throws(StoreError) -> Ledger {
        let parts = ReadParts(texts: texts, importSources: importSources)
        if let readOnlyReason {
            return try loadReadOnly(because: readOnlyReason, billsIn: days, parts)
        }
        // Inside the gathering transaction, which holds the lock and sees what it wrote, or the one read.
        if isGathering || isReadingOnce { return try readLedger(billsIn: days, parts) }
        snapshotDue = nil
        let ledger = try connection.transaction(.deferred) { () throws(StoreError) -> Ledger in
            let ledger = try readLedger(billsIn: days, parts, keepingSnapshot: true)
            dataVersion = try connection.dataVersion()
            return ledger
        }
        // Once the read is over: the file is written and flushed while no read of the ledger is held open.
        if let due = snapshotDue {
            snapshotDue = nil
            // One that cannot be named is not made again and again this session.
            keepsSnapshot = ColumnsSnapshot(ledger: path).write(due.bills, generation: due.generation)
        }
        return ledger
    }

    /// What of the ledger a read takes beside its bills' numbers.
    private struct ReadParts {
        let texts: Bool
        let importSources: Bool
    }

    /// Bills read whole from the file at `generation`, for the snapshot to keep.
    private struct SnapshotDue {
        let bills: BillColumns
        let generation: Int64
    }
    private var snapshotDue: SnapshotDue?
    private var keepsSnapshot = true

    /// Whether another process has written to the file since it was last
    /// read: the in-memory ledger is then stale.
    public func hasExternalChanges() -> Bool {
        if readOnlyReason != nil { return LedgerFile.stamp(path) != readOnlyStamp }
        // When the file can't even be asked, say yes: reloading reports the real error.
        guard let version = try? connection.dataVersion() else { return true }
        return version != dataVersion
    }

    /// Runs `body` holding the ledger's write lock, waiting a few seconds for
    /// another program's. `body` gets the ledger as the file now has it when
    /// another process wrote since the caller's copy was read, else nil,
    /// holding the bills of `days` as `load` reads them; what it writes with
    /// `write`, `undo` and `redo` is committed when it returns, and nothing is
    /// if it throws.
    ///
    /// With `gathering`, what it writes is kept in a transaction left open
    /// for the changes that follow, until `commitGathered`: many changes in
    /// a row wait for one disk sync instead of one each, and `body` gets nil
    /// after the first, since the lock has been held since. Each change is
    /// still undone alone when it throws. A change that is not gathered
    /// waits until the gathered ones are committed.
    ///
    /// With `announcing`, the statement of a change that may hold the lock
    /// for long, such as an import, other sessions are told what they wait
    /// for and how far it has come.
    public func change<T>(
        gathering: Bool = false, announcing statement: String? = nil, billsIn days: DateRange? = nil, texts: Bool = true,
        importSources: Bool = true, _ body: (_ reloaded: Ledger?) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        if let readOnlyReason { throw .readOnly(doing: Translation.translated("changing the ledger"), readOnlyReason) }
        if refusesChanges, let damage { throw .damaged(damage) }
        precondition(gathering || !isGathering, "the gathered changes are committed before one that is not gathered")
        if isGathering {
            return try connection.savepoint { () throws(StoreError) -> T in try changing { () throws(StoreError) -> T in try body(nil) } }
        }
        try takeWriteLock()
        if let statement { notice = WriterNotice(ledger: path, statement: statement) }
        do throws(StoreError) {
            let reloaded = try reloadedSinceRead(billsIn: days, ReadParts(texts: texts, importSources: importSources))
            // Reading the file again may have found it damaged.
            if let damage { throw .damaged(damage) }
            let result = try changing { () throws(StoreError) -> T in try body(reloaded) }
            if gathering {
                isGathering = true
            } else {
                try commitChange()
            }
            return result
        } catch {
            rollBackChange()
            throw error
        }
    }

    /// Commits the changes gathered since the first `change(gathering:)`.
    public func commitGathered() throws(StoreError) {
        guard isGathering else { return }
        isGathering = false
        do throws(StoreError) {
            try commitChange()
        } catch {
            rollBackChange()
            throw error
        }
    }

    /// The ledger as the file has it, when another process wrote since it was last read.
    private func reloadedSinceRead(billsIn days: DateRange?, _ parts: ReadParts) throws(StoreError) -> Ledger? {
        let version = try connection.dataVersion()
        let reloaded = version == dataVersion ? nil : try readLedger(billsIn: days, parts)
        dataVersion = version
        return reloaded
    }

    private func changing<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        isChanging = true
        defer { isChanging = false }
        return try body()
    }

    /// Writes `change`, and records it for undo, with the statement that made
    /// it, when it is undoable. Only inside `change`.
    /// `progress`, when given, hears how many rows are written so far, now and then.
    public func write(_ change: ChangeSet, statement: String, progress: ((Int) -> Void)? = nil) throws(StoreError) {
        precondition(isChanging, "a change is written only under the write lock")
        try checkBeforeFirstChange()
        let progress = announcing(statement, rows: change.rows.count, progress)
        guard change.undoable else {
            try connection.apply(change.rows, progress: progress)
            return
        }
        let rows = try JournalCoding.encode(change.rows) { () throws(StoreError) in
            try connection.apply(change.rows, progress: progress)
        }
        try connection.appendToJournal(summary: change.phrase, encodedRows: rows, statement: statement, at: clock(), by: journal)
    }

    /// Writes `change` a part at a time as its maker makes them, and records
    /// it for undo as one change; says whether it was written. When its
    /// maker gives it up, whatever of it was written is taken back. Only inside `change`.
    public func write(inParts change: some ChangeInParts, statement: String, progress: ((Int) -> Void)? = nil) throws(StoreError) -> Bool {
        precondition(isChanging, "a change is written only under the write lock")
        try checkBeforeFirstChange()
        let progress = announcing(statement, rows: change.expectedRows, progress)
        var givenUp = false
        do throws(StoreError) {
            try connection.savepoint { () throws(StoreError) in
                var history = JournalCoding.Parts(expecting: change.expectedRows)
                try connection.writingBills(change.expectedRows) { () throws(StoreError) in
                    while let rows = change.nextPart() {
                        let done = history.rows
                        let encoded = try JournalCoding.encode(rows) { () throws(StoreError) in
                            try connection.apply(rows, progress: progress.map { progress in { progress(done + $0) } }, asPart: true)
                        }
                        history.append(encoded, rows: rows.count)
                    }
                }
                guard let summary = change.summary else {
                    givenUp = true
                    throw StoreError.givenUp
                }
                try connection.appendToJournal(summary: summary, encodedRows: history.bytes, statement: statement, at: clock(), by: journal)
            }
        } catch {
            if givenUp { return false }
            throw error
        }
        return true
    }

    /// `progress`, also keeping the notice to other sessions up to date; a
    /// change of as many rows as an import makes one when it has none.
    private func announcing(_ statement: String, rows: Int, _ progress: ((Int) -> Void)?) -> ((Int) -> Void)? {
        if notice == nil && rows >= Connection.bulkInsert { notice = WriterNotice(ledger: path, statement: statement) }
        guard notice != nil else { return progress }
        return { done in
            self.notice?.update(done: done, of: rows)
            progress?(done)
        }
    }

    /// Keeps a photo's bytes, for a change about to attach it. Only inside `change`.
    public func keepPhotoData(_ bytes: [UInt8], sha256: String) throws(StoreError) {
        precondition(isChanging, "a photo is kept only under the write lock")
        try checkBeforeFirstChange()
        try connection.keepPhotoData(bytes, sha256: sha256)
    }

    /// A consistent copy of the whole ledger, log included, in the new
    /// database file at `path`, safe while other sessions write.
    public func backup(to path: String) throws(StoreError) {
        try connection.backup(to: path)
    }

    /// The bytes of the photo whose digest is `sha256`, or nil when the ledger has none.
    public func photoData(sha256: String) throws(StoreError) -> [UInt8]? {
        try connection.transaction(.deferred) { () throws(StoreError) -> [UInt8]? in try connection.photoData(sha256: sha256) }
    }

    /// What `undo` or `redo` found to do.
    public enum Replay: Sendable {
        case nothing
        /// Nothing of this session's; `newest` is the summary of another session's change, made since this one began.
        case othersOnly(newest: Phrase)
        /// The entry's rows have changed since; `row` is the first that did.
        case conflict(JournalEntry, row: StaleRow)
        /// Replaying the entry would leave rows pointing at nothing: bills
        /// added since in a book or category it would take away.
        case dependedOn(JournalEntry)
        /// Done: `applied` is what was written, to bring a copy of the ledger up to date.
        case replayed(JournalEntry, applied: ChangeSet)
    }

    /// Takes back the newest change, when this session made it or it was
    /// there when the session began, else this session's own newest, if
    /// the file still holds the change's rows as it left them: its bills as
    /// the file has them, the rest as `ledger` (the file's, bills or none) does.
    /// Only inside `change`.
    public func undo(in ledger: Ledger) throws(StoreError) -> Replay {
        precondition(isChanging, "undo is written only under the write lock")
        switch try connection.entryToUndo(for: journal) {
        case .none: return .nothing
        case .othersOnly(let summary): return .othersOnly(newest: summary)
        case .entry(let entry): return try replay(entry, entry.change.inverted, in: ledger, undone: true)
        }
    }

    /// Applies again the change undone most recently, chosen as `undo`
    /// chooses, if `ledger` still holds its rows as the undo left them. Only
    /// inside `change`.
    public func redo(in ledger: Ledger) throws(StoreError) -> Replay {
        precondition(isChanging, "redo is written only under the write lock")
        switch try connection.entryToRedo(for: journal) {
        case .none: return .nothing
        case .othersOnly(let summary): return .othersOnly(newest: summary)
        case .entry(let entry): return try replay(entry, entry.change, in: ledger, undone: false)
        }
    }

    /// What `undo N` or `redo N` came to: every step taken, in order, or none
    /// of them and why the first that could not be taken (from 1) was not.
    public enum Steps: Sendable {
        case taken([Step])
        case stopped(step: Int, Replay)
    }

    /// One change taken back or made again; `applied` is what was written.
    public struct Step: Sendable {
        public let entry: JournalEntry
        public let applied: ChangeSet
    }

    /// Takes back `count` changes, or makes them again, one after another as
    /// `undo` or `redo` would one at a time, each its own step in the history
    /// for redo to bring back alone; when one of them cannot be, none is.
    /// Only inside `change`.
    public func replay(undo: Bool, steps count: Int, in ledger: Ledger) throws(StoreError) -> Steps {
        precondition(isChanging, "undo is written only under the write lock")
        try connection.exec("SAVEPOINT steps")
        var current = ledger
        var taken: [Step] = []
        for step in 1...max(1, count) {
            let replay = undo ? try self.undo(in: current) : try redo(in: current)
            guard case .replayed(let entry, let applied) = replay else {
                try connection.exec("ROLLBACK TO steps")
                try connection.exec("RELEASE steps")
                return .stopped(step: step, replay)
            }
            // The next step is checked against the ledger as this one left it.
            if step < count { current.apply(applied) }
            taken.append(Step(entry: entry, applied: applied))
        }
        try connection.exec("RELEASE steps")
        return .taken(taken)
    }

    /// What a whole check finds wrong with the file, or nothing when it is
    /// sound; neither remembered nor taken as this session's finding.
    public func integrityProblems() throws(StoreError) -> [String] {
        try connection.wholeCheck(at: 0).problems
    }

    private func replay(_ entry: JournalEntry, _ recorded: ChangeSet, in ledger: Ledger, undone: Bool) throws(StoreError) -> Replay {
        if let stale = entry.stale { return .conflict(entry, row: stale) }
        let change = recorded.rebasingSettings(on: ledger).keepingAccounts(of: ledger)
        // Checked against the bills and sources it names as the file holds them, whatever the session holds of them.
        let asTheFileHas = ledger.holding(try connection.bills(namedIn: change), sources: try connection.importSources(namedIn: change))
        if let stale = change.staleRow(in: asTheFileHas) {
            return .conflict(entry, row: StaleRow(stale))
        }
        try checkBeforeFirstChange()
        // A change kept whole since before the history named rows may name them once made again.
        let named = !undone && entry.held.isEmpty && !HeldRows.runs(in: entry.change.rows).isEmpty
        var rows: [UInt8]?
        do {
            let moved = entry.held.reduce(0) { $0 + $1.billCount }
            let progress = announcing(undone ? "undo" : "redo", rows: change.rows.count + moved, nil)
            let write = { () throws(StoreError) in
                try self.connection.savepoint { () throws(StoreError) in
                    try self.connection.apply(change.rows, progress: progress, moving: entry.held, out: undone)
                }
            }
            if named {
                rows = try JournalCoding.encode(entry.change.rows, while: write)
            } else {
                try write()
            }
        } catch where error.reason == .constraint {
            return .dependedOn(entry)
        }
        try connection.markJournalEntry(entry, undone: undone, rows: rows, by: journal)
        return .replayed(entry, applied: change)
    }

    /// With `keepingSnapshot`, bills read whole from the file are left in
    /// `snapshotDue` for the snapshot to keep; not under the write lock, which others wait for.
    private func readLedger(billsIn days: DateRange?, _ parts: ReadParts, keepingSnapshot: Bool = false) throws(StoreError) -> Ledger {
        let texts = parts.texts
        let books = try connection.books()
        guard !books.isEmpty else { throw .corrupt(doing: Translation.translated("reading books"), Translation.translated("the ledger has no book")) }
        let categories = try connection.categories()
        let accounts = try connection.accounts()
        let lastBillID = try connection.lastBillID()
        func stray(_ bills: BillColumns) -> String? {
            Connection.strayBill(in: bills, books: books, categories: categories, accounts: accounts)
        }
        var bills: BillColumns
        var strayLookedFor = false
        /// The generation of bills read whole from the file for a snapshot to be made of.
        var madeAt: Int64?
        if let days {
            bills = try connection.bills(in: days, texts: texts)
        } else if let snapshot = snapshotInUse, let generation = try connection.billsGeneration(),
                  let triggers = try connection.generationTriggers(), triggers == generationTriggersAtOpen {
            // A snapshot that names a bill twice or one the file cannot hold, or a stray
            // bill, is not the file's: the file is read, and says for itself whether it is damaged.
            if let kept = snapshot.read(generation: generation, texts: texts, atMost: snapshotLimit),
               BillColumns.namesEachBillOnce(kept.ids, upTo: lastBillID), stray(kept) == nil {
                bills = kept
                strayLookedFor = true
            } else {
                bills = try wholeBills(texts: texts)
                madeAt = generation
            }
        } else {
            bills = try wholeBills(texts: texts)
        }
        if damage == nil, !strayLookedFor, let stray = stray(bills) { damage = stray }
        let ledger = Ledger(
            books: books, categories: categories, columns: bills,
            settings: try connection.settings(), lastBillID: lastBillID,
            savedQueries: try connection.savedQueries(), budgets: try connection.budgets(), photos: try connection.photos(),
            importProfiles: try connection.importProfiles(), rules: try connection.rules(),
            // Only an import reads them, and it reads the whole ledger.
            importSources: days == nil && texts && parts.importSources ? try connection.importSources() : [],
            recurringRules: try connection.recurringRules(), occurrences: try connection.occurrences(), rates: try connection.rates(),
            accounts: accounts, transfers: try connection.transfers(), reconciliations: try connection.reconciliations())
        if let madeAt, keepingSnapshot, keepsSnapshot, damage == nil { snapshotDue = SnapshotDue(bills: ledger.bills, generation: madeAt) }
        return ledger
    }

    /// Every bill, read from the file, which is looked at for damage as it is read.
    private func wholeBills(texts: Bool) throws(StoreError) -> BillColumns {
        let bills = try connection.bills(texts: texts)
        if damage == nil, let disagreement = connection.billIndexDisagreement(rowsRead: bills.count) {
            damage = disagreement
        }
        return bills
    }

    /// Twice the ledger's bytes, its log's included: the bills' columns are never so many.
    private var snapshotLimit: Int {
        2 * (LedgerFile.stamp(path).map { $0.size + $0.logSize } ?? 0)
    }

    /// The snapshot of the bills a read of all of them may use: only for a
    /// file that can be written, large enough to gain by it, and not known to be damaged.
    private var snapshotInUse: ColumnsSnapshot? {
        guard readOnlyReason == nil, damage == nil, !isSmall else { return nil }
        return ColumnsSnapshot(ledger: path)
    }

    /// Reads a ledger that can only be read. Its owner may write it meanwhile,
    /// and an immutable file is read without locks: a read during a write is
    /// taken again, and a file changed since it was opened is opened afresh.
    private func loadReadOnly(because reason: String, billsIn days: DateRange?, _ parts: ReadParts) throws(StoreError) -> Ledger {
        for _ in 1...3 {
            let before = LedgerFile.stamp(path)
            if before != readOnlyStamp {
                connection.close()
                connection = try LedgerStore.openImmutable(path, because: reason)
            }
            let ledger = try connection.transaction(.deferred) { () throws(StoreError) -> Ledger in try readLedger(billsIn: days, parts) }
            readOnlyStamp = before
            if LedgerFile.stamp(path) == before { return ledger }
        }
        throw .readOnly(doing: Translation.translated("reading %s", path), Translation.translated("%s, and it kept changing while it was read; try again", reason))
    }

    /// What the file holds, read without writing a byte of it, and why it can
    /// only be read when it can't be written.
    private static func probe(_ path: String) throws(StoreError) -> (FileContents, String?) {
        let header = try LedgerFile.header(path)
        if header == .notADatabase { return (.foreign(Translation.translated("file is not a database")), nil) }
        let (contents, reason) = try probeDatabase(path)
        // Only an empty file becomes a new ledger (one Tally began to make is
        // marked as Tally's); another program's database without tables is
        // still that program's.
        if contents == .empty && header == .database {
            return (.foreign(Translation.translated("another program's empty database")), reason)
        }
        return (contents, reason)
    }

    private static func probeDatabase(_ path: String) throws(StoreError) -> (FileContents, String?) {
        if let reason = LedgerFile.unwritableReason(path) {
            return (try openImmutable(path, because: reason).contents(), reason)
        }
        do {
            // Read-only, so that another program's file is never changed, not
            // even by SQLite tidying up the journal or log that program left.
            let probe = try Connection(path: path, access: .readOnly)
            defer { probe.close() }
            probe.setBusyTimeout(milliseconds: Int32(StoreError.busyWaitSeconds * 1000))
            return (try probe.contents(), nil)
        } catch {
            // A full disk, a size limit or a read-only mount shows first as a
            // failure to make the log's index file: the ledger can still be read.
            guard [.readOnly, .full].contains(error.reason) || error.isLogFileFailure else { throw error }
            let reason = Translation.translated("%s: its log files cannot be written; the disk may be full or past a size limit", error.message)
            return (try openImmutable(path, because: reason).contents(), reason)
        }
    }

    private static func openImmutable(_ path: String, because reason: String) throws(StoreError) -> Connection {
        // Read as an immutable file, the log beside it is never looked at.
        guard !LedgerFile.hasPendingLog(path) else {
            throw .readOnly(
                doing: Translation.translated("reading %s", path),
                Translation.translated("%s, and %s-wal holds changes only a writable ledger can take in", reason, path))
        }
        return try Connection(path: path, access: .immutable)
    }

    private static func newSessionName() -> String {
        String(UInt64.random(in: 1...UInt64.max), radix: 16)
    }
}
