import TallyCore
import TallyLanguage
import TallyStore

extension Session {
    /// A statement the session runs itself.
    func run(_ statement: SessionStatement, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        switch statement {
        case .undo:
            return try replay(undo: true, parsed, source)
        case .redo:
            return try replay(undo: false, parsed, source)
        case .help(let topic):
            return help(topic, parsed, source)
        case .quit:
            quitRequested = true
        case .guidedAdd:
            guard let prompter else { return fail(Diagnostic(.guidedEntryNeedsATerminal, at: parsed.range), in: source) }
            prompter.enterBills(into: self)
        case .run(let target):
            if let saved = ledger.savedQuery(named: target.value) { return runSaved(saved, as: nil, parsed, source) }
            let text: String
            do {
                text = try Files.readScript(target.value)
            } catch {
                return fail(Diagnostic(.fileFailed(error), at: target.range), in: source)
            }
            return runNested(ScriptSource(origin: .file(target.value), text: text), at: parsed, in: source)
        case .runSaved(let name, let format):
            let saved: SavedQuery
            do {
                saved = try evaluator.savedStatement(named: name)
            } catch {
                return fail(error, in: source)
            }
            return runSaved(saved, as: format, parsed, source)
        case .about:
            runner.say(About(store: store, ledger: ledger).text)
        case .check:
            return try checkWhole()
        case .attach(let bill, let file):
            return try attach(file, to: bill, parsed, source)
        case .importFile(let options):
            return try importFile(options, parsed, source)
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
                Diagnostic(.unknownName(kind: "help topic", name: name, suggestion: suggestion),
                           at: topic?.range ?? parsed.range, notes: ["help topics: " + Help.topics.joined(separator: ", ")]),
                in: source)
        }
        runner.say(TextWrap.help(text, width: options.width.columns))
        return .success
    }

    /// Runs a saved statement; `format`, as in `weekly as csv`, shows all
    /// it says that way, over any format of its own, unless an outer run says one.
    private func runSaved(_ saved: SavedQuery, as format: OutputFormat?, _ parsed: ParsedStatement, _ source: ScriptSource) -> RunStatus {
        let outer = formatOfRun
        formatOfRun = outer ?? format
        defer { formatOfRun = outer }
        return runNested(ScriptSource(origin: .file("saved statement '\(saved.name)'"), text: saved.statement), at: parsed, in: source)
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
    private func replay(undo: Bool, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        var book = ledger.currentBook.id
        let replay = try runner.change(announcing: parsed.text) { ledger throws(StoreError) -> (LedgerStore.Replay, ChangeRunner.Writing) in
            book = ledger.currentBook.id
            let replay = undo ? try store.undo(in: ledger) : try store.redo(in: ledger)
            guard case .replayed(_, let applied) = replay else { return (replay, .nothing) }
            return (replay, .replayed(applied))
        }
        let verb = undo ? "undo" : "redo"
        switch replay {
        case .nothing:
            show(.done(.nothingToUndo(undo: undo)))
        case .othersOnly(let newest):
            show(.done(.othersOnly(undo: undo, newest: newest.change.summary)))
        case .conflict(let entry, let row):
            let since = undo ? "since it was made" : "since it was undone"
            return fail(
                Diagnostic(.undoConflict(verb: verb, change: entry.change.summary, row: row.label, since: since), at: parsed.range),
                in: source)
        case .dependedOn(let entry):
            return fail(Diagnostic(.undoDependedOn(verb: verb, change: entry.change.summary), at: parsed.range), in: source)
        case .replayed(let entry, _):
            show(.done(.replayed(
                undo: undo, change: entry.change.summary, fromEarlierSession: !entry.isOwn,
                statement: entry.isOwn ? "" : Session.firstLine(of: entry.statement),
                nowUsing: ledger.currentBook.id != book ? ledger.currentBook.name : nil)))
        }
        return .success
    }

    /// A statement's first line, shortened, to name it in a message.
    private static func firstLine(of statement: String) -> String {
        let line = statement.prefix { $0 != "\n" }
        return line.count > 60 ? line.prefix(59) + "…" : String(line)
    }
}
