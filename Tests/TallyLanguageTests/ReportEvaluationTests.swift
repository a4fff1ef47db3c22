import Testing
import TallyCore
@testable import TallyLanguage

/// Every number of `report` is the one the language gives for the same
/// period and condition, checked against queries typed as a user would.
@Suite("Evaluator: report")
struct ReportEvaluationTests {
    static let today = day("2016-12-20")

    /// Two years of bills in every default expense category (more than a pie
    /// shows on its own), three income categories, two books of one currency
    /// and one of another, and budgets in the current book.
    static let ledger: Ledger = {
        var random = Xorshift(seed: 11)
        let expenses = Fixture.categories.filter { $0.kind == .expense }.map(\.id)
        let incomes = ["salary", "bonus", "redpacket"].map(Fixture.category)
        var bills: [Bill] = []
        for id in 1...2_500 {
            let isIncome = random.below(9) == 0
            // Squared, so categories differ in size as real spending does.
            let pick = random.below(expenses.count) * random.below(expenses.count) / expenses.count
            let book = [Fixture.daily, Fixture.daily, Fixture.daily, Fixture.home, Fixture.travel][random.below(5)]
            bills.append(Bill(
                id: Int64(id), bookID: book, categoryID: isIncome ? incomes[random.below(incomes.count)] : expenses[pick],
                amount: Int64(random.below(isIncome ? 800_000 : 30_000) + 1), day: day("2015-01-01").adding(days: random.below(731)),
                remark: ["lunch", "coffee", "taxi"][random.below(3)], place: nil, tags: []))
        }
        let budgets = [
            Budget(id: 1, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 150_000),
            Budget(id: 2, bookID: Fixture.daily, categoryID: nil, amount: 900_000),
            Budget(id: 3, bookID: Fixture.travel, categoryID: Fixture.category("food"), amount: 10_000),
        ]
        return Ledger(
            books: Fixture.books, categories: Fixture.categories, bills: bills,
            settings: Settings(currentBookID: Fixture.daily), budgets: budgets)
    }()

    func report(_ text: String, in ledger: Ledger = ReportEvaluationTests.ledger, today: Day = ReportEvaluationTests.today) throws -> PeriodReport {
        guard case .reportFile(let options, let report) = try evaluate(text, in: ledger, today: today) else { throw TestFailure("no report from \(text)") }
        #expect(options.path.hasSuffix(".html"))
        return report
    }

    func money(_ text: String) throws -> Int128 {
        guard case .money(let amount, _) = try measure(text, in: Self.ledger, today: Self.today) else { return 0 }
        return amount
    }

    /// Each group's label and amount (or count), in the order the query gives them.
    func rows(_ text: String) throws -> [(String, Int128)] {
        try groups(text, in: Self.ledger, today: Self.today).rows.map { row in
            switch row.measure {
            case .money(let amount, _): return (row.labels.compactMap { $0 }.joined(separator: " "), amount)
            case .count(let count): return (row.labels.compactMap { $0 }.joined(separator: " "), Int128(count))
            case .none: return (row.labels.compactMap { $0 }.joined(separator: " "), 0)
            }
        }
    }

    @Test(arguments: [
        ("2016", "in 2016"), ("2016-07", "in 2016-07"), ("2015-q4", "in 2015-q4"), ("last 90 days", "last 90 days"),
        ("2016 where remark = coffee", "in 2016 where remark = coffee"), ("from 2015-11-15 to 2016-02-10", "from 2015-11-15 to 2016-02-10"),
    ])
    func everyNumberIsTheOneAQueryGives(clauses: String, query: String) throws {
        let report = try self.report("report \(clauses) to r")
        #expect(report.summary.income == (try money("sum income \(query)")))
        #expect(report.summary.expense == (try money("sum expense \(query)")))
        #expect(report.count == (try count("count \(query)", in: Self.ledger, today: Self.today)))
        #expect(report.books == ["daily"])
        #expect(report.currency == .cny)

        let income = Dictionary(uniqueKeysWithValues: try rows("sum income \(query) by month"))
        let expense = Dictionary(uniqueKeysWithValues: try rows("sum expense \(query) by month"))
        let counts = Dictionary(uniqueKeysWithValues: try rows("count \(query) by month"))
        #expect(Set(counts.keys).isSubset(of: report.months.map(\.label)))
        for month in report.months {
            #expect(month.summary.income == income[month.label] ?? 0, "\(month.label)")
            #expect(month.summary.expense == expense[month.label] ?? 0, "\(month.label)")
            #expect(Int128(month.count) == counts[month.label] ?? 0, "\(month.label)")
        }
        #expect(report.months.map(\.label) == report.months.map(\.label).sorted())

        for (pie, kind) in [(report.expense, "expense"), (report.income, "income")] {
            let sums = try rows("sum \(kind) \(query) by category")
            let counts = Dictionary(uniqueKeysWithValues: try rows("count \(kind) \(query) by category"))
            #expect(pie.total == (try money("sum \(kind) \(query)")))
            #expect(pie.slices.map(\.category) == sums.prefix(10).map(\.0))
            #expect(pie.slices.map(\.amount) == sums.prefix(10).map(\.1))
            #expect(pie.slices.map { Int128($0.count) } == sums.prefix(10).map { counts[$0.0] ?? -1 })
            #expect(pie.restCategories == max(0, sums.count - 10))
            #expect(pie.rest?.amount == (sums.count > 10 ? sums.dropFirst(10).reduce(0) { $0 + $1.1 } : nil))
            let slices = pie.slices + (pie.rest.map { [$0] } ?? [])
            if pie.total > 0 {
                #expect(slices.reduce(0) { $0 + $1.permille } == 1000)
                for slice in slices {
                    // Each share is its exact share rounded down or up, to a tenth of a percent.
                    let exact = slice.amount * 1000
                    #expect(Int128(slice.permille) * pie.total <= exact + pie.total && Int128(slice.permille) * pie.total >= exact - pie.total)
                }
            }
        }

        try expectSpending(report, query)

        #expect(report.largest.map(\.id) == (try listedIDs("list expense \(query) top 10", in: Self.ledger, today: Self.today)))
        if let timeline = report.timeline {
            #expect(timeline.days.first.map { String($0.day.iso.prefix(7)) } == report.months.last { $0.count > 0 }?.label)
        } else {
            #expect(report.count == 0)
        }
    }

    /// The grid of spending: by month up to a year's worth, by year past it.
    func expectSpending(_ report: PeriodReport, _ query: String) throws {
        let dimension = report.months.count > PeriodReport.monthColumns ? "year" : "month"
        let grid = report.spending
        let byCategory = try rows("sum expense \(query) by category")
        #expect(grid.categories.map(\.category) == byCategory.map(\.0))
        #expect(grid.categories.map(\.total) == byCategory.map(\.1))
        let columns = Dictionary(uniqueKeysWithValues: try rows("sum expense \(query) by \(dimension)"))
        #expect(grid.totals == grid.columns.map { columns[$0] ?? 0 })
        #expect(Set(columns.keys).isSubset(of: grid.columns))
        let cells = Dictionary(uniqueKeysWithValues: try rows("sum expense \(query) by category, \(dimension)"))
        for category in grid.categories {
            #expect(category.amounts.reduce(0, +) == category.total, "\(category.category)")
            for (column, amount) in zip(grid.columns, category.amounts) {
                #expect(amount == cells["\(category.category) \(column)"] ?? 0, "\(category.category) \(column)")
            }
        }
    }

    @Test func aReportOfMoreThanAYearGridsItsSpendingByYearAndKeepsTwelveMonthsOfBudgets() throws {
        let report = try self.report("report from 2015-03-01 to 2016-12-31 to r")
        #expect(report.months.count == 22)
        #expect(report.spending.columns == ["2015", "2016"])
        try expectSpending(report, "from 2015-03-01 to 2016-12-31")
        let year: [String] = (1...12).map { month in "2016-" + (month < 10 ? "0" : "") + String(month) }
        #expect(report.budgets.map(\.month) == year)
    }

    @Test func pieSharesCountTheRestAsOneSlice() throws {
        let report = try self.report("report 2016 to r")
        #expect(report.expense.slices.count == 10)
        #expect(report.expense.restCategories > 0)
        #expect(report.expense.rest.map { $0.category.isEmpty && $0.count > 0 } == true)
    }

    @Test func monthsRunThroughThePeriodUpToThisMonthAndOnlyLaterOnesWithBills() throws {
        let fixture = Fixture.ledger()
        func months(_ text: String, today: String) throws -> [String] {
            try report(text, in: fixture, today: day(today)).months.map(\.label)
        }
        #expect(try months("report 2016 to r", today: "2016-03-10") == (1...12).map { "2016-" + ($0 < 10 ? "0" : "") + String($0) })
        #expect(try months("report 2015 to r", today: "2016-03-10").count == 12)
        #expect(try months("report 2017 to r", today: "2016-07-20") == ["2017-01"])
        #expect(try months("report 2016 where category = clothes to r", today: "2016-05-01") == ["2016-01", "2016-02", "2016-03", "2016-04", "2016-05"])
        #expect(try months("report since 2016-07-01 to r", today: "2016-07-20").first == "2016-07")
        #expect(try months("report since 2016-07-01 to r", today: "2016-07-20").last == "2017-01")
        #expect(try months("report from 2010-01-01 to 2016-02-10 to r", today: "2016-07-20") == ["2015-12", "2016-01"])
        #expect(try months("report 2014 to r", today: "2016-07-20").count == 12)
    }

    @Test func theFirstAndLastYearsHaveTheirMonthsAndALifetimeIsTheMost() throws {
        let edges = Ledger(
            books: Fixture.books, categories: Fixture.categories,
            bills: ["0001-01-01", "2016-07-01", "9999-12-31"].enumerated().map { index, date in
                Bill(id: Int64(index + 1), bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 500, day: day(date), remark: "")
            },
            settings: Settings(currentBookID: Fixture.daily))
        #expect(try report("report 9999 to r", in: edges).months.count == 12)
        #expect(try report("report 0001 to r", in: edges).months.count == 12)
        #expect(try report("report 9999 to r", in: edges).timeline?.days.map(\.day) == [day("9999-12-31")])
        #expect(try report("report from 1967-01-01 to 2016-12-31 to r", in: edges).months.map(\.label) == ["2016-07"])
        let error = try #require(try evaluationError("report since 0001-01-01 to r", in: edges, today: Self.today))
        #expect(error.problem == .reportTooLong(months: 119_988, from: "0001-01", to: "9999-12"))
        #expect(error.message.hasPrefix("a report spans at most 600 months"))
        #expect(error.range.start.column == 8)
    }

    @Test func aConditionOnBooksCoversThoseBooksInTheirCurrency() throws {
        let travel = try report("report 2016 where book = travel to r")
        #expect(travel.books == ["travel"])
        #expect(travel.currency == Fixture.usd)
        #expect(travel.summary.expense == (try money("sum expense in 2016 where book = travel")))
        // A report of one book shows that book's budgets.
        #expect(travel.budgets.count == 12)
        for budget in travel.budgets {
            #expect(budget.currency == Fixture.usd && budget.lines.map(\.category) == ["food"])
            #expect(budget.lines.first?.spent == (try money("sum expense where book = travel and category = food in \(budget.month)")))
        }
        #expect(travel.timeline?.summary.currency == Fixture.usd)
        let both = try report("report 2016 where book in (daily, home) to r")
        #expect(both.books == ["daily", "home"])
        #expect(both.budgets.isEmpty)
        let error = try #require(try evaluationError("report 2016 where book != home to r", in: Self.ledger, today: Self.today))
        #expect(error.problem == .reportSpansCurrencies(["CNY", "USD"]))
        #expect(error.range.start.column == 13)
        // Books named with `and` are covered with bills or without; inside `or`, those with bills are.
        let future = try report("report 2030 where book = travel and amount > 0 to r")
        #expect(future.books == ["travel"] && future.currency == Fixture.usd && future.count == 0)
        #expect(try report("report 2016-03 where book = home or book = daily to r").books == ["daily", "home"])
        #expect(try report("report 2030 where not book = travel to r").books.isEmpty)
    }

    @Test func budgetsAreThoseOfTheMonthsBegun() throws {
        let report = try self.report("report 2016 to r", today: day("2016-07-20"))
        #expect(report.budgets.map(\.month) == ["2016-01", "2016-02", "2016-03", "2016-04", "2016-05", "2016-06", "2016-07"])
        for budget in report.budgets {
            #expect(budget == (try result("budget \(budget.month)", in: Self.ledger, today: day("2016-07-20"))).budgets)
            #expect(budget.lines.map(\.category) == ["food", nil])
        }
        #expect(try self.report("report 2016 to r", in: Fixture.ledger()).budgets.isEmpty)
        // A budget is of a book's whole month: a report that leaves bills or days of it out shows none for it.
        #expect(try self.report("report 2016 where category != food to r", today: day("2016-07-20")).budgets.isEmpty)
        #expect(try self.report("report 2016-07-20 to r", today: day("2016-07-20")).budgets.isEmpty)
        #expect(try self.report("report from 2016-02-15 to 2016-05-10 to r").budgets.map(\.month) == ["2016-03", "2016-04"])
        #expect(try self.report("report 2016 where book = daily to r").budgets.count == 12)
    }

    @Test func savingsAreTheShareOfIncomeKeptRoundedHalfAwayFromZero() throws {
        #expect(Evaluator.permille(of: 1, in: 3) == 333)
        #expect(Evaluator.permille(of: 2, in: 3) == 667)
        #expect(Evaluator.permille(of: -2, in: 3) == -667)
        #expect(Evaluator.permille(of: 1, in: 2000) == 1)
        #expect(Evaluator.permille(of: -1, in: 2000) == -1)
        #expect(Evaluator.permille(of: 5, in: 0) == nil)
        #expect(Evaluator.permille(of: -Int128(Int64.max) * 100, in: 1) == Int.min)
        let report = try self.report("report 2016 to r")
        #expect(report.savingsPermille == Evaluator.permille(of: report.summary.balance, in: report.summary.income))
    }

    @Test func aReportWithoutBillsHasNoTimelineAndNoMonthsWithoutAnEnd() throws {
        let report = try self.report("report since 2030-01-01 to r")
        #expect(report.count == 0 && report.months.isEmpty && report.timeline == nil && report.largest.isEmpty)
        #expect(report.expense.slices.isEmpty && report.expense.rest == nil)
        // A period yet to come has no month begun, and none with bills.
        #expect(try self.report("report 2030 to r").months.isEmpty)
    }
}

extension QueryResult {
    var budgets: BudgetReport? {
        guard case .budgets(let report) = self else { return nil }
        return report
    }
}
