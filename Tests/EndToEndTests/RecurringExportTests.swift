import Foundation
import Testing
import TallyCore
import TallyStore

/// Exports of a ledger with recurring rules of every kind, some of whose
/// days are posted: hledger, ledger and beancount take them strictly, and
/// hledger forecasts each rule on the days Tally posts it.
@Suite("Recurring rules in the exports")
struct RecurringExportTests {
    static let firstForecast = Day(iso: "2016-07-21")!
    static let lastForecast = Day(iso: "2023-12-31")!

    /// (remark, schedule, start, end, category, amount): housing and food are expenses, salary income.
    static let rules: [(String, Schedule, String, RecurrenceEnd, String, Int64)] = [
        ("rent", .months(every: 1, on: .day(1)), "2016-08-01", .until(Day(iso: "2018-07-31")!), "housing", 300_000),
        ("card", .months(every: 1, on: .day(31)), "2016-09-10", .never, "food", 1_000),
        ("cleaner", .weeks(every: 2, on: 5), "2016-07-21", .times(3), "housing", 15_000),
        ("water", .days(every: 3, weekdaysOnly: false), "2016-07-21", .until(Day(iso: "2016-12-31")!), "food", 200),
        ("lunch", .days(every: 1, weekdaysOnly: true), "2016-07-11", .until(Day(iso: "2016-09-30")!), "food", 2_500),
        ("gym", .days(every: 2, weekdaysOnly: true), "2016-07-27", .times(10), "food", 3_000),
        ("market", .weeks(every: 1, on: nil), "2016-07-21", .until(Day(iso: "2016-12-31")!), "food", 8_000),
        ("water bill", .months(every: 3, on: .day(1)), "2016-08-15", .times(6), "housing", 9_000),
        ("insurance", .months(every: 2, on: .day(15)), "2016-08-01", .never, "housing", 20_000),
        ("bonus", .years(every: 1, month: 2, on: .last), "2016-07-21", .times(6), "salary", 500_000),
        ("tax", .years(every: 2, month: 1, on: .day(1)), "2016-07-21", .times(4), "housing", 100_000),
        ("licence", .years(every: 2, month: 3, on: .day(15)), "2016-07-21", .never, "housing", 5_000),
        ("cashback", .months(every: 1, on: .last), "2016-07-21", .until(Day(iso: "2017-06-30")!), "food", -500),
        ("pay", .months(every: 1, on: .day(10)), "2016-08-10", .times(12), "salary", 800_000),
        ("paused", .days(every: 1, weekdaysOnly: false), "2016-01-01", .never, "food", 100),
    ]

    /// Hledger cannot say these, so they are comments.
    static let unsaid: Set = ["insurance", "licence"]

    /// The rules, in the travel book (USD) for the bonus, else daily; lunch is posted through today.
    func addRules(to sandbox: Sandbox) throws -> [RecurringRule] {
        let store = try LedgerStore(path: sandbox.ledger, seed: .english)
        defer { store.close() }
        let ledger = try store.load()
        let rules = Self.rules.enumerated().map { index, rule in
            RecurringRule(
                id: Int64(index + 1), bookID: ledger.book(named: rule.0 == "bonus" ? "travel" : "daily")!.id,
                categoryID: ledger.category(named: rule.4)!.id, amount: rule.5, remark: rule.0, schedule: rule.1, start: Day(iso: rule.2)!,
                end: rule.3, pausedOn: rule.0 == "paused" ? Day(iso: "2015-12-31") : nil)
        }
        let added = ChangeSet(summary: "added rules", rows: rules.map { RowChange(before: nil, after: .recurringRule($0)) })
        try store.change { _ throws(StoreError) in try store.write(added, statement: "rules") }
        var withRules = ledger
        withRules.apply(added)
        let lunch = try #require(withRules.recurringRules.first { $0.remark == "lunch" })
        var posting = RecurringPosting(ledger: withRules)
        posting.post(lunch, on: withRules.unhandledDays(of: lunch, through: Day(iso: TallyBinary.today)!), at: 0)
        try store.change { _ throws(StoreError) in try store.write(posting.change(undoable: true), statement: "posted") }
        return rules
    }

    @Test("hledger check --strict, ledger --pedantic and bean-check take the exports of every kind of rule, and the posted days are plain transactions")
    func toolsTakeTheRules() async throws {
        try await withSandbox { sandbox in
            let filled = try await sandbox.tally(["-c", "book add travel currency USD", "-c", "add 12 food on 2016-07-02", "-c", "+30 salary book travel on 2016-07-03"])
            #expect(filled.status == 0, "\(filled)")
            _ = try addRules(to: sandbox)
            let export = try await sandbox.tally(
                ["-c", "export all.hledger", "-c", "export all.journal", "-c", "export all.ledger", "-c", "export all.beancount"], in: sandbox.url)
            #expect(export.stdout == """
                exported 10 bills and 14 recurring rules to all.hledger (hledger journal)
                exported 10 bills and 14 recurring rules to all.journal (hledger/ledger journal)
                exported 10 bills and 14 recurring rules to all.ledger (hledger/ledger journal)
                exported 10 bills and 14 recurring rules to all.beancount (beancount file)

                """, "\(export)")

            for file in ["all.hledger", "all.journal"] {
                let check = try await Tool.run("hledger", ["-f", sandbox.path(file), "check", "--strict", "payees"], in: sandbox)
                #expect(check.status == 0 && check.stderr.isEmpty, "\(file): \(check)")
            }
            for file in ["all.journal", "all.ledger"] {
                let check = try await Tool.run("ledger", ["--pedantic", "-f", sandbox.path(file), "bal"], in: sandbox)
                #expect(check.status == 0 && check.stderr.isEmpty, "\(file): \(check)")
            }
            let beanCheck = try await Tool.run("bean-check", [sandbox.path("all.beancount")], in: sandbox)
            #expect(beanCheck.status == 0 && beanCheck.stdout.isEmpty && beanCheck.stderr.isEmpty, "\(beanCheck)")

            // The periodic transactions add nothing to what was posted: the same totals from each.
            let hledger = try await Tool.run("hledger", ["-f", sandbox.path("all.hledger"), "bal", "-O", "csv", "-N", "expenses", "income"], in: sandbox)
            let ledger = try await Tool.run(
                "ledger", ["-f", sandbox.path("all.ledger"), "bal", "--flat", "--no-total", "--format", "%(account)\t%(scrub(display_total))\n", "^expenses", "^income"],
                in: sandbox)
            let totals = try Balances.hledgerCSV(hledger.stdout)
            #expect(totals == [InterchangeTests.Key(account: "expenses:food", currency: "CNY"): 212, InterchangeTests.Key(account: "income:salary", currency: "USD"): -30],
                    "\(hledger)")
            #expect(try Balances.ledgerLines(ledger.stdout) == totals, "\(ledger)")
            let lunches = try await Tool.run("hledger", ["-f", sandbox.path("all.hledger"), "reg", "desc:lunch", "-O", "csv"], in: sandbox)
            #expect(lunches.stdout.split(separator: "\n").count == 1 + 2 * 8, "8 lunches posted, 2 postings each: \(lunches)")

            let text = try String(contentsOfFile: sandbox.path("all.hledger"), encoding: .utf8)
            #expect(!text.contains("paused"), "\(text)")
            #expect(text.contains("\n; recurring #9: every 2 months on 15 from 2016-08-01, which hledger's periodic transactions cannot say; it posts:\n"
                + "; 2016-08-15 insurance\n"), "\(text)")
            #expect(text.contains("\n; recurring #12: every 2 years on mar 15 from 2016-07-21, which hledger's periodic transactions cannot say; it posts:\n"
                + "; 2017-03-15 licence\n"), "\(text)")
            let beancount = try String(contentsOfFile: sandbox.path("all.beancount"), encoding: .utf8)
            #expect(beancount.contains(
                "\n2016-07-21 custom \"recurring\" \"every year on the last of feb, 6 times\" 5000.00 USD Assets:Travel Income:Salary \"bonus\"\n  rule: 10\n"),
                "\(beancount)")
        }
    }

    @Test("hledger forecasts each rule it can say on exactly the days Tally posts it, a month's 31st and an end after 3 times included")
    func forecastDaysAreTallys() async throws {
        try await withSandbox { sandbox in
            let filled = try await sandbox.tally(["-c", "book add travel currency USD"])
            #expect(filled.status == 0, "\(filled)")
            let rules = try addRules(to: sandbox)
            let export = try await sandbox.tally(["-c", "export all.hledger"], in: sandbox.url)
            #expect(export.status == 0, "\(export)")
            let printed = try await Tool.run(
                "hledger", ["-f", sandbox.path("all.hledger"), "print", "--forecast=\(Self.firstForecast.iso)..\(Self.lastForecast.adding(days: 1).iso)", "-O", "json"],
                in: sandbox)
            #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed)")
            let transactions = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [[String: Any]])
            var forecast: [String: [String]] = [:]
            for transaction in transactions {
                let tags = (transaction["ttags"] as? [[String]]) ?? []
                guard tags.contains(where: { $0.first == "generated-transaction" }) else { continue }
                forecast[transaction["tdescription"] as? String ?? "?", default: []].append(transaction["tdate"] as? String ?? "?")
            }
            for rule in rules where rule.pausedOn == nil {
                let days = rule.days(through: Self.lastForecast, weekStart: .monday).filter { $0 >= Self.firstForecast }.map(\.iso)
                let expected = Self.unsaid.contains(rule.remark) ? [] : days
                #expect((forecast[rule.remark] ?? []).sorted() == expected, "\(rule.remark)")
            }
            #expect(forecast["card"]?.prefix(6) == ["2016-09-30", "2016-10-31", "2016-11-30", "2016-12-31", "2017-01-31", "2017-02-28"])
            #expect(forecast["cleaner"] == ["2016-07-22", "2016-08-05", "2016-08-19"])
            #expect(forecast["paused"] == nil)
        }
    }

    @Test("an hledger journal takes bills before 1400, which ledger cannot read and a journal for it refuses")
    func hledgerTakesEveryDate() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(["-c", "add 1 food early on 0001-01-01", "-c", "export all.hledger", "-c", "export all.ledger"], in: sandbox.url)
            #expect(run.status == 1 && run.stdout.hasPrefix("added #1") && run.stdout.hasSuffix("exported 1 bill to all.hledger (hledger journal)\n"), "\(run)")
            #expect(run.stderr.hasPrefix("error: ledger reads no date before 1400-01-01"), "\(run)")
            let check = try await Tool.run("hledger", ["-f", sandbox.path("all.hledger"), "check", "--strict", "payees"], in: sandbox)
            #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
            let printed = try await Tool.run("hledger", ["-f", sandbox.path("all.hledger"), "print"], in: sandbox)
            #expect(printed.stdout.hasPrefix("0001-01-01 early\n"), "\(printed)")
        }
    }
}
