import Foundation
import Testing

/// SPEC §1–§2: where the ledger lives, how it is created, and what survives a restart.
@Suite("Ledger file")
struct LedgerFileTests {
    func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a new ledger is created readable only by its owner")
    func newLedgerFile() async throws {
        try await withSandbox { sandbox in
            let path = sandbox.path("ledger.db")
            let run = try await TallyBinary.run(["--db", path, "-c", "count"], home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "0\n")
            let mode = try permissions(path)
            #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        }
    }

    @Test("a ledger named by --db or $TALLY_DB in a folder that does not exist is an error, and nothing is made")
    func typoInTheFolder() async throws {
        try await withSandbox { sandbox in
            let path = sandbox.path("Ledgers/ledger.db")
            let flag = try await TallyBinary.run(["--db", path, "-c", "add 1 food"], home: sandbox.url)
            #expect(flag.status == 3, "\(flag)")
            #expect(flag.stderr == "tally: cannot open the ledger at '\(path)': opening \(path): the folder \(sandbox.path("Ledgers")) does not exist\n")
            let variable = try await TallyBinary.run(["-c", "add 1 food"], environment: ["TALLY_DB": path], home: sandbox.url)
            #expect(variable.status == 3, "\(variable)")
            #expect(variable.stderr.contains("the folder \(sandbox.path("Ledgers")) does not exist"), "\(variable)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("Ledgers")))
        }
    }

    @Test("undo and redo survive a restart")
    func undoAcrossRuns() async throws {
        try await withSandbox { sandbox in
            let add = try await sandbox.tally(["-c", "add 25.50 food lunch"])
            #expect(add.stdout == "added #1  2016-07-20  expense  25.50  food  lunch\n", "\(add)")
            let undo = try await sandbox.tally(["-c", "undo"])
            #expect(undo.stdout == "undid: added #1 (from an earlier session: 'add 25.50 food lunch')\n", "\(undo)")
            #expect(undo.status == 0)
            let afterUndo = try await sandbox.tally(["-c", "count"])
            #expect(afterUndo.stdout == "0\n", "\(afterUndo)")
            let redo = try await sandbox.tally(["-c", "redo"])
            #expect(redo.stdout == "redid: added #1 (from an earlier session: 'add 25.50 food lunch')\n", "\(redo)")
            let afterRedo = try await sandbox.tally(["-c", "list as json"])
            #expect(afterRedo.stdout == """
                [
                  {"id": 1, "date": "2016-07-20", "kind": "expense", "amount": "25.50", "category": "food", "book": "daily", "remark": "lunch", "place": null, "tags": []}
                ]

                """, "\(afterRedo)")
        }
    }

    @Test("the current book persists across runs")
    func currentBookPersists() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "book add travel currency USD", "-c", "use travel"])
            let run = try await sandbox.tally(["-c", "add 12 transport", "-c", "sum expense as json"])
            #expect(run.stdout.hasSuffix("{\"sum\": \"12.00\", \"currency\": \"USD\"}\n"), "\(run)")
        }
    }

    @Test("without --db the ledger is ~/.local/share/tally/ledger.db")
    func defaultUnderHome() async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(["-c", "add 1 food"], environment: ["TALLY_DB": nil, "XDG_DATA_HOME": nil], home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            let path = sandbox.path(".local/share/tally/ledger.db")
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try permissions(path) == 0o600)
            #expect(try permissions(sandbox.path(".local/share/tally")) == 0o700)
            #expect(try permissions(sandbox.path(".local/share")) == 0o700)
        }
    }

    @Test("$XDG_DATA_HOME chooses the default ledger: $XDG_DATA_HOME/tally/ledger.db")
    func defaultUnderXDG() async throws {
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(
                ["-c", "add 1 food"], environment: ["TALLY_DB": nil, "XDG_DATA_HOME": sandbox.path("xdg")], home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(FileManager.default.fileExists(atPath: sandbox.path("xdg/tally/ledger.db")))
            #expect(!FileManager.default.fileExists(atPath: sandbox.path(".local/share/tally/ledger.db")))
            let again = try await TallyBinary.run(
                ["-c", "count"], environment: ["TALLY_DB": nil, "XDG_DATA_HOME": sandbox.path("xdg")], home: sandbox.url)
            #expect(again.stdout == "1\n", "\(again)")
        }
    }

    @Test("$TALLY_DB chooses the default ledger before $XDG_DATA_HOME; --db comes first of all")
    func tallyDBVariable() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("env"), withIntermediateDirectories: false)
            let environment: [String: String?] = ["TALLY_DB": sandbox.path("env/books.db"), "XDG_DATA_HOME": sandbox.path("xdg")]
            let run = try await TallyBinary.run(["-c", "add 1 food"], environment: environment, home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(FileManager.default.fileExists(atPath: sandbox.path("env/books.db")))
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("xdg/tally/ledger.db")))
            #expect(!FileManager.default.fileExists(atPath: sandbox.path(".local/share/tally/ledger.db")))

            let flag = try await TallyBinary.run(["--db", sandbox.ledger, "-c", "count"], environment: environment, home: sandbox.url)
            #expect(flag.stdout == "0\n", "--db wins: \(flag)")
            let variable = try await TallyBinary.run(["-c", "count"], environment: environment, home: sandbox.url)
            #expect(variable.stdout == "1\n", "\(variable)")
        }
    }

    @Test("the hint printed by 'book add' is a statement that works, even for a name with a space")
    func bookAddHint() async throws {
        try await withSandbox { sandbox in
            let add = try await sandbox.tally(["-c", "book add \"my book\""])
            #expect(add.status == 0, "\(add)")
            // added book 'my book' (CNY); 'use …' to switch to it
            let parts = add.stdout.components(separatedBy: "; '")
            try #require(parts.count == 2, "\(add)")
            let end = try #require(parts[1].range(of: "' to switch"), "\(add)")
            let hint = String(parts[1][..<end.lowerBound])
            #expect(hint == "use \"my book\"")
            let use = try await sandbox.tally(["-c", hint, "-c", "books"])
            #expect(use.status == 0, "running the hint \(hint): \(use)")
            #expect(use.stderr == "", "running the hint \(hint)")
        }
    }
}
