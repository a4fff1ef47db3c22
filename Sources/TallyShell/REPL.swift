import CReadline
#if canImport(Glibc)
import Glibc
#endif

/// The interactive loop: GNU readline for editing, a prompt naming the
/// current book, and lines ending in `\` continued on the next.
public final class REPL {
    private let session: Session

    public init(session: Session) {
        self.session = session
        session.confirm = { question in
            guard let answer = REPL.readLine(question) else { return false }
            return ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: " "))
        }
    }

    /// Reads and runs statements until `quit` or Ctrl-D on an empty line.
    public func run() {
        while !session.quitRequested {
            guard let text = readStatement() else {
                StandardOutput.write("\n", to: 1)
                return
            }
            if text.allSatisfy(\.isWhitespace) { continue }
            add_history(text)
            _ = session.run(ScriptSource(origin: .interactive, text: text))
        }
    }

    private var prompt: String {
        "tally[\(TerminalText.safe(session.ledger.currentBook.name))]> "
    }

    /// One logical line: physical lines joined while they end in `\`.
    private func readStatement() -> String? {
        guard var text = REPL.readLine(prompt) else { return nil }
        while text.hasSuffix("\\") {
            guard let more = REPL.readLine("...> ") else { return text }
            text += "\n" + more
        }
        return text
    }

    static func readLine(_ prompt: String) -> String? {
        guard let line = readline(prompt) else { return nil }
        defer { free(line) }
        return String(cString: line)
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
