import Foundation
import Testing

/// Results taller than the terminal go through a pager at the prompt, and
/// nowhere else. The pager here is a script that keeps what it was given in
/// `paged.txt` and says on the screen that it ran.
@Suite("The pager at the prompt", .serialized)
struct REPLPagerTests {
    static let pagerScript = """
        #!/bin/sh
        cat > "$HOME/paged.txt"
        echo "[paged, LESS=$LESS, arguments: $*]"
        """

    /// A REPL on a 40-row terminal with `environment` over the tests' own; a nil value removes a variable.
    static func repl(_ sandbox: Sandbox, _ environment: [String: String?]) throws -> PseudoTerminal {
        var variables = TallyBinary.baseEnvironment
        variables["HOME"] = sandbox.url.path
        variables["TERM"] = "xterm"
        for (name, value) in environment { variables[name] = value }
        let terminal = try PseudoTerminal(["--db", sandbox.ledger, "--today", TallyBinary.today], environment: variables)
        #expect(terminal.waitFor(REPLTests.prompt), "no prompt: \(terminal.screen)")
        return terminal
    }

    /// The pager script at `path` in the sandbox, ready to run.
    static func installPager(_ sandbox: Sandbox, at path: String = "pager.sh") throws -> String {
        let file = sandbox.path(path)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try pagerScript.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }

    /// `count` bills of 5.00 food, remarked "bill N".
    static func addBills(_ count: Int, to sandbox: Sandbox, from first: Int = 1) async throws {
        let run = try await sandbox.tally([], stdin: (first..<first + count).map { "-5 food bill \($0) on 2016-07-01" }.joined(separator: "\n"))
        #expect(run.status == 0, "\(run)")
    }

    /// A REPL on a ledger of `bills` bills, with the pager script as `$PAGER` unless `environment` says otherwise.
    func withREPL(
        bills: Int = 50, _ environment: (Sandbox) throws -> [String: String?] = { ["PAGER": try REPLPagerTests.installPager($0)] },
        _ body: (Sandbox, PseudoTerminal) async throws -> Void
    ) async throws {
        try await withSandbox { sandbox in
            try await Self.addBills(bills, to: sandbox)
            try await body(sandbox, try Self.repl(sandbox, try environment(sandbox)))
        }
    }

    func paged(_ sandbox: Sandbox) -> String? {
        try? String(contentsOfFile: sandbox.path("paged.txt"), encoding: .utf8)
    }

    @Test("a result taller than the screen goes through $PAGER whole; one that fits does not")
    func tallResultsArePaged() async throws {
        try await withREPL { sandbox, terminal in
            terminal.type("count\r")
            #expect(terminal.waitFor("\n50\n"), "\(terminal.screen)")
            #expect(paged(sandbox) == nil)
            terminal.type("list\r")
            #expect(terminal.waitFor("[paged, LESS=FRX, arguments: ]"), "\(terminal.screen)")
            #expect(terminal.waitFor(REPLTests.prompt, count: 3), "\(terminal.screen)")
            #expect(!terminal.screen.contains("bill 25"), "the rows went to the pager, not the screen")
            let expected = try await sandbox.tally(["-c", "list"], environment: ["COLUMNS": "120"])
            #expect(paged(sandbox) == expected.stdout)
        }
    }

    @Test("on a 40-row screen, 39 lines are written as they are and 40 are paged")
    func theScreensHeightDecides() async throws {
        // A list is a header, its bills and a total.
        try await withREPL(bills: 37) { sandbox, terminal in
            terminal.type("list\r")
            #expect(terminal.waitFor("37 bills"), "\(terminal.screen)")
            #expect(paged(sandbox) == nil)
            terminal.type("-5 food bill 38 on 2016-07-01\r")
            #expect(terminal.waitFor("added #38"), "\(terminal.screen)")
            terminal.type("list\r")
            #expect(terminal.waitFor("[paged"), "\(terminal.screen)")
            #expect(paged(sandbox)?.split(separator: "\n").count == 40)
        }
    }

    @Test("set pager always pages a one-line result, set pager off pages none")
    func setPager() async throws {
        try await withREPL { sandbox, terminal in
            terminal.type("set pager always\r")
            #expect(terminal.waitFor("[paged"), "the confirmation is paged too: \(terminal.screen)")
            #expect(paged(sandbox) == "pager always\n")
            terminal.type("count\r")
            #expect(terminal.waitFor("[paged", count: 2), "\(terminal.screen)")
            #expect(paged(sandbox) == "50\n")
            terminal.type("set pager off\r")
            #expect(terminal.waitFor("pager off\n"), "\(terminal.screen)")
            terminal.type("list\r")
            #expect(terminal.waitFor("50 bills"), "\(terminal.screen)")
            #expect(terminal.screen.contains("bill 25"))
            #expect(terminal.occurrences(of: "[paged") == 2)
            terminal.type("set pager on\r")
            #expect(terminal.waitFor("pager on\n"), "\(terminal.screen)")
            terminal.type("list\r")
            #expect(terminal.waitFor("[paged", count: 3), "\(terminal.screen)")
        }
    }

    @Test("without $PAGER, or with it empty, less -FRX from the PATH is the pager", arguments: [nil, ""])
    func lessFromThePath(pager: String?) async throws {
        try await withREPL({ sandbox in
            _ = try Self.installPager(sandbox, at: "bin/less")
            return ["PAGER": pager, "PATH": sandbox.path("bin") + ":/usr/bin:/bin"]
        }) { sandbox, terminal in
            terminal.type("list\r")
            #expect(terminal.waitFor("[paged, LESS=FRX, arguments: -FRX]"), "\(terminal.screen)")
            #expect(paged(sandbox)?.contains("50 bills") == true)
        }
    }

    @Test("a LESS of the user's own is kept")
    func ownLess() async throws {
        try await withREPL({ sandbox in ["PAGER": try Self.installPager(sandbox), "LESS": "-S"] }) { _, terminal in
            terminal.type("list\r")
            #expect(terminal.waitFor("[paged, LESS=-S, arguments: ]"), "\(terminal.screen)")
        }
    }

    @Test("without $PAGER and without less, results are written as they are")
    func noPagerAtAll() async throws {
        try await withREPL({ sandbox in ["PAGER": nil, "PATH": sandbox.path("nothing")] }) { _, terminal in
            terminal.type("list\r")
            #expect(terminal.waitFor("50 bills"), "\(terminal.screen)")
            #expect(terminal.screen.contains("bill 25"))
        }
    }

    @Test("a pager that cannot run is said once, and results are written as they are")
    func brokenPager() async throws {
        try await withREPL({ sandbox in ["PAGER": sandbox.path("no-such-pager")] }) { sandbox, terminal in
            terminal.type("list\r")
            #expect(terminal.waitFor("50 bills"), "\(terminal.screen)")
            #expect(terminal.screen.contains("bill 25"))
            let said = "tally: the pager '\(sandbox.path("no-such-pager"))' could not be run (exit status 127)"
            #expect(terminal.screen.contains(said), "\(terminal.screen)")
            terminal.type("list\r")
            #expect(terminal.waitFor("50 bills", count: 2), "\(terminal.screen)")
            #expect(terminal.occurrences(of: said) == 1)
        }
    }

    @Test("-c, script files and standard input are never paged, even on a terminal")
    func scriptsAreNeverPaged() async throws {
        try await withSandbox { sandbox in
            try await Self.addBills(50, to: sandbox)
            let pager = try Self.installPager(sandbox)
            let script = sandbox.path("list.tally")
            try "list\nset pager always\ncount\n".write(toFile: script, atomically: true, encoding: .utf8)
            let ways: [(arguments: [String], stdin: String?)] = [
                (["-c", "list", "-c", "set pager always", "-c", "count"], nil), ([script], nil), ([], "list\nset pager always\ncount\n"),
            ]
            for way in ways {
                let arguments = ["--db", sandbox.ledger, "--today", TallyBinary.today] + way.arguments
                let paged = try await Terminal.run(arguments, environment: ["PAGER": pager], stdin: way.stdin, home: sandbox.url)
                let unpaged = try await Terminal.run(arguments, environment: ["PAGER": nil, "PATH": "/nowhere"], stdin: way.stdin, home: sandbox.url)
                #expect(paged.contains("50 bills") && paged.contains("\n50"), "\(paged)")
                #expect(paged == unpaged, "\(way.arguments)")
                #expect(self.paged(sandbox) == nil, "\(way.arguments)")
            }
        }
    }
}
