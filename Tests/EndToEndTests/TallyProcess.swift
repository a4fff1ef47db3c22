import Foundation
import Testing

/// What one run of the `tally` binary left behind.
struct Run: Sendable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32

    var description: String {
        "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
}

/// The built `tally` executable, run as a user would: in a child process with
/// a clean environment (`NO_COLOR=1`, `LANG=C.UTF-8`, `HOME` in a throwaway
/// folder), so nothing of the machine running the tests leaks in.
enum TallyBinary {
    /// `$TALLY_BINARY`, else `tally` in the products folder, which on Linux
    /// holds both the test bundle's resources and the executables.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["TALLY_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let folders = [
            Bundle.module.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in folders {
            let candidate = folder.appendingPathComponent("tally")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return folders[0].appendingPathComponent("tally")
    }()

    /// The folder of golden scripts, copied beside the test bundle as a resource.
    static let scripts: URL = Bundle.module.url(forResource: "Scripts", withExtension: nil)!

    /// The fixed *today* of every test: Wednesday 2016-07-20.
    static let today = "2016-07-20"

    static let baseEnvironment = [
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "NO_COLOR": "1",
        "LANG": "C.UTF-8",
    ]

    /// Runs `tally ARGUMENTS` and waits for it. `stdin`, when given, is piped
    /// in; otherwise standard input is /dev/null, never a terminal. In
    /// `environment` a nil value removes a variable.
    static func run(
        _ arguments: [String],
        stdin: String? = nil,
        environment: [String: String?] = [:],
        in directory: URL? = nil,
        home: URL,
        executable: URL = TallyBinary.binary
    ) async throws -> Run {
        var variables = baseEnvironment
        variables["HOME"] = home.path
        for (name, value) in environment { variables[name] = value }

        let capture = home.appendingPathComponent(".capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = variables
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = try standardInput(stdin)
        let status = try await wait(for: process)
        return Run(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            status: status)
    }

    /// `text` through a pipe, else /dev/null. Written before the child starts
    /// (it fits the pipe's buffer), so a child that exits without reading
    /// cannot raise SIGPIPE here.
    static func standardInput(_ text: String?) throws -> Any {
        guard let text else { return FileHandle.nullDevice }
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        return pipe
    }

    /// Starts `process` and waits for it without holding a thread; one that
    /// hangs is killed after 30 seconds.
    static func wait(for process: Process) async throws -> Int32 {
        let box = ProcessBox(process)
        return try await withCheckedThrowingContinuation { continuation in
            let outcome = FirstOutcome(continuation)
            process.terminationHandler = { finished in outcome.resume(.success(finished.terminationStatus)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                outcome.resume(.failure(error))
                return
            }
            watch(box, outcome, since: .now())
        }
    }

    /// Now and then Foundation misses a child's exit on Linux, leaving it a
    /// zombie no one waits for and the test waiting for ever: a child seen
    /// a zombie twice, a second apart, is waited for here.
    private static func watch(_ box: ProcessBox, _ outcome: FirstOutcome, since started: DispatchTime, zombieBefore: Bool = false) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            guard !outcome.isDone else { return }
            let pid = box.process.processIdentifier
            let zombie = isZombie(pid)
            var status: Int32 = 0
            if zombie && zombieBefore && waitpid(pid, &status, WNOHANG) == pid {
                outcome.resume(.success(status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F))
                return
            }
            if !zombie && DispatchTime.now() > started + 30 && box.process.isRunning { box.process.terminate() }
            watch(box, outcome, since: started, zombieBefore: zombie)
        }
    }

    private static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}

/// Lets the watchdog reach the process from another queue.
final class ProcessBox: @unchecked Sendable {
    let process: Process
    init(_ process: Process) { self.process = process }
}

/// A continuation resumed by whichever of its resumers comes first.
final class FirstOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Int32, any Error>?

    init(_ continuation: CheckedContinuation<Int32, any Error>) {
        self.continuation = continuation
    }

    var isDone: Bool { lock.withLock { continuation == nil } }

    func resume(_ result: Result<Int32, any Error>) {
        let waiting = lock.withLock { () -> CheckedContinuation<Int32, any Error>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}

/// A folder of its own for one test (its ledger, its HOME).
struct Sandbox: Sendable {
    let url: URL

    /// A ledger path inside the sandbox, not created yet.
    var ledger: String { url.appendingPathComponent("ledger.db").path }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// `tally --db LEDGER --today 2016-07-20 ARGUMENTS`, with HOME in the sandbox.
    func tally(
        _ arguments: [String],
        stdin: String? = nil,
        environment: [String: String?] = [:],
        in directory: URL? = nil
    ) async throws -> Run {
        try await TallyBinary.run(
            ["--db", ledger, "--today", TallyBinary.today] + arguments,
            stdin: stdin, environment: environment, in: directory, home: url)
    }
}

/// Runs `body` with a new sandbox, removed afterwards.
func withSandbox<T>(_ body: (Sandbox) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(Sandbox(url: url))
}

/// Where two texts first differ, to make a failed comparison readable.
func firstDifference(_ actual: String, _ expected: String) -> String {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, e.count) {
        let left = index < a.count ? String(a[index]) : "<none>"
        let right = index < e.count ? String(e[index]) : "<none>"
        if left != right {
            return "first difference at line \(index + 1):\n  actual:   \(left)\n  expected: \(right)"
        }
    }
    return "no difference"
}
