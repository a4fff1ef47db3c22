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
    /// Enough for a file over 2 MiB, which is read through the snapshot.
    static let bills = 30_000
    static let statements = ["-c", "sum expense by month", "-c", "count where remark ~ \"bill 1\"", "-c", "list limit 3"]
    /// Each reads the bills' texts, so a run makes one snapshot at most, never one of numbers alone first.
    static let textStatements = ["-c", "count where remark ~ \"bill 1\"", "-c", "list limit 3"]

    func snapshotPath(_ sandbox: Sandbox) -> String { sandbox.ledger + "-columns" }

    /// The file's inode and the moment it was made, which a snapshot made
    /// again changes (its inode alone may be the old one's, given again); nil when there is none.
    func identity(_ path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [Int(status.st_ino), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
    }

    /// The answers with no snapshot to read: from the file itself.
    func plainAnswers(_ sandbox: Sandbox, _ statements: [String] = Self.statements) async throws -> String {
        try? FileManager.default.removeItem(atPath: snapshotPath(sandbox))
        let run = try await sandbox.tally(statements)
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    @Test("the snapshot answers as the file does, and a change by another process is in the next answer")
    func answersAsTheFile() async throws {
        try await withSandbox { sandbox in
            try await InterruptedOutputTests.fill(sandbox, bills: SnapshotTests.bills)
            let plain = try await plainAnswers(sandbox)
            let made = try #require(identity(snapshotPath(sandbox)), "a read of every bill keeps a snapshot")
            #expect(try await sandbox.tally(Self.statements).stdout == plain)
            #expect(identity(snapshotPath(sandbox)) == made, "the second run read the snapshot, and kept it")

            let edited = try await sandbox.tally(["-c", "edit #1 amount=1000 remark=renamed"])
            #expect(edited.status == 0, "\(edited)")
            let afterEdit = try await sandbox.tally(Self.statements).stdout
            #expect(identity(snapshotPath(sandbox)) != made, "the snapshot of the bills before the edit was made again")
            #expect(afterEdit != plain)
            #expect(afterEdit == (try await plainAnswers(sandbox)))
        }
    }

    @Test("a Tally killed while it makes the snapshot leaves none or a whole one, and no file besides")
    func killedWhileMaking() async throws {
        try await withSandbox { sandbox in
            try await InterruptedOutputTests.fill(sandbox, bills: SnapshotTests.bills)
            let plain = try await plainAnswers(sandbox, Self.textStatements)
            let name = (sandbox.ledger as NSString).lastPathComponent
            let allowed: Set<String> = [name, name + "-wal", name + "-shm", name + "-columns", "bill.csv"]
            var random = SeededRandom(seed: 7)
            var killed = 0
            for _ in 1...30 {
                try? FileManager.default.removeItem(atPath: snapshotPath(sandbox))
                let child = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today] + Self.textStatements, input: .file("/dev/null"), home: sandbox.url)
                usleep(UInt32(random.next(upTo: 400_000)))
                child.killNow()
                if child.finish() == nil { killed += 1 }
                let left = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path))
                #expect(left.isSubset(of: allowed), "left behind: \(left.subtracting(allowed))")
                let kept = identity(snapshotPath(sandbox))
                #expect(try await sandbox.tally(Self.textStatements).stdout == plain, "after \(killed) kills")
                if let kept {
                    #expect(identity(snapshotPath(sandbox)) == kept, "a snapshot a killed Tally left is whole, and read")
                }
            }
            #expect(killed > 0, "some runs were killed part way")
        }
    }
}
