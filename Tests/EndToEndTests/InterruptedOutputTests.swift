import Foundation
import Testing

/// Ctrl-C while a statement's output is drawn or written, through a real
/// terminal: the output stops at the end of a line, the prompt comes back at
/// once, nothing more of the line is run, and the ledger is as it was.
@Suite("Ctrl-C stops a statement's output", .serialized)
struct InterruptedOutputTests {
    static let bills = 20_000
    /// How soon after Ctrl-C the prompt must be back; writing the whole list takes far longer.
    static let promptWithin = 2.0

    /// A ledger of `bills` bills, four a day from 2010 on.
    static func fill(_ sandbox: Sandbox, bills: Int = bills) async throws {
        let run = try await sandbox.tally(["-c", "import \"\(try writeBills(sandbox, remark: "bill", count: bills))\""])
        #expect(run.status == 0, "\(run)")
    }

    /// A CSV file of `count` bills, remarked `remark` and a number, to import; its path.
    static func writeBills(_ sandbox: Sandbox, remark: String, count: Int = bills) throws -> String {
        var csv = "date,kind,amount,category,remark\n"
        let first = Date(timeIntervalSince1970: 1_262_347_200)  // 2010-01-01 12:00 UTC
        for number in 1...count {
            let day = ISO8601DateFormatter.string(
                from: first.addingTimeInterval(Double(number / 4) * 86_400), timeZone: TimeZone(identifier: "UTC")!,
                formatOptions: [.withFullDate])
            csv += "\(day),expense,\(number % 500 + 1).25,food,\(remark) \(number)\n"
        }
        let file = sandbox.path(remark + ".csv")
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A REPL on a ledger of `bills` bills that writes results straight to
    /// the terminal, the slowest way to show a long list.
    func withREPL(_ body: (Sandbox, PseudoTerminal) async throws -> Void) async throws {
        try await withSandbox { sandbox in
            try await Self.fill(sandbox)
            let terminal = try REPLTests().repl(sandbox)
            terminal.type("set pager off\r")
            // Its echo holds "pager off" too: the prompt after it says it was run.
            #expect(terminal.waitFor(REPLTests.prompt, count: 2), "\(terminal.screen)")
            try await body(sandbox, terminal)
        }
    }

    /// Asks for the count of bills at the prompt and expects `bills`: the ledger is whole.
    func expectCount(_ bills: Int, at terminal: PseudoTerminal) {
        terminal.type("count\r")
        #expect(terminal.waitFor("\n\(bills)\n"), "the ledger is whole: \(terminal.screen.suffix(300))")
    }

    /// Presses Ctrl-C and says how long the prompt took to come back, if it did.
    func pressCtrlC(_ terminal: PseudoTerminal, prompts: Int) -> Double? {
        let pressed = Date()
        terminal.type(REPLTests.controlC)
        guard terminal.waitFor(REPLTests.prompt, count: prompts, seconds: Self.promptWithin) else { return nil }
        return Date().timeIntervalSince(pressed)
    }

    @Test("Ctrl-C while a long list is written stops it at a line's end, and the rest of the line is not run")
    func whileWriting() async throws {
        try await withREPL { _, terminal in
            terminal.type("list; count\r")
            #expect(terminal.waitFor("#200  ", seconds: 60), "the rows come: \(terminal.screen.suffix(500))")
            let took = pressCtrlC(terminal, prompts: 3)
            #expect(took != nil, "no prompt within \(Self.promptWithin) s of Ctrl-C")
            let screen = terminal.screen
            #expect(!screen.contains("\(Self.bills) bills"), "the total row was never written")
            #expect(!screen.contains("\n\(Self.bills)\n"), "count, after list on the line, was not run")
            // Every line written is a whole row, but the one the terminal echoed ^C into.
            let rows = screen.components(separatedBy: "list; count\n").last!.split(separator: "\n").dropFirst().dropLast()
            #expect(!rows.isEmpty)
            for row in rows where !row.contains("^C") {
                #expect(row.range(of: #"^ *#\d+  \d{4}-\d\d-\d\d  expense +\d+\.25  food +bill \d+$"#, options: .regularExpression) != nil, "\(row)")
            }
            expectCount(Self.bills, at: terminal)
        }
    }

    @Test("Ctrl-C as soon as a long list is asked for brings the prompt back before it is written")
    func beforeWriting() async throws {
        try await withREPL { _, terminal in
            terminal.type("search bill\r")
            try await Task.sleep(for: .milliseconds(100))
            #expect(pressCtrlC(terminal, prompts: 3) != nil, "no prompt within \(Self.promptWithin) s of Ctrl-C")
            #expect(!terminal.screen.contains("\(Self.bills) bills"), "the total row was never written")
            expectCount(Self.bills, at: terminal)
        }
    }

    @Test("Ctrl-C during an import leaves it whole: every bill is written and it says so")
    func aChangeIsNeverHalfDone() async throws {
        try await withREPL { sandbox, terminal in
            let more = try Self.writeBills(sandbox, remark: "more")
            terminal.type("import \"\(more)\"; count\r")
            try await Task.sleep(for: .milliseconds(300))
            terminal.type(REPLTests.controlC)
            #expect(terminal.waitFor("imported \(Self.bills) bills from \(more)", seconds: 60), "\(terminal.screen.suffix(500))")
            #expect(terminal.waitFor(REPLTests.prompt, count: 3), "\(terminal.screen.suffix(300))")
            expectCount(2 * Self.bills, at: terminal)
        }
    }
}
