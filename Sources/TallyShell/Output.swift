#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage
import TallyRender

/// Where results and errors go. Results to stdout and nothing else does;
/// errors and questions to stderr.
public protocol Output: AnyObject {
    func result(_ text: String)
    func error(_ text: String)
    /// Why results could not be written (a full disk, a closed file), once
    /// that has happened; what runs next should stop.
    var failure: String? { get }
    /// Whether results are shown on a terminal, which gets every stored text
    /// made safe; a file or a pipe gets the data exactly.
    var resultsToTerminal: Bool { get }
    /// Ctrl-C, where someone at a terminal can press it to stop a statement's
    /// output; nil for scripts and pipes, which Ctrl-C ends as any program.
    var interruption: Interruption? { get }
    /// Takes `set pager`: whether results taller than the screen go through a pager.
    func use(pager: PagerMode)
}

extension Output {
    public var interruption: Interruption? { nil }
    public func use(pager: PagerMode) {}
}

/// Writes straight to the file descriptors, unbuffered, so results and errors
/// interleave in the order they happened, and a program reading Tally's
/// output sees each answer as soon as it is given.
///
/// In the REPL it is also given Ctrl-C, which stops a result being written
/// at the end of a line, and a pager, which results taller than the
/// terminal go through.
public final class StandardOutput: Output {
    public private(set) var failure: String?
    public let resultsToTerminal = isatty(1) == 1
    public let interruption: Interruption?
    private let pager: Pager?
    private var pagerMode = PagerMode.on
    /// Whether a line was ended since Ctrl-C was pressed, below the `^C` the terminal echoed.
    private var endedLineSinceInterruption = false

    public init(interruption: Interruption? = nil, pager: Pager? = nil) {
        self.interruption = interruption
        self.pager = pager
    }

    public func result(_ text: String) {
        guard failure == nil else { return }
        // Results for a terminal are made safe for it; a file or a pipe gets the data exactly.
        let shown = resultsToTerminal ? TerminalText.printable(text) : text
        defer { noteLineEnded() }
        if resultsToTerminal, let pager, paged(shown, through: pager) { return }
        switch Descriptor.writeLines(Array((shown + "\n").utf8), to: 1, stoppingAt: interruption) {
        case .all:
            break
        case .stopped:
            // Tally's colour codes are its only escapes: none is left open.
            if shown.utf8.contains(0x1B) { _ = StandardOutput.write("\u{1B}[0m", to: 1) }
        case .failed(let problem):
            failure = problem
            StandardOutput.writeError(ErrorRenderer.commandLine(.resultsUnwritable(problem)))
        }
    }

    /// Whether `text` went through the pager, which `set pager` and the
    /// terminal's height decide; a pager that cannot run is said once, and
    /// the text is then left to be written as it is.
    private func paged(_ text: String, through pager: Pager) -> Bool {
        var size = winsize()
        let measured = ioctl(1, UInt(TIOCGWINSZ), &size) == 0
        let columns = measured && size.ws_col > 0 ? Int(size.ws_col) : 80
        guard Pager.takes(text, mode: pagerMode, rows: measured ? Int(size.ws_row) : 0, columns: columns) else { return false }
        // Ctrl-C came before the pager could start: nothing of the text is shown.
        if interruption?.stops() == true { return true }
        switch pager.show(Array((text + "\n").utf8), stoppingAt: interruption) {
        case .shown:
            return true
        case .failed(let reason):
            StandardOutput.writeError(ErrorRenderer.commandLine(.pagerFailed(command: pager.command, reason: reason)))
            return false
        case .failedBefore:
            return false
        }
    }

    public func error(_ text: String) {
        StandardOutput.writeError(text)
        noteLineEnded()
    }

    public func use(pager mode: PagerMode) {
        pagerMode = mode
    }

    private func noteLineEnded() {
        if interruption?.isRequested == true { endedLineSinceInterruption = true }
    }

    /// After each statement in the REPL: when Ctrl-C stopped it, ends the
    /// line the terminal echoed `^C` on, unless something written since
    /// ended it, so the prompt starts a line of its own.
    public func endLineAfterInterruption() {
        if interruption?.isRequested == true && !endedLineSinceInterruption { _ = StandardOutput.write("\n", to: 1) }
        endedLineSinceInterruption = false
    }

    /// Writes `text` to standard error, made safe for a terminal: error
    /// messages quote what they were given, and SQLite's own words too.
    public static func writeError(_ text: String) {
        _ = write(TerminalText.printable(text) + "\n", to: 2)
    }

    /// Writes all of `text`, or says why it could not.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> String? {
        Descriptor.writeAll(Array(text.utf8), to: descriptor)
    }
}
