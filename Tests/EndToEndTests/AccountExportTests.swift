import Foundation
import Testing

/// The demo's accounts, transfers and reconciliation in its exports: each
/// tool takes them at its strictest, and each account's balance in each
/// tool is the one `balances` gives.
@Suite("Accounts in the exports")
struct AccountExportTests {
    /// How the exports name each of the demo's accounts (book, account): journal, beancount, currency.
    static let names: [String: (journal: String, beancount: String, currency: String)] = [
        "daily/cash": ("assets:daily:cash", "Assets:Daily:Cash", "CNY"),
        "daily/bank": ("assets:daily:bank", "Assets:Daily:Bank", "CNY"),
        "daily/card": ("liabilities:daily:card", "Liabilities:Daily:Card", "CNY"),
        "daily/alipay": ("assets:daily:alipay", "Assets:Daily:Alipay", "CNY"),
        // A book of one account posts to the book's.
        "travel/cash": ("assets:travel", "Assets:Travel", "CNY"),
    ]

    func demo(_ statements: [String], in sandbox: Sandbox) async throws -> Run {
        try await TallyBinary.run(
            ["--demo", "--today", "2026-12-01"] + statements.flatMap { ["-c", $0] },
            environment: ["TMPDIR": sandbox.path("tmp")], in: sandbox.url, home: sandbox.url)
    }

    /// `balances as json`, by the name each export gives the account; an account holding nothing is in no tool's balance.
    func tallyBalances(_ json: String, beancount: Bool) throws -> [InterchangeTests.Key: Decimal] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
        var balances: [InterchangeTests.Key: Decimal] = [:]
        for row in rows {
            let key = "\(row["book"] as? String ?? "")/\(row["account"] as? String ?? "")"
            let names = try #require(Self.names[key], "an account the test does not name: \(key)")
            let balance = try #require(Decimal(string: row["balance"] as? String ?? ""), "\(row)")
            if balance != 0 { balances[InterchangeTests.Key(account: beancount ? names.beancount : names.journal, currency: names.currency)] = balance }
        }
        return balances
    }

    /// The balances hledger gives the journal's accounts, which ledger must give too unless the journal is hledger's alone.
    func checkJournal(_ file: String, in sandbox: Sandbox, ledgerReadsIt: Bool = true) async throws -> [InterchangeTests.Key: Decimal] {
        let path = sandbox.path(file)
        let hledgerCheck = try await Tool.run("hledger", ["-f", path, "check", "--strict", "payees"], in: sandbox)
        #expect(hledgerCheck.status == 0 && hledgerCheck.stderr.isEmpty, "\(hledgerCheck)")
        let hledger = try await Tool.run("hledger", ["-f", path, "bal", "-O", "csv", "-N", "^assets", "^liabilities"], in: sandbox)
        let balances = try Balances.hledgerCSV(hledger.stdout)
        guard ledgerReadsIt else { return balances }
        let ledgerCheck = try await Tool.run("ledger", ["--pedantic", "-f", path, "bal"], in: sandbox)
        #expect(ledgerCheck.status == 0 && ledgerCheck.stderr.isEmpty, "\(ledgerCheck)")
        let ledger = try await Tool.run(
            "ledger", ["-f", path, "bal", "--flat", "--no-total", "--format", "%(account)\t%(scrub(display_total))\n", "^assets", "^liabilities"],
            in: sandbox)
        #expect(try Balances.ledgerLines(ledger.stdout) == balances, "\(ledger)")
        return balances
    }

    func checkBeancount(_ file: String, in sandbox: Sandbox) async throws -> [InterchangeTests.Key: Decimal] {
        let path = sandbox.path(file)
        let check = try await Tool.run("bean-check", [path], in: sandbox)
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "\(check)")
        let query = try await Tool.run(
            "bean-query", ["-f", "csv", path, "SELECT account, currency, sum(number) WHERE account ~ '^(Assets|Liabilities):' GROUP BY account, currency"],
            in: sandbox)
        return try Balances.beanQueryCSV(query.stdout).filter { $0.value != 0 }
    }

    @Test("hledger, ledger and bean-check take the demo's exports strictly, and each account's balance in each is Tally's")
    func demoBalancesAgree() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let run = try await demo(
                ["export demo.journal", "export demo.hledger", "export demo.beancount", "balances as json",
                 "export 2026.journal in 2026", "export 2026.beancount in 2026"],
                in: sandbox)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("exported 2566 bills, 3 recurring rules and 71 transfers to demo.journal (hledger/ledger journal)\n"), "\(run)")
            let json = run.stdout.split(separator: "\n").drop { !$0.hasPrefix("[") }.prefix { $0 != "]" }.joined(separator: "\n") + "\n]"
            let journalBalances = try tallyBalances(json, beancount: false)
            let beancountBalances = try tallyBalances(json, beancount: true)
            #expect(journalBalances.count == 5)

            #expect(try await checkJournal("demo.journal", in: sandbox) == journalBalances)
            #expect(try await checkJournal("demo.hledger", in: sandbox, ledgerReadsIt: false) == journalBalances)
            #expect(try await checkBeancount("demo.beancount", in: sandbox) == beancountBalances)
            // A period begins with what each account held then.
            #expect(try await checkJournal("2026.journal", in: sandbox) == journalBalances)
            #expect(try await checkBeancount("2026.beancount", in: sandbox) == beancountBalances)

            // The bank card's reconciliation is checked by each tool, after every posting of its day.
            let journal = try String(contentsOfFile: sandbox.path("demo.journal"), encoding: .utf8)
            #expect(journal.contains("\n2026-11-30 reconciled balance\n    assets:daily:bank  0.00 CNY = 218478.60 CNY\n"), "\(journal)")
            let beancount = try String(contentsOfFile: sandbox.path("demo.beancount"), encoding: .utf8)
            #expect(beancount.contains("\n2026-12-01 balance Assets:Daily:Bank  218478.60 ~ 0 CNY\n"), "\(beancount)")
        }
    }

    @Test("a demo's CSV and JSON exports name each bill's account, as list does")
    func csvAndJSONNameTheAccount() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: false)
            let everyBook = "where book in (daily, travel)"
            let run = try await demo(["export all.csv", "export all.json", "list \(everyBook) as csv", "list \(everyBook) as json"], in: sandbox)
            #expect(run.status == 0, "\(run)")
            let csv = try String(contentsOfFile: sandbox.path("all.csv"), encoding: .utf8)
            let json = try String(contentsOfFile: sandbox.path("all.json"), encoding: .utf8)
            #expect(run.stdout.hasSuffix(csv + json))
            #expect(csv.hasPrefix("id,date,kind,amount,category,remark,book,place,tags,account\n"), "\(csv.prefix(200))")
            #expect(csv.contains(",daily,,work,alipay\n"), "\(csv.prefix(400))")
            #expect(json.contains(#""book": "daily", "remark": "breakfast", "place": null, "tags": [], "account": "cash"}"#), "\(json.prefix(400))")
        }
    }
}
