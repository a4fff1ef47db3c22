import Foundation
import Glibc
import Testing
import TallyShell

/// The REPL driven through a pseudo-terminal, key by key, as a person uses it.
@Suite("REPL at a terminal", .serialized)
struct REPLTests {
    static let prompt = "tally[daily]> "
    static let up = "\u{1B}[A"
    static let controlA = "\u{1}"
    static let controlC = "\u{3}"
    static let controlD = "\u{4}"

    /// A REPL on the sandbox's ledger, already past its greeting.
    func repl(_ sandbox: Sandbox, prompts: Int = 1) throws -> PseudoTerminal {
        var environment = TallyBinary.baseEnvironment
        environment["HOME"] = sandbox.url.path
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(["--db", sandbox.ledger, "--today", TallyBinary.today], environment: environment)
        #expect(terminal.waitFor(REPLTests.prompt, count: prompts), "no prompt: \(terminal.screen)")
        return terminal
    }

    @Test("welcomes the first time only")
    func welcomeOnce() async throws {
        try await withSandbox { sandbox in
            let first = try repl(sandbox)
            #expect(first.screen.contains("Welcome to Tally"))
            first.type(REPLTests.controlD)
            #expect(first.exitStatus() == 0)
            let second = try repl(sandbox)
            #expect(!second.screen.contains("Welcome"), "\(second.screen)")
        }
    }

    @Test("Tab completes statement words, kinds, categories and books")
    func completion() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "book add travel", "-c", "-5 food on 2016-07-01"])
            let terminal = try repl(sandbox)
            terminal.type("sum exp\t")
            #expect(terminal.waitFor("sum expense "), "\(terminal.screen)")
            terminal.type("where category=fo\t")
            #expect(terminal.waitFor("category=food "), "\(terminal.screen)")
            terminal.type("\r")
            #expect(terminal.waitFor("¥5.00"), "\(terminal.screen)")
            terminal.type("use tr\t\r")
            #expect(terminal.waitFor("using book 'travel'"), "\(terminal.screen)")
            #expect(terminal.waitFor("tally[travel]> "), "\(terminal.screen)")
        }
    }

    @Test("Tab completes a file's name in quotes when it holds a space or a quote, escaping the quote")
    func quotedFileNames() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "-5 food on 2016-07-01"])
            // Files there already, so that completion finds them; the reports are written over them.
            for name in ["my report.html", "q\"uote.html"] {
                try "<!DOCTYPE html>\n<meta name=\"generator\" content=\"Tally report\">\n".write(toFile: sandbox.path(name), atomically: true, encoding: .utf8)
            }
            let terminal = try repl(sandbox)
            terminal.type("report to \(sandbox.path("my"))\t")
            #expect(terminal.waitFor("\"\(sandbox.path("my report.html"))\" "), "\(terminal.screen)")
            terminal.type("overwrite\r")
            #expect(terminal.waitFor("wrote the report of 2016 (1 bill) to \(sandbox.path("my report.html"))"), "\(terminal.screen)")
            terminal.type("report to \(sandbox.path("q"))\t")
            #expect(terminal.waitFor("\"\(sandbox.path("q\\\"uote.html"))\" "), "\(terminal.screen)")
            terminal.type("overwrite\r")
            #expect(terminal.waitFor("wrote the report of 2016 (1 bill) to \(sandbox.path("q\"uote.html"))"), "\(terminal.screen)")
        }
    }

    @Test("editing keys move and insert on the line")
    func editingKeys() async throws {
        try await withSandbox { sandbox in
            let terminal = try repl(sandbox)
            terminal.type("ount" + REPLTests.controlA + "c\r")
            #expect(terminal.waitFor("0\n"), "\(terminal.screen)")
            #expect(!terminal.screen.contains("error"), "\(terminal.screen)")
        }
    }

    @Test("Ctrl-C abandons the line and keeps the session")
    func controlC() async throws {
        try await withSandbox { sandbox in
            let terminal = try repl(sandbox)
            terminal.type("delete where category=fo")
            #expect(terminal.waitFor("category=fo"))
            terminal.type(REPLTests.controlC)
            #expect(terminal.waitFor(REPLTests.prompt, count: 2), "\(terminal.screen)")
            terminal.type("-7 food\r")
            #expect(terminal.waitFor("added #1"), "\(terminal.screen)")
            #expect(!terminal.screen.contains("nothing deleted"))
            #expect(terminal.exitStatus(within: 0.2) == nil, "still running")
        }
    }

    @Test("history is recalled after a restart, and kept private")
    func historyAcrossRestarts() async throws {
        try await withSandbox { sandbox in
            let first = try repl(sandbox)
            first.type("-3.25 snacks\r")
            #expect(first.waitFor("added #1"))
            first.type(" -1000 food secret\r")
            #expect(first.waitFor("added #2"))
            first.type("count\r")
            first.type("count\r")
            #expect(first.waitFor("\n2\n", count: 2))
            first.type("quit\r")
            #expect(first.exitStatus() == 0)

            let history = sandbox.path("ledger.db.history")
            let text = try String(contentsOfFile: history, encoding: .utf8)
            #expect(text.contains("-3.25 snacks"))
            #expect(!text.contains("secret"), "a line typed after a space is not kept")
            #expect(text.components(separatedBy: "count").count == 2, "a repeated line is kept once: \(text)")
            var info = stat()
            #expect(stat(history, &info) == 0 && info.st_mode & 0o777 == 0o600)

            let second = try repl(sandbox)
            second.type(REPLTests.up + REPLTests.up + REPLTests.up)
            #expect(second.waitFor("-3.25 snacks"), "\(second.screen)")
            second.type("\r")
            #expect(second.waitFor("added #3"), "\(second.screen)")
        }
    }

    @Test("a guided entry saves a bill, and an abandoned one saves nothing")
    func guidedEntry() async throws {
        try await withSandbox { sandbox in
            let terminal = try repl(sandbox)
            terminal.type("add\r")
            #expect(terminal.waitFor("kind [expense]: "))
            terminal.type("\r")
            #expect(terminal.waitFor("amount: "))
            terminal.type("12+8.5\r")
            #expect(terminal.waitFor("category [food]: "), "\(terminal.screen)")
            terminal.type("snaks\r")
            #expect(terminal.waitFor("did you mean 'snacks'?"), "\(terminal.screen)")
            terminal.type("sna\t\r")
            #expect(terminal.waitFor("remark: "), "\(terminal.screen)")
            terminal.type("crisps\r")
            #expect(terminal.waitFor("date [2016-07-20]: "))
            terminal.type("<\r")
            #expect(terminal.waitFor("remark [crisps]: "), "\(terminal.screen)")
            terminal.type("\r\r")
            #expect(terminal.waitFor("place: "))
            terminal.type("corner shop\r")
            #expect(terminal.waitFor("tags: "))
            terminal.type("#weekend\r")
            #expect(terminal.waitFor("Save? [Y/n] "), "\(terminal.screen)")
            terminal.type("\r")
            #expect(terminal.waitFor("added #1  2016-07-20  expense  20.50  snacks  crisps  @corner shop  #weekend"), "\(terminal.screen)")

            #expect(terminal.waitFor("kind [expense]: ", count: 2), "the next bill starts")
            terminal.type("\r99\r")
            #expect(terminal.waitFor("category [snacks]: "), "\(terminal.screen)")
            terminal.type(REPLTests.controlC)
            #expect(terminal.waitFor("stopped; this bill was not saved"), "\(terminal.screen)")
            #expect(terminal.waitFor(REPLTests.prompt, count: 2))
            terminal.type("count\r")
            #expect(terminal.waitFor("\n1\n"), "\(terminal.screen)")
        }
    }

    @Test("a confirmed edit where is made though the clock moved on while the question waited")
    func editWhereAnsweredLater() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "-25.50 food Starbucks latte"])
            var environment = TallyBinary.baseEnvironment
            environment["HOME"] = sandbox.url.path
            environment["TERM"] = "xterm"
            let terminal = try PseudoTerminal(["--db", sandbox.ledger], environment: environment)
            #expect(terminal.waitFor(REPLTests.prompt, count: 1), "no prompt: \(terminal.screen)")
            terminal.type("edit where remark ~ starbucks set category=drinks\r")
            #expect(terminal.waitFor("edit 1 bill? [y/N] "), "\(terminal.screen)")
            try await Task.sleep(for: .milliseconds(2100))
            terminal.type("y\r")
            #expect(terminal.waitFor("edited 1 bill"), "\(terminal.screen)")
            #expect(!terminal.screen.contains("changed while you were answering"), "\(terminal.screen)")
        }
    }

    @Test("edit where shows the bills it picks before asking, and undo brings them all back")
    func editWhereAsks() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally([
                "-c", "-25.50 food Starbucks latte on 2016-07-01", "-c", "-32 food starbucks on 2016-07-03", "-c", "-12 food noodles",
            ])
            let terminal = try repl(sandbox)
            terminal.type("edit where remark ~ starbucks set category=drinks, tags=+#coffee\r")
            #expect(terminal.waitFor("edit 2 bills? [y/N] "), "\(terminal.screen)")
            let asked = [
                "  #1  2016-07-01  expense  25.50  food  Starbucks latte", "  #2  2016-07-03  expense  32.00  food  starbucks", "edit 2 bills?",
            ]
            #expect(terminal.screen.contains(asked.joined(separator: "\n")), "\(terminal.screen)")
            terminal.type("n\r")
            #expect(terminal.waitFor("nothing edited"), "\(terminal.screen)")
            terminal.type(REPLTests.up + "\r")
            #expect(terminal.waitFor("edit 2 bills? [y/N] ", count: 2), "\(terminal.screen)")
            terminal.type("y\r")
            #expect(terminal.waitFor("edited 2 bills"), "\(terminal.screen)")
            terminal.type("count where category = drinks and tag = coffee\r")
            #expect(terminal.waitFor("\n2\n"), "\(terminal.screen)")
            terminal.type("undo\r")
            #expect(terminal.waitFor("undid: edited 2 bills"), "\(terminal.screen)")
            terminal.type("count where category = food and tag != coffee\r")
            #expect(terminal.waitFor("\n3\n"), "\(terminal.screen)")
        }
    }

    @Test("undo 2 names both changes in one question; Tab offers a saved statement's values and shows one's mistake under it")
    func undoStepsAskAndSavedValuesComplete() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally([
                "-c", "-5 food on 2016-07-19", "-c", "-7.50 snacks",
                "-c", "save spent(cat, month) sum expense where category = cat in month",
            ])
            let terminal = try repl(sandbox)
            terminal.type("undo 2\r")
            #expect(terminal.waitFor("undo 2 changes: saved 'spent' and added #2? [y/N] "), "\(terminal.screen)")
            terminal.type("n\r")
            #expect(terminal.waitFor("nothing undone"), "\(terminal.screen)")
            terminal.type("spent sn\t")
            #expect(terminal.waitFor("spent snacks "), "\(terminal.screen)")
            terminal.type("2016-13\r")
            #expect(terminal.waitFor("error: in month: no such month '2016-13'; months are 01 to 12"), "\(terminal.screen)")
            #expect(terminal.screen.contains("  spent snacks 2016-13\n               ^~~~~~~"), "\(terminal.screen)")
            terminal.type("spent snacks 2016-07\r")
            #expect(terminal.waitFor("¥7.50"), "\(terminal.screen)")
        }
    }

    @Test("the start-up script runs before the first prompt")
    func startupScript() async throws {
        try await withSandbox { sandbox in
            let folder = sandbox.path(".config/tally")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "set format json\n".write(toFile: folder + "/init.tally", atomically: true, encoding: .utf8)
            let terminal = try repl(sandbox)
            terminal.type("count\r")
            #expect(terminal.waitFor("{\"count\": 0}"), "\(terminal.screen)")
        }
    }

    @Test("about names the version, the ledger and what it holds")
    func about() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "-5 food on 2016-07-01", "-c", "-6 food on 2016-07-09"])
            let run = try await sandbox.tally(["-c", "about"])
            #expect(run.stdout.contains("version     \(Tally.version)"), "\(run)")
            #expect(run.stdout.contains("ledger      \(sandbox.ledger) ("), "\(run)")
            #expect(run.stdout.contains("bills       2"), "\(run)")
            #expect(run.stdout.contains("first bill  2016-07-01"), "\(run)")
            #expect(run.stdout.contains("last bill   2016-07-09"), "\(run)")
        }
    }
}

@Suite("REPL housekeeping", .serialized)
struct REPLHousekeepingTests {
    @Test("leaving folds every change into the ledger file, so a copy of it alone is complete")
    func leavingFoldsTheLog() async throws {
        try await withSandbox { sandbox in
            let terminal = try REPLTests().repl(sandbox)
            terminal.type("-5 food\r")
            #expect(terminal.waitFor("added #1"))
            terminal.type("quit\r")
            #expect(terminal.exitStatus() == 0)
            #expect(!FileManager.default.fileExists(atPath: sandbox.ledger + "-wal"))
            let copy = sandbox.path("copy.db")
            try FileManager.default.copyItem(atPath: sandbox.ledger, toPath: copy)
            let run = try await TallyBinary.run(["--db", copy, "-c", "count"], home: sandbox.url)
            #expect(run.stdout == "1\n", "\(run)")
        }
    }

    @Test("Ctrl-D at a question leaves later results without stray blank lines")
    func controlDAtAQuestion() async throws {
        try await withSandbox { sandbox in
            let terminal = try REPLTests().repl(sandbox)
            terminal.type("add\r")
            #expect(terminal.waitFor("kind [expense]: "))
            terminal.type(REPLTests.controlD)
            #expect(terminal.waitFor(REPLTests.prompt, count: 2))
            terminal.type("count\r")
            #expect(terminal.waitFor(REPLTests.prompt, count: 3))
            #expect(terminal.screen.contains("count\n0\n"), "\(terminal.screen)")
        }
    }

    @Test("a statement continued over lines is one line in the history")
    func continuedStatementsInHistory() async throws {
        try await withSandbox { sandbox in
            let terminal = try REPLTests().repl(sandbox)
            terminal.type("count \\\r")
            #expect(terminal.waitFor("...> "))
            terminal.type("income\r")
            #expect(terminal.waitFor(REPLTests.prompt, count: 2))
            let history = try String(contentsOfFile: sandbox.ledger + ".history", encoding: .utf8)
            #expect(history == "count  income\n", "\(history)")
        }
    }
}
