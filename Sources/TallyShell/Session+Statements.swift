import TallyCore
import TallyLanguage
import TallyStore

extension Session {
    /// A statement the session runs itself.
    func run(_ statement: SessionStatement, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        switch statement {
        case .undo(let steps):
            return try replay(undo: true, steps: steps, parsed, source)
        case .redo(let steps):
            return try replay(undo: false, steps: steps, parsed, source)
        case .changes(let limit):
            let entries = try store.history(limit: limit?.value ?? ChangeHistory.shown)
            show(.records(ChangeHistory.table(entries)))
        case .help(let topic):
            return help(topic, parsed, source)
        case .quit:
            quitRequested = true
        case .guidedAdd:
            guard let prompter else { return fail(Diagnostic(.guidedEntryNeedsATerminal, at: parsed.range), in: source) }
            prompter.enterBills(into: self)
        case .run(let target):
            if let saved = ledger.savedQuery(named: target.value) {
                return runSaved(saved, values: [], as: nil, calledAt: target.range, parsed, source)
            }
            let text: String
            do {
                text = try Files.readScript(target.value)
            } catch {
                return fail(Diagnostic(.fileFailed(error), at: target.range), in: source)
            }
            return runNested(ScriptSource(origin: .file(target.value), text: text), at: parsed, in: source)
        case .runSaved(let name, let values, let format):
            let saved: SavedQuery
            do {
                saved = try evaluator.savedStatement(named: name)
            } catch {
                return fail(error, in: source)
            }
            return runSaved(saved, values: values, as: format, calledAt: parsed.range, parsed, source)
        case .about:
            runner.say(About(store: store, ledger: ledger).text)
        case .check:
            return try checkWhole()
        case .attach(let bill, let file):
            return try attach(file, to: bill, parsed, source)
        case .importFile(let options):
            return try importFile(options, parsed, source)
        case .importRates(let file):
            return try importRates(file, parsed, source)
        case .backup(let file, let overwrites):
            return try backup(to: file, overwriting: overwrites, source)
        }
        return .success
    }

    private func help(_ topic: Located<String>?, _ parsed: ParsedStatement, _ source: ScriptSource) -> RunStatus {
        guard let text = Help.text(for: topic?.value, today: today) else {
            let name = topic?.value ?? ""
            let suggestion = Suggestion.nearest(to: name, among: Help.topics + Help.synonyms.keys.sorted())
            return fail(
                Diagnostic(.unknownName(kind: .helpTopic, name: name, suggestion: suggestion),
                           at: topic?.range ?? parsed.range, notes: [Help.topicsNote]),
                in: source)
        }
        runner.say(TextWrap.help(text, width: options.width.columns))
        return .success
    }

    /// Runs a saved statement with `values` written in for its parameters;
    /// its results take `format`, when the statement that runs it gives one.
    private func runSaved(
        _ saved: SavedQuery, values: [Located<String>], as format: OutputFormat?, calledAt range: SourceRange,
        _ parsed: ParsedStatement, _ source: ScriptSource
    ) -> RunStatus {
        let call: SavedCall
        do {
            call = try SavedCall(saved, values: values, calledAt: range)
        } catch {
            return fail(error, in: source)
        }
        let script = ScriptSource(
            origin: .file(Translation.translated("saved statement '%s'", saved.name)), text: call.text, call: ScriptSource.Call(call, from: source))
        let outer = formatOfRun
        formatOfRun = format ?? outer
        defer { formatOfRun = outer }
        return runNested(script, at: parsed, in: source)
    }

    private func runNested(_ script: ScriptSource, at parsed: ParsedStatement, in source: ScriptSource) -> RunStatus {
        if let problem = nested.enter(reading: script.text) { return fail(Diagnostic(problem, at: parsed.range), in: source) }
        defer { nested.leave() }
        return run(script)
    }

    /// Undo or redo under the write lock, then says what was done: whose
    /// change it was when another session made it, and when it took away the
    /// book in use. A change whose rows someone has changed since is refused.
    /// Waiting sessions are told from the start, since it may take back a whole import.
    /// `undo N` asks first, naming the changes, as `delete where` does, and
    /// takes them all or none.
    private func replay(undo: Bool, steps: Located<Int>?, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let count = steps?.value ?? 1
        var asked: [HistoryEntry]?
        if count > 1 {
            let planned = try store.nextSteps(undo: undo, count: count)
            if planned.count < count, !planned.isEmpty {
                return fail(Diagnostic(.tooFewToReplay(undo: undo, asked: count, available: planned.count), at: parsed.range), in: source)
            }
            if !planned.isEmpty, !options.assumeYes {
                let question = ChangeHistory.question(undo: undo, planned)
                guard let prompter else { return fail(Diagnostic(.needsConfirmation(question), at: parsed.range), in: source) }
                guard prompter.confirm(Session.asking(question), after: []) else {
                    show(.done(.replayDeclined(undo: undo)))
                    return .success
                }
                asked = planned
            }
        }
        var book = ledger.currentBook.id
        let outcome = try runner.change(announcing: parsed.text) { ledger throws(StoreError) -> (LedgerStore.Steps?, ChangeRunner.Writing) in
            book = ledger.currentBook.id
            if let asked, try store.nextSteps(undo: undo, count: count) != asked { return (nil, .nothing) }
            let steps = try store.replay(undo: undo, steps: count, in: ledger)
            guard case .taken(let taken) = steps else { return (steps, .nothing) }
            return (steps, .replayed(taken))
        }
        switch outcome {
        case nil:
            return fail(Diagnostic(.changedWhileAnswering, at: parsed.range), in: source)
        case .stopped(let step, let replay)?:
            return replayStopped(replay, atStep: step, of: count, undo: undo, parsed, source)
        case .taken(let taken)?:
            for (index, step) in taken.enumerated() {
                let entry = step.entry
                let nowUsing = index == taken.count - 1 && ledger.currentBook.id != book ? ledger.currentBook.name : nil
                show(.done(.replayed(
                    undo: undo, change: entry.change.phrase, fromEarlierSession: !entry.isOwn,
                    statement: entry.isOwn ? "" : Session.firstLine(of: entry.statement), nowUsing: nowUsing)))
            }
        }
        return .success
    }

    /// Says why the `step`th change of `count` could not be taken back (or made again), so that none was.
    private func replayStopped(
        _ replay: LedgerStore.Replay, atStep step: Int, of count: Int, undo: Bool, _ parsed: ParsedStatement, _ source: ScriptSource
    ) -> RunStatus {
        switch replay {
        case .nothing where step == 1:
            show(.done(.nothingToUndo(undo: undo)))
        case .othersOnly(let newest) where step == 1:
            show(.done(.othersOnly(undo: undo, newest: newest)))
        case .nothing, .othersOnly, .replayed:
            return fail(Diagnostic(.tooFewToReplay(undo: undo, asked: count, available: step - 1), at: parsed.range), in: source)
        case .conflict(let entry, let row):
            if case .recurringRule(let rule) = row.identity {
                // Only posting changes a rule behind the statements that made it.
                return fail(Diagnostic(.undoAfterPosting(undo: undo, change: entry.change.phrase, rule: rule), at: parsed.range), in: source)
            }
            return fail(Diagnostic(.undoConflict(undo: undo, change: entry.change.phrase, row: row.label), at: parsed.range), in: source)
        case .dependedOn(let entry):
            return fail(Diagnostic(.undoDependedOn(undo: undo, change: entry.change.phrase), at: parsed.range), in: source)
        }
        return .success
    }

    /// A statement's first line, shortened, to name it in a message.
    private static func firstLine(of statement: String) -> String {
        let line = statement.prefix { $0 != "\n" }
        return line.count > 60 ? line.prefix(59) + "…" : String(line)
    }
}
