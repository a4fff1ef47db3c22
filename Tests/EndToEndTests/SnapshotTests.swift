import Foundation
import Glibc
import Testing
import TallyCore

/// A large ledger's snapshot of its bills (`LEDGER-columns`) through the
/// built binary: the answers are the file's, another process's change is
/// seen by the next command, and a Tally killed while making the snapshot
/// leaves either none or a whole one, and nothing else.
@Suite("Snapshot of a large ledger's bills", .serialized)
struct SnapshotTests {
    static let statements = ["-c", "sum expense by month", "-c", "count where remark ~ \"bill 1\"", "-c", "list limit 3"]

    func snapshotPath(_ sandbox: Sandbox) -> String { sandbox.ledger + "-columns" }

    /// The answers with no snapshot to read: from the file itself.
    func plainAnswers(_ sandbox: Sandbox) async throws -> String {
        try? FileManager.default.removeItem(atPath: snapshotPath(sandbox))
        let run = try await sandbox.tally(Self.statements)
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    @Test("the snapshot answers as the file does, and a change by another process is in the next answer")
    func answersAsTheFile() async throws {
        try await withSandbox { sandbox in
            try await InterruptedOutputTests.fill(sandbox)
            let plain = try await plainAnswers(sandbox)
            #expect(FileManager.default.fileExists(atPath: snapshotPath(sandbox)), "a read of every bill keeps a snapshot")
            #expect(try await sandbox.tally(Self.statements).stdout == plain)

            let edited = try await sandbox.tally(["-c", "edit #1 amount=1000 remark=\"bill 1 changed\""])
            #expect(edited.status == 0, "\(edited)")
            let afterEdit = try await sandbox.tally(Self.statements).stdout
            #expect(afterEdit != plain)
            #expect(afterEdit.contains("bill 1 changed") || afterEdit.contains("1,000.00"), "\(afterEdit)")
            #expect(afterEdit == (try await plainAnswers(sandbox)))
        }
    }

    @Test("a Tally killed while it makes the snapshot leaves none or a whole one, and no file besides")
    func killedWhileMaking() async throws {
        try await withSandbox { sandbox in
            try await InterruptedOutputTests.fill(sandbox)
            let plain = try await plainAnswers(sandbox)
            let name = (sandbox.ledger as NSString).lastPathComponent
            let allowed: Set<String> = [name, name + "-wal", name + "-shm", name + "-columns", "bill.csv"]
            var random = SeededRandom(seed: 7)
            var killed = 0
            for _ in 1...30 {
                try? FileManager.default.removeItem(atPath: snapshotPath(sandbox))
                let child = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today] + Self.statements, input: .file("/dev/null"), home: sandbox.url)
                usleep(UInt32(random.next(upTo: 400_000)))
                child.killNow()
                if child.finish() == nil { killed += 1 }
                let left = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path))
                #expect(left.isSubset(of: allowed), "left behind: \(left.subtracting(allowed))")
                #expect(try await sandbox.tally(Self.statements).stdout == plain, "after \(killed) kills")
            }
            #expect(killed >= 10, "most runs were killed part way: \(killed)")
        }
    }
}
