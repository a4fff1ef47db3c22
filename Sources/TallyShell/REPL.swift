import TallyCore
import TallyRender

/// The interactive loop: a prompt naming the current book, lines ending in
/// `\` continued on the next, Ctrl-C to abandon a line, Ctrl-D or `quit` to leave.
public final class REPL {
    private let session: Session
    private let editor: LineEditor
    private let output: StandardOutput
    /// Whether the ledger is the demo's, thrown away when the REPL ends.
    private let demo: Bool
    /// How Tally was started: `tally`, or the path typed.
    private let command: String

    /// Statements are read on the editor of `prompter`, the one the session
    /// asks its questions on; `startedAs` is the program's first argument.
    public init(session: Session, prompter: TerminalPrompter, output: StandardOutput, demo: Bool = false, startedAs: String = "tally") {
        self.session = session
        editor = prompter.editor
        self.output = output
        self.demo = demo
        command = Greeting.command(startedAs: startedAs)
    }

    /// Greets, runs the start-up script, then reads and runs statements until
    /// `quit` or Ctrl-D on an empty line.
    public func run(startupScript: String?) {
        greet()
        do {
            try session.postRecurring()
        } catch {
            session.complain(.ledgerFailed(error.failure, unsaved: 0))
        }
        if let startupScript, Files.exists(startupScript) {
            do {
                _ = session.run(ScriptSource(origin: .file(startupScript), text: try Files.readScript(startupScript)))
            } catch {
                session.complain(.fileFailed(error))
            }
        }
        // On the other core while the user types: a ledger too large to check
        // before each session's first change is checked whole here.
        session.store.startWholeCheck()
        reading: while !session.quitRequested && output.failure == nil {
            switch readStatement() {
            case .end:
                output.result("")
                break reading
            case .interrupted:
                continue
            case .line(let text):
                editor.remember(text.replacingAll(continuation: " "))
                _ = session.run(ScriptSource(origin: .interactive, text: text))
                output.endLineAfterInterruption()
            }
        }
        if demo && output.failure == nil { say(Greeting.demoOver(command: command)) }
    }

    /// The current book's name, and in the demo that it is the demo.
    private var prompt: String {
        "\(demo ? "demo" : "tally")[\(TerminalText.safe(session.ledger.currentBook.name))]> "
    }

    /// One statement: physical lines joined while they end in `\`.
    private func readStatement() -> LineInput {
        let completer = { [session] (before: String) in
            Completer(ledger: session.wholeLedger, savedQueries: session.ledger.savedQueries.map(\.name), decimalMark: session.options.decimalMark)
                .complete(before)
        }
        let first = editor.readLine(prompt: prompt, candidates: completer)
        guard case .line(var text) = first else { return first }
        while ScriptSource.continues(text.utf8) {
            guard case .line(let more) = editor.readLine(prompt: "...> ", candidates: { completer(text + "\n" + $0) }) else {
                return .interrupted
            }
            text += "\n" + more
        }
        return .line(text)
    }

    /// What the REPL says itself, broken between words to fit the terminal.
    private func say(_ text: String) {
        output.result(TextWrap.help(text, width: session.options.width.columns))
    }

    /// A welcome the first time a ledger is used here, and what is new once
    /// after each upgrade.
    private func greet() {
        guard let greeting = Greeting.message(lastSeen: session.ledger.settings.seenVersion, demo: demo, command: command) else { return }
        say(greeting)
        try? session.commit { ledger in
            var settings = ledger.settings
            settings.seenVersion = Tally.version
            let greeted = ChangeSet(summary: "greeted", rows: [RowChange(before: .settings(ledger.settings), after: .settings(settings))], undoable: false)
            return (greeted, [])
        }
    }
}

extension String {
    /// The statement on one line, for the history: a `\` line break becomes `joiner`.
    func replacingAll(continuation joiner: String) -> String {
        split(separator: "\\\n", omittingEmptySubsequences: false).joined(separator: joiner)
    }

    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
