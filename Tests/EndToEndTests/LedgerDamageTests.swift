import Foundation
import Glibc
import Testing
import TallyCore
@testable import TallyStore

/// Ledgers damaged inside, past a sound header, and ledgers another program
/// reshaped: Tally never writes into them, and says when its answers cannot
/// be trusted.
@Suite("Damaged and altered ledgers")
struct LedgerDamageTests {
    /// A ledger whose bills are on `days`, made by Tally through one `-c` each.
    func ledger(at path: String, days: [String], in sandbox: Sandbox) async throws {
        let adds = days.enumerated().flatMap { ["-c", "add \($0.offset + 1) food on \($0.element)"] }
        let made = try await TallyBinary.run(["--db", path, "--today", TallyBinary.today] + adds, home: sandbox.url)
        #expect(made.status == 0, "\(made)")
    }

    /// The sandbox's ledger of two bills, then changed by `sql` as another
    /// program would; the file's digest after.
    func twoBills(changedBy sql: StaticString, in sandbox: Sandbox) async throws -> String {
        try await ledger(at: sandbox.ledger, days: ["2016-07-01", "2016-07-02"], in: sandbox)
        let connection = try Connection(path: sandbox.ledger)
        try connection.exec(sql)
        connection.close()
        return try sha256(sandbox.ledger)
    }

    /// The page that holds index `name`, whose bills are few enough for one page.
    func rootPage(of name: String, in path: String) throws -> Int {
        let connection = try Connection(path: path, access: .readOnly)
        defer { connection.close() }
        var page = 0
        try connection.forEachRow("SELECT rootpage FROM sqlite_master WHERE name = ?", name) { row in page = Int(row.int64(0)) }
        return page
    }

    /// `target` with index `name`'s page taken from `donor`, a ledger made
    /// the same way, so the page is whole and sound but holds other rows.
    func transplant(index name: String, from donor: String, into target: String) throws {
        let page = try rootPage(of: name, in: target)
        #expect(page == (try rootPage(of: name, in: donor)) && page > 1)
        let donorBytes = try Data(contentsOf: URL(fileURLWithPath: donor))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: target))
        let range = (page - 1) * 4096..<page * 4096
        bytes.replaceSubrange(range, with: donorBytes[range])
        try bytes.write(to: URL(fileURLWithPath: target))
    }

    /// What SQLite's whole check says of the file, read without changing it.
    func integrityProblems(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, access: .immutable)
        defer { connection.close() }
        return try connection.wholeCheck(at: 0).problems
    }

    @Test("a marked ledger holding a trigger, view or index Tally did not make is refused, unchanged", arguments: [
        ("CREATE TRIGGER t2 AFTER INSERT ON bills BEGIN DELETE FROM bills WHERE id = new.id; END;", "a trigger 't2' that Tally did not make"),
        ("CREATE TRIGGER wipe AFTER INSERT ON bills BEGIN DELETE FROM bills WHERE id < new.id; END;", "a trigger 'wipe' that Tally did not make"),
        ("CREATE VIEW everything AS SELECT * FROM bills;", "a view 'everything' that Tally did not make"),
        // A name that looks like SQLite's statistics, which the comparison leaves out, is still compared.
        ("CREATE TRIGGER sqlitexstat_wipe AFTER INSERT ON bills BEGIN DELETE FROM bills; END;", "a trigger 'sqlitexstat_wipe' that Tally did not make"),
        ("CREATE INDEX extra ON bills (amount);", "an index 'extra' that Tally did not make"),
        ("DROP INDEX bills_by_day;", "no index 'bills_by_day'"),
        ("DROP INDEX bills_by_day; CREATE INDEX bills_by_day ON bills (day);", "an index 'bills_by_day' that is not as Tally made it"),
    ] as [(StaticString, String)])
    func alteredSchema(sql: StaticString, difference: String) async throws {
        try await withSandbox { sandbox in
            let before = try await twoBills(changedBy: sql, in: sandbox)
            for statement in ["add 7 food x", "count"] {
                let run = try await sandbox.tally(["-c", statement])
                #expect(run.status == 3, "\(run)")
                #expect(run.stderr == "tally: cannot open the ledger at '\(sandbox.ledger)': its schema is not the one Tally made: \(difference)\n")
                #expect(try sha256(sandbox.ledger) == before)
            }
        }
    }

    @Test("a marked ledger at a schema version below zero is refused, unchanged, and not crashed on")
    func negativeSchemaVersion() async throws {
        try await withSandbox { sandbox in
            try await ledger(at: sandbox.ledger, days: ["2016-07-01"], in: sandbox)
            let connection = try Connection(path: sandbox.ledger)
            try connection.setUserVersion(-1)
            connection.close()
            let before = try sha256(sandbox.ledger)
            let run = try await sandbox.tally(["-c", "add 1 food"])
            #expect(run.status == 3)
            #expect(run.stderr == "tally: cannot open the ledger at '\(sandbox.ledger)': it is not a Tally ledger (a ledger whose schema version -1 no Tally writes)\n")
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    @Test("only an empty or missing file becomes a ledger; a one-byte note or another program's empty database is refused")
    func onlyEmptyFilesBecomeLedgers() async throws {
        try await withSandbox { sandbox in
            let note = sandbox.path("notes.txt")
            try Data("x".utf8).write(to: URL(fileURLWithPath: note))
            let empty = sandbox.path("empty.db")
            #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
            let connection = try Connection(path: empty)
            try connection.exec("CREATE TABLE x (a); DROP TABLE x; VACUUM;")
            connection.close()
            // One page in a write-ahead log, as a new database of many programs' is.
            let logged = sandbox.path("logged.db")
            #expect(FileManager.default.createFile(atPath: logged, contents: Data()))
            let another = try Connection(path: logged)
            try another.exec("PRAGMA journal_mode = WAL")
            another.close()
            for (path, why) in [(note, "file is not a database"), (empty, "another program's empty database"),
                                (logged, "another program's empty database")] {
                let before = try sha256(path)
                let run = try await TallyBinary.run(["--db", path, "-c", "count"], home: sandbox.url)
                #expect(run.status == 3)
                #expect(run.stderr == "tally: cannot open the ledger at '\(path)': it is not a Tally ledger (\(why))\n")
                #expect(try sha256(path) == before)
            }
            let zero = sandbox.path("zero.db")
            #expect(FileManager.default.createFile(atPath: zero, contents: Data()))
            let made = try await TallyBinary.run(["--db", zero, "-c", "count"], home: sandbox.url)
            #expect(made.status == 0 && made.stdout == "0\n", "\(made)")
        }
    }

    @Test("an index that disagrees with its table is found on reading: answers are flagged and nothing is written")
    func indexCountDisagrees() async throws {
        try await withSandbox { sandbox in
            let donor = sandbox.path("donor.db")
            try await ledger(at: donor, days: ["2016-07-01", "2016-07-02", "2016-07-03"], in: sandbox)
            try await ledger(at: sandbox.ledger, days: ["2016-07-01", "2016-07-02"], in: sandbox)
            try transplant(index: "bills_by_day", from: donor, into: sandbox.ledger)
            #expect(try integrityProblems(sandbox.ledger) != [])
            let before = try sha256(sandbox.ledger)

            let query = try await sandbox.tally(["-c", "count"])
            #expect(query.status == 0)
            #expect(query.stdout == "2\n")
            #expect(query.stderr == "warning: the ledger is damaged (its bills index bills_by_day holds 3 rows, but 2 bills were read): "
                + "answers may be wrong, and nothing will be written to it; 'check' says what can be done\n")
            let change = try await sandbox.tally(["-c", "add 9 food"])
            #expect(change.status == 3)
            #expect(!change.stdout.contains("added"))
            #expect(change.stderr.hasSuffix("error: the ledger is damaged (its bills index bills_by_day holds 3 rows, but 2 bills were read); "
                + "nothing was written to it, and 'check' says what can be done\n"), "\(change)")
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    @Test("a bill that names a book or category the ledger lacks, an amount of zero or income below zero is found on reading", arguments: [
        ("UPDATE bills SET book_id = 99 WHERE id = 1", "bill #1 is in a book the ledger does not have"),
        ("UPDATE bills SET category_id = 9999 WHERE id = 2", "bill #2 has a category the ledger does not have"),
        ("PRAGMA ignore_check_constraints = ON; UPDATE bills SET amount = 0 WHERE id = 1", "bill #1 has an amount of zero"),
        ("UPDATE bills SET amount = -5, category_id = (SELECT id FROM categories WHERE name = 'salary') WHERE id = 2",
         "bill #2 is income below zero, which no Tally writes"),
    ] as [(StaticString, String)])
    func strayBill(sql: StaticString, problem: String) async throws {
        try await withSandbox { sandbox in
            let before = try await twoBills(changedBy: sql, in: sandbox)
            for statement in ["count in 2016-07", "add 3 food"] {
                let run = try await sandbox.tally(["-c", statement])
                #expect(run.stderr.hasPrefix("warning: the ledger is damaged (\(problem)): answers may be wrong"), "\(run)")
            }
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    @Test("check and --check read the whole file: a sound ledger says so and is remembered, a damaged one exits 3 with what to do")
    func checkStatement() async throws {
        try await withSandbox { sandbox in
            let donor = sandbox.path("donor.db")
            try await ledger(at: donor, days: ["2016-07-05", "2016-07-06"], in: sandbox)
            try await ledger(at: sandbox.ledger, days: ["2016-07-01", "2016-07-02"], in: sandbox)

            let sound = try await sandbox.tally(["--check"])
            #expect(sound.status == 0)
            #expect(sound.stdout.hasPrefix("the ledger is sound: all "))
            #expect(sound.stdout.hasSuffix(" pages of its file, every index and every reference checked\n"), "\(sound)")
            let json = try await sandbox.tally(["--format", "json", "-c", "check"])
            #expect(json.stdout.hasPrefix("{\"report\": \"checked\", \"sound\": true, \"pages\": "), "\(json)")
            let about = try await sandbox.tally(["-c", "about"])
            #expect(about.stdout.contains("\nchecked     sound at "), "\(about)")

            // Same number of rows, other days: only a whole check can tell.
            try transplant(index: "bills_by_day", from: donor, into: sandbox.ledger)
            let before = try sha256(sandbox.ledger)
            let query = try await sandbox.tally(["-c", "count"])
            #expect(query.status == 0 && query.stdout == "2\n" && query.stderr == "", "\(query)")
            for arguments in [["--check"], ["-c", "check"]] {
                let damaged = try await sandbox.tally(arguments)
                #expect(damaged.status == 3)
                #expect(damaged.stdout == "")
                #expect(damaged.stderr == """
                    error: the ledger at \(sandbox.ledger) is damaged:
                      row 1 missing from index bills_by_day
                      row 2 missing from index bills_by_day
                    Nothing will be written to it. Restore a copy from before the damage, or save what can still be read:
                      tally --db '\(sandbox.ledger)' -c 'export rescue.csv'
                    and import that into a new ledger.

                    """, "\(damaged)")
            }
            // A small ledger is checked whole before a session's first change.
            let change = try await sandbox.tally(["-c", "add 9 food"])
            #expect(change.status == 3)
            #expect(change.stderr.hasSuffix("error: the ledger is damaged (row 1 missing from index bills_by_day, and 1 more problem); "
                + "nothing was written to it, and 'check' says what can be done\n"), "\(change)")
            // What can still be read is saved as the advice says.
            let rescue = try await sandbox.tally(["-c", "export \(sandbox.path("rescue.csv"))"])
            #expect(rescue.status == 0, "\(rescue)")
            #expect(try String(contentsOfFile: sandbox.path("rescue.csv"), encoding: .utf8).split(separator: "\n").count == 3)
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    @Test("the REPL checks the ledger whole on the other core once its prompt is up, then warns and refuses changes")
    func replChecksInTheBackground() async throws {
        try await withSandbox { sandbox in
            let donor = sandbox.path("donor.db")
            var environment = TallyBinary.baseEnvironment
            environment["HOME"] = sandbox.url.path
            environment["TERM"] = "xterm"
            // Both greeted once, so the damaged session makes no change of its own before the user does.
            for (path, days) in [(donor, ["2016-07-05", "2016-07-06"]), (sandbox.ledger, ["2016-07-01", "2016-07-02"])] {
                try await ledger(at: path, days: days, in: sandbox)
                let greeted = try PseudoTerminal(["--db", path, "--today", TallyBinary.today], environment: environment)
                #expect(greeted.waitFor(REPLTests.prompt), "\(greeted.screen)")
                greeted.type(REPLTests.controlD)
                #expect(greeted.exitStatus() == 0)
                // The check's own connection closes first, so the session's folds its log into the file.
                #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the log was left beside \(path)")
            }
            try transplant(index: "bills_by_day", from: donor, into: sandbox.ledger)
            let before = try sha256(sandbox.ledger)

            let terminal = try PseudoTerminal(["--db", sandbox.ledger, "--today", TallyBinary.today], environment: environment)
            #expect(terminal.waitFor(REPLTests.prompt), "\(terminal.screen)")
            #expect(!terminal.screen.contains("damaged"), "\(terminal.screen)")
            let warning = "warning: the ledger is damaged (row 1 missing from index bills_by_day, and 1 more problem)"
            // The check of two bills ends at once; a statement or two later at the most, it is heard.
            for attempt in 1...3 where !terminal.screen.contains(warning) {
                terminal.type("count\r")
                _ = terminal.waitFor(REPLTests.prompt, count: attempt + 1)
                usleep(100_000)
            }
            #expect(terminal.waitFor(warning), "\(terminal.screen)")
            let prompts = terminal.occurrences(of: REPLTests.prompt)
            terminal.type("add 9 food\r")
            #expect(terminal.waitFor("error: the ledger is damaged (row 1 missing from index bills_by_day"), "\(terminal.screen)")
            // Ctrl-D typed before the line editor reads again would be taken by the terminal, not by Tally.
            #expect(terminal.waitFor(REPLTests.prompt, count: prompts + 1), "\(terminal.screen)")
            terminal.type(REPLTests.controlD)
            #expect(terminal.exitStatus() == 0, "\(terminal.screen)")
            #expect(!terminal.screen.contains("added"))
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    /// A ledger past the size checked whole before a first change: 30,000 bills.
    func largeLedger(in sandbox: Sandbox) async throws {
        var csv = "date,kind,amount,category,remark\n"
        for row in 0..<30_000 { csv += "2016-\(1 + row % 12)-\(1 + row % 28),expense,\(1 + row % 999),food,lunch number \(row)\n" }
        try csv.write(toFile: sandbox.path("bills.csv"), atomically: true, encoding: .utf8)
        let made = try await sandbox.tally(["-c", "import \(sandbox.path("bills.csv"))"])
        #expect(made.status == 0, "\(made)")
        let connection = try Connection(path: sandbox.ledger, access: .readOnly)
        defer { connection.close() }
        #expect(try connection.pageCount() > Connection.pagesCheckedBeforeChanging)
    }

    /// Points index `name` at the pages of index `other`, as a damaged page
    /// of the schema's table would; the schema's text is unchanged.
    func point(_ name: String, at other: String, in path: String) throws {
        let (first, second) = (try rootPage(of: name, in: path), try rootPage(of: other, in: path))
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.exec("PRAGMA writable_schema = ON")
        try connection.run("UPDATE sqlite_master SET rootpage = ? WHERE name = ?", second, name)
        try connection.run("UPDATE sqlite_master SET rootpage = ? WHERE name = ?", first, other)
    }

    /// Points index `name` of the bills at a copy of its rows kept in the
    /// other order, as a damaged page of the schema's table would: it holds
    /// as many rows as the table, so only a whole check finds it. The
    /// schema's text is unchanged.
    func misorder(_ name: String, in path: String) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.exec("CREATE INDEX misordered ON bills (day DESC, id DESC)")
        let copy = try rootPage(of: "misordered", in: path)
        try connection.exec("PRAGMA writable_schema = ON")
        try connection.run("UPDATE sqlite_master SET rootpage = ? WHERE name = ?", copy, name)
        try connection.exec("DELETE FROM sqlite_master WHERE name = 'misordered'")
    }

    @Test("a large ledger a whole check found damaged is not written to by later sessions, until a check finds it sound")
    func damageFoundIsRemembered() async throws {
        try await withSandbox { sandbox in
            try await largeLedger(in: sandbox)
            try misorder("bills_by_day", in: sandbox.ledger)
            let before = try sha256(sandbox.ledger)
            let unknowing = try await sandbox.tally(["-c", "count"])
            #expect(unknowing.stdout == "30000\n" && unknowing.stderr == "", "\(unknowing)")
            // A session already running when another's check finds the damage.
            let running = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url)
            running.send("count\n")
            #expect(running.waitForOutput { $0 == "30000\n" }, "\(running.stderr)")

            let check = try await sandbox.tally(["--check"])
            #expect(check.status == 3, "\(check)")
            #expect(FileManager.default.fileExists(atPath: sandbox.ledger + ".damaged"))
            let change = try await sandbox.tally(["-c", "add 5 food"])
            #expect(change.status == 3)
            #expect(change.stderr.contains("error: the ledger is damaged ("), "\(change)")
            running.send("add 6 food\n")
            #expect(running.finish() == 3)
            #expect(!running.stdout.contains("added"), "\(running.stdout)")
            #expect(running.stderr.contains("the ledger is damaged ("), "\(running.stderr)")
            let query = try await sandbox.tally(["-c", "count"])
            #expect(query.stdout == "30000\n")
            #expect(query.stderr.hasPrefix("warning: the ledger is damaged ("), "\(query)")
            #expect(try sha256(sandbox.ledger) == before)

            // Mended as sqlite3 would mend it; the next whole check lifts the refusal.
            let mending = try Connection(path: sandbox.ledger)
            try mending.exec("REINDEX bills_by_day; VACUUM;")
            mending.close()
            let sound = try await sandbox.tally(["--check"])
            #expect(sound.status == 0, "\(sound)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.ledger + ".damaged"))
            let added = try await sandbox.tally(["-c", "add 5 food"])
            #expect(added.status == 0 && added.stderr == "", "\(added)")
        }
    }

    /// A new bill reads no other, so SQLite finds the index as it writes
    /// into it; a change that reads every bill counts the index first.
    @Test("a large ledger, not checked whole before a change, is not written when an index's count disagrees with its bills")
    func aLargeLedgersIndexCountGuardsTheWrite() async throws {
        try await withSandbox { sandbox in
            try await largeLedger(in: sandbox)
            try point("bills_by_day", at: "journal_undone", in: sandbox.ledger)
            let before = try sha256(sandbox.ledger)
            let added = try await sandbox.tally(["-c", "add 5 food"])
            #expect(added.status == 3)
            #expect(added.stderr == "error: the ledger is damaged (database disk image is malformed); "
                + "nothing was written to it, and 'check' says what can be done\n", "\(added)")
            let edited = try await sandbox.tally(["-c", "edit #1 amount=6"])
            #expect(edited.status == 3)
            #expect(edited.stderr.hasPrefix("warning: the ledger is damaged (its bills index bills_by_day holds 0 rows, but 30000 bills were read)"),
                    "\(edited)")
            #expect(edited.stderr.hasSuffix("nothing was written to it, and 'check' says what can be done\n"), "\(edited)")
            #expect(try sha256(sandbox.ledger) == before)
        }
    }

    @Test("300 bit flips in a 2,000-bill ledger: every copy SQLite finds damaged is refused and left byte for byte; every other answers rightly or is refused")
    func bitFlips() async throws {
        try await withSandbox { sandbox in
            var csv = "date,kind,amount,category,remark\n"
            var random = SeededRandom(seed: 18)
            for row in 0..<2000 {
                csv += "2016-07-\(String(format: "%02d", 1 + Int(random.next(upTo: 31)))),expense,\(1 + Int(random.next(upTo: 9999))),food,r\(row)\n"
            }
            try csv.write(toFile: sandbox.path("bills.csv"), atomically: true, encoding: .utf8)
            let made = try await sandbox.tally(["-c", "import \(sandbox.path("bills.csv"))"])
            #expect(made.status == 0, "\(made)")
            let original = try Data(contentsOf: URL(fileURLWithPath: sandbox.ledger))
            let copy = sandbox.path("flipped.db")
            var damaged = 0
            for attempt in 0..<300 {
                var bytes = original
                let offset = Int(random.next(upTo: UInt64(bytes.count)))
                bytes[offset] ^= UInt8(1 << random.next(upTo: 8))
                for suffix in ["-wal", "-shm", ".damaged"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
                try bytes.write(to: URL(fileURLWithPath: copy))
                let problems = (try? integrityProblems(copy)) ?? ["unreadable"]
                let run = try await TallyBinary.run(
                    ["--db", copy, "--today", TallyBinary.today, "-c", "count", "-c", "count in 2016-07", "-c", "add 1 food x"], home: sandbox.url)
                let where_ = "flip \(attempt) at byte \(offset): \(problems.prefix(2)) \(run.stdout.prefix(40)) \(run.stderr)"
                if !problems.isEmpty { damaged += 1 }
                if run.status == 3 {
                    // Refused: damaged, or sound to SQLite with a schema that is no longer Tally's, or with a
                    // value no Tally writes (a category's kind), which SQLite's own check does not read.
                    #expect(!problems.isEmpty || run.stderr.contains("its schema is not the one Tally made")
                        || run.stderr.contains("the file is damaged (a category has an unknown kind)"), "\(where_)")
                    #expect(!run.stdout.contains("added"), "\(where_)")
                    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes, "\(where_)")
                } else {
                    #expect(problems.isEmpty, "\(where_)")
                    #expect(run.status == 0, "\(where_)")
                    #expect(run.stdout.hasPrefix("2000\n2000\nadded #"), "\(where_)")
                    #expect((try? integrityProblems(copy)) == [], "\(where_)")
                }
            }
            // The seed's flips reach the bills, their indexes and SQLite's own pages.
            #expect(damaged >= 40, "only \(damaged) of 300 copies were damaged")
        }
    }
}
