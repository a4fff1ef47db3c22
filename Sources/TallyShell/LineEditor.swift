import CReadline
#if canImport(Glibc)
import Glibc
#endif
import TallyCore

/// What reading a line came to.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// Ctrl-C: abandon what is being typed.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case end
}

/// Asks for a line at the terminal. The REPL's editor does it with GNU
/// readline; tests give scripted answers.
public protocol LineReader: AnyObject {
    /// `candidates` completes the word before the cursor from the text before it.
    func readLine(prompt: String, candidates: @escaping (String) -> Completer.Completion) -> LineInput
}

/// GNU readline, driven through its callback interface so that Ctrl-C can
/// abandon a line without killing Tally. History lives in a file shared by all
/// sessions on the ledger: each line is appended as it is entered, so two
/// sessions never erase each other's.
///
/// Ctrl-C is caught for as long as the editor lives: at a line it abandons
/// the line; while a statement runs it requests `interruption`, which stops
/// the statement's output.
public final class LineEditor: LineReader {
    public static let historyLimit: Int32 = 5000
    private let historyPath: String?

    public init(historyPath: String?, interruption: Interruption) {
        self.historyPath = historyPath
        LineEditor.interruption = interruption
        tally_rl_configure(LineEditor.readlineName, LineEditor.completeAtCursor, LineEditor.wordBreaks)
        using_history()
        stifle_history(LineEditor.historyLimit)
        if let historyPath {
            read_history(historyPath)
            history_truncate_file(historyPath, LineEditor.historyLimit)
        }
        LineEditor.installInterruptHandler()
    }

    public func readLine(prompt: String, candidates: @escaping (String) -> Completer.Completion) -> LineInput {
        LineEditor.candidates = candidates
        LineEditor.received = nil
        // A Ctrl-C pressed while a statement ran is not meant for this line.
        LineEditor.drainWakeups()
        LineEditor.interruption?.clear()
        tally_rl_forget_eof()
        rl_callback_handler_install(prompt, LineEditor.lineReceived)
        while LineEditor.received == nil {
            // The interrupt handler also writes to a pipe, so a Ctrl-C that
            // lands just before poll still wakes it.
            var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: LineEditor.wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, -1)
            if descriptors[1].revents != 0 { LineEditor.drainWakeups() }
            if LineEditor.interruption?.isRequested == true {
                // Said where the cursor is, before readline tidies its display away.
                StandardOutput.write("^C\n", to: 1)
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_callback_handler_remove()
                // This Ctrl-C was for the line, not for the statement that asked for it.
                LineEditor.interruption?.clear()
                return .interrupted
            }
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .end
            }
            if descriptors[0].revents != 0 { rl_callback_read_char() }
        }
        return LineEditor.received ?? .end
    }

    /// Keeps `line` in the history: not blank lines, not one that repeats the
    /// line before, and not one typed with a leading space (kept private).
    public func remember(_ line: String) {
        guard let first = line.first, first != " ", !line.allSatisfy(\.isWhitespace) else { return }
        let lastIndex = tally_history_base() + tally_history_length() - 1
        if let last = history_get(lastIndex), let text = last.pointee.line, String(cString: text) == line { return }
        add_history(line)
        guard let historyPath else { return }
        // append_history needs the file to exist; a new one is private to its owner.
        let descriptor = open(historyPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        if descriptor >= 0 { close(descriptor) }
        append_history(1, historyPath)
    }

    // MARK: Callbacks from C: they capture nothing, so their state lives here.

    nonisolated(unsafe) private static var received: LineInput?
    nonisolated(unsafe) private static var interruption: Interruption?
    nonisolated(unsafe) private static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1
    nonisolated(unsafe) private static var candidates: (String) -> Completer.Completion = { _ in .words([]) }

    /// Characters that end a word for completion: the language's punctuation,
    /// so `category=fo` completes `fo` and `#wo` completes `wo`.
    nonisolated(unsafe) private static let wordBreaks = strdup(" \t\n\"'=<>!(),;#")
    /// Readline keeps the pointer: `$if tally` in ~/.inputrc matches it.
    nonisolated(unsafe) private static let readlineName = strdup("tally")

    private static let lineReceived: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        rl_callback_handler_remove()
        guard let line else {
            LineEditor.received = .end
            return
        }
        LineEditor.received = .line(String(cString: line))
        free(line)
    }

    private static func drainWakeups() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }

    private static func installInterruptHandler() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                // The pager need not hold them.
                _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
            }
            (wakeRead, wakeWrite) = (ends[0], ends[1])
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            LineEditor.interruption?.request()
            var byte: UInt8 = 1
            _ = write(LineEditor.wakeWrite, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A mask inherited from whoever started Tally must not hold Ctrl-C back.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupt, nil)
    }

    private static let completeAtCursor: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { _, _, end in
        guard let buffer = tally_rl_line_buffer() else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(end))
        let before = String(decoding: bytes, as: UTF8.self)
        switch LineEditor.candidates(before) {
        case .files:
            tally_rl_set_completion_over(0)
            return nil
        case .words(let words):
            tally_rl_set_completion_over(1)
            guard !words.isEmpty else { return nil }
            return matchList(words)
        }
    }

    /// Readline's match list: the common prefix, then each match, then NULL;
    /// readline frees it.
    private static func matchList(_ words: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: words.count + 2)
        var prefix = words[0]
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        list[0] = strdup(words.count == 1 ? words[0] : prefix)
        if words.count == 1 {
            list[1] = nil
        } else {
            for (index, word) in words.enumerated() { list[index + 1] = strdup(word) }
            list[words.count + 1] = nil
        }
        return list
    }
}
