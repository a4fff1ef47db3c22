import Foundation
import Glibc
import Testing
import TallyCore
import TallyStore
import TallyShell

/// Tally killed with SIGKILL at random moments of a long mixed script. After
/// every kill the file is sound, every change whose confirmation was printed
/// is in it, and the changes under way (one transaction: the statement
/// running, with those gathered before it) are either whole or absent. A
/// second ledger, fed the same statements without interruption, says what
/// the first must hold.
@Suite("Killed at any moment", .serialized)
struct CrashTests {
    static let seeds: [UInt64] = [1, 2, 3, 4]
    static let killsPerSeed = 75

    @Test("a ledger survives a kill at any moment, keeping every confirmed change and no half of one", arguments: seeds)
    func survivesKills(seed: UInt64) async throws {
        try await withSandbox { sandbox in
            var random = SeededRandom(seed: seed)
            let script = CrashScript.make(count: 4000, random: &random)
            let victim = sandbox.path("victim.db")
            let oracle = sandbox.path("oracle.db")
            for path in [victim, oracle] {
                _ = try await TallyBinary.run(["--db", path, "--today", TallyBinary.today, "-c", "count"], home: sandbox.url)
            }
            var next = 0
            var kills = 0
            while kills < Self.killsPerSeed && next < script.count {
                try script[next...].joined(separator: "\n").appending("\n").write(
                    toFile: sandbox.path("rest.tally"), atomically: true, encoding: .utf8)
                let child = try ChildTally(
                    ["--db", victim, "--today", TallyBinary.today, "--keep-going", "--yes"],
                    input: .file(sandbox.path("rest.tally")), home: sandbox.url)
                usleep(UInt32(random.next(upTo: 60_000)))
                child.killNow()
                if child.finish() == nil { kills += 1 }

                let confirmed = CrashScript.finishedStatements(stdout: child.stdout, stderr: child.stderr)
                #expect(try LedgerStore(path: victim, seed: .english).integrityProblems() == [], "after kill \(kills)")
                try await run(Array(script[next..<(next + confirmed)]), on: oracle, in: sandbox)
                next += confirmed
                // The changes under way had committed, but were killed before they could say so.
                var unconfirmed = 0
                while try state(of: victim) != state(of: oracle), next < script.count, unconfirmed < ChangeRunner.changesGathered {
                    try runInProcess(script[next], on: oracle)
                    next += 1
                    unconfirmed += 1
                }
                try #require(try state(of: victim) == state(of: oracle), "seed \(seed), kill \(kills), statement \(next): \(script[max(0, next - 1)])")
            }
            #expect(kills == Self.killsPerSeed, "the script ran out after \(kills) kills")

            // Undo still works, and the same way on both.
            for _ in 1...3 {
                let undone = try await TallyBinary.run(["--db", victim, "--today", TallyBinary.today, "-c", "undo"], home: sandbox.url)
                #expect(undone.status == 0 || undone.stderr.contains("cannot undo"), "\(undone)")
                _ = try await TallyBinary.run(["--db", oracle, "--today", TallyBinary.today, "-c", "undo"], home: sandbox.url)
                #expect(try state(of: victim) == state(of: oracle))
            }
        }
    }

    private func run(_ statements: [String], on path: String, in sandbox: Sandbox) async throws {
        guard !statements.isEmpty else { return }
        _ = try await TallyBinary.run(
            ["--db", path, "--today", TallyBinary.today, "--keep-going", "--yes"],
            stdin: statements.joined(separator: "\n") + "\n", home: sandbox.url)
    }

    /// One statement, as `run` runs it, without starting a process: the
    /// changes a kill left unconfirmed are found one statement at a time.
    private func runInProcess(_ statement: String, on path: String) throws {
        var options = SessionOptions()
        options.assumeYes = true
        options.keepGoing = true
        options.today = Day(iso: TallyBinary.today)
        let store = try LedgerStore(path: path, seed: .english)
        defer { store.close() }
        _ = try Session(store: store, options: options, output: Discarded()).run(.script(ScriptSource(origin: .file("<stdin>"), text: statement)))
    }

    /// What the ledger holds, less the moments bills were written, which two ledgers never share.
    private func state(of path: String) throws -> Ledger {
        let store = try LedgerStore(path: path, seed: .english)
        defer { store.close() }
        let ledger = try store.load()
        return Ledger(
            books: ledger.books, categories: ledger.categories,
            bills: ledger.bills.map { bill in
                var timeless = bill
                timeless.created = 0
                timeless.updated = 0
                return timeless
            },
            settings: ledger.settings, lastBillID: ledger.lastBillID, savedQueries: ledger.savedQueries)
    }
}

private final class Discarded: Output {
    let failure: String? = nil
    let resultsToTerminal = false
    func result(_ text: String) {}
    func error(_ text: String) {}
}

/// A long script of every kind of change, each statement printing one line
/// when it succeeds and one error when it fails.
enum CrashScript {
    static func make(count: Int, random: inout SeededRandom) -> [String] {
        var statements: [String] = []
        var books = ["daily"]
        var categories = ["food", "transport", "snacks", "salary"]
        for index in 1...count {
            let id = random.next(upTo: UInt64(index / 2 + 1)) + 1
            let amount = "\(random.next(upTo: 500) + 1).\(random.next(upTo: 90) + 10)"
            let category = categories[Int(random.next(upTo: UInt64(categories.count)))]
            let statement: String
            switch random.next(upTo: 100) {
            case 0..<40: statement = "add \(amount) \(category) r\(index) #t\(index % 7)"
            case 40..<50: statement = "edit #\(id) remark=e\(index) amount=\(amount)"
            case 50..<57: statement = "delete #\(id)"
            case 57..<60: statement = "delete where remark ~ \"r\(random.next(upTo: 9) + 1)\""
            case 60..<70: statement = "undo"
            case 70..<75: statement = "redo"
            case 75..<79:
                books.append("b\(index)")
                statement = "book add b\(index)"
            case 79..<82: statement = "use \(books[Int(random.next(upTo: UInt64(books.count)))])"
            case 82..<86:
                categories.append("k\(index)")
                statement = "category add k\(index) expense"
            case 86..<89: statement = "category merge \(categories.last!) into food"
            case 89..<94: statement = "save q\(index) count where remark ~ r\(index)"
            case 94..<97: statement = "forget q\(Int(random.next(upTo: UInt64(index))) + 1)"
            default: statement = "set weekstart \(random.next(upTo: 2) == 0 ? "sunday" : "monday")"
            }
            statements.append(statement)
        }
        return statements
    }

    /// How many statements finished: each printed one result line, or an error.
    static func finishedStatements(stdout: String, stderr: String) -> Int {
        let results = stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let errors = stderr.split(separator: "\n").count { $0.hasPrefix("<stdin>:") && $0.contains(": error: ") }
        return results + errors
    }
}
