import TallyCore
import TallyLanguage
import TallyRender
import TallyStore

extension Session {
    /// A statement of the ledger: a change is evaluated under the write
    /// lock, anything else from the model as it stands. On a ledger that
    /// takes no changes, a change is evaluated from the model too, so that
    /// its own mistake, or the question it asks, comes before the refusal.
    func run(_ statement: LedgerStatement, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        if let export = streamedExport(.ledger(statement)) { return try exportInStretches(export, parsed, source) }
        guard statement.changesLedger, !store.refusesChanges else {
            let outcome: Outcome
            let now = currentInstant
            var evaluator = evaluator(of: ledger, at: now)
            if !statement.changesLedger { evaluator.interruption = output.interruption }
            do {
                outcome = try evaluator.evaluate(statement, at: parsed.range)
            } catch {
                return fail(error, in: source)
            }
            // Ctrl-C cut the evaluation short: what it came to is incomplete, and is neither shown nor written.
            if output.interruption?.leftOut == true { return .success }
            switch outcome {
            case .change(let change, _, let question?, _) where !options.assumeYes:
                return try ask(question, about: change, statement, parsed, source, at: now)
            case .change:
                return try self.change(statement, parsed, source, asConfirmed: nil)
            default:
                return try perform(outcome, of: statement, parsed, source)
            }
        }
        return try change(statement, parsed, source, asConfirmed: nil)
    }

    /// What a change statement came to under the write lock.
    private enum Attempt {
        case wrote(shown: String, warnings: [String])
        /// The change must be confirmed before it is made; nothing was written.
        case asks(Confirmation, ChangeSet)
        case refused(Diagnostic)
        /// The statement no longer changes anything (its selection is now empty).
        case other(Outcome)
    }

    /// Evaluates the statement holding the write lock, against the ledger as
    /// the file has it now, and commits what it comes to. A change that must
    /// be confirmed is asked about with the lock let go, then evaluated
    /// again, and must come out the same, or nothing is done.
    private func change(
        _ statement: LedgerStatement, _ parsed: ParsedStatement, _ source: ScriptSource, asConfirmed confirmed: ChangeSet?,
        at instant: Int64? = nil
    ) throws(StoreError) -> RunStatus {
        // A confirmed change is evaluated again at the moment it was asked about, so its bills' times come out the same.
        let now = instant ?? currentInstant
        let gathering = options.gathersChanges && source.origin != .interactive && confirmed == nil
        if !gathering { guard runner.flush() else { return .storeFailed } }
        // Read again under the lock, should another process have written, for what the statement itself reads:
        // a file grown past a small one's size by another's import is not read whole for a new bill.
        let attempt = try runner.change(gathering: gathering, reading: billsReadByItself(.ledger(statement))) { ledger throws(StoreError) -> (Attempt, ChangeRunner.Writing) in
            let outcome: Outcome
            do throws(Diagnostic) {
                outcome = try evaluator(of: ledger, at: now).evaluate(statement, at: parsed.range)
            } catch {
                return (.refused(error), .nothing)
            }
            guard case .change(let change, let done, let question, let warnings) = outcome else { return (.other(outcome), .nothing) }
            if let confirmed {
                guard confirmed.rows == change.rows else { return (.refused(Diagnostic(.changedWhileAnswering, at: parsed.range)), .nothing) }
            } else if let question, !options.assumeYes {
                return (.asks(question, change), .nothing)
            }
            return (.wrote(shown: rendered(done), warnings: warnings), .change(change, statement: parsed.text))
        }
        switch attempt {
        case .wrote(let shown, let warnings):
            if gathering {
                if runner.gather(ChangeRunner.Shown(text: shown, warnings: warnings)) { runner.flush() }
                return .success
            }
            runner.say(shown)
            for warning in warnings { runner.complain(errorRenderer.warning(warning)) }
            return .success
        case .asks(let question, let change):
            return try ask(question, about: change, statement, parsed, source, at: now)
        case .refused(let diagnostic):
            return fail(diagnostic, in: source)
        case .other(let outcome):
            return try perform(outcome, of: statement, parsed, source)
        }
    }

    /// Asks before a change is made; a script, with nobody to answer, must say `--yes`.
    private func ask(
        _ confirmation: Confirmation, about change: ChangeSet, _ statement: LedgerStatement, _ parsed: ParsedStatement,
        _ source: ScriptSource, at now: Int64
    ) throws(StoreError) -> RunStatus {
        guard let prompter else { return fail(Diagnostic(.needsConfirmation(confirmation.question), at: parsed.range), in: source) }
        // What the changes before it did is said before the question.
        guard runner.flush() else { return .storeFailed }
        guard prompter.confirm(Session.asking(confirmation.question), after: sampleLines(of: confirmation)) else {
            show(.done(confirmation.declined))
            return .success
        }
        return try self.change(statement, parsed, source, asConfirmed: change, at: now)
    }

    /// The bills a question is about, one a line and indented under the statement, then how many more.
    private func sampleLines(of confirmation: Confirmation) -> [String] {
        let indent = "  "
        let renderer = Renderer(style: style, width: options.width.columns - indent.count)
        let more = confirmation.more > 0 ? [indent + Translation.translated("… and %d more", confirmation.more)] : []
        return confirmation.sample.map { indent + renderer.line(for: $0) } + more
    }

    /// A yes-or-no question as it is put: the answers stay `y` and `n` in every language.
    static func asking(_ question: String) -> String {
        Translation.translated("%s? [y/N] ", question)
    }

    /// Shows a result, or does what only the session can: a setting of its
    /// own, or a file written from what the ledger holds.
    private func perform(
        _ outcome: Outcome, of statement: LedgerStatement, _ parsed: ParsedStatement, _ source: ScriptSource
    ) throws(StoreError) -> RunStatus {
        switch outcome {
        case .result(let result, let format):
            show(result, format: format)
        case .change:
            return try change(statement, parsed, source, asConfirmed: nil)
        case .sessionSetting(let setting):
            apply(setting)
        case .exportFile(let options, let bills, let rules):
            return export(bills, rules: rules, options, source)
        case .reportFile(let options, let report):
            return writeReport(report, options, source)
        case .extractPhoto(let photo, let file, let overwrites):
            return try extract(photo, to: file, overwriting: overwrites, parsed, source)
        }
        return .success
    }

    private func apply(_ setting: SessionSetting) {
        switch setting {
        case .format(let format): options.format = format
        case .color(let on): options.color = on
        case .echo(let on): options.echo = on
        case .pager(let mode): output.use(pager: mode)
        }
        show(.done(setting.done))
    }
}

private extension SessionSetting {
    var done: Done {
        switch self {
        case .format(let format): .format(format)
        case .color(let on): .color(on)
        case .echo(let on): .echo(on)
        case .pager(let mode): .pager(mode)
        }
    }
}
