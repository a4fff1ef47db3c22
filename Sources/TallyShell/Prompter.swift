import TallyCore

/// The questions a session asks the person at the terminal: given to the
/// session when it is made, absent when nobody is there to answer (a script,
/// a pipe), so a change that must be confirmed needs `--yes` there.
public protocol Prompter: AnyObject {
    /// Whether the answer to a yes/no question is yes; `lines` are shown
    /// before it, such as the bills it is about.
    func confirm(_ question: String, after lines: [String]) -> Bool
    /// Asks for the fields of bills in turn and adds them through `session`.
    func enterBills(into session: Session)
}

/// The prompter of the REPL: questions on the line editor statements are typed on.
public final class TerminalPrompter: Prompter {
    private let historyPath: String
    private let output: Output
    private let interruption: Interruption

    /// Made when the REPL first needs it, once the ledger is open and any
    /// demo filled: the editor takes over Ctrl-C, which until then stops Tally.
    public private(set) lazy var editor = LineEditor(historyPath: historyPath, interruption: interruption)

    /// Ctrl-C, once the editor has taken it over, requests `interruption`.
    public init(historyPath: String, output: Output, interruption: Interruption) {
        self.historyPath = historyPath
        self.output = output
        self.interruption = interruption
    }

    public func confirm(_ question: String, after lines: [String]) -> Bool {
        for line in lines { output.error(line) }
        guard case .line(let answer) = editor.readLine(prompt: question, candidates: GuidedEntry.fixed(["yes", "no"])) else {
            return false
        }
        return ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: " "))
    }

    public func enterBills(into session: Session) {
        GuidedEntry(session: session, reader: editor, output: output).run()
    }
}
