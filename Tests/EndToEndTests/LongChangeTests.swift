import Foundation
import Glibc
import Testing
@testable import TallyStore

/// Another session's change that holds the write lock for long, such as a
/// large import: writers wait for it and say so, as long as a person would,
/// and nothing is lost either way.
@Suite("Waiting for a long change", .serialized)
struct LongChangeTests {
    static let importedRows = 300_000

    /// Starts importing a large CSV file, returning once the import holds the
    /// write lock and has said so beside the ledger.
    func startImport(in sandbox: Sandbox) throws -> ChildTally {
        var csv = "date,kind,amount,category,remark\n"
        csv.reserveCapacity(Self.importedRows * 40)
        for row in 0..<Self.importedRows {
            csv += "2016-\(1 + row % 12)-\(1 + row % 28),expense,\(1 + row % 9999),food,r\(row)\n"
        }
        try csv.write(toFile: sandbox.path("big.csv"), atomically: true, encoding: .utf8)
        let importer = try ChildTally(
            ["--db", sandbox.ledger, "--today", TallyBinary.today, "-c", "import \(sandbox.path("big.csv"))"], input: .pipe, home: sandbox.url)
        #expect(waitForNotice(in: sandbox), "the import never said it holds the lock")
        return importer
    }

    /// Whether a session says beside the ledger that it holds the lock, within half a minute.
    func waitForNotice(in sandbox: Sandbox) -> Bool {
        let notice = sandbox.ledger + ".writing"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: notice) && Date() < deadline { usleep(10_000) }
        return FileManager.default.fileExists(atPath: notice)
    }

    @Test("a -c add and a 50-line script on stdin wait for a long import, saying so, and every bill is kept")
    func writersWaitForAnImport() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let importer = try startImport(in: sandbox)
            let script = (1...50).map { "add \($0) food s\($0)\n" }.joined()
            try script.write(toFile: sandbox.path("script.tally"), atomically: true, encoding: .utf8)
            let add = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today, "-c", "add 1 food x"], input: .pipe, home: sandbox.url)
            let lines = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .file(sandbox.path("script.tally")), home: sandbox.url)
            let addStatus = add.finish()
            let linesStatus = lines.finish()
            #expect(importer.finish() == 0, "\(importer.stderr)")
            #expect(importer.stdout == "imported \(Self.importedRows) bills from \(sandbox.path("big.csv"))\n")

            #expect(addStatus == 0, "\(add.stderr)")
            #expect(add.stdout.hasPrefix("added #"), "\(add.stdout)")
            #expect(linesStatus == 0, "\(lines.stderr)")
            #expect(lines.stdout.split(separator: "\n").filter { $0.hasPrefix("added #") }.count == 50, "\(lines.stdout)")
            let said = "waiting for 'import \(sandbox.path("big.csv"))' in another session (process \(importer.pid))"
            #expect(add.stderr.hasPrefix(said), "\(add.stderr)")
            #expect(lines.stderr.hasPrefix(said), "\(lines.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.ledger + ".writing"))
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "\(Self.importedRows + 51)\n")
        }
    }

    @Test("--wait bounds the wait: past it the change is refused, naming the session it waited for, and nothing is lost")
    func theWaitIsBounded() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            let importer = try startImport(in: sandbox)
            let refused = try await sandbox.tally(["--wait", "1", "-c", "add 1 food x"])
            #expect(importer.finish() == 0, "\(importer.stderr)")
            #expect(refused.status == 3)
            #expect(refused.stdout == "")
            #expect(refused.stderr.contains(
                "error: nothing was changed: changing the ledger: another Tally session (process \(importer.pid), 'import \(sandbox.path("big.csv"))', "),
                "\(refused.stderr)")
            #expect(refused.stderr.hasSuffix("still held the ledger's write lock after 1 second of waiting; try again once it is done, or wait longer with --wait\n"),
                    "\(refused.stderr)")
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "\(Self.importedRows)\n")

            // Taking the import back holds the lock as long, and says so too.
            let undo = try ChildTally(["--db", sandbox.ledger, "-c", "undo"], input: .pipe, home: sandbox.url)
            #expect(waitForNotice(in: sandbox), "the undo never said it holds the lock")
            let add = try await sandbox.tally(["-c", "add 1 food x"])
            #expect(undo.finish() == 0, "\(undo.stderr)")
            #expect(add.status == 0, "\(add)")
            #expect(add.stderr.hasPrefix("waiting for 'undo' in another session (process \(undo.pid))"), "\(add)")
            let after = try await sandbox.tally(["-c", "count"])
            #expect(after.stdout == "1\n")
        }
    }

    @Test("an import killed while it writes its parts leaves none of its bills, and the ledger whole and writable",
          arguments: [0, 1 << 20, 8 << 20])
    func aKilledImportInPartsLeavesNothing(afterLogOf bytes: Int) async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "add 1 food before"])
            let importer = try startImport(in: sandbox)
            // Killed once its parts have written as much to the ledger's log.
            let deadline = Date().addingTimeInterval(60)
            func logged() -> Int { ((try? FileManager.default.attributesOfItem(atPath: sandbox.ledger + "-wal"))?[.size] as? Int) ?? 0 }
            while logged() < bytes && Date() < deadline { usleep(2_000) }
            importer.killNow()
            #expect(importer.finish() == nil, "the import ended before it was killed: \(importer.stdout)")
            #expect(logged() >= bytes)
            let check = try await sandbox.tally(["--check"])
            #expect(check.status == 0, "\(check)")
            let after = try await sandbox.tally(["-c", "count", "-c", "add 2 food after", "-c", "undo", "-c", "undo", "-c", "count"])
            #expect(after.status == 0, "\(after)")
            #expect(after.stdout.hasPrefix("1\nadded #2 "), "\(after)")
            #expect(after.stdout.hasSuffix("undid: added #1 (from an earlier session: 'add 1 food before')\n0\n"), "\(after)")
        }
    }

    @Test("another program's lock is waited for five seconds, though a notice of a Tally that died is there; nothing is written")
    func anotherProgramsLockAndADeadWritersNotice() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            // A process id that is surely not running: past the largest Linux gives.
            try "4194305 - - import gone.csv\n".write(toFile: sandbox.ledger + ".writing", atomically: true, encoding: .utf8)
            let holder = try Connection(path: sandbox.ledger)
            try holder.exec("BEGIN IMMEDIATE")
            let started = Date()
            let refused = try await sandbox.tally(["-c", "add 1 food x"])
            let waited = Date().timeIntervalSince(started)
            try holder.exec("ROLLBACK")
            holder.close()
            #expect(refused.status == 3)
            #expect(refused.stderr.hasSuffix("another program has held the ledger's write lock for over 5 seconds; try again\n"), "\(refused)")
            #expect(waited > 4.5 && waited < 30, "waited \(waited) s")
            let added = try await sandbox.tally(["-c", "add 1 food x", "-c", "count"])
            #expect(added.status == 0 && added.stderr == "", "\(added)")
            #expect(added.stdout.hasSuffix("\n1\n"), "\(added)")
        }
    }
}
