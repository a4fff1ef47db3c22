import Foundation
import Testing
import TallyCore
import TallyStore

/// `backup`: a whole, consistent copy of a ledger that is in use.
@Suite("Backup")
struct BackupTests {
    @Test("a backup holds the bills still in the log, which a plain copy of the file lacks, and replaces a file only with overwrite")
    func copiesWhatIsInTheLog() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "count"])
            // Another session keeps the ledger open, so the bills stay in its log file.
            let other = try LedgerStore(path: sandbox.ledger, seed: .english)
            defer { other.close() }
            _ = try other.load()
            _ = try await sandbox.tally(["-c", "-1 food; -2 food; +3 salary"])
            #expect(FileManager.default.fileExists(atPath: sandbox.ledger + "-wal"))

            let plain = sandbox.path("plain.db")
            try FileManager.default.copyItem(atPath: sandbox.ledger, toPath: plain)
            let plainCount = try await TallyBinary.run(["--db", plain, "-c", "count"], home: sandbox.url)
            #expect(plainCount.stdout == "0\n", "\(plainCount)")

            let copy = sandbox.path("copy.db")
            let backup = try await sandbox.tally(["-c", "backup \(copy)"])
            #expect(backup.status == 0, "\(backup)")
            #expect(backup.stdout.hasPrefix("backed up the ledger (3 bills) to \(copy) ("), "\(backup)")
            let copied = try await TallyBinary.run(["--db", copy, "--format", "csv", "-c", "sum net by kind"], home: sandbox.url)
            #expect(copied.stdout == "kind,sum\nincome,3.00\nexpense,-3.00\n", "\(copied)")

            let again = try await sandbox.tally(["-c", "backup \(copy)"])
            #expect(again.status == 1, "\(again)")
            #expect(again.stderr.contains("'\(copy)' exists already; add 'overwrite' to replace it"), "\(again)")
            _ = try await sandbox.tally(["-c", "-4 food"])
            let replaced = try await sandbox.tally(["-c", "backup \(copy) overwrite"])
            #expect(replaced.stdout.hasPrefix("backed up the ledger (4 bills) to \(copy) ("), "\(replaced)")
            let recopied = try await TallyBinary.run(["--db", copy, "-c", "count"], home: sandbox.url)
            #expect(recopied.stdout == "4\n", "\(recopied)")
            // Not even overwrite replaces the ledger being copied, its log, or the snapshot a large one keeps of its bills.
            #expect(FileManager.default.createFile(atPath: sandbox.ledger + "-columns", contents: Data()))
            for own in [sandbox.ledger, sandbox.ledger + "-wal", sandbox.ledger + "-columns"] {
                let itself = try await sandbox.tally(["-c", "backup \(own) overwrite"])
                #expect(itself.status == 1, "\(itself)")
                #expect(itself.stderr.contains("'\(own)' is the ledger's own file, which a backup cannot replace; give another name"), "\(itself)")
            }
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "4\n", "\(count)")
            let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).filter { $0.contains(".tally-") }
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test("a backup's JSON says what was copied")
    func saysWhatWasCopiedAsJSON() async throws {
        try await withSandbox { sandbox in
            let copy = sandbox.path("copy.db")
            let backup = try await sandbox.tally(["--format", "json", "-c", "-1 food", "-c", "backup \(copy)"])
            #expect(backup.stdout.contains("{\"report\": \"backed up\", \"file\": \"\(copy)\", \"bills\": 1, \"bytes\": "), "\(backup)")
        }
    }
}
