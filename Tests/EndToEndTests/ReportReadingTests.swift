import Foundation
import Testing

/// The report as someone reads it: on a phone, a laptop and a wide screen,
/// on a machine without an emoji font, in a month one day old, and over ten
/// years.
@Suite("Report, as read")
struct ReportReadingTests {
    /// The demo's year on the first of December: rent of 3,500.00 on the first of each month, food over its budget
    /// of 1,800.00 in some months, and December a day old.
    static let demoToday = "2026-12-01"

    func demoPage(in sandbox: Sandbox) async throws -> String {
        try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: true)
        let run = try await TallyBinary.run(
            ["--demo", "--today", Self.demoToday, "-c", "report to demo"], environment: ["TMPDIR": sandbox.path("tmp")], in: sandbox.url,
            home: sandbox.url)
        #expect(run.status == 0 && run.stdout.contains("wrote the report of 2026 "), "\(run)")
        return try String(contentsOfFile: sandbox.path("demo.html"), encoding: .utf8)
    }

    func demo(_ statement: String, in sandbox: Sandbox) async throws -> String {
        let run = try await TallyBinary.run(
            ["--demo", "--today", Self.demoToday, "--format", "csv", "-c", statement], environment: ["TMPDIR": sandbox.path("tmp")],
            home: sandbox.url)
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    @Test("at 420, 1200 and 1920 pixels every total of the spending grid shows whole, and nothing makes the page scroll sideways")
    func gridTotalsShowAtEveryWidth() async throws {
        try await withSandbox { sandbox in
            for layout in try await ReportLayout.measure(try await demoPage(in: sandbox), in: sandbox) {
                #expect(layout.pageOverflow <= 0, "\(layout)")
                #expect(layout.clippedCells.isEmpty, "\(layout)")
                #expect(layout.hiddenTotals.isEmpty, "\(layout)")
                #expect(layout.hiddenTableCells.isEmpty, "\(layout)")
                // A laptop's screen and a wider one hold the whole grid, nothing to scroll to.
                if layout.width >= 1200 { #expect(layout.gridOverflow <= 0, "\(layout)") }
            }
            // Wider numbers and names than the demo's: on a phone the grid scrolls, its names and totals staying in view.
            try ReportTests.generatedCSV().write(toFile: sandbox.path("year.csv"), atomically: true, encoding: .utf8)
            let made = try await sandbox.tally(["-c", "import year.csv create categories", "-c", "report 2016 to year"], in: sandbox.url)
            #expect(made.status == 0, "\(made)")
            for layout in try await ReportLayout.measure(try String(contentsOfFile: sandbox.path("year.html"), encoding: .utf8), in: sandbox) {
                #expect(layout.pageOverflow <= 0, "\(layout)")
                #expect(layout.clippedCells.isEmpty, "\(layout)")
                #expect(layout.hiddenTotals.isEmpty, "\(layout)")
            }
        }
    }

    @Test("without an emoji font a category's icon takes no room and its name shows; the icon is hidden from screen readers")
    func iconsAreDecoration() async throws {
        try await withSandbox { sandbox in
            let page = try await demoPage(in: sandbox)
            #expect(page.contains("<span class=\"icon\" aria-hidden=\"true\">🏠 </span>housing"))
            for layout in try await ReportLayout.measure(page, in: sandbox) {
                #expect(layout.widestIcon > 0 && layout.widestIcon < 2, "\(layout)")
            }
        }
    }

    @Test("a budget overspent says by how much of it, not what share of it was used")
    func overBudgetSaysHowFarOver() async throws {
        try await withSandbox { sandbox in
            let page = try await demoPage(in: sandbox)
            // Food spent 2,005.20 of 1,800.00 in January and 1,806.90 in February.
            #expect(try await demo("sum expense where category = food in 2026-01", in: sandbox) == "sum,currency\n2005.20,CNY\n")
            #expect(try await demo("sum expense where category = food in 2026-02", in: sandbox) == "sum,currency\n1806.90,CNY\n")
            let budgets = try #require(ReportTests.text(page, after: "<section id=\"budgets\">", upTo: "</section>"))
            let food = try #require(ReportTests.element(budgets, startingWith: "<tr><th><span class=\"icon\" aria-hidden=\"true\">🍜 </span>food</th>"))
            let shares = food.components(separatedBy: "<span class=\"pct\">").dropFirst().map { $0.prefix { $0 != "<" } }
            #expect(shares.prefix(2) == ["11% over", "0.4% over"], "\(shares)")
            #expect(!page.contains("100% over") && !page.contains("111% over"))
            #expect(budgets.contains("Under each bar, the share of the budget spent, or how far over it the month went."))
        }
    }

    @Test("a month under way is marked with the days it has, and the line is each month's net")
    func aMonthUnderWayIsMarked() async throws {
        try await withSandbox { sandbox in
            let page = try await demoPage(in: sandbox)
            let december = try #require(ReportTests.element(page, startingWith: "<tr data-month=\"2026-12\" class=\"partial\">"))
            #expect(december.contains("<th>2026-12 <span class=\"days\">1 of 31 days</span></th>"), "\(december)")
            #expect(ReportTests.element(page, startingWith: "<tr data-month=\"2026-11\">") != nil)
            #expect(page.contains("<span class=\"swatch partial\"></span>2026-12: 1 of 31 days"))
            #expect(page.contains("<span class=\"swatch balance\"></span>net (income − expense)"))
            #expect(page.contains("<rect class=\"expense partial\""))
            #expect(page.contains("<title>2026-12 net -¥3,579.00 (1 of 31 days)</title>"))
            // The line joins the whole months only; the month under way has a mark of its own.
            let line = try #require(ReportTests.text(page, after: "<polyline class=\"balance\" points=\"", upTo: "\""))
            #expect(line.split(separator: " ").count == 11, "\(line)")
            #expect(page.contains("<circle class=\"balance partial\""))
        }
    }

    @Test("bills alike but for their day are one row of the largest expenses, with how many and each one's amount")
    func repeatedExpensesAreOneRow() async throws {
        try await withSandbox { sandbox in
            let page = try await demoPage(in: sandbox)
            #expect(try await demo("count expense where remark = rent and amount = 3500 in 2026", in: sandbox) == "count\n12\n")
            let largest = try #require(ReportTests.text(page, after: "<section id=\"largest\">", upTo: "</section>"))
            let rows = largest.components(separatedBy: "<tr>").dropFirst(2)
            #expect(rows.count == 10)
            let rent = try #require(rows.first)
            #expect(rent.contains("<td class=\"date\"><span>2026-01-01</span> to <span>2026-12-01</span></td>"), "\(rent)")
            #expect(rent.contains("<td class=\"amount\">12 × 3,500.00</td>"), "\(rent)")
            #expect(rows.filter { $0.contains(">rent<") }.count == 1)
            #expect(largest.contains("Bills alike but for their day are one row."))
            // The rows after it are the largest of the others, one bill each.
            let others = try await demo("list expense where remark != rent in 2026 top 9", in: sandbox).split(separator: "\n").dropFirst()
            let amounts = others.map { $0.split(separator: ",")[3] }
            for (row, amount) in zip(rows.dropFirst(), amounts) {
                let shown = try #require(ReportTests.text(row, after: "<td class=\"amount\">", upTo: "</td>"))
                #expect(shown.replacingOccurrences(of: ",", with: "") == amount, "\(row)")
            }
        }
    }

    @Test("the demo's book shows each of its accounts with the balance, debt and last reconciliation that balances gives")
    func balancesAreThoseBalancesGives() async throws {
        try await withSandbox { sandbox in
            let page = try await demoPage(in: sandbox)
            let json = try await demo("balances on \(Self.demoToday) as json", in: sandbox)
            let accounts = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
                .filter { $0["book"] as? String == "daily" }
            #expect(accounts.count == 4)
            let section = try #require(ReportTests.text(page, after: "<section id=\"balances\">", upTo: "</section>"))
            #expect(section.components(separatedBy: "<tr data-account=").count == accounts.count + 1, "\(section)")
            for account in accounts {
                let name = try #require(account["account"] as? String)
                let row = try #require(ReportTests.elements(section, startingWith: "<tr data-account=\"\(name)\">").first, "\(name) in \(section)")
                let shown = try #require(ReportTests.text(row, after: "<td class=\"amount\">", upTo: "<"))
                #expect(shown.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces) == account["balance"] as? String, "\(row)")
                let note = account["note"] as? String ?? ""
                #expect(note.isEmpty ? !row.contains("owing") : row.contains("<span class=\"days\">\(note)</span>"), "\(row)")
                let reconciled = account["reconciled"] as? String
                #expect(row.contains("<td class=\"date\">" + (reconciled.map { "<time datetime=\"\($0)\">\($0)</time>" } ?? "–") + "</td>"), "\(row)")
            }
            #expect(section.contains("<time datetime=\"2026-11-30\">2026-11-30</time>") && section.contains("owing "), "\(section)")
        }
    }

    /// Ten years of bills through an add script: a salary, a rent and a few meals each month.
    static let tenYears: String = (2016...2025).flatMap { year in
        (1...12).flatMap { month -> [String] in
            let day = "\(year)-" + (month < 10 ? "0" : "") + "\(month)"
            return ["+\(9000 + year - 2016) salary pay on \(day)-01", "-3000 housing rent on \(day)-01",
                    "-\(month * 7 + 20).50 food dinner on \(day)-12", "-\(year - 2000) transport taxi on \(day)-20"]
        }
    }.joined(separator: "\n") + "\n"

    @Test("a report of ten years shows its months year by year: the table, the bars and the grid")
    func tenYearsByYear() async throws {
        try await withSandbox { sandbox in
            try Self.tenYears.write(toFile: sandbox.path("ten.tally"), atomically: true, encoding: .utf8)
            // Made in 2026, so no year is under way.
            let made = try await TallyBinary.run(
                ["--db", sandbox.ledger, "--today", "2026-01-10", sandbox.path("ten.tally"), "-c", "report from 2016-01-01 to 2025-12-31 to ten"],
                in: sandbox.url, home: sandbox.url)
            #expect(made.status == 0 && made.stdout.contains("\nwrote the report of 2016-01-01 – 2025-12-31 (480 bills) to ten.html ("), "\(made.stderr)")
            let page = try String(contentsOfFile: sandbox.path("ten.html"), encoding: .utf8)
            #expect(page.contains("<h2>Year by year</h2>"))
            #expect(!page.contains("data-month="))
            #expect(page.components(separatedBy: "<rect class=\"income\"").count - 1 == 10)
            let json = try await Queries(sandbox: sandbox)
            let income = try await json.groups("sum income from 2016-01-01 to 2025-12-31 by year", key: "year")
            let expense = try await json.groups("sum expense from 2016-01-01 to 2025-12-31 by year", key: "year")
            #expect(income.count == 10)
            for (year, amount) in income {
                let row = try #require(ReportTests.element(page, startingWith: "<tr data-year=\"\(year)\">"), "\(year)")
                #expect(ReportTests.amount(row, after: "<td class=\"income\">") == amount, "\(year)")
                #expect(ReportTests.amount(row, after: "<td class=\"expense\">") == expense[year], "\(year)")
                #expect(row.contains("<td class=\"count\">48</td>"), "\(row)")
            }
            #expect(page.contains("<h2>Spending by category and year</h2>"))
        }
    }
}
