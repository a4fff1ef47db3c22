import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SPEC §1: Chinese display names under a Chinese locale. SPEC §2: no ANSI
/// colour when NO_COLOR is set, with --no-color, or when stdout is not a terminal.
@Suite("Locale and colour")
struct LocaleAndColorTests {
    @Test("where the locale writes decimals with a comma, as de_DE does, an amount may be written 25,50; elsewhere it is refused")
    func decimalComma() async throws {
        try await withSandbox { sandbox in
            let german: [String: String?] = ["LANG": "de_DE.UTF-8"]
            let run = try await sandbox.tally(
                ["-c", "25,50 food", "-c", "food 3,20 Kaffee", "-c", "€4,5 food", "-c", "2.5 food", "-c", "sum expense as json"], environment: german)
            #expect(run.stdout == """
                added #1  2016-07-20  expense  25.50  food
                added #2  2016-07-20  expense  3.20  food  Kaffee
                added #3  2016-07-20  expense  4.50  food
                added #4  2016-07-20  expense  2.50  food
                {"sum": "35.70", "currency": "EUR"}

                """, "\(run)")
            #expect(run.status == 0, "\(run)")
            let numeric = try await sandbox.tally(["-c", "1,5 food"], environment: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"])
            #expect(numeric.stdout == "added #5  2016-07-20  expense  1.50  food\n", "\(numeric)")

            let point = try await sandbox.tally(["-c", "25,50 food"])
            #expect(point.status == 1)
            #expect(point.stderr.hasPrefix(
                "error: write the decimals with a point, 25.50; a comma is one only where the locale (LC_NUMERIC or LANG) writes it\n"), "\(point)")
        }
    }

    @Test("LANG=zh_CN.UTF-8 on a new ledger makes the Chinese names the display names, English the aliases")
    func chineseDisplayNames() async throws {
        try await withSandbox { sandbox in
            let zh: [String: String?] = ["LANG": "zh_CN.UTF-8"]
            let categories = try await sandbox.tally(["-c", "categories expense"], environment: zh)
            #expect(categories.status == 0, "\(categories)")
            let lines = categories.stdout.split(separator: "\n")
            #expect(lines.count == 30, "a header and 29 expense categories: \(categories)")
            #expect(lines.dropFirst().first?.contains("用餐") == true, "\(categories)")
            #expect(lines.dropFirst().first?.contains("food") == true, "the English name is an alias: \(categories)")

            let run = try await sandbox.tally(
                ["-c", "add 5 food", "-c", "add 6 用餐", "-c", "+100 salary", "-c", "sum expense by category as json", "-c", "sum income by category as json"],
                environment: zh)
            #expect(run.stdout == """
                已添加 #1  2016-07-20  支出  5.00  用餐
                已添加 #2  2016-07-20  支出  6.00  用餐
                已添加 #3  2016-07-20  收入  100.00  工资
                [
                  {"category": "用餐", "sum": "11.00"}
                ]
                [
                  {"category": "工资", "sum": "100.00"}
                ]

                """, "\(run)")
            #expect(run.status == 0)
        }
    }

    @Test("seeding happens once: a ledger made under LANG=C keeps its English names under zh_CN")
    func seedingHappensOnce() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let run = try await sandbox.tally(["-c", "add 5 用餐"], environment: ["LANG": "zh_CN.UTF-8"])
            #expect(run.stdout == "已添加 #1  2016-07-20  支出  5.00  food\n", "\(run)")
            let categories = try await sandbox.tally(["-c", "categories"], environment: ["LANG": "zh_CN.UTF-8"])
            #expect(categories.stdout.split(separator: "\n").count == 39, "38 categories, no second seeding: \(categories)")
        }
    }

    @Test("LC_ALL outranks LANG")
    func lcAllOutranksLang() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["-c", "add 5 food"], environment: ["LANG": "C.UTF-8", "LC_ALL": "zh_CN.UTF-8"])
            #expect(run.stdout == "已添加 #1  2016-07-20  支出  5.00  用餐\n", "\(run)")
        }
    }

    static let statements = ["-c", "add 5 food", "-c", "+10 salary", "-c", "sum", "-c", "sum expense by category", "-c", "list", "-c", "count where category=fod"]

    @Test("stdout that is not a terminal carries no ANSI codes, even without NO_COLOR")
    func noColourIntoAPipe() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(Self.statements, environment: ["NO_COLOR": nil, "TERM": "xterm-256color"])
            #expect(run.status == 1, "\(run)")
            #expect(!run.stdout.contains("\u{1B}"), "\(run)")
            #expect(!run.stderr.contains("\u{1B}"), "\(run)")
        }
    }

    @Test("on a terminal, income and expense are coloured (the control for the tests below)")
    func colourOnATerminal() async throws {
        try await withSandbox { sandbox in
            let output = try await Terminal.run(
                ["--db", sandbox.ledger, "--today", TallyBinary.today] + Self.statements,
                environment: ["NO_COLOR": nil, "TERM": "xterm-256color"], home: sandbox.url)
            #expect(output.contains("\u{1B}["), "\(output)")
        }
    }

    @Test("on a terminal, NO_COLOR or --no-color means no ANSI codes", arguments: [
        (["NO_COLOR": "1"], [String]()),
        (["NO_COLOR": nil], ["--no-color"]),
        (["NO_COLOR": nil, "TERM": "dumb"], [String]()),
    ] as [([String: String?], [String])])
    func noColourOnATerminal(_ environment: [String: String?], _ flags: [String]) async throws {
        try await withSandbox { sandbox in
            var variables = environment
            if variables["TERM"] == nil { variables["TERM"] = "xterm-256color" }
            let output = try await Terminal.run(
                ["--db", sandbox.ledger, "--today", TallyBinary.today] + flags + Self.statements,
                environment: variables, home: sandbox.url)
            #expect(output.contains("¥"), "the statements ran: \(output)")
            #expect(!output.contains("\u{1B}"), "\(output)")
        }
    }
}

/// Runs `tally` with stdout and stderr on a pseudo-terminal and returns what
/// it wrote there; standard input is `stdin` through a pipe, else /dev/null.
enum Terminal {
    static func run(_ arguments: [String], environment: [String: String?], stdin: String? = nil, home: URL) async throws -> String {
        // posix_openpt and friends are not in Swift's Glibc module; on Linux
        // they come down to /dev/ptmx and two ioctls.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw TerminalError.unavailable }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        let TIOCSPTLCK: UInt = 0x4004_5431
        let TIOCGPTN: UInt = 0x8004_5430
        guard ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else {
            close(master)
            throw TerminalError.unavailable
        }
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw TerminalError.unavailable
        }
        let reader = FileHandle(fileDescriptor: master, closeOnDealloc: true)
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)

        var variables = TallyBinary.baseEnvironment
        variables["HOME"] = home.path
        for (key, value) in environment { variables[key] = value }
        let process = Process()
        process.executableURL = TallyBinary.binary
        process.arguments = arguments
        process.environment = variables
        process.standardInput = try TallyBinary.standardInput(stdin)
        process.standardOutput = slaveHandle
        process.standardError = slaveHandle

        // Read while the child runs, so it never blocks on a full terminal buffer.
        let collected = Collected()
        let readerDone = DispatchSemaphore(value: 0)
        let readerBox = HandleBox(reader)
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(readerBox.handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected.append(buffer[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // EIO once every copy of the slave side is closed
                }
            }
            readerDone.signal()
        }
        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                close(slave)
            } catch {
                process.terminationHandler = nil
                close(slave)
                continuation.resume(throwing: error)
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = readerDone.wait(timeout: .now() + 10)
                continuation.resume()
            }
        }
        return collected.text
    }
}

enum TerminalError: Error {
    case unavailable
}

final class HandleBox: @unchecked Sendable {
    let handle: FileHandle
    init(_ handle: FileHandle) { self.handle = handle }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func append(_ chunk: ArraySlice<UInt8>) {
        lock.lock()
        bytes += chunk
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
