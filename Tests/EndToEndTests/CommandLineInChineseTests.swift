import Foundation
import Glibc
import Testing
import TallyFixture
import TallyShell

/// The command line's own words, `about` and a guided entry at a terminal,
/// under a Chinese locale; the options, the answers typed and English
/// under an English locale as they always were.
@Suite("The command line and the REPL in Chinese", .serialized)
struct CommandLineInChineseTests {
    static let englishHelp = """
        Usage: tally [OPTIONS] [FILE...]

        Personal bookkeeping in the terminal. With no FILE and no -c, a REPL on
        a terminal, or the statements on standard input.

        Options:
          -c STATEMENT        run STATEMENT (repeatable), print results, exit
          --check             check the whole ledger file; exit 3 when it is damaged
          --demo              a throwaway ledger of two years of sample bills, to try things on
          --db PATH           the ledger at PATH (default: $TALLY_DB, else
                              $XDG_DATA_HOME/tally/ledger.db, else ~/.local/share/tally/ledger.db)
          --format FORMAT     results as table (default), csv or json
          --today DATE        take DATE (YYYY-MM-DD) as today
          --yes               confirm destructive statements in scripts
          --keep-going        in scripts, report an error and go on
          --no-color          no ANSI colours (also when NO_COLOR is set)
          --echo              print each statement of a script before its result
          --wait SECONDS      how long a change waits for another session's long change,
                              such as an import (default 600)
          --help, --version   this text; the version

        Exit status: 0 success, 1 a statement failed, 2 bad command line,
        3 the ledger could not be opened or written.

        """

    @Test("--help is Simplified under zh_CN and Traditional under zh_TW, the options as they are typed; English as it was")
    func help() async throws {
        try await withSandbox { sandbox in
            let english = try await TallyBinary.run(["--help"], home: sandbox.url)
            #expect(english.stdout == CommandLineInChineseTests.englishHelp, "\(firstDifference(english.stdout, CommandLineInChineseTests.englishHelp))")
            let simplified = try await TallyBinary.run(["--help"], environment: ["LANG": "zh_CN.UTF-8"], home: sandbox.url)
            let lines = simplified.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "用法：tally [OPTIONS] [FILE...]", "\(simplified)")
            #expect(lines.contains("  -c STATEMENT        运行 STATEMENT（可重复），输出结果后退出"), "\(simplified)")
            #expect(lines.contains("  --help, --version   显示本说明；显示版本"), "\(simplified)")
            #expect(EnglishProse.runs(in: simplified.stdout).isEmpty, "\(EnglishProse.runs(in: simplified.stdout))")
            // Each line an option's words go on starts where the first began.
            let continued = lines.filter { $0.hasPrefix(String(repeating: " ", count: 22)) }
            #expect(continued.count == 2, "\(simplified)")
            for flag in ["-c", "--check", "--demo", "--db", "--format", "--today", "--yes", "--keep-going", "--no-color", "--echo", "--wait"] {
                #expect(lines.contains { $0.hasPrefix("  \(flag) ") }, "\(flag)")
            }
            let traditional = try await TallyBinary.run(["--help"], environment: ["LANG": "zh_TW.UTF-8"], home: sandbox.url)
            #expect(traditional.stdout.contains("\n選項：\n"), "\(traditional)")
            #expect(traditional.stdout.hasSuffix("結束狀態：0 成功，1 有語句失敗，2 命令列有誤，\n3 無法開啟或寫入帳簿。\n"), "\(traditional)")
        }
    }

    @Test("a mistaken command line points to --help in Chinese, and what an option takes is said in Chinese")
    func badCommandLine() async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(["--wait", "soon"], environment: ["LANG": "zh_CN.UTF-8"], home: sandbox.url)
            #expect(run.status == 2)
            #expect(run.stderr.hasSuffix("\n运行 'tally --help' 查看用法。\n"), "\(run)")
            #expect(run.stderr.contains("秒数"), "\(run)")
            let english = try await TallyBinary.run(["--wait", "soon"], home: sandbox.url)
            #expect(english.stderr == "tally: --wait takes a number of seconds, not 'soon'\nTry 'tally --help'.\n", "\(english)")
        }
    }

    @Test("about names what the ledger holds in Chinese, in one column")
    func about() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "-5 food on 2016-07-01"])
            let run = try await sandbox.tally(["-c", "about"], environment: ["LANG": "zh_TW.UTF-8"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("\n帳簿          \(sandbox.ledger)（"), "\(run)")
            #expect(run.stdout.hasSuffix("\n第一筆帳單    2016-07-01\n最後一筆帳單  2016-07-01\n"), "\(run)")
        }
    }

    @Test("a guided entry at a terminal under zh_CN asks in Chinese and saves what is typed")
    func guidedEntry() async throws {
        try await withSandbox { sandbox in
            var environment = TallyBinary.baseEnvironment
            environment["HOME"] = sandbox.url.path
            environment["TERM"] = "xterm"
            environment["LANG"] = "zh_CN.UTF-8"
            let terminal = try PseudoTerminal(["--db", sandbox.ledger, "--today", TallyBinary.today], environment: environment)
            #expect(terminal.waitFor(REPLTests.prompt), "\(terminal.screen)")
            terminal.type("add\r")
            #expect(terminal.waitFor("输入一笔账单：回车采用 [默认值]，'<' 回到上一项，'.' 或 Ctrl-D 停止。"), "\(terminal.screen)")
            #expect(terminal.waitFor("类型 [expense]："), "\(terminal.screen)")
            terminal.type("\r12\r")
            #expect(terminal.waitFor("类别 [用餐]："), "\(terminal.screen)")
            terminal.type("\r午饭\r")
            #expect(terminal.waitFor("日期 [2016-07-20]："), "\(terminal.screen)")
            terminal.type("<\r")
            #expect(terminal.waitFor("备注 [午饭]："), "\(terminal.screen)")
            terminal.type("\r\r\r\r")
            #expect(terminal.waitFor("保存？[Y/n] "), "\(terminal.screen)")
            terminal.type("y\r")
            #expect(terminal.waitFor("用餐  午饭"), "\(terminal.screen)")
            #expect(terminal.waitFor("类型 [expense]：", count: 2), "\(terminal.screen)")
            terminal.type(REPLTests.controlC)
            #expect(terminal.waitFor("已停止；没有开始新的账单"), "\(terminal.screen)")
            #expect(terminal.waitFor(REPLTests.prompt, count: 2), "\(terminal.screen)")
            terminal.type(REPLTests.controlD)
            #expect(terminal.exitStatus() == 0)
            let saved = try await sandbox.tally(["-c", "list"])
            #expect(saved.stdout.contains("#1  2016-07-20  expense   12.00  用餐      午饭\n"), "\(saved)")
        }
    }
}
