import TallyCore
import TallyRender

/// The interactive loop: a prompt naming the current book, lines ending in
/// `\` continued on the next, Ctrl-C to abandon a line, Ctrl-D or `quit` to leave.
public final class REPL {
    private let session: Session
    private let editor: LineEditor
    private let output: StandardOutput

    /// Statements are read on the editor of `prompter`, the one the session asks its questions on.
    public init(session: Session, prompter: TerminalPrompter, output: StandardOutput) {
        self.session = session
        editor = prompter.editor
        self.output = output
    }

    /// Greets, runs the start-up script, then reads and runs statements until
    /// `quit` or Ctrl-D on an empty line.
    public func run(startupScript: String?) {
        greet()
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
        while !session.quitRequested && output.failure == nil {
            switch readStatement() {
            case .end:
                output.result("")
                return
            case .interrupted:
                continue
            case .line(let text):
                editor.remember(text.replacingAll(continuation: " "))
                _ = session.run(ScriptSource(origin: .interactive, text: text))
                output.endLineAfterInterruption()
            }
        }
    }

    private var prompt: String {
        "tally[\(TerminalText.safe(session.ledger.currentBook.name))]> "
    }

    /// One statement: physical lines joined while they end in `\`.
    private func readStatement() -> LineInput {
        let completer = { [session] (before: String) in
            Completer(ledger: session.ledger, savedQueries: session.ledger.savedQueries.map(\.name)).complete(before)
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

    /// A welcome the first time a ledger is used here, and what is new once
    /// after each upgrade.
    private func greet() {
        guard let greeting = Greeting.message(lastSeen: session.ledger.settings.seenVersion) else { return }
        output.result(greeting)
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
