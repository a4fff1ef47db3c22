import TallyCore
import TallyLanguage
import TallyStore
import TallyRender

/// How a run of statements ended, from which the exit status follows.
public enum RunStatus: Sendable, Equatable {
    case success
    /// A statement failed (exit 1).
    case statementFailed
    /// Results could not be written (exit 1); nothing more is run.
    case outputFailed
    /// The ledger could not be written (exit 3).
    case storeFailed
}

/// Preferences of one run of `tally`.
public struct SessionOptions: Sendable {
    public var format: OutputFormat = .table
    public var color = false
    public var assumeYes = false
    public var keepGoing = false
    /// A fixed *today* (`--today`), else the local day when each statement runs.
    public var today: Day?
    /// The currency of a new book that names none.
    public var defaultCurrency = Currency.cny
    /// How wide tables and charts may be.
    public var width = OutputWidth.columns(80)
    /// Where error messages wrap; nil leaves each on its own lines, unwrapped.
    public var errorWidth: OutputWidth?
    /// Whether long work, such as a large import, shows a progress bar on standard error.
    public var showsProgress = false
    /// Whether each statement of a script is printed before its result (`--echo`).
    public var echo = false
    /// Whether the model holds only the bills each query asks about until a
    /// statement needs them all: `tally -c 'sum … in 2016-07'` reads a month,
    /// not the whole ledger.
    public var loadsBillsAsAsked = false
    /// Whether changes that follow one another in a script or pipe are
    /// committed together, each confirmed once its transaction is.
    public var gathersChanges = false
    /// How long a change waits for another Tally session's long change, such as an import (`--wait`).
    public var waitForOtherSessions = Duration.seconds(600)

    public init() {}
}

/// Runs statements against one ledger: parse, evaluate, commit, show. A
/// change is evaluated again under the ledger's write lock, from what the file
/// holds then, so no other process's change is lost; the in-memory ledger is
/// changed once the store has written it, in the same transaction, and read
/// again from the file if that transaction then fails to commit.
public final class Session {
    public internal(set) var ledger: Ledger
    public var options: SessionOptions
    public let store: LedgerStore
    let output: Output
    /// Asks a yes/no question at the terminal; nil when nobody is there to answer.
    public var confirm: ((String) -> Bool)?
    /// Runs a guided entry at the terminal; nil when nobody is there to answer.
    public var guide: (() -> Void)?
    public private(set) var quitRequested = false
    /// How deep `run` has nested scripts and saved statements.
    var runDepth = 0
    static let maximumRunDepth = 16
    /// Scripts and saved statements one statement has run, however nested,
    /// and the bytes of script they read: bounded so that a script running
    /// itself three times over cannot run for ever.
    private var nestedRuns = 0
    private var nestedBytes = 0
    static let maximumNestedRuns = 1000
    /// Set when the file could not be read, or a change failed: the model is
    /// read again before the next statement.
    private var ledgerMayBeStale = false
    /// What the model holds of the ledger's bills: every one, whole, unless
    /// the session loads only what each query asks about.
    private var held: HeldBills
    /// Whether the user has been told that the ledger is damaged.
    var toldOfDamage = false
    /// Set when one statement's runs nested too deep or ran too many others:
    /// every nested run then ends at once, with the one error already given.
    private var nestedRunsStopped = false
    /// Changes written in the store's open transaction, and what each will
    /// report once it is committed.
    private var gathered: Gathered?

    struct Gathered {
        let opened = ContinuousClock.now
        var reports: [(report: QueryResult, warnings: [String])] = []
    }

    /// A gathering transaction is committed after this many changes, or this
    /// long after it began, so a confirmation never waits long and another
    /// program waits for the write lock no longer than that.
    public static let changesGathered = 256
    static let gatheringTime = Duration.milliseconds(50)

    public init(store: LedgerStore, options: SessionOptions, output: Output) throws(StoreError) {
        self.store = store
        self.options = options
        self.output = output
        held = options.loadsBillsAsAsked ? HeldBills(days: .nothing, texts: true) : .all
        store.waitForOtherSessions = options.waitForOtherSessions
        store.waiting = WaitNotice(output: output, atTerminal: options.showsProgress).hear
        ledger = try store.load(billsIn: held.days)
    }

    /// Runs every statement of `source` in order, stopping at the first
    /// failure unless `keepGoing` (the REPL always goes on).
    /// Changes may be left gathered: `run(_ input:)` commits them.
    func run(_ source: ScriptSource) -> RunStatus {
        var parser = Parser(source.text)
        var status = RunStatus.success
        while !quitRequested, !nestedRunsStopped, let next = parser.next() {
            if runDepth == 0 {
                nestedRuns = 0
                nestedBytes = 0
            }
            let outcome: RunStatus
            switch next {
            case .success(let parsed):
                if options.echo && source.origin != .interactive {
                    // A statement shows after what the ones before it said.
                    if commitGathered() == .storeFailed { return .storeFailed }
                    output.result(parsed.text)
                }
                outcome = execute(parsed, from: source)
            case .failure(let diagnostic): outcome = report(diagnostic, in: source)
            }
            if runDepth == 0 { nestedRunsStopped = false }
            if output.failure != nil { return .outputFailed }
            if outcome == .storeFailed || outcome == .outputFailed { return outcome }
            if outcome == .statementFailed {
                status = .statementFailed
                if !options.keepGoing && source.origin != .interactive { return status }
            }
        }
        return nestedRunsStopped ? .statementFailed : status
    }

    /// Adds a bill that was built rather than written, such as by a guided
    /// entry; `text` is the statement that writes it, for the undo history.
    func add(_ bill: AddBill, writtenAs text: String) -> RunStatus {
        let characters = Lexer.characters(of: text)
        let range = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1),
                                end: SourceLocation(offset: characters.count, line: 1, column: characters.count + 1))
        let source = ScriptSource(origin: .interactive, text: text)
        return execute(ParsedStatement(statement: .add(bill), range: range, text: text), from: source)
    }

    private func execute(_ parsed: ParsedStatement, from source: ScriptSource) -> RunStatus {
        do {
            takeInBackgroundCheck()
            let needed = bills(neededBy: parsed.statement)
            if ledgerMayBeStale || !held.covers(needed) || store.hasExternalChanges() {
                ledger = try store.load(billsIn: needed.days, texts: needed.texts)
                held = needed
                ledgerMayBeStale = false
            }
            // `check` says what it finds itself.
            if case .check = parsed.statement {} else { tellOfDamage() }
            let outcome: Outcome
            do {
                outcome = try evaluator.evaluate(parsed)
            } catch {
                return report(error, in: source)
            }
            return try perform(outcome, parsed, source)
        } catch {
            // What failed may have left the model behind the file; the next statement reads it afresh.
            ledgerMayBeStale = true
            // The changes gathered before this one stand; this one was undone alone.
            _ = commitGathered()
            output.error(style.error("error:") + " " + Session.describe(error))
            return .storeFailed
        }
    }

    /// Commits the changes gathered so far, then shows what each did. When
    /// the commit fails, none of them is in the ledger, and that is said.
    func commitGathered() -> RunStatus {
        guard store.isGathering else { return .success }
        let gathered = self.gathered ?? Gathered()
        self.gathered = nil
        do {
            try store.commitGathered()
        } catch {
            ledgerMayBeStale = true
            let count = gathered.reports.count
            let lost = count == 0 ? "" : count == 1 ? " (the last change was not saved)" : " (the last \(count) changes were not saved)"
            output.error(style.error("error:") + " " + Session.describe(error) + lost)
            return .storeFailed
        }
        for (report, warnings) in gathered.reports {
            show(report)
            for warning in warnings {
                output.error(style.warning("warning:") + " " + warning)
            }
        }
        return .success
    }

    /// Every bill, unless the session may hold only some and `statement`
    /// reads only some: a query or report over a bounded period reads those
    /// days', and a query that reads no remark, place or tag reads only the
    /// bills' numbers; a saved statement's name, `help` and `quit` read none
    /// (what a saved statement runs loads what it reads).
    private func bills(neededBy statement: Statement) -> HeldBills {
        guard options.loadsBillsAsAsked else { return .all }
        switch statement {
        case .query(let query):
            return HeldBills(days: query.period.flatMap { days(of: $0.value) }, texts: query.readsTexts)
        case .report(let options):
            return HeldBills(days: days(of: options.period?.value ?? ReportOptions.defaultPeriod), texts: true)
        case .runSaved, .help, .quit:
            return HeldBills(days: .nothing, texts: true)
        default:
            return .all
        }
    }

    /// The days of `period` there can be bills on; nil for all of them.
    private func days(of period: PeriodSpec) -> DateRange? {
        let asked = period.resolve(today: today, weekStart: ledger.settings.weekStart)
        let days = DateRange(start: max(asked.start, .first), end: min(asked.end, .last))
        return days == DateRange(start: .first, end: .last) ? nil : days
    }

    var evaluator: Evaluator {
        Evaluator(
            ledger: ledger, today: today, now: options.today.map(Clock.noon) ?? Clock.now(),
            defaultCurrency: options.defaultCurrency)
    }

    private func perform(_ outcome: Outcome, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let asksFirst = if case .change(_, _, _?, _) = outcome { !options.assumeYes } else { false }
        if asksFirst || !outcome.isChange {
            // What this statement shows or asks comes after what the changes before it said.
            if commitGathered() == .storeFailed { return .storeFailed }
        }
        switch outcome {
        case .result(let result, let format):
            show(result, format: format)
        case .change(let change, _, let confirmation, _):
            var confirmed: ChangeSet?
            if let confirmation, !options.assumeYes {
                guard let confirm else {
                    return self.report(Diagnostic(.needsConfirmation(confirmation), at: parsed.range), in: source)
                }
                guard confirm("\(confirmation)? [y/N] ") else {
                    show(.report(.declined))
                    return .success
                }
                confirmed = change
            }
            let gathering = options.gathersChanges && source.origin != .interactive && confirmed == nil
            return try commitUnderLock(parsed, source, asConfirmed: confirmed, gathering: gathering)
        case .undo, .redo:
            return try commitUnderLock(parsed, source, asConfirmed: nil)
        case .sessionSetting(.format(let format)):
            options.format = format
            show(.report(.format(format)))
        case .sessionSetting(.color(let on)):
            options.color = on
            show(.report(.color(on)))
        case .sessionSetting(.echo(let on)):
            options.echo = on
            show(.report(.echo(on)))
        case .help(let topic):
            guard let text = Help.text(for: topic?.value, today: today) else {
                let name = topic?.value ?? ""
                let suggestion = Suggestion.nearest(to: name, among: Help.topics + Help.synonyms.keys.sorted())
                return report(
                    Diagnostic(.unknownName(kind: "help topic", name: name, suggestion: suggestion),
                               at: topic?.range ?? parsed.range, notes: ["help topics: " + Help.topics.joined(separator: ", ")]),
                    in: source)
            }
            output.result(text)
        case .quit:
            quitRequested = true
        case .guidedAdd:
            guard let guide else {
                return report(
                    Diagnostic(.guidedEntryNeedsATerminal, at: parsed.range),
                    in: source)
            }
            guide()
        case .runSaved(let query):
            return runNested(ScriptSource(origin: .file("saved statement '\(query.name)'"), text: query.statement), at: parsed, in: source)
        case .runFile(let path):
            let text: String
            do {
                text = try ScriptFile.read(path.value)
            } catch {
                return report(Diagnostic(.cannotRead(file: path.value, reason: error.message), at: path.range), in: source)
            }
            return runNested(ScriptSource(origin: .file(path.value), text: text), at: parsed, in: source)
        case .about:
            output.result(About(store: store, ledger: ledger).text)
        case .check:
            return try checkWhole()
        case .attachFile(let bill, let file):
            return try attach(file, to: bill, parsed, source)
        case .importFile(let options):
            return try importFile(options, parsed, source)
        case .exportFile(let options, let bills):
            return export(bills, options, source)
        case .reportFile(let options, let report):
            return writeReport(report, options, source)
        case .extractPhoto(let photo, let file):
            guard let bytes = try store.photoData(sha256: photo.sha256) else {
                return report(Diagnostic(.photoBytesMissing(photo.number), at: parsed.range), in: source)
            }
            do {
                try PhotoFiles.write(bytes, to: file.value)
            } catch {
                return report(Diagnostic(.fileFailed(error.message), at: file.range), in: source)
            }
            show(.report(.photoWritten(number: photo.number, bill: photo.billID, file: file.value, size: bytes.count)))
        }
        return .success
    }

    /// Reads the photo at `file`, then attaches it under the write lock: its
    /// bytes and the row that names it go into the ledger in one transaction.
    private func attach(_ file: Located<String>, to bill: Located<Int64>, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let photo: (bytes: [UInt8], file: PhotoFile)
        do {
            photo = try PhotoFiles.read(file.value)
        } catch {
            return report(Diagnostic(.fileFailed(error.message), at: file.range), in: source)
        }
        let step = try store.change { reloaded throws(StoreError) -> Step in
            if let reloaded { ledger = reloaded }
            let outcome: Outcome
            do throws(Diagnostic) {
                outcome = try evaluator.attach(bill, photo.file)
            } catch {
                return .failed(error)
            }
            guard case .change(let change, let report, _, _) = outcome else { preconditionFailure("attaching makes a change") }
            try store.keepPhotoData(photo.bytes, sha256: photo.file.sha256)
            try store.write(change, statement: parsed.text)
            return .wrote(change, report: report, warnings: [])
        }
        switch step {
        case .wrote(let change, let report, _):
            ledger.apply(change)
            show(report)
            return .success
        case .failed(let diagnostic):
            return self.report(diagnostic, in: source)
        default:
            preconditionFailure("attaching writes or fails")
        }
    }

    /// What a statement came to under the write lock.
    enum Step {
        case wrote(ChangeSet, report: QueryResult, warnings: [String])
        case replayed(LedgerStore.Replay, undo: Bool)
        case failed(Diagnostic)
        /// The statement no longer changes anything (its selection is now empty).
        case other(Outcome)
    }

    /// Evaluates `parsed` again holding the write lock, against the ledger as
    /// the file has it now, and commits what it comes to. A change the user
    /// confirmed must come out the same, or nothing is done.
    private func commitUnderLock(
        _ parsed: ParsedStatement, _ source: ScriptSource, asConfirmed confirmed: ChangeSet?, gathering: Bool = false
    ) throws(StoreError) -> RunStatus {
        // Undo and redo may take back a whole import: waiting sessions are told from the start.
        let announced: String? = switch parsed.statement {
        case .undo, .redo: parsed.text
        default: nil
        }
        let step = try store.change(gathering: gathering, announcing: announced) { reloaded throws(StoreError) -> Step in
            if let reloaded { ledger = reloaded }
            let outcome: Outcome
            do throws(Diagnostic) {
                outcome = try evaluator.evaluate(parsed)
            } catch {
                return .failed(error)
            }
            switch outcome {
            case .change(let change, let report, _, let warnings):
                if let confirmed, confirmed.rows != change.rows {
                    return .failed(Diagnostic(
                        .changedWhileAnswering,
                        at: parsed.range))
                }
                try store.write(change, statement: parsed.text)
                return .wrote(change, report: report, warnings: warnings)
            case .undo:
                return .replayed(try store.undo(in: ledger), undo: true)
            case .redo:
                return .replayed(try store.redo(in: ledger), undo: false)
            default:
                return .other(outcome)
            }
        }
        switch step {
        case .wrote(let change, let report, let warnings):
            ledger.apply(change)
            if store.isGathering {
                var gathered = self.gathered ?? Gathered()
                gathered.reports.append((report, warnings))
                self.gathered = gathered
                if gathered.reports.count >= Session.changesGathered || gathered.opened.duration(to: .now) >= Session.gatheringTime {
                    return commitGathered()
                }
                return .success
            }
            show(report)
            for warning in warnings {
                output.error(style.warning("warning:") + " " + warning)
            }
        case .replayed(let replay, let undo):
            return replayed(replay, undo: undo, parsed, source)
        case .failed(let diagnostic):
            return report(diagnostic, in: source)
        case .other(let outcome):
            return try perform(outcome, parsed, source)
        }
        return .success
    }

    /// Writes the change `make` computes from the ledger as the file has it
    /// now, under the write lock, then applies it to the model.
    public func commit(_ make: (Ledger) -> ChangeSet) throws(StoreError) {
        try commit { ledger in (make(ledger), []) }
    }

    /// As `commit`, for a change whose photos' bytes are kept in the same transaction.
    func commit(_ make: (Ledger) -> (ChangeSet, photos: [(bytes: [UInt8], sha256: String)])) throws(StoreError) {
        _ = commitGathered()
        let change = try store.change { reloaded throws(StoreError) -> ChangeSet in
            if let reloaded { ledger = reloaded }
            let (change, photos) = make(ledger)
            for photo in photos {
                try store.keepPhotoData(photo.bytes, sha256: photo.sha256)
            }
            try store.write(change, statement: "")
            return change
        }
        ledger.apply(change)
    }

    /// The day statements take as today: the one given, else the clock's.
    var today: Day { options.today ?? Clock.today() }

    /// Fills the ledger with two years of made-up bills up to today, for `--demo`.
    public func fillWithDemo() throws(StoreError) {
        let demo = DemoLedger(today: today, now: options.today.map(Clock.noon) ?? Clock.now())
        try commit { ledger in demo.change(for: ledger) }
    }

    private func runNested(_ nested: ScriptSource, at parsed: ParsedStatement, in source: ScriptSource) -> RunStatus {
        guard runDepth < Session.maximumRunDepth else {
            nestedRunsStopped = true
            return report(Diagnostic(.runsTooDeep(Session.maximumRunDepth), at: parsed.range), in: source)
        }
        nestedRuns += 1
        nestedBytes += nested.text.utf8.count
        guard nestedRuns <= Session.maximumNestedRuns, nestedBytes <= ScriptFile.maximumSize else {
            nestedRunsStopped = true
            return report(
                Diagnostic(.tooManyRuns(runs: Session.maximumNestedRuns, mebibytes: ScriptFile.maximumSize >> 20), at: parsed.range),
                in: source)
        }
        runDepth += 1
        defer { runDepth -= 1 }
        return run(nested)
    }

    /// Brings the model up to what undo or redo wrote, and says so: whose
    /// change it was when another session made it, and when it took away the
    /// book in use. A change whose rows someone has changed since is refused.
    private func replayed(_ replay: LedgerStore.Replay, undo: Bool, _ parsed: ParsedStatement, _ source: ScriptSource) -> RunStatus {
        let verb = undo ? "undo" : "redo"
        switch replay {
        case .nothing:
            show(.report(.nothingToUndo(undo: undo)))
        case .othersOnly(let newest):
            show(.report(.othersOnly(undo: undo, newest: newest.change.summary)))
        case .conflict(let entry, let row):
            let since = undo ? "since it was made" : "since it was undone"
            return report(
                Diagnostic(.undoConflict(verb: verb, change: entry.change.summary, row: row.label, since: since),
                           at: parsed.range),
                in: source)
        case .dependedOn(let entry):
            return report(
                Diagnostic(.undoDependedOn(verb: verb, change: entry.change.summary),
                           at: parsed.range),
                in: source)
        case .replayed(let entry, let applied):
            let book = ledger.currentBook.id
            ledger.apply(applied)
            show(.report(.replayed(
                undo: undo, change: entry.change.summary, fromEarlierSession: !entry.isOwn,
                statement: entry.isOwn ? "" : Session.firstLine(of: entry.statement),
                nowUsing: ledger.currentBook.id != book ? ledger.currentBook.name : nil)))
        }
        return .success
    }

    /// A failure of the store, as the user can act on it.
    static func describe(_ error: StoreError) -> String {
        switch error.reason {
        case .busy: return "nothing was changed: \(error)"
        case .readOnly: return "nothing was changed: the ledger can only be read here (\(error.message))"
        case .damaged: return "the ledger is damaged (\(error.message)); nothing was written to it, and 'check' says what can be done"
        case .changedMeanwhile: return "nothing was changed: \(error.message), though it was read under the write lock"
        default: return "the ledger could not be read or written: \(error)"
        }
    }

    /// A statement's first line, shortened, to name it in a message.
    private static func firstLine(of statement: String) -> String {
        let line = statement.prefix { $0 != "\n" }
        return line.count > 60 ? line.prefix(59) + "…" : String(line)
    }

    var style: Style { Style(color: options.color) }

    func show(_ result: QueryResult, format: OutputFormat? = nil) {
        output.result(Renderer(style: style, width: options.width.columns, forTerminal: output.resultsToTerminal)
            .render(result, as: format ?? options.format))
    }

    func report(_ diagnostic: Diagnostic, in source: ScriptSource) -> RunStatus {
        let committed = commitGathered()
        output.error(DiagnosticRenderer(style: style, width: options.errorWidth?.columns).render(diagnostic, in: source))
        return committed == .storeFailed ? .storeFailed : .statementFailed
    }
}

/// Which bills the model holds: those of `days` (all when nil), whole or
/// with their numbers alone.
struct HeldBills: Equatable {
    let days: DateRange?
    let texts: Bool

    static let all = HeldBills(days: nil, texts: true)

    /// Whether holding these bills, a statement that needs `needed` has them all.
    func covers(_ needed: HeldBills) -> Bool {
        guard texts || !needed.texts else { return false }
        guard let days else { return true }
        guard let wanted = needed.days else { return false }
        return wanted.isEmpty || (!days.isEmpty && days.start <= wanted.start && wanted.end <= days.end)
    }
}

private extension Outcome {
    var isChange: Bool {
        if case .change = self { true } else { false }
    }
}
