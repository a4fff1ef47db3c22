#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage
import TallyRender

/// The program that shows results taller than the screen a page at a time,
/// as git and psql have theirs: `$PAGER`, run by the shell, else `less -FRX`
/// when the `PATH` has it. Only the REPL has one, and only for results on a
/// terminal; it reads them on its standard input, and Tally waits for it to
/// end before the next prompt.
public final class Pager {
    /// What is run: the shell with `$PAGER`, or less itself.
    let arguments: [String]
    /// The pager as the user knows it: `$PAGER`, or `less -FRX`.
    let command: String
    /// Set once the pager could not be run: results are then written as they are.
    private var broken = false

    init(arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// `$PAGER` when set and not blank, else `less -FRX` when it is in a
    /// folder of `$PATH`; nil when there is neither.
    public static func find(environment: [String: String]) -> Pager? {
        if let command = environment["PAGER"], !command.allSatisfy(\.isWhitespace) {
            return Pager(arguments: ["/bin/sh", "-c", command], command: command)
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let less = String(folder) + "/less"
            var info = stat()
            if stat(less, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(less, X_OK) == 0 {
                return Pager(arguments: [less, "-FRX"], command: "less -FRX")
            }
        }
        return nil
    }

    /// Whether `text` goes through the pager as `mode` says, on a screen of
    /// `rows` and `columns`: with `on`, when it is as tall as the screen,
    /// since the prompt after it would then push its first line away.
    static func takes(_ text: String, mode: PagerMode, rows: Int, columns: Int) -> Bool {
        switch mode {
        case .off: return false
        case .always: return true
        case .on: return rows > 0 && TerminalText.rows(text, columns: columns, upTo: rows) >= rows
        }
    }

    /// How showing a text through the pager went.
    enum Shown: Equatable {
        case shown
        /// The pager could not be run; the text is still to be shown.
        case failed(reason: String)
        /// The pager failed before, which was said then; the text is still to be shown.
        case failedBefore
    }

    /// Starts the pager, feeds it `bytes` until they are all written, it
    /// quits, or Ctrl-C stops the feeding, then waits for it to end.
    func show(_ bytes: [UInt8], stoppingAt interruption: Interruption?) -> Shown {
        guard !broken else { return .failedBefore }
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from the start, so no other child holds the pager's input open.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failed(reason: String(cString: strerror(errno)))
        }
        let (feed, input) = (ends[0], ends[1])
        // As git does: less shows Tally's colours, quits when the text fits, and leaves it on the screen.
        setenv("LESS", "FRX", 0)
        var child: pid_t = 0
        let started = spawn(&child, input: input)
        close(input)
        guard started == 0 else {
            close(feed)
            broken = true
            return .failed(reason: String(cString: strerror(started)))
        }
        _ = Descriptor.writeLines(bytes, to: feed, stoppingAt: interruption, socket: true)
        close(feed)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // The shell's word for a command it could not find or run.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited && (code == 126 || code == 127) {
            broken = true
            return .failed(reason: Translation.translated("exit status %d", code))
        }
        return .shown
    }

    /// The pager on the terminal, reading `input`, with the signals Tally
    /// ignores or catches back at their defaults; an errno, or 0.
    private func spawn(_ child: inout pid_t, input: Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        attributes.startWithDefaultSignals()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ)
    }
}
