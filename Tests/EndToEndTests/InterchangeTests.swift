import Foundation
import Testing

/// `import` and `export` through the binary, and the exports checked by the
/// tools they are for: hledger, ledger and beancount.
@Suite("Import and export")
struct InterchangeTests {
    /// Several books and currencies, Chinese category names (one with an
    /// alias, one without), tags, places, quotes and a semicolon in remarks,
    /// and refunds: money back on food, in two currencies.
    static let fixture = [
        "book add travel currency USD", "book add 日本 currency JPY",
        "category add 餐饮 expense alias canyin", "category add 稿费 income",
        #"-25.5 food "lunch; with \"team\"" at "Cafe, 2F" #work #团队 on 2016-07-01"#,
        "-12 餐饮 dinner on 2016-07-02", "-4.40 transport metro #work on 2016-07-02",
        "+5000 salary July pay on 2016-07-01", #"+500 稿费 "article \"A\"" on 2016-07-05"#,
        #"-8 food "it's" on 2016-07-06"#, #"-8 food "it's" on 2016-07-06"#,
        "-3 food hotdog book travel on 2016-07-10", "-35 transport taxi #trip book travel on 2016-07-11",
        #"-120 travel hotel at "Hilton" book travel on 2016-07-11"#,
        "-1200 food ラーメン book 日本 on 2016-07-14", "-500 transport 電車 book 日本 on 2016-07-15",
        "+6.5 food refund on 2016-07-07", "+1 food hotdog back book travel on 2016-07-12",
    ]

    static let books = ["daily", "travel", "日本"]

    /// How each category's account is named in the exports.
    static let beancountAccounts = [
        "food": "Expenses:Food", "餐饮": "Expenses:Canyin-餐饮", "transport": "Expenses:Transport", "travel": "Expenses:Travel",
        "salary": "Income:Salary", "稿费": "Income:X-稿费",
    ]

    func fill(_ sandbox: Sandbox) async throws {
        let run = try await sandbox.tally(Self.fixture.flatMap { ["-c", $0] })
        #expect(run.status == 0, "\(run)")
    }

    /// Tally's own `sum … by category`, book by book: (account, currency) → total, income negative as the tools keep it.
    func tallyTotals(_ sandbox: Sandbox, accounts: [String: String]) async throws -> [Key: Decimal] {
        var totals: [Key: Decimal] = [:]
        let currencies = ["daily": "CNY", "travel": "USD", "日本": "JPY"]
        for book in Self.books {
            for kind in ["expense", "income"] {
                let run = try await sandbox.tally(["-c", "sum \(kind) where book = \(book) by category as csv"])
                #expect(run.status == 0, "\(run)")
                for line in run.stdout.split(separator: "\n").dropFirst() {
                    let cells = line.split(separator: ",").map(String.init)
                    let amount = try #require(Decimal(string: cells[1]))
                    totals[Key(account: try #require(accounts[cells[0]]), currency: currencies[book]!), default: 0] += kind == "income" ? -amount : amount
                }
            }
        }
        return totals
    }

    struct Key: Hashable, CustomStringConvertible {
        let account: String
        let currency: String
        var description: String { "\(account) \(currency)" }
    }

    @Test("hledger, ledger and beancount accept the exports, and their balances equal Tally's sums")
    func toolsAgree() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let export = try await sandbox.tally(["-c", "export all.journal", "-c", "export all.beancount"], in: sandbox.url)
            #expect(export.stdout == "exported 14 bills to all.journal (hledger/ledger journal)\nexported 14 bills to all.beancount (beancount file)\n", "\(export)")
            let journal = sandbox.path("all.journal")
            let beancount = sandbox.path("all.beancount")

            let check = try await Tool.run("hledger", ["-f", journal, "check"], in: sandbox)
            #expect(check.status == 0, "\(check)")
            let beanCheck = try await Tool.run("bean-check", [beancount], in: sandbox)
            #expect(beanCheck.status == 0 && beanCheck.stdout.isEmpty && beanCheck.stderr.isEmpty, "\(beanCheck)")

            let journalAccounts = Dictionary(uniqueKeysWithValues: Self.beancountAccounts.map { name, account in
                (name, (account.hasPrefix("Income") ? "income:" : "expenses:") + name)
            })
            let expectedJournal = try await tallyTotals(sandbox, accounts: journalAccounts)
            let hledger = try await Tool.run("hledger", ["-f", journal, "bal", "-O", "csv", "-N", "expenses", "income"], in: sandbox)
            #expect(try Balances.hledgerCSV(hledger.stdout) == expectedJournal, "\(hledger)")
            let ledger = try await Tool.run(
                "ledger", ["-f", journal, "bal", "--flat", "--no-total", "--format", "%(account)\t%(scrub(display_total))\n", "^expenses", "^income"],
                in: sandbox)
            #expect(try Balances.ledgerLines(ledger.stdout) == expectedJournal, "\(ledger)")

            let expectedBeancount = try await tallyTotals(sandbox, accounts: Self.beancountAccounts)
            let query = try await Tool.run(
                "bean-query", ["-f", "csv", beancount, "SELECT account, currency, sum(number) WHERE account ~ '^(Expenses|Income):' GROUP BY account, currency"],
                in: sandbox)
            #expect(try Balances.beanQueryCSV(query.stdout) == expectedBeancount, "\(query)")
        }
    }

    /// A CSV export without its first column: the ids, which another ledger gives its bills anew.
    func withoutIDs(_ csv: String) -> String {
        csv.split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacing(/^(id|[0-9]+),/, with: "") }.joined(separator: "\n")
    }

    @Test("CSV exported, imported into a ledger without bills and exported again is the same file but for the ids")
    func csvRoundTrip() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let first = try await sandbox.tally(["-c", "export first.csv"], in: sandbox.url)
            #expect(first.status == 0, "\(first)")
            let other = sandbox.path("other.db")
            let imported = try await TallyBinary.run(
                ["--db", other, "--today", TallyBinary.today, "-c", "book add travel currency USD", "-c", "book add 日本 currency JPY",
                 "-c", "import first.csv create categories", "-c", "export second.csv"],
                in: sandbox.url, home: sandbox.url)
            #expect(imported.status == 0, "\(imported)")
            #expect(imported.stdout.contains("imported 14 bills from first.csv; new categories: 餐饮, 稿费\n"), "\(imported)")
            let firstText = try String(contentsOfFile: sandbox.path("first.csv"), encoding: .utf8)
            #expect(withoutIDs(try String(contentsOfFile: sandbox.path("second.csv"), encoding: .utf8)) == withoutIDs(firstText))
            #expect(firstText.contains(#""lunch; with ""team""",daily,"Cafe, 2F",work 团队"#), "\(firstText)")
            #expect(firstText.contains(",2016-07-07,expense,-6.50,food,refund,daily,,\n"), "\(firstText)")
        }
    }

    /// Remarks, places, categories and a book a spreadsheet would run as
    /// formulas (no tag can begin with a formula's character), those that begin with `'` already, and amounts.
    static let formulas = [
        #"book add "+book""#, #"category add "=cmd|' /C calc'!A0" expense"#, #"category add "@SUM(A1)" income"#,
        #"add 1 food "=HYPERLINK(\"http://x\",\"y\")" at "=place" on 2016-07-01"#,
        #"add 2 food "@SUM(A1)" at "@place" on 2016-07-02"#, #"add 3 food "+cmd" at "'@place" on 2016-07-03"#,
        #"add 4 food "-2+3" on 2016-07-04"#, #"add 5 food "-25.00" on 2016-07-05"#, #"add 6 food "'=once" on 2016-07-06"#,
        #"add 7 food "''=twice" on 2016-07-07"#, #"add 8 food "'plain" on 2016-07-08"#, #"add 9 food "'-25.00" on 2016-07-09"#,
        "add 10 food \"\tTab\" on 2016-07-10", "add 11 food \"\r=cr\" on 2016-07-11", #"add 12 "=cmd|' /C calc'!A0" "'" on 2016-07-12"#,
        #"+13 "@SUM(A1)" "-" on 2016-07-13"#, #"add 14 food "=1+1" book "+book" on 2016-07-14"#,
    ]

    @Test("formula cells are exported behind a quote and imported back exactly: export, import and export again is the same file")
    func formulasRoundTrip() async throws {
        try await withSandbox { sandbox in
            let script = sandbox.path("formulas.tally")
            try (Self.formulas.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            let filled = try await sandbox.tally([script])
            #expect(filled.status == 0, "\(filled)")
            let listing = #"list where book in (daily, "+book") as json"#
            let first = try await sandbox.tally(["-c", "export first.csv", "-c", listing], in: sandbox.url)
            #expect(first.status == 0, "\(first)")
            let firstText = try String(contentsOfFile: sandbox.path("first.csv"), encoding: .utf8)
            let cells = [
                #""'=HYPERLINK(""http://x"",""y"")""#, ",'=place,", "'@SUM(A1)", "'+cmd", "'-2+3", ",-25.00,", ",''=once,", ",'''=twice,",
                ",'plain,", ",'-25.00,", ",'\tTab,", "\"'\r=cr\"", "'=cmd|' /C calc'!A0", "'+book", ",''@place,",
            ]
            for cell in cells {
                #expect(firstText.contains(cell), "\(cell.debugDescription) in \(firstText)")
            }

            let other = sandbox.path("other.db")
            let imported = try await TallyBinary.run(
                ["--db", other, "--today", TallyBinary.today, "-c", #"book add "+book""#, "-c", "import first.csv create categories",
                 "-c", "export second.csv", "-c", listing],
                in: sandbox.url, home: sandbox.url)
            #expect(imported.status == 0, "\(imported)")
            #expect(imported.stdout.contains("imported 14 bills from first.csv; new categories: =cmd|' /C calc'!A0, @SUM(A1)\n"), "\(imported)")
            #expect(withoutIDs(try String(contentsOfFile: sandbox.path("second.csv"), encoding: .utf8)) == withoutIDs(firstText))
            let bills = { (run: Run) in run.stdout.split(separator: "\n").filter { $0.hasPrefix("  {") } }
            #expect(bills(first).count == 14)
            #expect(bills(imported) == bills(first), "\(imported.stdout)")
        }
    }

    @Test("list as CSV and JSON gives what export writes")
    func listMatchesExport() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let everyBook = "where book in (daily, travel, 日本)"
            let run = try await sandbox.tally(
                ["-c", "export all.csv", "-c", "export all.json", "-c", "list \(everyBook) as csv", "-c", "list \(everyBook) as json"], in: sandbox.url)
            #expect(run.status == 0, "\(run)")
            let csv = try String(contentsOfFile: sandbox.path("all.csv"), encoding: .utf8)
            let json = try String(contentsOfFile: sandbox.path("all.json"), encoding: .utf8)
            #expect(run.stdout.hasSuffix(csv + json), "\(run.stdout)")
        }
    }

    @Test("one bad row among thousands imports nothing; the same file twice adds nothing; undo takes an import back")
    func allOrNothingAndIdempotent() async throws {
        try await withSandbox { sandbox in
            var rows = (1...5000).map { "2016-07-\(String(format: "%02d", $0 % 28 + 1)),-\($0 % 90 + 1).50,food,meal \($0 % 7)" }
            let good = "date,amount,category,remark\n" + rows.joined(separator: "\n") + "\n"
            rows[2499] = "2016-07-01,-1.505,food,meal"
            try ("date,amount,category,remark\n" + rows.joined(separator: "\n") + "\n").write(toFile: sandbox.path("bad.csv"), atomically: true, encoding: .utf8)
            try good.write(toFile: sandbox.path("good.csv"), atomically: true, encoding: .utf8)

            let bad = try await sandbox.tally(["-c", "import bad.csv"], in: sandbox.url)
            #expect(bad.status == 1)
            #expect(bad.stderr.hasPrefix("error: 1 of 5000 rows can't be imported, so nothing was imported\n"), "\(bad)")
            #expect(bad.stderr.hasSuffix("\nbad.csv:2501: '-1.505' has more than 2 decimals for CNY\n"), "\(bad)")
            #expect(try await sandbox.tally(["-c", "count"]).stdout == "0\n")

            let first = try await sandbox.tally(["-c", "import good.csv", "-c", "count", "-c", "import good.csv", "-c", "count"], in: sandbox.url)
            #expect(first.stdout == "imported 5000 bills from good.csv\n5000\nnothing to import: all 5000 rows of good.csv are in the ledger already\n5000\n", "\(first)")
            #expect(first.stderr.isEmpty, "a progress bar is for a terminal only: \(first.stderr)")
            let undo = try await sandbox.tally(["-c", "undo", "-c", "count"])
            #expect(undo.stdout == "undid: imported 5000 bills from good.csv (from an earlier session: 'import good.csv')\n0\n", "\(undo)")
        }
    }

    /// The history names an import's bills rather than copying them, so
    /// undo reads them back from the file: one edited since stops it, and
    /// once taken back the import is kept whole for redo.
    @Test("an import's bills edited by another session stop its undo; undone and redone, they come back as they were")
    func importUndoFindsEditedBills() async throws {
        try await withSandbox { sandbox in
            let rows = (1...1500).map { "2016-08-\(String(format: "%02d", $0 % 28 + 1)),-\($0 % 90 + 1).25,food,meal \($0)" }
            try ("date,amount,category,remark\n" + rows.joined(separator: "\n") + "\n").write(toFile: sandbox.path("rows.csv"), atomically: true, encoding: .utf8)
            let session = try ChildTally(["--db", sandbox.ledger, "--today", TallyBinary.today], input: .pipe, home: sandbox.url)
            session.send("import \(sandbox.path("rows.csv"))\n")
            #expect(session.waitForOutput { $0.contains("imported 1500 bills") }, "\(session.stderr)")
            let listed = try await sandbox.tally(["-c", "list where remark = 'meal 700' as csv"])
            let edited = try await sandbox.tally(["-c", "edit #700 amount=1"])
            #expect(edited.status == 0, "\(edited)")

            session.send("undo\n")
            // A script stops at its first error.
            #expect(session.finish() == 1)
            #expect(session.stderr.contains(
                "error: cannot undo 'imported 1500 bills from \(sandbox.path("rows.csv"))': bill #700 has been changed since it was made, by another session"),
                "\(session.stderr)")
            #expect(try await sandbox.tally(["-c", "count"]).stdout == "1500\n")

            let back = try await sandbox.tally(["-c", "undo", "-c", "undo", "-c", "count", "-c", "redo", "-c", "count"])
            #expect(back.stdout.hasSuffix("\n0\nredid: imported 1500 bills from \(sandbox.path("rows.csv"))\n1500\n"), "\(back)")
            #expect(try await sandbox.tally(["-c", "list where remark = 'meal 700' as csv"]).stdout == listed.stdout)
        }
    }

    @Test("a Chinese header with signed ¥ amounts imports with the right kinds")
    func chineseHeader() async throws {
        try await withSandbox { sandbox in
            let csv = "\u{FEFF}日期,金额,分类,备注,标签\r\n2016/7/1 12:30,\"-¥1,234.50\",用餐,聚餐,朋友 周末\r\n2016/7/5,\"¥8,000.00\",工资,七月工资,\r\n2016/7/6,-¥3.50,交通,地铁,\r\n"
            try csv.write(toFile: sandbox.path("账单.csv"), atomically: true, encoding: .utf8)
            let run = try await sandbox.tally(
                ["-c", "import 账单.csv", "-c", "sum expense", "-c", "sum income", "-c", "list as csv"], in: sandbox.url)
            #expect(run.stdout == """
                imported 3 bills from 账单.csv
                ¥1,238.00
                ¥8,000.00
                id,date,kind,amount,category,remark,book,place,tags
                1,2016-07-01,expense,1234.50,food,聚餐,daily,,朋友 周末
                2,2016-07-05,income,8000.00,salary,七月工资,daily,,
                3,2016-07-06,expense,3.50,transport,地铁,daily,,

                """, "\(run)")
        }
    }

    @Test("export refuses to write over a file unless told to")
    func overwrite() async throws {
        try await withSandbox { sandbox in
            try "keep me\n".write(toFile: sandbox.path("out.csv"), atomically: true, encoding: .utf8)
            let refused = try await sandbox.tally(["-c", "-5 food", "-c", "export out.csv"], in: sandbox.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: 'out.csv' exists already; add 'overwrite' to replace it\n"), "\(refused)")
            #expect(try String(contentsOfFile: sandbox.path("out.csv"), encoding: .utf8) == "keep me\n")
            let replaced = try await sandbox.tally(["-c", "export out.csv overwrite"], in: sandbox.url)
            #expect(replaced.status == 0, "\(replaced)")
            #expect(try String(contentsOfFile: sandbox.path("out.csv"), encoding: .utf8)
                == "id,date,kind,amount,category,remark,book,place,tags\n1,2016-07-20,expense,5.00,food,,daily,,\n")
            let unknown = try await sandbox.tally(["-c", "export out.txt"], in: sandbox.url)
            #expect(unknown.stderr.contains("'out.txt' does not say its format; end its name in .bean, .beancount, .csv, .hledger, .journal, .json, .ledger"), "\(unknown)")
        }
    }

    @Test("a CSV file past 256 MiB is refused before any of it is read")
    func oversizedFile() async throws {
        try await withSandbox { sandbox in
            let big = sandbox.path("big.csv")
            #expect(FileManager.default.createFile(atPath: big, contents: nil))
            #expect(truncate(big, (256 << 20) + 1) == 0)
            let refused = try await sandbox.tally(["-c", "import big.csv"], in: sandbox.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: cannot read 'big.csv': a CSV file may be at most 256 MiB; split it and import each part\n"), "\(refused)")
        }
    }

    @Test("a large import shows its progress at a terminal")
    func progressAtATerminal() async throws {
        try await withSandbox { sandbox in
            let rows = (1...6000).map { "2016-07-01,-\($0).00,food" }
            try ("date,amount,category\n" + rows.joined(separator: "\n") + "\n").write(toFile: sandbox.path("big.csv"), atomically: true, encoding: .utf8)
            var environment = TallyBinary.baseEnvironment
            environment["HOME"] = sandbox.url.path
            let terminal = try PseudoTerminal(
                ["--db", sandbox.ledger, "--today", TallyBinary.today, "-c", "import \(sandbox.path("big.csv"))"], environment: environment)
            #expect(terminal.waitFor("imported 6000 bills"), "\(terminal.screen)")
            #expect(terminal.screen.contains("0/6000 rows  ░░░░░░░░░░░░░░░░░░░░░░░░  0%"), "\(terminal.screen)")
            #expect(terminal.exitStatus() == 0)
        }
    }
}

/// Runs a tool the tests check Tally's files with.
enum Tool {
    static func run(_ name: String, _ arguments: [String], in sandbox: Sandbox, environment: [String: String?] = [:]) async throws -> Run {
        let path = try #require(["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                "\(name) is missing: 'make test' installs it")
        return try await TallyBinary.run(arguments, environment: environment, home: sandbox.url, executable: URL(fileURLWithPath: path))
    }
}

/// Per-account totals as each tool prints them.
enum Balances {
    typealias Key = InterchangeTests.Key

    /// `"expenses:food","25.50 CNY, 3.00 USD"`
    static func hledgerCSV(_ text: String) throws -> [Key: Decimal] {
        var totals: [Key: Decimal] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: "\",\"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            for amount in cells[1].components(separatedBy: ", ") {
                try add(amount, to: cells[0], in: &totals)
            }
        }
        return totals
    }

    /// `expenses:food\t25.50 CNY`, and further currencies on lines of their own.
    static func ledgerLines(_ text: String) throws -> [Key: Decimal] {
        var totals: [Key: Decimal] = [:]
        var account = ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if parts.count == 2 { account = parts[0] }
            try add(parts.last!, to: account, in: &totals)
        }
        return totals
    }

    /// `Expenses:Food     ,CNY,   25.50`, with CRLF line ends.
    static func beanQueryCSV(_ text: String) throws -> [Key: Decimal] {
        var totals: [Key: Decimal] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            totals[Key(account: cells[0], currency: cells[1]), default: 0] += try #require(Decimal(string: cells[2]))
        }
        return totals
    }

    /// `-5,000.00 CNY`: grouped as the journal's commodity directive says.
    private static func add(_ amount: String, to account: String, in totals: inout [Key: Decimal]) throws {
        let parts = amount.trimmingCharacters(in: .whitespaces).split(separator: " ")
        let number = try #require(Decimal(string: String(parts[0]).replacing(",", with: "")), "\(amount)")
        totals[Key(account: account, currency: String(parts[1])), default: 0] += number
    }
}
