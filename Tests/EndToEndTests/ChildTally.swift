import Foundation
import Glibc
import TallyShell

/// `tally` as a child process whose output is read while it runs: to drive it
/// a statement at a time through a pipe, or to kill it at a moment of the
/// test's choosing.
final class ChildTally {
    enum Input {
        /// A pipe the test writes to with `send`.
        case pipe
        /// A file read as standard input.
        case file(String)
    }

    let pid: pid_t
    /// Nil once closed: a descriptor closed twice may close another test's file that took its number.
    private var toChild: Int32?
    private let fromStdout: Int32
    private let fromStderr: Int32
    private var outBytes: [UInt8] = []
    private var errBytes: [UInt8] = []
    private var exitCode: Int32?
    private var stdoutOpen = true
    private var stderrOpen = true

    /// Starts `tally ARGUMENTS` with the tests' clean environment and HOME,
    /// through the command `through` when one is given (such as setpriv).
    init(_ arguments: [String], input: Input, home: URL, environment: [String: String] = [:], through: [String] = []) throws {
        var variables = TallyBinary.baseEnvironment
        variables["HOME"] = home.path
        for (name, value) in environment { variables[name] = value }

        // Close-on-exec, so that no other child the tests start meanwhile holds a pipe open.
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard closeOnExecPipe(&outPipe), closeOnExecPipe(&errPipe) else { throw ChildError.cannotStart("pipe") }
        var inPipe: [Int32] = [-1, -1]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .pipe:
            guard closeOnExecPipe(&inPipe) else { throw ChildError.cannotStart("pipe") }
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inPipe[1])
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, outPipe[0])
        posix_spawn_file_actions_addclose(&actions, errPipe[0])

        let path = through.first ?? TallyBinary.binary.path
        let argv = (through + [TallyBinary.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        attributes.startWithDefaultSignals()
        var child: pid_t = 0
        let started = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        if inPipe[0] >= 0 { close(inPipe[0]) }
        guard started == 0 else { throw ChildError.cannotStart(String(cString: strerror(started))) }
        pid = child
        toChild = inPipe[1] >= 0 ? inPipe[1] : nil
        fromStdout = outPipe[0]
        fromStderr = errPipe[0]
    }

    deinit {
        if exitCode == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if let toChild { close(toChild) }
        close(fromStdout)
        close(fromStderr)
    }

    var stdout: String { String(decoding: outBytes, as: UTF8.self) }
    var stderr: String { String(decoding: errBytes, as: UTF8.self) }

    /// Writes `text` to the child's standard input, which stays open.
    func send(_ text: String) {
        guard let toChild else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(toChild, $0.baseAddress, $0.count) }
    }

    /// Reads the child's output until `done` holds for what came on standard
    /// output, or `seconds` pass; whether it held.
    @discardableResult
    func waitForOutput(seconds: Double = 10, until done: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done(stdout) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, pump(milliseconds: Int32(left * 1000)) else { return done(stdout) }
        }
        return true
    }

    /// Kills the child outright, as a power cut or `kill -9` would.
    func killNow() {
        kill(pid, SIGKILL)
    }

    /// Closes standard input, reads everything the child still writes, and
    /// waits for it to end: its exit status, or nil when a signal ended it.
    @discardableResult
    func finish() -> Int32? {
        if let toChild { close(toChild) }
        toChild = nil
        // A writer waiting for a long import says so once, then may be silent for as long as the import takes.
        while pump(milliseconds: 120_000) {}
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let signalled = status & 0x7F != 0
        exitCode = signalled ? -1 : (status >> 8) & 0xFF
        return signalled ? nil : exitCode
    }

    /// Reads what has arrived on either output, waiting up to `milliseconds`;
    /// false once both are closed, or when nothing came in time.
    private func pump(milliseconds: Int32) -> Bool {
        let open = [(fromStdout, stdoutOpen), (fromStderr, stderrOpen)].filter(\.1).map(\.0)
        guard !open.isEmpty else { return false }
        var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return false }
        for descriptor in descriptors where descriptor.revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            let isStdout = descriptor.fd == fromStdout
            if count <= 0 {
                if isStdout { stdoutOpen = false } else { stderrOpen = false }
            } else if isStdout {
                outBytes += buffer[0..<count]
            } else {
                errBytes += buffer[0..<count]
            }
        }
        return stdoutOpen || stderrOpen
    }
}

/// A pipe (a socket pair: Swift's Glibc has no pipe2) whose ends close when a child starts another program.
private func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
    // Made close-on-exec in the same call: between pipe() and fcntl() another
    // test's child could start holding an end, and a reader here would wait on it.
    socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
}

enum ChildError: Error {
    case cannotStart(String)
}
