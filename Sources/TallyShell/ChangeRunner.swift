import Glibc
import TallyCore
import TallyLanguage
import TallyStore

/// The one way the ledger changes, the model of it the session reads, and
/// the gate every result and error line of a statement goes through.
///
/// A change is computed under the write lock from the ledger as the file
/// holds it then, so no other process's change is lost; the runner writes
/// what it comes to in that transaction, and the model takes it on once it is
/// written. Changes that follow one another in a script may be gathered in
/// one open transaction; before anything else is said, the gate commits
/// them and shows what each did, so nothing is printed after a change that
/// is not yet in the file.
public final class ChangeRunner {
    let store: LedgerStore
    private let output: Output
    /// How error and warning lines are written, as the session's options say.
    var errors: ErrorRenderer
    /// Set when gathered changes could not be committed: the run stops.
    private var commitFailed = false
    private(set) var ledger: Ledger
    /// What the model holds of the ledger's bills.
    private var held: BillsRead
    /// Set when the file could not be read, or a change failed: the model is
    /// read again before the next statement.
    private var mayBeStale = false
    /// What the changes written in the open transaction will show once it is committed.
    private var gathered: [Shown] = []
    private var gatheringSince = ContinuousClock.now

    /// What a change shows once it is in the file: its confirmation and any warnings.
    struct Shown {
        let text: String
        let warnings: [String]
    }

    /// A gathering transaction is committed after this many changes, or this
    /// long after it began, so a confirmation never waits long and another
    /// program waits for the write lock no longer than that.
    public static let changesGathered = 256
    static let gatheringTime = Duration.milliseconds(50)
    /// How long a gathering that held the lock for `gatheringTime` then
    /// leaves it free. Another program waiting for it looks again every few
    /// milliseconds (at most 25 apart, in SQLite's busy handler), and would
    /// seldom land in the instant between one gathering and the next: a
    /// slow script would keep it waiting until it gave up.
    static let pauseAfterLongGathering: UInt32 = 10_000

    init(store: LedgerStore, holding held: BillsRead, output: Output, errors: ErrorRenderer) throws(StoreError) {
        self.store = store
        self.output = output
        self.errors = errors
        self.held = held
        ledger = try store.load(billsIn: held.days, importSources: held.importSources)
    }

    /// Reads the ledger again when the model is behind the file or lacks bills that `needed` names.
    func refresh(for needed: BillsRead) throws(StoreError) {
        if needed.readsBills { ledger.settleBills() }
        guard mayBeStale || !held.covers(needed) || store.hasExternalChanges() else { return }
        do {
            ledger = try store.load(billsIn: needed.days, texts: needed.texts, importSources: needed.importSources)
        } catch {
            mayBeStale = true
            throw error
        }
        held = needed
        mayBeStale = false
    }

    /// What a change writes, computed under the write lock.
    enum Writing {
        case nothing
        /// `change`, recorded for undo with `statement`, after keeping the
        /// photos' bytes; `model` is the ledger with the change, when it is
        /// made beside the writing, as for a large import.
        case change(
            ChangeSet, statement: String, photos: [PhotoBytes] = [], progress: ((Int) -> Void)? = nil,
            model: Background<Ledger>? = nil)
        /// What the undo history wrote itself, as undo and redo do, one change a step.
        case replayed([LedgerStore.Step])
        /// A change too large to hold, written as it is made; the model is
        /// read again rather than made to follow it.
        case parts(any ChangeInParts, statement: String, progress: ((Int) -> Void)? = nil)
    }

    struct PhotoBytes {
        let bytes: [UInt8]
        let sha256: String
    }

    /// Runs `compute` holding the write lock, on the ledger as the file has
    /// it, writes what it asks for, and commits, unless `gathering`: then
    /// the transaction is left open for the changes that follow. `announcing`
    /// names a change that may hold the lock for long, for other sessions.
    /// When another process has written, the ledger is read again holding
    /// the bills `reading` names, or those held when nil.
    func change<Value>(
        gathering: Bool = false, announcing statement: String? = nil, reading: BillsRead? = nil,
        _ compute: (Ledger) throws(StoreError) -> (Value, Writing)
    ) throws(StoreError) -> Value {
        let reload = reading ?? held
        var model: Background<Ledger>?
        defer { _ = model?.wait() }
        var bypassedModel = false
        let (value, written) = try failing { () throws(StoreError) -> (Value, [ChangeSet]) in
            try store.change(
                gathering: gathering, announcing: statement, billsIn: reload.days, texts: reload.texts, importSources: reload.importSources
            ) {
                reloaded throws(StoreError) -> (Value, [ChangeSet]) in
                if let reloaded {
                    ledger = reloaded
                    held = reload
                }
                let (value, writing) = try compute(ledger)
                switch writing {
                case .nothing:
                    return (value, [])
                case .replayed(let steps):
                    bypassedModel = steps.contains { $0.entry.movedRows }
                    return (value, steps.map(\.applied))
                case .change(let change, let text, let photos, let progress, let made):
                    // Waited for however the writing ends.
                    model = made
                    for photo in photos {
                        try store.keepPhotoData(photo.bytes, sha256: photo.sha256)
                    }
                    try store.write(change, statement: text, progress: progress)
                    return (value, [change])
                case .parts(let change, let text, let progress):
                    if try store.write(inParts: change, statement: text, progress: progress) { bypassedModel = true }
                    return (value, [])
                }
            }
        }
        if let made = model {
            ledger = made.wait()
            model = nil
        } else {
            // Bills dated back are put in place before the next statement that reads bills.
            for change in written { ledger.apply(change, settling: false) }
            // Rows the history named moved, or a change in parts was written, without passing through the model:
            // it is read again before it is next read.
            if bypassedModel { mayBeStale = true }
        }
        return value
    }

    /// Keeps what a gathered change shows until its transaction is
    /// committed; says whether the gathering has grown enough to commit.
    func gather(_ shown: Shown) -> Bool {
        if gathered.isEmpty { gatheringSince = .now }
        gathered.append(shown)
        return gathered.count >= ChangeRunner.changesGathered || gatheringSince.duration(to: .now) >= ChangeRunner.gatheringTime
    }

    /// Shows a result, after what the gathered changes did.
    func say(_ text: String) {
        guard flush() else { return }
        output.result(text)
    }

    /// Writes an error or warning line, after what the gathered changes did
    /// or why they could not be committed.
    func complain(_ text: String) {
        flush()
        output.error(text)
    }

    /// Commits the changes gathered so far, then shows what each did. When
    /// the commit fails, none of them is in the ledger, that is said, and
    /// the model is read again before the next statement.
    @discardableResult
    func flush() -> Bool {
        guard store.isGathering else { return true }
        let shown = gathered
        gathered = []
        let heldLong = gatheringSince.duration(to: .now) >= ChangeRunner.gatheringTime
        do {
            try failing { () throws(StoreError) in try store.commitGathered() }
        } catch {
            commitFailed = true
            output.error(errors.render(.ledgerFailed(error.failure, unsaved: shown.count)))
            return false
        }
        if heldLong { usleep(ChangeRunner.pauseAfterLongGathering) }
        for each in shown {
            output.result(each.text)
            for warning in each.warnings {
                output.error(errors.warning(warning))
            }
        }
        return true
    }

    /// `outcome`, or the store's failure when gathered changes could not be
    /// committed since it was last asked: that stops the run.
    func takingInFailedCommit(_ outcome: RunStatus) -> RunStatus {
        guard commitFailed else { return outcome }
        commitFailed = false
        return .storeFailed
    }

    /// Runs `body`; when it fails, the model may be behind the file, so it is read afresh next time.
    private func failing<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            mayBeStale = true
            throw error
        }
    }
}
