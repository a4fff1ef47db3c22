import Foundation
import Glibc
import Testing
@testable import TallyStore

/// Input and surroundings that once crashed Tally, hung it, filled its memory
/// or made it lie: each is now an error that says where and why, or just works.
@Suite("Hostile input and surroundings")
struct HostileRunTests {
    @Test("statements from a pipe run as each arrives, and their results are written at once")
    func pipedStatementsRunAsTheyArrive() async throws {
        try await withSandbox { sandbox in
            let child = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url)
            child.send("add 1 food a\n")
            #expect(child.waitForOutput { $0 == "added #1  2016-07-20  expense  1.00  food  a\n" }, "\(child.stdout)")
            // The pipe is still open, and the bill is already in the file.
            let elsewhere = try await sandbox.tally(["-c", "count"])
            #expect(elsewhere.stdout == "1\n")
            child.send("count\n")
            #expect(child.waitForOutput { $0 == "added #1  2016-07-20  expense  1.00  food  a\n1\n" }, "\(child.stdout)")
            #expect(child.finish() == 0)
        }
    }

    static let chain = (1...20_000).map { _ in "id=1" }

    @Test("a condition of 20,000 terms runs, also saved and run again later")
    func longConditionChains() async throws {
        try await withSandbox { sandbox in
            for joiner in [" and ", " or "] {
                let run = try await sandbox.tally([try sandbox.script("count where " + Self.chain.joined(separator: joiner))])
                #expect(run.status == 0, "\(run.stderr.prefix(300))")
                #expect(run.stdout == "0\n")
            }
            let save = try await sandbox.tally([try sandbox.script("save chained count where " + Self.chain.joined(separator: " and "))])
            #expect(save.stdout == "saved 'chained'; type chained to run it\n")
            _ = try await sandbox.tally(["-c", "add 5 food"])
            let again = try await sandbox.tally(["-c", "chained"])
            #expect(again.status == 0)
            #expect(again.stdout == "1\n")
        }
    }

    @Test("scripts must be regular files under 64 MiB, and nested runs are bounded in all")
    func boundedScripts() async throws {
        try await withSandbox { sandbox in
            let zero = try await sandbox.tally(["-c", "run /dev/zero"])
            #expect(zero.status == 1)
            #expect(zero.stderr.hasPrefix("error: cannot read '/dev/zero': it is not a regular file\n"), "\(zero)")
            let folder = try await sandbox.tally(["-c", "run \(sandbox.url.path)"])
            #expect(folder.stderr.contains("it is a folder\n"), "\(folder)")
            let fifo = sandbox.path("fifo")
            #expect(mkfifo(fifo, 0o600) == 0)
            let pipe = try await sandbox.tally(["-c", "run \(fifo)"])
            #expect(pipe.stderr.hasPrefix("error: cannot read '\(fifo)': it is not a regular file\n"), "\(pipe)")
            let device = try await sandbox.tally(["/dev/zero"])
            #expect(device.status == 2)
            #expect(device.stderr == "tally: cannot read '/dev/zero': it is not a regular file\n")

            let huge = sandbox.path("huge.tally")
            #expect(FileManager.default.createFile(atPath: huge, contents: nil))
            #expect(truncate(huge, 65 << 20) == 0)
            let tooLarge = try await sandbox.tally([huge])
            #expect(tooLarge.status == 2)
            #expect(tooLarge.stderr == "tally: cannot read '\(huge)': a script may be at most 64 MiB\n")

            let itself = sandbox.path("itself.tally")
            try String(repeating: "run \(itself)\n", count: 3).write(toFile: itself, atomically: true, encoding: .utf8)
            let runs = try await sandbox.tally(["--keep-going", itself])
            #expect(runs.status == 1)
            // One error for each of the three statements, each stopping its own runaway.
            #expect(runs.stderr.components(separatedBy: "error: scripts run each other more than 16 deep").count - 1 == 3, "\(runs.stderr.prefix(2000))")
            #expect(runs.stderr.components(separatedBy: "error:").count - 1 == 3)

            let wide = sandbox.path("wide.tally")
            let leaf = sandbox.path("leaf.tally")
            try "count\n".write(toFile: leaf, atomically: true, encoding: .utf8)
            try String(repeating: "run \(leaf)\n", count: 1000).write(toFile: wide, atomically: true, encoding: .utf8)
            let many = try await sandbox.tally(["-c", "run \(wide)"])
            #expect(many.status == 1)
            // `run wide` is the first of the thousand, so 999 leaves run.
            #expect(many.stdout == String(repeating: "0\n", count: 999))
            #expect(many.stderr.hasPrefix(
                "\(wide):1000:1: error: one statement may run at most 1000 scripts and saved statements, of 64 MiB in all; stopped\n"))
        }
    }

    @Test("endless input without a line break is refused, not read into memory")
    func endlessLine() async throws {
        try await withSandbox { sandbox in
            let process = Process()
            process.executableURL = TallyBinary.binary
            process.arguments = ["--db", sandbox.ledger]
            process.environment = TallyBinary.baseEnvironment.merging(["HOME": sandbox.url.path]) { $1 }
            process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            let status = try await TallyBinary.wait(for: process)
            #expect(status == 1)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(message == "<stdin>:1: error: a statement may be at most 64 MiB\n")
        }
    }

    @Test("bills on the last day of the calendar are found by every period that holds it")
    func theLastDay() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "add 5 food on 9999-12-31", "-c", "add 1 food on 9999-12-30"])
            let periods = ["on 9999-12-31", "in 9999", "in 9999-12", "in 9999-q4", "in dec 9999", "until 9999-12-31",
                           "from 9999-12-31 to 9999-12-31", "since 9999-12-31"]
            let run = try await sandbox.tally(periods.flatMap { ["-c", "sum expense \($0) as csv"] })
            let expected = [("on 9999-12-31", "5.00"), ("in 9999", "6.00"), ("in 9999-12", "6.00"), ("in 9999-q4", "6.00"),
                            ("in dec 9999", "6.00"), ("until 9999-12-31", "6.00"), ("from 9999-12-31 to 9999-12-31", "5.00"),
                            ("since 9999-12-31", "5.00")]
            #expect(run.stdout == expected.map { "sum,currency\n\($0.1),CNY\n" }.joined(), "\(run)")
        }
    }

    @Test("SQLite's own words from a crafted file reach the terminal without their control characters")
    func craftedSQLiteError() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let connection = try Connection(path: sandbox.ledger)
            try connection.exec(
                """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_master SET sql = 'CREATE TABLE settings (key, value) ' || char(27) || ']0;owned' || char(7)
                WHERE name = 'settings';
                """)
            connection.close()
            let run = try await sandbox.tally(["-c", "count"])
            #expect(run.status == 3)
            #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run.stderr.debugDescription)")
            #expect(run.stderr.contains("unrecognized token: \"␛\""), "\(run.stderr)")
        }
    }

    @Test("bidirectional overrides and invisible characters in stored text are never written raw to a table or an error")
    func bidiAndInvisibleText() async throws {
        try await withSandbox { sandbox in
            let added = try await sandbox.tally(["-c", "-1 food \"evil\u{202E}txt.exe\" at \"zero\u{200B}width\""])
            #expect(added.stdout == "added #1  2016-07-20  expense  1.00  food  evil\u{FFFD}txt.exe  @zero\u{FFFD}width\n")
            let table = try await sandbox.tally(["-c", "list"])
            #expect(table.stdout.contains("evil\u{FFFD}txt.exe"))
            #expect(!table.stdout.unicodeScalars.contains { [0x202E, 0x200B].contains($0.value) })
            // Machine formats keep the data exactly, for the program that reads them.
            let json = try await sandbox.tally(["-c", "list as json"])
            #expect(json.stdout.contains("\"remark\": \"evil\u{202E}txt.exe\""))
            let error = try await sandbox.tally(["-c", "sum where category = fo\u{202E}od"])
            #expect(error.status == 1)
            #expect(!error.stderr.unicodeScalars.contains { $0.value == 0x202E }, "\(error.stderr.debugDescription)")
        }
    }

    @Test("results that cannot be written are reported, with exit status 1")
    func outputFailure() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "add 1 food"])
            let process = Process()
            process.executableURL = TallyBinary.binary
            process.arguments = ["--db", sandbox.ledger, "-c", "list", "-c", "add 2 food"]
            process.environment = TallyBinary.baseEnvironment.merging(["HOME": sandbox.url.path]) { $1 }
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let errors = Pipe()
            process.standardError = errors
            let status = try await TallyBinary.wait(for: process)
            #expect(status == 1)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(message == "tally: cannot write the results: No space left on device\n")
            let after = try await sandbox.tally(["-c", "count"])
            #expect(after.stdout == "1\n", "nothing more runs once results cannot be written")

            let big = try await TallyBinary.run(
                ["-c", "ulimit -f 1; exec \"$0\" \"$@\" > \"$HOME/out\"", TallyBinary.binary.path, "--db", sandbox.ledger,
                 "-c", "help"],
                home: sandbox.url, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(big.status == 1, "\(big)")
            #expect(big.stderr == "tally: cannot write the results: File too large\n")
        }
    }

    @Test("60,000 tags and a 1 MiB word each give a short error")
    func quadraticInput() async throws {
        try await withSandbox { sandbox in
            let tags = "add 1 food " + (1...60_000).map { "#t\($0)" }.joined(separator: " ")
            let many = try await sandbox.tally([try sandbox.script(tags)])
            #expect(many.status == 1)
            #expect(many.stderr.contains(":1:504: error: a bill may have at most 100 tags\n"), "\(many.stderr)")
            #expect(many.stderr.utf8.count < 1000, "\(many.stderr.utf8.count) bytes")

            let word = String(repeating: "x", count: 1 << 20)
            let unknown = try await sandbox.tally([try sandbox.script(word)])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains(":1:1: error: unknown statement '\(String(repeating: "x", count: 39))…'; type 'help' for the list\n"))
            #expect(unknown.stderr.utf8.count < 1000, "\(unknown.stderr.utf8.count) bytes")
            let category = try await sandbox.tally([try sandbox.script("sum where category = " + word)])
            #expect(category.stderr.utf8.count < 1000, "\(category.stderr.utf8.count) bytes")
            #expect(try await sandbox.tally(["-c", "count"]).stdout == "0\n")
        }
    }
}

extension Sandbox {
    /// A script file holding `text`, for statements longer than a command line may be.
    func script(_ text: String) throws -> String {
        let path = self.path("script-\(UUID().uuidString).tally")
        try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
