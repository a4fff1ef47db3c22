import Foundation
import Glibc
import Testing
import TallyCore
@testable import TallyStore

/// Files that are not a healthy ledger in a writable place: Tally says what is
/// wrong with the right exit status, and leaves every byte of the file as it was.
@Suite("Damaged and hostile ledger files")
struct DamagedFileTests {
    /// A ledger with two bills, made by Tally itself.
    func healthyLedger(in sandbox: Sandbox) async throws -> String {
        let made = try await sandbox.tally(["-c", "add 1 food a", "-c", "add 2 food b"])
        #expect(made.status == 0, "\(made)")
        return sandbox.ledger
    }

    /// An SQLite file of another program's, made with `sql`. Making it is
    /// tried three times: once, under the full suite's load, SQLite reported a
    /// disk I/O error while writing this fixture, before Tally ever ran.
    func foreignDatabase(at path: String, _ sql: StaticString) throws {
        for attempt in 1...3 {
            do {
                try makeDatabase(at: path, sql)
                return
            } catch {
                if attempt == 3 { throw error }
            }
        }
    }

    private func makeDatabase(at path: String, _ sql: StaticString) throws {
        try? FileManager.default.removeItem(atPath: path + "-journal")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.exec(sql)
    }

    /// Runs `tally --db PATH -c count` and checks the file kept every byte.
    func openingLeavesItAlone(_ path: String, in sandbox: Sandbox, statement: String = "count") async throws -> Run {
        let before = try sha256(path)
        let run = try await TallyBinary.run(["--db", path, "-c", statement], home: sandbox.url)
        #expect(try sha256(path) == before, "\(path) changed: \(run)")
        return run
    }

    @Test("a text file is not a ledger")
    func notADatabase() async throws {
        try await withSandbox { sandbox in
            let path = sandbox.path("notes.txt")
            try String(repeating: "a shopping list, not a ledger\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
            let run = try await openingLeavesItAlone(path, in: sandbox)
            #expect(run.status == 3)
            #expect(run.stderr == "tally: cannot open the ledger at '\(path)': it is not a Tally ledger (file is not a database)\n")
        }
    }

    @Test("another program's SQLite file, even one with a table called bills, is refused and not taken over")
    func anotherProgramsDatabase() async throws {
        try await withSandbox { sandbox in
            let notes = sandbox.path("notes.db")
            try foreignDatabase(at: notes, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi');")
            let clash = sandbox.path("clash.db")
            try foreignDatabase(at: clash, "CREATE TABLE bills (what TEXT);")
            let marked = sandbox.path("marked.db")
            try foreignDatabase(at: marked, "PRAGMA application_id = 42; CREATE TABLE t (x);")
            for (path, why) in [(notes, "another program's database"), (clash, "another program's database"),
                                (marked, "another program's file, application id 42")] {
                let run = try await openingLeavesItAlone(path, in: sandbox, statement: "add 1 food")
                #expect(run.status == 3)
                #expect(run.stderr == "tally: cannot open the ledger at '\(path)': it is not a Tally ledger (\(why))\n")
                #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "switched to WAL")
            }
        }
    }

    @Test("another program's database with changes waiting in its log is refused with neither file touched")
    func anotherProgramsPendingLog() async throws {
        try await withSandbox { sandbox in
            let live = sandbox.path("live.db")
            #expect(FileManager.default.createFile(atPath: live, contents: Data()))
            let connection = try Connection(path: live)
            try connection.exec("PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');")
            // Copied while the program still has it open: the log holds what the file does not yet.
            let copy = sandbox.path("copy.db")
            try FileManager.default.copyItem(atPath: live, toPath: copy)
            try FileManager.default.copyItem(atPath: live + "-wal", toPath: copy + "-wal")
            connection.close()
            let logBefore = try sha256(copy + "-wal")

            let run = try await openingLeavesItAlone(copy, in: sandbox, statement: "add 1 food")
            #expect(run.status == 3)
            #expect(run.stderr.hasSuffix("it is not a Tally ledger (another program's database)\n"), "\(run)")
            #expect(try sha256(copy + "-wal") == logBefore)
        }
    }

    @Test("a truncated ledger is reported damaged")
    func truncated() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            for length in [100, 20000] {
                let path = sandbox.path("truncated-\(length).db")
                try Data(try Data(contentsOf: URL(fileURLWithPath: ledger)).prefix(length)).write(to: URL(fileURLWithPath: path))
                let run = try await openingLeavesItAlone(path, in: sandbox)
                #expect(run.status == 3)
                #expect(run.stderr == "tally: cannot open the ledger at '\(path)': the file is damaged (database disk image is malformed)\n")
            }
        }
    }

    @Test("a ledger with flipped bits is refused or read, but never changed or crashed on")
    func bitFlipped() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            let original = try Data(contentsOf: URL(fileURLWithPath: ledger))
            let path = sandbox.path("flipped.db")
            func flipped(at offset: Int) throws {
                var bytes = original
                bytes[offset] ^= 0xFF
                try bytes.write(to: URL(fileURLWithPath: path))
            }
            try flipped(at: 0)
            let magic = try await openingLeavesItAlone(path, in: sandbox)
            #expect(magic.status == 3)
            #expect(magic.stderr.hasSuffix("it is not a Tally ledger (file is not a database)\n"), "\(magic)")
            for offset in [100, 4096] {
                try flipped(at: offset)
                let header = try await openingLeavesItAlone(path, in: sandbox)
                #expect(header.status == 3)
                #expect(header.stderr.hasSuffix("the file is damaged (database disk image is malformed)\n"), "\(header)")
            }
            for offset in stride(from: 7, to: original.count, by: 997) {
                try flipped(at: offset)
                let run = try await openingLeavesItAlone(path, in: sandbox, statement: "list")
                #expect(run.status == 0 || (run.status == 3 && run.stderr.hasPrefix("tally: cannot open the ledger")),
                        "flipped at \(offset): \(run)")
            }
        }
    }

    @Test("a ledger from a newer Tally is refused")
    func newerSchema() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            try Connection(path: ledger).setUserVersion(99)
            let run = try await openingLeavesItAlone(ledger, in: sandbox, statement: "add 1 food")
            #expect(run.status == 3)
            #expect(run.stderr == "tally: cannot open the ledger at '\(ledger)': reading the schema: written by a newer Tally (schema version 99)\n")
        }
    }

    @Test("a read-only ledger can be queried; a change fails with exit 3")
    func readOnlyFile() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            try Unprivileged.handOver(sandbox)
            chmod(ledger, 0o444)
            let before = try sha256(ledger)
            let query = try await Unprivileged.tally(["--db", ledger, "-c", "count"], in: sandbox)
            #expect(query.status == 0, "\(query)")
            #expect(query.stdout == "2\n")
            let change = try await Unprivileged.tally(["--db", ledger, "-c", "add 3 food"], in: sandbox)
            #expect(change.status == 3, "\(change)")
            #expect(change.stderr.hasSuffix("nothing was changed: the ledger can only be read here (the file \(ledger) is read-only)\n"), "\(change)")
            #expect(try sha256(ledger) == before)
        }
    }

    @Test("on a read-only ledger a change's own mistake, or the --yes it lacks, is said before the refusal")
    func readOnlyFileSaysTheStatementsMistakeFirst() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            try Unprivileged.handOver(sandbox)
            chmod(ledger, 0o444)
            let mistake = try await Unprivileged.tally(["--db", ledger, "-c", "add 3 fod"], in: sandbox)
            #expect(mistake.status == 1, "\(mistake)")
            #expect(mistake.stderr.contains("unknown category 'fod'"), "\(mistake)")
            let unconfirmed = try await Unprivileged.tally(["--db", ledger, "-c", "delete where category=food"], in: sandbox)
            #expect(unconfirmed.status == 1, "\(unconfirmed)")
            #expect(unconfirmed.stderr.contains("scripts must confirm this with --yes"), "\(unconfirmed)")
        }
    }

    @Test("a session on a ledger it can only read sees what the owner writes meanwhile")
    func readOnlySessionSeesNewBills() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            try Unprivileged.handOver(sandbox)
            // The reader may read the file but not write it; the owner writes it meanwhile.
            if Unprivileged.isRoot { chown(ledger, 0, 0) }
            chmod(ledger, Unprivileged.isRoot ? 0o644 : 0o444)
            let reader = try ChildTally(
                ["--db", ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url, through: Unprivileged.command)
            reader.send("count\n")
            #expect(reader.waitForOutput { $0 == "2\n" }, "\(reader.stdout)\(reader.stderr)")
            chmod(ledger, 0o644)
            _ = try await sandbox.tally(["-c", "add 3 food", "-c", "add 4 food"])
            reader.send("count\nadd 5 food\n")
            #expect(reader.finish() == 3)
            #expect(reader.stdout == "2\n4\n")
            #expect(reader.stderr.contains("nothing was changed: the ledger can only be read here"), "\(reader.stderr)")
        }
    }

    @Test("a ledger in a read-only folder can be queried; a change fails with exit 3")
    func readOnlyFolder() async throws {
        try await withSandbox { sandbox in
            let folder = sandbox.path("shelf")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            let ledger = folder + "/ledger.db"
            _ = try await TallyBinary.run(["--db", ledger, "--today", TallyBinary.today, "-c", "add 1 food a"], home: sandbox.url)
            try Unprivileged.handOver(sandbox)
            chmod(folder, 0o555)
            defer { chmod(folder, 0o755) }
            let before = try sha256(ledger)
            let query = try await Unprivileged.tally(["--db", ledger, "-c", "list as csv"], in: sandbox)
            #expect(query.status == 0, "\(query)")
            #expect(query.stdout.hasSuffix("2016-07-20,expense,1.00,food,a,daily,,\n"), "\(query)")
            let change = try await Unprivileged.tally(["--db", ledger, "-c", "add 3 food"], in: sandbox)
            #expect(change.status == 3, "\(change)")
            #expect(change.stderr.hasSuffix("the ledger can only be read here (the folder \(folder) is read-only)\n"), "\(change)")
            let about = try await Unprivileged.tally(["--db", ledger, "-c", "about"], in: sandbox)
            #expect(about.stdout.contains("; read only: the folder \(folder) is read-only)\n"), "\(about)")
            #expect(try sha256(ledger) == before)
        }
    }

    @Test("past a file size limit, a ledger can be queried; a change fails with exit 3 and no signal")
    func fileSizeLimit() async throws {
        try await withSandbox { sandbox in
            let ledger = try await healthyLedger(in: sandbox)
            let before = try sha256(ledger)
            func limited(_ statement: String) async throws -> Run {
                try await TallyBinary.run(
                    ["-c", "ulimit -f 1; exec \"$0\" \"$@\"", TallyBinary.binary.path, "--db", ledger, "-c", statement],
                    home: sandbox.url, executable: URL(fileURLWithPath: "/bin/sh"))
            }
            let query = try await limited("count")
            #expect(query.status == 0, "\(query)")
            #expect(query.stdout == "2\n")
            let change = try await limited("add 3 food")
            #expect(change.status == 3, "\(change)")
            #expect(change.stderr.contains("nothing was changed: the ledger can only be read here"), "\(change)")
            #expect(change.stderr.contains("the disk may be full or past a size limit"), "\(change)")
            #expect(try sha256(ledger) == before)
            let after = try await sandbox.tally(["-c", "count"])
            #expect(after.stdout == "2\n")
        }
    }
}

/// The file's SHA-256, worked out here: a child process's pipe could be
/// caught up in another test's children.
func sha256(_ path: String) throws -> String {
    SHA256.hex([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
}

/// Running Tally as a user without privileges: root reads and writes any file
/// whatever its mode, so as root the tests drop to `nobody` with setpriv.
enum Unprivileged {
    static let isRoot = getuid() == 0
    static let nobody: uid_t = 65534

    /// Gives the sandbox and everything in it to the user the tests run Tally as.
    static func handOver(_ sandbox: Sandbox) throws {
        guard isRoot else { return }
        let items = try FileManager.default.subpathsOfDirectory(atPath: sandbox.url.path)
        for path in [sandbox.url.path] + items.map(sandbox.path) {
            chown(path, nobody, gid_t(nobody))
        }
    }

    /// What Tally is started through: setpriv as `nobody` when the tests run as root, else nothing.
    static let command = isRoot ? ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] : []

    static func tally(_ arguments: [String], in sandbox: Sandbox) async throws -> Run {
        guard let setpriv = command.first else { return try await TallyBinary.run(arguments, home: sandbox.url) }
        return try await TallyBinary.run(
            command.dropFirst() + [TallyBinary.binary.path] + arguments, home: sandbox.url, executable: URL(fileURLWithPath: setpriv))
    }
}
