#if canImport(Glibc)
import Glibc
import TallyRender
#endif

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
}

/// Writes straight to the file descriptors, unbuffered, so results and errors
/// interleave in the order they happened, and a program reading Tally's
/// output sees each answer as soon as it is given.
public final class StandardOutput: Output {
    public private(set) var failure: String?
    public let resultsToTerminal = isatty(1) == 1

    public init() {}

    public func result(_ text: String) {
        guard failure == nil else { return }
        // Results for a terminal are made safe for it; a file or a pipe gets the data exactly.
        let shown = resultsToTerminal ? TerminalText.printable(text) : text
        if let problem = StandardOutput.write(shown + "\n", to: 1) {
            failure = problem
            StandardOutput.writeError(ErrorRenderer.commandLine(.resultsUnwritable(problem)))
        }
    }

    public func error(_ text: String) {
        StandardOutput.writeError(text)
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
