import Foundation
import Testing
import TallyCore
import TallyStore

/// Several Tallies on one ledger at once: no confirmed bill is lost, each
/// session sees the others' work, undo stays within a session, and a ledger
/// held busy is waited for, then reported.
@Suite("Concurrent sessions", .serialized)
struct ConcurrencyTests {
    static let addsPerWriter = 1000

    @Test("four writers, two running -c in a loop and two long scripts on stdin, store every bill they confirm")
    func fourWritersLoseNothing() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            for writer in ["s1", "s2"] {
                let lines = (1...Self.addsPerWriter).map { "add 2 food \(writer)x\($0)" }
                try (lines.joined(separator: "\n") + "\n").write(toFile: sandbox.path("\(writer).tally"), atomically: true, encoding: .utf8)
            }
            let outputs = try await withThrowingTaskGroup(of: (String, Int32, String).self) { group in
                for writer in ["c1", "c2"] {
                    group.addTask {
                        var confirmations = ""
                        for index in 1...Self.addsPerWriter {
                            let run = try await sandbox.tally(["-c", "add 1 food \(writer)x\(index)"])
                            guard run.status == 0, run.stderr.isEmpty else { return (confirmations, run.status, run.stderr) }
                            confirmations += run.stdout
                        }
                        return (confirmations, 0, "")
                    }
                }
                for writer in ["s1", "s2"] {
                    group.addTask {
                        // Waiting for the child blocks a thread: one of Dispatch's, never one the other tasks need.
                        try await withCheckedThrowingContinuation { continuation in
                            DispatchQueue.global().async {
                                continuation.resume(with: Result {
                                    let child = try ChildTally(
                                        ["--db", sandbox.ledger, "--today", TallyBinary.today], input: .file(sandbox.path("\(writer).tally")),
                                        home: sandbox.url)
                                    let status = child.finish() ?? -1
                                    return (child.stdout, status, child.stderr)
                                })
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (_, status, stderr) in outputs {
                #expect(status == 0, "\(stderr)")
                #expect(stderr.isEmpty)
            }
            let confirmations = outputs.flatMap { $0.0.split(separator: "\n") }
            #expect(confirmations.count == 4 * Self.addsPerWriter)

            let ledger = try LedgerStore(path: sandbox.ledger, seed: .english).load()
            #expect(ledger.bills.count == 4 * Self.addsPerWriter)
            #expect(Set(ledger.bills.map(\.id)).count == ledger.bills.count)
            let remarks = Dictionary(uniqueKeysWithValues: ledger.bills.map { ($0.id, $0.remark) })
            for line in confirmations {
                // added #12  2016-07-20  expense  1.00  food  c1x7
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let id = Int64(fields[1].dropFirst()) ?? -1
                #expect(fields.first == "added" && remarks[id] == String(fields.last ?? ""), "\(line) is not what #\(id) holds")
            }
        }
    }

    @Test("Tallies opening the same new ledger at the same moment all open it")
    func simultaneousFirstOpens() async throws {
        try await withSandbox { sandbox in
            for round in 1...5 {
                let path = sandbox.path("new-\(round).db")
                let runs = try await withThrowingTaskGroup(of: Run.self) { group in
                    for _ in 1...8 {
                        group.addTask { try await TallyBinary.run(["--db", path, "-c", "count"], home: sandbox.url) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                for run in runs {
                    #expect(run.status == 0 && run.stdout == "0\n", "\(run)")
                }
            }
        }
    }

    @Test("a session reading a pipe sees another process's bills on its next statement")
    func aRunningSessionSeesOthersWork() async throws {
        try await withSandbox { sandbox in
            let session = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url)
            session.send("count\n")
            #expect(session.waitForOutput { $0 == "0\n" }, "\(session.stdout)")
            _ = try await sandbox.tally(["-c", "add 7 food from elsewhere"])
            session.send("count\nlist as csv\n")
            #expect(session.waitForOutput { $0.hasSuffix("from elsewhere,daily,,\n") }, "\(session.stdout)")
            #expect(session.finish() == 0)
            #expect(session.stdout == """
                0
                1
                id,date,kind,amount,category,remark,book,place,tags
                1,2016-07-20,expense,7.00,food,from elsewhere,daily,,

                """)
        }
    }

    @Test("undo in a running session takes back its own change only, and never one changed since by another")
    func undoStaysWithinItsSession() async throws {
        try await withSandbox { sandbox in
            let session = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url)
            session.send("count\n")
            #expect(session.waitForOutput { $0 == "0\n" })

            _ = try await sandbox.tally(["-c", "add 7 food theirs"])
            session.send("undo\n")
            #expect(session.waitForOutput { $0.hasSuffix("this one began\n") }, "\(session.stdout)")
            session.send("add 1 food mine\n")
            #expect(session.waitForOutput { $0.hasSuffix("mine\n") })
            _ = try await sandbox.tally(["-c", "add 8 food theirs again"])
            session.send("undo\n")
            #expect(session.waitForOutput { $0.hasSuffix("undid: added #2\n") }, "\(session.stdout)")
            session.send("redo\n")
            #expect(session.waitForOutput { $0.hasSuffix("redid: added #2\n") }, "\(session.stdout)")
            _ = try await sandbox.tally(["-c", "edit #2 remark=edited"])
            session.send("undo\n")
            #expect(session.finish() == 1)
            #expect(session.stdout == """
                0
                nothing of this session's to undo; the newest change, 'added #1', was made by another session since this one began
                added #2  2016-07-20  expense  1.00  food  mine
                undid: added #2
                redid: added #2

                """)
            #expect(session.stderr.hasPrefix(
                "<stdin>:6:1: error: cannot undo 'added #2': bill #2 has been changed since it was made, by another session; nothing was changed\n"),
                "\(session.stderr)")

            let list = try await sandbox.tally(["-c", "list as csv"])
            #expect(list.stdout.contains("2016-07-20,expense,1.00,food,edited,daily,,\n"), "\(list)")
            // A new session may take back the newest change there is, and says whose it was.
            let fresh = try await sandbox.tally(["-c", "undo"])
            #expect(fresh.stdout == "undid: edited #2 (from an earlier session: 'edit #2 remark=edited')\n", "\(fresh)")
        }
    }

    @Test("a change waits for another program's write lock, and gives up after five seconds with a clear message")
    func aBusyLedgerIsWaitedForThenReported() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let briefly = try await holdingWriteLock(of: sandbox.ledger, forSeconds: 1) {
                try await sandbox.tally(["-c", "add 1 food waited"])
            }
            #expect(briefly.status == 0, "\(briefly)")
            #expect(briefly.stdout.hasPrefix("added #1"))

            let (reading, busy) = try await holdingWriteLock(of: sandbox.ledger, forSeconds: 8) {
                (try await sandbox.tally(["-c", "count"]), try await sandbox.tally(["-c", "add 2 food gave up"]))
            }
            #expect(reading.stdout == "1\n", "reading needs no lock: \(reading)")
            #expect(busy.status == 3, "\(busy)")
            #expect(busy.stderr.contains("another program has held the ledger's write lock for over 5 seconds; try again"), "\(busy)")
            let after = try await sandbox.tally(["-c", "count"])
            #expect(after.stdout == "1\n")
        }
    }

    @Test("a setting of the session's own, such as the output format, needs no write lock")
    func sessionSettingsTakeNoLock() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let setting = try await holdingWriteLock(of: sandbox.ledger, forSeconds: 8) {
                try await sandbox.tally(["-c", "set format csv; set color off; set echo off"])
            }
            #expect(setting.status == 0, "\(setting)")
            #expect(setting.stdout == "results as csv\ncolour off\necho off\n", "\(setting)")
        }
    }

    /// Runs `body` while this process holds the ledger's write lock for `seconds`.
    func holdingWriteLock<T: Sendable>(
        of path: String, forSeconds seconds: UInt32, _ body: () async throws -> T
    ) async throws -> T {
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let store = try? LedgerStore(path: path, seed: .english)
            try? store?.change { _ in
                locked.signal()
                sleep(seconds)
            }
            store?.close()
            released.signal()
        }
        locked.wait()
        let result = try await body()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                released.wait()
                continuation.resume()
            }
        }
        return result
    }
}

extension Seed {
    static let english = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))
}
