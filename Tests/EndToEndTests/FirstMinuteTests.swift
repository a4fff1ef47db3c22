import Foundation
import Glibc
import Testing
import TallyRender
import TallyShell

/// What someone trying Tally for the first time meets: the welcome, the
/// demo, help at the width of their terminal, the manual.
@Suite("The first minute", .serialized)
struct FirstMinuteTests {
    func terminal(_ arguments: [String], in sandbox: Sandbox, language: String? = nil) throws -> PseudoTerminal {
        var environment = TallyBinary.baseEnvironment
        if let language { environment["LANG"] = language }
        environment["HOME"] = sandbox.url.path
        environment["TMPDIR"] = sandbox.url.path
        environment["TERM"] = "xterm"
        return try PseudoTerminal(arguments + ["--today", TallyBinary.today], environment: environment)
    }

    /// What the terminal showed, with the lines a long path was wrapped onto joined again.
    func unwrapped(_ screen: String) -> String {
        screen.replacingOccurrences(of: "\n", with: " ")
    }

    @Test("the welcome names the views, and the demo as Tally was started")
    func welcome() async throws {
        try await withSandbox { sandbox in
            let repl = try terminal(["--db", sandbox.ledger], in: sandbox)
            #expect(repl.waitFor(REPLTests.prompt), "\(repl.screen)")
            #expect(repl.screen.contains("timeline    pie    months"), "\(repl.screen)")
            #expect(unwrapped(repl.screen).contains("run '\(TallyBinary.binary.path) --demo'"), "\(repl.screen)")
        }
    }

    @Test("under zh_CN the welcome is Simplified Chinese and the demo's Traditional under zh_TW, the statements to try as written")
    func welcomeInChinese() async throws {
        try await withSandbox { sandbox in
            var repl = try terminal(["--db", sandbox.ledger], in: sandbox, language: "zh_CN.UTF-8")
            #expect(repl.waitFor(REPLTests.prompt), "\(repl.screen)")
            #expect(repl.screen.contains("欢迎使用 Tally \(Tally.version)：在终端里记账。"), "\(repl.screen)")
            #expect(repl.screen.contains("  -25.50 food \"lunch\"             一笔支出（+ 表示收入或退款）"), "\(repl.screen)")
            #expect(repl.screen.contains("\n  sum expense this month by category\n"), "\(repl.screen)")
            repl = try terminal(["--demo"], in: sandbox, language: "zh_TW.UTF-8")
            #expect(repl.waitFor("demo[daily]> "), "\(repl.screen)")
            #expect(repl.screen.contains("這是 Tally 的示範"), "\(repl.screen)")
            #expect(repl.screen.contains("  pie                             本月各類別的支出"), "\(repl.screen)")
        }
    }

    @Test("the demo says it is the demo in its welcome and prompt, and says its bills go as it ends")
    func demo() async throws {
        try await withSandbox { sandbox in
            let repl = try terminal(["--demo"], in: sandbox)
            #expect(repl.waitFor("demo[daily]> "), "\(repl.screen)")
            #expect(repl.screen.contains("This is Tally's demo"), "\(repl.screen)")
            #expect(!repl.screen.contains("--demo"), "\(repl.screen)")
            repl.type(REPLTests.controlD)
            #expect(repl.waitFor("the demo's bills are gone"), "\(repl.screen)")
            #expect(repl.exitStatus() == 0)
            #expect(unwrapped(repl.screen).contains("the demo's bills are gone with it; '\(TallyBinary.binary.path)' opens a ledger of your own"),
                    "\(repl.screen)")
        }
    }

    @Test("delete where shows the bills it picks before asking")
    func deleteWhereShowsTheBills() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "-25.50 food lunch on 2016-07-01", "-c", "-9 drinks coffee on 2016-07-02"])
            let repl = try terminal(["--db", sandbox.ledger], in: sandbox)
            #expect(repl.waitFor(REPLTests.prompt), "\(repl.screen)")
            repl.type("delete where category = food\r")
            #expect(repl.waitFor("delete 1 bill? [y/N] "), "\(repl.screen)")
            #expect(repl.screen.contains("  #1  2016-07-01  expense  25.50  food  lunch\ndelete 1 bill? [y/N] "), "\(repl.screen)")
            repl.type("n\r")
            #expect(repl.waitFor("nothing deleted"), "\(repl.screen)")
        }
    }

    /// The words of `text`, in order: what wrapping must keep.
    func words(_ text: String) -> [Substring] {
        text.split { $0 == " " || $0 == "\n" }
    }

    @Test("help fits the terminal, broken between words, never inside one", arguments: [60, 100])
    func helpFits(columns: Int) async throws {
        try await withSandbox { sandbox in
            let whole = try await sandbox.tally(["-c", "help"], environment: ["COLUMNS": "1000"])
            let topics = whole.stdout.split(separator: "\n").last?.split(separator: ":").last?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            #expect(topics.count > 20, "\(whole)")
            for topic in [""] + topics {
                let wide = try await sandbox.tally(["-c", "help \(topic)"], environment: ["COLUMNS": "1000"])
                let fitted = try await sandbox.tally(["-c", "help \(topic)"], environment: ["COLUMNS": String(columns)])
                #expect(fitted.status == 0, "\(fitted)")
                for line in fitted.stdout.split(separator: "\n") {
                    #expect(TerminalText.width(String(line)) <= columns, "help \(topic): \(line)")
                }
                #expect(words(fitted.stdout) == words(wide.stdout), "help \(topic) split a word")
            }
        }
    }

    @Test("help in Chinese fits the terminal: its notes break between characters and go on under their text")
    func helpInChineseFits() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["-c", "help queries"], environment: ["COLUMNS": "60", "LANG": "zh_CN.UTF-8"])
            #expect(run.status == 0, "\(run)")
            for line in run.stdout.split(separator: "\n") {
                #expect(TerminalText.width(String(line)) <= 60, "\(line)")
            }
            #expect(run.stdout.contains("""

                  (* 每个子句最多出现一次；"top" 不能与 "order by" 和
                     "limit" 同用。单独的 TAG（如 #work）即 "where tag =
                     work"，与其他条件用 "and" 连接。查询只覆盖当前账本，除
                     非它提到了 book。
                """), "\(run)")
            #expect(run.stdout.contains("\n  sum expense in 2016 by month, category as json\n"), "\(run)")
        }
    }

    @Test("the manual page names the version tally --version gives")
    func manualVersion() async throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documentation/tally.1")
        let header = try #require(try String(contentsOf: manual, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix(".TH ") })
        try await withSandbox { sandbox in
            let version = try await sandbox.tally(["--version"])
            #expect(version.stdout == "tally \(Tally.version)\n")
            #expect(header.contains("\"Tally \(Tally.version)\""), "\(header)")
        }
    }

    @Test("about counts what waits in the ledger's log: the demo's bills are hundreds of KiB")
    func aboutCountsTheLog() async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(["--demo", "--today", TallyBinary.today, "-c", "about"], environment: ["TMPDIR": sandbox.url.path], home: sandbox.url)
            let ledger = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("ledger ") }, "\(run)")
            let size = try #require(ledger.split(separator: "(").last?.split(separator: " ").first.flatMap { Int($0) }, "\(ledger)")
            #expect(ledger.hasSuffix(" KiB)") && size >= 100, "\(ledger)")
        }
    }
}
