import TallyCore
import TallyLanguage
import TallyStore
import TallyRender

/// Runs statements against one ledger: parse, then hand each to whoever runs
/// it. The ledger's statements go to the evaluator, and every change goes
/// through the change runner; the session's own statements (undo, help,
/// run, files) are run here.
public final class Session {
    public var options: SessionOptions {
        didSet {
            runner.errors = errorRenderer
            fixedNoon = options.today.map(Clock.noon)
            stampChanges()
        }
    }
    /// The instant changes are stamped with under a fixed `--today`, worked
    /// out once: `mktime` reads the time zone again on every call.
    private var fixedNoon: Int64?
    let runner: ChangeRunner
    /// Answers the questions the session asks; nil when nobody is there to answer.
    let prompter: Prompter?
    let output: Output
    public internal(set) var quitRequested = false
    var nested = NestedRuns()
    /// The format a saved statement's results take while it runs, as the statement that ran it said.
    var formatOfRun: OutputFormat?
    /// Whether the user has been told that the ledger is damaged.
    var toldOfDamage = false
    /// The rules, their days seen to and the day when nothing was found to
    /// post: until one of them changes, a statement need not look again.
    var nothingToPost: PostingCheck?

    public init(store: LedgerStore, options: SessionOptions, output: Output, prompter: Prompter? = nil) throws(StoreError) {
        self.options = options
        self.output = output
        self.prompter = prompter
        store.waitForOtherSessions = options.waitForOtherSessions
        store.waiting = WaitNotice(output: output, atTerminal: options.showsProgress, width: options.errorWidth).hear
        fixedNoon = options.today.map(Clock.noon)
        runner = try ChangeRunner(
            store: store, holding: options.loadsBillsAsAsked ? .none : .all, output: output,
            errors: ErrorRenderer(style: Style(color: options.color), width: options.errorWidth?.columns))
        stampChanges()
    }

    /// The undo history tells the time as the bills do: a fixed day's noon with --today.
    private func stampChanges() {
        store.clock = { [fixedNoon] in fixedNoon ?? Clock.now() }
    }

    public var ledger: Ledger { runner.ledger }

    /// The ledger with every bill, read now when the model holds fewer: for
    /// what offers the words, tags and categories already used. When the
    /// file cannot be read, what the model holds; the next statement says why.
    var wholeLedger: Ledger {
        try? runner.refresh(for: .all)
        return runner.ledger
    }
    public var store: LedgerStore { runner.store }

    /// Runs every statement of `source` in order, stopping at the first
    /// failure unless `keepGoing` (the REPL always goes on), and after Ctrl-C.
    /// Changes may be left gathered: `run(_ input:)` commits them.
    func run(_ source: ScriptSource) -> RunStatus {
        var parser = Parser(source.text, decimalMark: options.decimalMark) { [unowned self] in ledger.savedQuery(named: $0) != nil }
        var status = RunStatus.success
        while !quitRequested, !nested.stopped, !interrupted, let next = parser.next() {
            if nested.depth == 0 { nested.startStatement() }
            var outcome: RunStatus
            switch next {
            case .success(let parsed):
                if options.echo && source.origin != .interactive {
                    // A statement shows after what the ones before it said.
                    runner.say(parsed.text)
                    guard runner.takingInFailedCommit(.success) == .success else { return .storeFailed }
                }
                outcome = execute(parsed, from: source)
            case .failure(let diagnostic):
                outcome = fail(diagnostic, in: source)
            }
            if nested.depth == 0 { nested.stopped = false }
            outcome = runner.takingInFailedCommit(outcome)
            if output.failure != nil { return .outputFailed }
            if outcome != .success { status = outcome }
            if outcome.stops(keepingGoing: options.keepGoing || source.origin == .interactive) { return outcome }
        }
        return nested.stopped ? .statementFailed : status
    }

    /// Adds a bill that was built rather than written, such as by a guided
    /// entry; `text` is the statement that writes it, for the undo history.
    func add(_ bill: AddBill, writtenAs text: String) -> RunStatus {
        let characters = Lexer.characters(of: text)
        let range = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1),
                                end: SourceLocation(offset: characters.count, line: 1, column: characters.count + 1))
        let source = ScriptSource(origin: .interactive, text: text)
        return execute(ParsedStatement(statement: .ledger(.add(bill)), range: range, text: text), from: source)
    }

    private func execute(_ parsed: ParsedStatement, from source: ScriptSource) -> RunStatus {
        do {
            takeInBackgroundCheck()
            // Asked once: the file's size is a question to SQLite.
            let changesLedger = if case .ledger(let change) = parsed.statement { change.changesLedger } else { false }
            let onSmallLedger = changesLedger && store.isSmall
            try runner.refresh(for: billsRead(by: parsed.statement, onSmallLedger: onSmallLedger))
            // What it reads may hang on the ledger as just read: a budget another session set makes a new bill read its month.
            try runner.refresh(for: billsRead(by: parsed.statement, onSmallLedger: onSmallLedger))
            // `check` says what it finds itself.
            if case .session(.check) = parsed.statement {} else { tellOfDamage() }
            try postRecurring()
            // A change in a script may be gathered with those before it; anything
            // else comes after them, so they are committed first.
            if case .ledger(let statement) = parsed.statement, statement.changesLedger {} else {
                guard runner.flush() else { return .storeFailed }
            }
            switch parsed.statement {
            case .ledger(let statement): return try run(statement, parsed, source)
            case .session(let statement): return try run(statement, parsed, source)
            }
        } catch {
            // The changes gathered before this one stand; this one was undone alone.
            runner.complain(errorRenderer.render(.ledgerFailed(error.failure, unsaved: 0)))
            return .storeFailed
        }
    }

    /// What `statement` reads of the bills. A change `onSmallLedger`, one
    /// small enough to be checked whole before it, reads every bill, which is
    /// cheap there: each is looked at for damage before anything is written.
    private func billsRead(by statement: Statement, onSmallLedger: Bool) -> BillsRead {
        if onSmallLedger { return .all }
        if streamedExport(statement) != nil { return .none }
        return billsReadByItself(statement)
    }

    /// What `statement` itself reads of the bills, whatever the ledger's size.
    func billsReadByItself(_ statement: Statement) -> BillsRead {
        statement.billsRead(
            today: today, weekStart: ledger.settings.weekStart, keepsAccounts: ledger.keepsAccounts, keepsBudgets: !ledger.budgets.isEmpty)
    }

    var evaluator: Evaluator { evaluator(of: ledger) }

    func evaluator(of ledger: Ledger, at now: Int64? = nil) -> Evaluator {
        Evaluator(ledger: ledger, today: today, now: now ?? currentInstant, defaultCurrency: options.defaultCurrency)
    }

    /// Seconds since 1970 that a change made now is stamped with.
    var currentInstant: Int64 { fixedNoon ?? Clock.now() }

    /// Writes a change no statement makes, such as the greeting's, which
    /// `make` computes from the ledger as the file has it now, under the
    /// write lock; its photos' bytes go into the same transaction.
    func commit(_ make: (Ledger) -> (ChangeSet, photos: [ChangeRunner.PhotoBytes])) throws(StoreError) {
        try runner.change { ledger throws(StoreError) -> ((), ChangeRunner.Writing) in
            let (change, photos) = make(ledger)
            return ((), .change(change, statement: "", photos: photos))
        }
    }

    /// The day statements take as today: the one given, else the clock's.
    var today: Day { options.today ?? Clock.today() }

    /// Fills the ledger with two years of made-up bills up to today, for `--demo`.
    public func fillWithDemo() throws(StoreError) {
        let demo = DemoLedger(today: today, now: currentInstant)
        try commit { ledger in
            let (change, photos) = demo.change(for: ledger)
            return (change, photos.map { ChangeRunner.PhotoBytes(bytes: $0.bytes, sha256: $0.sha256) })
        }
    }

    var style: Style { Style(color: options.color) }

    /// Whether Ctrl-C was pressed during this line: what is left of it is not run.
    var interrupted: Bool { output.interruption?.isRequested == true }

    var errorRenderer: ErrorRenderer { ErrorRenderer(style: style, width: options.errorWidth?.columns) }

    func show(_ result: QueryResult, format: OutputFormat? = nil) {
        let text = rendered(result, format: format)
        // Ctrl-C stopped the drawing part way: none of it is shown.
        guard output.interruption?.leftOut != true else { return }
        runner.say(text)
    }

    func rendered(_ result: QueryResult, format: OutputFormat? = nil) -> String {
        Renderer(style: style, width: options.width.columns, forTerminal: output.resultsToTerminal, interruption: output.interruption)
            .render(result, as: formatOfRun ?? format ?? options.format)
    }

    /// Says what went wrong outside any statement; `place` (`FILE:LINE`) says where, when it is known.
    func complain(_ problem: Problem, at place: String? = nil) {
        runner.complain(errorRenderer.render(problem, at: place))
    }

    /// Says why a statement failed, pointing at it in `source`, or at the
    /// value given to a saved statement where the mistake lies.
    func fail(_ diagnostic: Diagnostic, in source: ScriptSource) -> RunStatus {
        let (diagnostic, source) = source.placing(diagnostic)
        runner.complain(errorRenderer.render(diagnostic, in: source))
        return .statementFailed
    }
}
