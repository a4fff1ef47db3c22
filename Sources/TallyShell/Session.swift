import TallyCore
import TallyLanguage
import TallyStore

/// How a run of statements ended, from which the exit status follows.
public enum RunStatus: Sendable, Equatable {
    case success
    /// A statement failed (exit 1).
    case statementFailed
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

    public init() {}
}

/// Runs statements against one ledger: parse, evaluate, commit, show. The
/// in-memory ledger is changed only after the store has committed, so the two
/// never disagree.
public final class Session {
    public private(set) var ledger: Ledger
    public var options: SessionOptions
    public let store: LedgerStore
    let output: Output
    /// Asks a yes/no question at the terminal; nil when nobody is there to answer.
    public var confirm: ((String) -> Bool)?
    /// Runs a guided entry at the terminal; nil when nobody is there to answer.
    public var guide: (() -> Void)?
    public private(set) var quitRequested = false
    /// How deep `run` has nested scripts and saved queries.
    var runDepth = 0
    static let maximumRunDepth = 16

    public init(store: LedgerStore, options: SessionOptions, output: Output) throws(StoreError) {
        self.store = store
        self.options = options
        self.output = output
        ledger = try store.load()
    }

    /// Runs every statement of `source` in order, stopping at the first
    /// failure unless `keepGoing` (the REPL always goes on).
    public func run(_ source: ScriptSource) -> RunStatus {
        var parser = Parser(source.text)
        var status = RunStatus.success
        while !quitRequested, let next = parser.next() {
            let outcome: RunStatus
            switch next {
            case .success(let parsed): outcome = execute(parsed, from: source)
            case .failure(let diagnostic): outcome = report(diagnostic, in: source)
            }
            if outcome == .storeFailed { return .storeFailed }
            if outcome == .statementFailed {
                status = .statementFailed
                if !options.keepGoing && source.origin != .interactive { return status }
            }
        }
        return status
    }

    private func execute(_ parsed: ParsedStatement, from source: ScriptSource) -> RunStatus {
        do {
            if store.hasExternalChanges() { ledger = try store.load() }
            let evaluator = Evaluator(
                ledger: ledger, today: options.today ?? Clock.today(), now: Clock.now(), defaultCurrency: options.defaultCurrency)
            let outcome: Outcome
            do {
                outcome = try evaluator.evaluate(parsed)
            } catch {
                return report(error, in: source)
            }
            return try perform(outcome, parsed, source)
        } catch {
            output.error(style.error("error:") + " the ledger could not be read or written: \(error)")
            return .storeFailed
        }
    }

    private func perform(_ outcome: Outcome, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        switch outcome {
        case .result(let result, let format):
            show(result, format: format)
        case .change(let change, let report, let confirmation):
            if let confirmation, !options.assumeYes {
                guard let confirm else {
                    return self.report(Diagnostic(.needsConfirmation(confirmation), at: parsed.range), in: source)
                }
                guard confirm("\(confirmation)? [y/N] ") else {
                    show(.message("nothing deleted"))
                    return .success
                }
            }
            try commit(change)
            show(report)
        case .undo:
            replayed(try store.undo(), done: "undid", nothing: "nothing to undo")
        case .redo:
            replayed(try store.redo(), done: "redid", nothing: "nothing to redo")
        case .sessionSetting(.format(let format)):
            options.format = format
            show(.message("results as \(format.rawValue)"))
        case .sessionSetting(.color(let on)):
            options.color = on
            show(.message("colour \(on ? "on" : "off")"))
        case .help(let topic):
            guard let text = Help.text(for: topic?.value) else {
                let name = topic?.value ?? ""
                return report(
                    Diagnostic(.unknownName(kind: "help topic", name: name, suggestion: Suggestion.nearest(to: name, among: Help.topics)),
                               at: topic?.range ?? parsed.range),
                    in: source)
            }
            output.result(text)
        case .quit:
            quitRequested = true
        case .guidedAdd:
            guard let guide else {
                return report(
                    Diagnostic(.refused("'add' alone asks for each field at the prompt; in a script write the whole bill, such as add 25.50 food"), at: parsed.range),
                    in: source)
            }
            guide()
        case .runSaved(let query):
            return runNested(ScriptSource(origin: .file("saved statement '\(query.name)'"), text: query.statement), at: parsed, in: source)
        case .runFile(let path):
            guard let text = ScriptFile.read(path.value) else {
                return report(Diagnostic(.refused("cannot read '\(path.value)': \(ScriptFile.lastError)"), at: path.range), in: source)
            }
            return runNested(ScriptSource(origin: .file(path.value), text: text), at: parsed, in: source)
        case .about:
            output.result(About(store: store, ledger: ledger).text)
        }
        return .success
    }

    /// Writes `change` to the ledger, then to the model: the two never disagree.
    public func commit(_ change: ChangeSet) throws(StoreError) {
        try store.commit(change)
        ledger.apply(change)
    }

    private func runNested(_ nested: ScriptSource, at parsed: ParsedStatement, in source: ScriptSource) -> RunStatus {
        guard runDepth < Session.maximumRunDepth else {
            return report(Diagnostic(.refused("scripts run each other more than \(Session.maximumRunDepth) deep"), at: parsed.range), in: source)
        }
        runDepth += 1
        defer { runDepth -= 1 }
        return run(nested)
    }

    /// Brings the model up to what undo or redo wrote, and says so; also when
    /// it took away the book in use.
    private func replayed(_ change: ChangeSet?, done: String, nothing: String) {
        guard let change else {
            show(.message(nothing))
            return
        }
        let book = ledger.currentBook.id
        ledger.apply(change)
        let note = ledger.currentBook.id == book ? "" : "; now using book '\(ledger.currentBook.name)'"
        show(.message("\(done): \(change.summary)" + note))
    }

    private var style: Style { Style(color: options.color) }

    private func show(_ result: QueryResult, format: OutputFormat? = nil) {
        output.result(Renderer(style: style).render(result, as: format ?? options.format))
    }

    private func report(_ diagnostic: Diagnostic, in source: ScriptSource) -> RunStatus {
        output.error(DiagnosticRenderer(style: style).render(diagnostic, in: source))
        return .statementFailed
    }
}
