import Foundation
import Testing

/// `tally --demo`: a throwaway ledger to try every view on at once.
@Suite("The demo ledger")
struct DemoTests {
    func demo(_ statements: [String], in sandbox: Sandbox) async throws -> Run {
        try await TallyBinary.run(
            ["--demo", "--today", "2026-11-29"] + statements.flatMap { ["-c", $0] },
            environment: ["TMPDIR": sandbox.path("tmp")], home: sandbox.url)
    }

    @Test("every view shows data, the same each run, and the ledger is gone afterwards")
    func everyViewHasData() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let views = ["timeline", "pie", "months", "budget", "books", "attachments #\(try await rentBill(in: sandbox))"]
            let first = try await demo(views, in: sandbox)
            #expect(first.status == 0, "\(first)")
            #expect(!first.stdout.contains("no bills"), "\(first.stdout)")
            #expect(first.stdout.contains("timeline of 2026-11: 30 days, "))
            #expect(first.stdout.contains("\nincome ¥"))
            #expect(first.stdout.contains(" │ "))
            #expect(first.stdout.contains("🏠 housing"))
            #expect(first.stdout.contains("total"))
            #expect(first.stdout.contains("budget 2026-11"))
            #expect(first.stdout.contains("🍜 food"))
            #expect(first.stdout.contains("travel"))
            #expect(first.stdout.contains("image/svg+xml"))
            let second = try await demo(views, in: sandbox)
            #expect(second.stdout == first.stdout)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("tmp")) == [])
        }
    }

    @Test("the demo never touches the default ledger, and takes no --db")
    func keepsToItself() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            _ = try await demo(["add 1 food"], in: sandbox)
            #expect(!FileManager.default.fileExists(atPath: sandbox.path(".local/share/tally/ledger.db")))
            let both = try await TallyBinary.run(["--demo", "--db", sandbox.ledger, "-c", "count"], home: sandbox.url)
            #expect(both.status == 2)
            #expect(both.stderr.hasPrefix("tally: --demo makes a ledger of its own; leave out --db\n"))
        }
    }

    @Test("a hang-up, a kill or Ctrl-C in a script still takes the demo's folder away", arguments: [SIGTERM, SIGHUP, SIGINT])
    func goneAfterASignal(_ stop: Int32) async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let child = try ChildTally(
                ["--demo", "--today", "2026-11-29"], input: .pipe, home: sandbox.url, environment: ["TMPDIR": sandbox.path("tmp")])
            child.send("count\n")
            #expect(child.waitForOutput { !$0.isEmpty }, "\(child.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("tmp")).count == 1)
            kill(child.pid, stop)
            #expect(child.finish() == nil, "ended by the signal, as it would have without a demo")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("tmp")) == [])
        }
    }

    @Test("a demo killed outright leaves its folder, which the next demo removes")
    func theNextDemoRemovesAKilledOnesFolder() async throws {
        try await withSandbox { sandbox in
            let temporary = sandbox.path("tmp")
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            let killed = try ChildTally(["--demo", "--today", "2026-11-29"], input: .pipe, home: sandbox.url, environment: ["TMPDIR": temporary])
            killed.send("count\n")
            #expect(killed.waitForOutput { !$0.isEmpty }, "\(killed.stderr)")
            killed.killNow()
            #expect(killed.finish() == nil)
            let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
            #expect(left.count == 1 && left[0].hasPrefix("tally-demo-\(killed.pid)-"), "\(left)")
            // A running demo's folder stays.
            let running = try ChildTally(["--demo", "--today", "2026-11-29"], input: .pipe, home: sandbox.url, environment: ["TMPDIR": temporary])
            running.send("count\n")
            #expect(running.waitForOutput { !$0.isEmpty }, "\(running.stderr)")
            let next = try await TallyBinary.run(["--demo", "--today", "2026-11-29", "-c", "count"], environment: ["TMPDIR": temporary], home: sandbox.url)
            #expect(next.status == 0, "\(next)")
            let after = try FileManager.default.contentsOfDirectory(atPath: temporary)
            #expect(after.count == 1 && after[0].hasPrefix("tally-demo-\(running.pid)-"), "\(after)")
            #expect(running.finish() == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
        }
    }

    @Test("a demo for the last day there is fills its two years and ends")
    func lastDay() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let run = try await TallyBinary.run(
                ["--demo", "--today", "9999-12-31", "-c", "months 9999"], environment: ["TMPDIR": sandbox.path("tmp")], home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("9999 "), "\(run.stdout)")
            #expect(run.stdout.contains("\nDec "), "\(run.stdout)")
        }
    }

    @Test("the demo in Chinese is the same ledger: each bill from the same account, every balance the same")
    func theSameLedgerInChinese() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let statements = ["balances as csv", "count by account as csv", "recurring as csv"].flatMap { ["-c", $0] }
            let english = try await TallyBinary.run(
                ["--demo", "--today", "2026-11-29"] + statements, environment: ["TMPDIR": sandbox.path("tmp")], home: sandbox.url)
            let chinese = try await TallyBinary.run(
                ["--demo", "--today", "2026-11-29"] + statements,
                environment: ["TMPDIR": sandbox.path("tmp"), "LANG": "zh_CN.UTF-8"], home: sandbox.url)
            #expect(english.status == 0 && chinese.status == 0, "\(english)\n\(chinese)")
            #expect(english.stdout.contains("daily,bank,bank,"), "\(english.stdout)")
            let names = ["housing": "住房", "salary": "工资", "topup": "充值"]
            let translated = names.reduce(english.stdout) { $0.replacingOccurrences(of: ",\($1.key),", with: ",\($1.value),") }
            #expect(chinese.stdout == translated)
        }
    }

    /// The id of the demo's latest rent bill, which has a photo of its receipt.
    func rentBill(in sandbox: Sandbox) async throws -> String {
        let list = try await demo(["list where remark = rent order by date desc limit 1 as json"], in: sandbox)
        let afterID = list.stdout.split(separator: "\"id\": ", maxSplits: 1).last ?? ""
        return String(afterID.prefix { $0.isNumber })
    }
}
