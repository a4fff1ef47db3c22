import Foundation
import Glibc
import Testing

/// SPEC §2: the command line, its inputs and its exit statuses.
@Suite("Command line")
struct CommandLineTests {
    @Test("-c is repeatable and runs its statements in order on one ledger")
    func repeatableCommands() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["-c", "add 1 food", "-c", "add 2.50 drinks", "-c", "sum expense", "-c", "count"])
            #expect(run.stdout == """
                added #1  2016-07-20  expense  1.00  food
                added #2  2016-07-20  expense  2.50  drinks
                ¥3.50
                2

                """, "\(run)")
            #expect(run.stderr == "")
            #expect(run.status == 0)
        }
    }

    @Test("-c stops at the first failing statement, with exit 1 and the error on stderr")
    func failingCommand() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["-c", "add 1 fod", "-c", "add 2 food"])
            #expect(run.stdout == "", "\(run)")
            #expect(run.stderr.contains("did you mean 'food'?"), "\(run)")
            #expect(run.stderr.contains("add 1 fod\n"), "the statement is shown: \(run)")
            #expect(run.stderr.contains("^~~"), "a caret under the name: \(run)")
            #expect(run.status == 1)
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "0\n", "the second -c never ran: \(count)")
        }
    }

    @Test("statements on standard input, when it is not a terminal, print only their results")
    func statementsOnStandardInput() async throws {
        try await withSandbox { sandbox in
            let setup = try await sandbox.tally([], stdin: "add 12 food\nadd 3.5 drinks\n")
            #expect(setup.status == 0, "\(setup)")
            let run = try await sandbox.tally([], stdin: "sum expense\n")
            #expect(run.stdout == "¥15.50\n", "no prompt, banner or echo: \(run)")
            #expect(run.stderr == "")
            #expect(run.status == 0)
        }
    }

    @Test("standard input is a script: errors give its line and column, and exit 1")
    func errorOnStandardInput() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally([], stdin: "add 1 food\nadd 2 fod\nadd 3 food\n")
            #expect(run.stdout == "added #1  2016-07-20  expense  1.00  food\n", "\(run)")
            #expect(run.stderr.contains(":2:7: error: unknown category 'fod' — did you mean 'food'?"), "\(run)")
            #expect(run.status == 1)
        }
    }

    @Test("several script files run in order")
    func severalFiles() async throws {
        try await withSandbox { sandbox in
            try "add 1 food\n".write(toFile: sandbox.path("one.tally"), atomically: true, encoding: .utf8)
            try "add 2 food\nsum expense\n".write(toFile: sandbox.path("two.tally"), atomically: true, encoding: .utf8)
            let run = try await sandbox.tally([sandbox.path("one.tally"), sandbox.path("two.tally")])
            #expect(run.stdout.hasSuffix("¥3.00\n"), "\(run)")
            #expect(run.status == 0)
        }
    }

    @Test("a script whose first line is #!/usr/bin/env tally runs as a program")
    func shebangScriptRuns() async throws {
        try await withSandbox { sandbox in
            let script = sandbox.path("spend")
            // Written through a close-on-exec descriptor: a child another test starts meanwhile must
            // not hold it open, or running the script fails with "text file busy".
            let descriptor = open(script, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            let text = Array("#!/usr/bin/env tally\nadd 10 food\nadd 2.5 drinks\nsum expense\n".utf8)
            #expect(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
            close(descriptor)
            let binaries = TallyBinary.binary.deletingLastPathComponent().path
            let run = try await TallyBinary.run(
                [], environment: ["PATH": binaries + ":/usr/bin:/bin", "TALLY_DB": sandbox.ledger],
                home: sandbox.url, executable: URL(fileURLWithPath: script))
            #expect(run.stdout.hasSuffix("¥12.50\n"), "\(run)")
            #expect(run.stderr == "")
            #expect(run.status == 0)
        }
    }

    struct BadCommandLine: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("a bad command line exits 2 with a message on stderr, and touches no ledger", arguments: [
        BadCommandLine(arguments: ["--frmat", "json", "-c", "count"], message: "did you mean '--format'?"),
        BadCommandLine(arguments: ["--keep-gong", "-c", "count"], message: "did you mean '--keep-going'?"),
        BadCommandLine(arguments: ["--format", "xml", "-c", "count"], message: "xml"),
        BadCommandLine(arguments: ["--format=yaml", "-c", "count"], message: "yaml"),
        BadCommandLine(arguments: ["--today", "2016-02-30", "-c", "count"], message: "2016-02-30"),
        BadCommandLine(arguments: ["--today", "soon", "-c", "count"], message: "soon"),
        BadCommandLine(arguments: ["no-such-script.tally"], message: "no-such-script.tally"),
        BadCommandLine(arguments: ["-c"], message: "-c"),
    ])
    func badCommandLine(_ example: BadCommandLine) async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(["--db", sandbox.ledger] + example.arguments, home: sandbox.url)
            #expect(run.status == 2, "\(run)")
            #expect(run.stdout == "", "results go to stdout and nothing else does: \(run)")
            #expect(run.stderr.contains(example.message), "\(run)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.ledger), "no ledger is created for a bad command line")
        }
    }

    @Test("a ledger that cannot be opened exits 3: a folder, or a path under a file")
    func ledgerCannotBeOpened() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: true)
            try "not a folder".write(toFile: sandbox.path("file"), atomically: true, encoding: .utf8)
            for path in [sandbox.path("folder"), sandbox.path("file/ledger.db"), sandbox.path("file/deeper/ledger.db")] {
                let run = try await TallyBinary.run(["--db", path, "-c", "count"], home: sandbox.url)
                #expect(run.status == 3, "\(path): \(run)")
                #expect(run.stdout == "", "\(path): \(run)")
                #expect(run.stderr.contains(path), "the message names the ledger: \(run)")
            }
        }
    }

    @Test("a file that is not a ledger exits 3")
    func notALedger() async throws {
        try await withSandbox { sandbox in
            try String(repeating: "this is not an SQLite database\n", count: 100).write(toFile: sandbox.ledger, atomically: true, encoding: .utf8)
            let run = try await sandbox.tally(["-c", "count"])
            #expect(run.status == 3, "\(run)")
            #expect(run.stdout == "")
        }
    }

    @Test("--help and --version print to stdout and exit 0", arguments: [["--help"], ["-h"], ["--version"], ["-V"]])
    func helpAndVersion(_ arguments: [String]) async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(["--db", sandbox.ledger] + arguments, home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr == "")
            if arguments[0].hasPrefix("--h") || arguments[0] == "-h" {
                #expect(run.stdout.hasPrefix("Usage: tally"), "\(run)")
                for flag in ["-c", "--db", "--format", "--yes", "--keep-going", "--today", "--no-color", "--version"] {
                    #expect(run.stdout.contains(flag), "--help mentions \(flag)")
                }
            } else {
                #expect(run.stdout.hasPrefix("tally "), "\(run)")
                #expect(run.stdout.split(separator: "\n").count == 1, "\(run)")
            }
        }
    }

    @Test("--format sets the format of every result; 'as' overrides it for one query")
    func formatFlag() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["--format", "json", "-c", "add 1 food", "-c", "count", "-c", "sum expense as csv"])
            #expect(run.stdout == """
                {"added": {"id": 1, "date": "2016-07-20", "kind": "expense", "amount": "1.00", "category": "food", "book": "daily", "remark": null, "place": null, "tags": []}}
                {"count": 1}
                sum,currency
                1.00,CNY

                """, "\(run)")
        }
    }
}
