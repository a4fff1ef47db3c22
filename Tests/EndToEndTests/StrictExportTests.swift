import Foundation
import Testing

/// Exports of a ledger whose names and texts mean something in the tools'
/// syntax, checked by each tool at its strictest, and added up by each.
@Suite("Exports the tools take strictly")
struct StrictExportTests {
    static let longRemark = "long " + String(repeating: "长", count: 1995)

    /// Names with dashes, colons, spaces, semicolons, brackets, Chinese and
    /// leading marks; bills on the first day ledger reads and the last Tally
    /// allows, and one on the first Tally allows; remarks that read as a
    /// status or a code; a remark of 2,000 characters; three books in three
    /// currencies; refunds, posted as negative expenses.
    static let fixture = [
        #"book add "旅行 [trip]" currency USD"#, #"book add "日本; 東京" currency JPY"#,
        #"category add "a-b" expense"#, #"category add "a:b" expense"#, #"category add "eat out" expense"#,
        #"category add "a;b [c]" expense"#, #"category add "(p)" expense"#, #"category add "!bang" expense"#,
        "category add 餐饮 expense alias canyin", #"category add "*star" income"#,
        "add 1 food first on 0001-01-01", "add 2 food ledger's first on 1400-01-01", #"add 3 "a-b" last on 9999-12-31"#,
        #"add 4 "a:b" "* starred" on 2016-07-01"#, #"add 5 "a:b" "! pending" at "Cafe, 2F" #work on 2016-07-02"#,
        #"add 6 "eat out" "(123) coded" on 2016-07-03"#, #"add 7 "a;b [c]" "lunch; with \"team\"" on 2016-07-04"#,
        #"add 8 "(p)" "\#(longRemark)" on 2016-07-05"#, #"add 9 "!bang" "*" book "旅行 [trip]" on 2016-07-06"#,
        #"add 1200 餐饮 ラーメン book "日本; 東京" on 2025-03-01"#, #"+5000 "*star" "(x" on 2025-03-02"#,
        #"+300 salary "| pipe" book "旅行 [trip]" on 2025-03-03"#, #"add 10 food "a  b" at " spaced " on 2025-03-04"#,
        #"+4 "a-b" refund on 2016-07-05"#, "add income 100 餐饮 back book \"日本; 東京\" on 2025-03-05",
    ]

    static let books = [("daily", "CNY"), ("旅行 [trip]", "USD"), ("日本; 東京", "JPY")]

    /// How each category is named: (journal, beancount).
    static let accounts = [
        "food": ("expenses:food", "Expenses:Food"), "a-b": ("expenses:a-b", "Expenses:A-b"), "a:b": ("expenses:a-b-2", "Expenses:A-b-2"),
        "eat out": ("expenses:eat out", "Expenses:Eat-out"), "a;b [c]": ("expenses:a;b [c]", "Expenses:A-b-c"),
        "(p)": ("expenses:(p)", "Expenses:P"), "!bang": ("expenses:!bang", "Expenses:Bang"), "餐饮": ("expenses:餐饮", "Expenses:Canyin-餐饮"),
        "*star": ("income:*star", "Income:Star"), "salary": ("income:salary", "Income:Salary"),
    ]

    /// Tally's own `sum … by category` in each book over `period`: (account, currency) → total, income negative as the tools keep it.
    func tallyTotals(_ sandbox: Sandbox, period: String, beancount: Bool) async throws -> [InterchangeTests.Key: Decimal] {
        var totals: [InterchangeTests.Key: Decimal] = [:]
        for (book, currency) in Self.books {
            for kind in ["expense", "income"] {
                let run = try await sandbox.tally(["-c", "sum \(kind) where book = \"\(book)\" \(period) by category as csv"])
                #expect(run.status == 0, "\(run)")
                for line in run.stdout.split(separator: "\n").dropFirst() {
                    let cells = line.split(separator: ",").map(String.init)
                    let names = try #require(Self.accounts[cells[0]], "\(cells[0])")
                    let amount = try #require(Decimal(string: cells[1]))
                    totals[InterchangeTests.Key(account: beancount ? names.1 : names.0, currency: currency), default: 0] += kind == "income" ? -amount : amount
                }
            }
        }
        return totals
    }

    func fill(_ sandbox: Sandbox) async throws {
        let filled = try await sandbox.tally(Self.fixture.flatMap { ["-c", $0] })
        #expect(filled.status == 0, "\(filled)")
    }

    func checkJournal(_ file: String, in sandbox: Sandbox) async throws -> [InterchangeTests.Key: Decimal] {
        let path = sandbox.path(file)
        let hledgerCheck = try await Tool.run("hledger", ["-f", path, "check", "--strict", "payees"], in: sandbox)
        #expect(hledgerCheck.status == 0 && hledgerCheck.stderr.isEmpty, "\(hledgerCheck)")
        let ledgerCheck = try await Tool.run("ledger", ["--pedantic", "-f", path, "bal"], in: sandbox)
        #expect(ledgerCheck.status == 0 && ledgerCheck.stderr.isEmpty, "\(ledgerCheck)")
        let register = try await Tool.run("ledger", ["-f", path, "reg"], in: sandbox)
        #expect(register.status == 0 && register.stderr.isEmpty, "\(register.stderr)")

        let hledger = try await Tool.run("hledger", ["-f", path, "bal", "-O", "csv", "-N", "expenses", "income"], in: sandbox)
        let ledger = try await Tool.run(
            "ledger", ["-f", path, "bal", "--flat", "--no-total", "--format", "%(account)\t%(scrub(display_total))\n", "^expenses", "^income"],
            in: sandbox)
        let totals = try Balances.hledgerCSV(hledger.stdout)
        #expect(try Balances.ledgerLines(ledger.stdout) == totals, "\(ledger)")
        return totals
    }

    @Test("hledger check --strict, ledger --pedantic and bean-check take the exports, and their totals by category equal Tally's")
    func strictToolsAgree() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)

            let refused = try await sandbox.tally(["-c", "export all.journal"], in: sandbox.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix(
                "error: ledger reads no date before 1400-01-01, and 1 bill (#1) is dated earlier; leave it out with 'since 1400-01-01' (or a 'where'), "
                    + "or export to a .beancount file, which takes every date\n"), "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("all.journal")))

            let export = try await sandbox.tally(
                ["-c", "export all.journal since 1400-01-01", "-c", "export all.beancount",
                 "-c", "export early.journal from 1400-01-01 to 2015-12-31", "-c", "export 2016.journal in 2016", "-c", "export late.journal since 2017-01-01"],
                in: sandbox.url)
            #expect(export.status == 0, "\(export)")

            let expected = try await tallyTotals(sandbox, period: "since 1400-01-01", beancount: false)
            #expect(try await checkJournal("all.journal", in: sandbox) == expected)

            // Each part names every category as the whole does, so the parts included together add up to it.
            try "include early.journal\ninclude 2016.journal\ninclude late.journal\n".write(toFile: sandbox.path("parts.journal"), atomically: true, encoding: .utf8)
            #expect(try await checkJournal("parts.journal", in: sandbox) == expected)

            let beancount = sandbox.path("all.beancount")
            let beanCheck = try await Tool.run("bean-check", [beancount], in: sandbox)
            #expect(beanCheck.status == 0 && beanCheck.stdout.isEmpty && beanCheck.stderr.isEmpty, "\(beanCheck)")
            let query = try await Tool.run(
                "bean-query", ["-f", "csv", beancount, "SELECT account, currency, sum(number) WHERE account ~ '^(Expenses|Income):' GROUP BY account, currency"],
                in: sandbox)
            #expect(try Balances.beanQueryCSV(query.stdout) == (try await tallyTotals(sandbox, period: "", beancount: true)), "\(query)")
        }
    }

    @Test("a journal's descriptions are the remarks exactly, and what a description cannot hold is kept in a comment")
    func remarksAndPlacesAreExact() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let export = try await sandbox.tally(["-c", "export all.journal since 1400-01-01"], in: sandbox.url)
            #expect(export.status == 0, "\(export)")
            let printed = try await Tool.run("hledger", ["-f", sandbox.path("all.journal"), "print", "-O", "json"], in: sandbox)
            let transactions = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [[String: Any]])
            let descriptions = transactions.map { ($0["tdescription"] as? String ?? "?", $0["tstatus"] as? String ?? "?", $0["tcode"] as? String ?? "?") }
            for remark in ["* starred", "! pending", "(123) coded", "*", "(x", "a  b"] {
                #expect(descriptions.contains { $0 == (remark, "Unmarked", "") }, "\(remark) in \(descriptions)")
            }
            let text = try String(contentsOfFile: sandbox.path("all.journal"), encoding: .utf8)
            #expect(text.contains("\n2016-07-04 lunch, with \"team\"\n    ; remark: lunch; with \"team\"\n"), "\(text)")
            #expect(text.contains("\n    ; place: \"Cafe, 2F\"\n"), "\(text)")
            #expect(text.contains("\n    ; place: \" spaced \"\n"), "\(text)")
            // hledger's payee would be empty, which no directive can declare.
            #expect(text.contains("\n2025-03-03 , pipe\n    ; remark: | pipe\n"), "\(text)")
            // ledger reads no line longer than 4,096 bytes.
            let pieces = text.split(separator: "\n").filter { $0.hasPrefix("    ; remark: long ") || $0.hasPrefix("    ; remark: 长") }
            #expect(pieces.count == 2 && pieces.allSatisfy { $0.utf8.count <= 4096 }, "\(pieces.map(\.utf8.count))")
            #expect(pieces.map { $0.dropFirst("    ; remark: ".count) }.joined() == Self.longRemark)
            let cut = try #require(descriptions.first { $0.0.hasPrefix("long ") }?.0)
            #expect(cut.utf8.count <= 1023 && cut.utf8.count > 1020 && Self.longRemark.hasPrefix(cut), "\(cut.utf8.count)")
        }
    }
}
