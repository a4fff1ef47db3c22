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

        try expectSpans(report, query)

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

        // No two of these bills are alike but for their day.
        #expect(report.largest.map(\.bill.id) == (try listedIDs("list expense \(query) top 10", in: Self.ledger, today: Self.today)))
        #expect(report.largest.allSatisfy { $0.times == 1 && $0.first == $0.bill.day })
        if let timeline = report.timeline {
            #expect(timeline.days.first.map { String($0.day.iso.prefix(7)) } == report.spans.last { $0.count > 0 }?.label)
        } else {
            #expect(report.count == 0)
        }
    }

    /// Each span's numbers, by the report's step.
    func expectSpans(
        _ report: PeriodReport, _ query: String, in ledger: Ledger = ReportEvaluationTests.ledger, today: Day = ReportEvaluationTests.today
    ) throws {
        func rows(_ text: String) throws -> [String: Int128] {
            Dictionary(uniqueKeysWithValues: try groups(text, in: ledger, today: today).rows.map { row in
                switch row.measure {
                case .money(let amount, _): return (row.labels[0] ?? "", amount)
                case .count(let count): return (row.labels[0] ?? "", Int128(count))
                case .none: return (row.labels[0] ?? "", 0)
                }
            })
        }
        let step = report.step.rawValue
        let income = try rows("sum income \(query) by \(step)")
        let expense = try rows("sum expense \(query) by \(step)")
        let counts = try rows("count \(query) by \(step)")
        #expect(Set(counts.keys).isSubset(of: report.spans.map(\.label)))
        for span in report.spans {
            #expect(span.summary.income == income[span.label] ?? 0, "\(span.label)")
            #expect(span.summary.expense == expense[span.label] ?? 0, "\(span.label)")
            #expect(Int128(span.count) == counts[span.label] ?? 0, "\(span.label)")
            #expect(span.range.label == span.label || step == "quarter", "\(span.label)")
        }
        #expect(report.spans.map(\.range.start) == report.spans.map(\.range.start).sorted())
    }

    /// The grid of spending: by month up to a year's worth, by year past it.
    func expectSpending(_ report: PeriodReport, _ query: String) throws {
        let dimension = report.step != .month || report.spans.count > PeriodReport.monthColumns ? "year" : "month"
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
        #expect(report.step == .month && report.spans.count == 22)
        #expect(report.spending.columns == ["2015", "2016"])
        try expectSpending(report, "from 2015-03-01 to 2016-12-31")
        let year: [String] = (1...12).map { month in "2016-" + (month < 10 ? "0" : "") + String(month) }
        #expect(report.budgets.map(\.month) == year)
    }

    /// A bill on the 10th of each month from 2010 to 2025.
    static let sixteenYears = Ledger(
        books: Fixture.books, categories: Fixture.categories,
        bills: (0..<192).map { index in
            Bill(id: Int64(index + 1), bookID: Fixture.daily, categoryID: Fixture.category(index % 5 == 0 ? "salary" : "food"),
                 amount: Int64(100 + index), day: Day(year: 2010 + index / 12, month: index % 12 + 1, day: 10)!, remark: "")
        },
        settings: Settings(currentBookID: Fixture.daily))

    @Test(arguments: [
        ("2016", Dimension.month, 12), ("from 2014-01-01 to 2015-12-31", .month, 24), ("from 2014-01-01 to 2016-03-31", .quarter, 9),
        ("from 2010-01-01 to 2015-12-31", .quarter, 24), ("from 2010-01-01 to 2016-12-31", .year, 7), ("since 2010-01-01", .year, 16),
    ])
    func pastTwoYearsTheSpansAreQuartersAndPastAsManyQuartersYears(period: String, step: Dimension, count: Int) throws {
        let report = try self.report("report \(period) to r", in: Self.sixteenYears, today: day("2026-03-01"))
        #expect(report.step == step)
        #expect(report.spans.count == count)
        #expect(report.spans.allSatisfy { !$0.isPartial }, "\(report.spans.filter(\.isPartial))")
        try expectSpans(report, period.hasPrefix("20") ? "in \(period)" : period, in: Self.sixteenYears, today: day("2026-03-01"))
    }

    @Test func aSpanUnderWayOrCutByThePeriodCoversOnlyItsDays() throws {
        // Bills fall on the 10th: a month is under way until then, and after it only as far as today.
        let afterTheBill = try report("report 2016 to r", in: Self.sixteenYears, today: day("2016-07-15"))
        #expect(afterTheBill.spans.map(\.isPartial) == (1...12).map { $0 == 7 })
        let july = afterTheBill.spans[6]
        #expect(july.isPartial && july.covered == DateRange(start: day("2016-07-01"), end: day("2016-07-15")))
        #expect(july.range.dayCount == 31 && july.covered.dayCount == 15)
        let beforeTheBill = try report("report 2016 to r", in: Self.sixteenYears, today: day("2016-07-05"))
        #expect(beforeTheBill.spans.allSatisfy { !$0.isPartial })
        #expect(try report("report 2016 to r", in: Self.sixteenYears, today: day("2016-07-31")).spans.allSatisfy { !$0.isPartial })
        #expect(try report("report 2016-07 to r", in: Self.sixteenYears, today: day("2016-07-31")).spans.allSatisfy { !$0.isPartial })

        let cut = try report("report from 2015-11-15 to 2016-02-10 to r")
        #expect(cut.spans.map(\.isPartial) == [true, false, false, true])
        #expect(cut.spans.first?.covered == DateRange(start: day("2015-11-15"), end: day("2015-11-30")))
        #expect(cut.spans.last?.covered == DateRange(start: day("2016-02-01"), end: day("2016-02-10")))

        let years = try report("report from 2012-03-05 to 2025-06-30 to r", in: Self.sixteenYears, today: day("2026-03-01"))
        #expect(years.step == .year)
        #expect(years.spans.first?.covered == DateRange(start: day("2012-03-05"), end: day("2012-12-31")))
        #expect(years.spans.last?.covered == DateRange(start: day("2025-01-01"), end: day("2025-06-30")))
        #expect(years.spans.dropFirst().dropLast().allSatisfy { !$0.isPartial })
    }

    @Test func billsAlikeButForTheirDayAreOneOfTheLargest() throws {
        let food = Fixture.category("food"), drinks = Fixture.category("drinks"), housing = Fixture.category("housing")
        var bills: [(Int64, Int64, String, String)] = []
        func add(_ category: Int64, _ amount: Int64, _ remark: String, _ date: Day) {
            bills.append((category, amount, remark, date.iso))
        }
        for month in 0..<25 { add(housing, 300_000, "rent", Day(year: 2015 + month / 12, month: month % 12 + 1, day: 1)!) }
        for index in 0..<5 { add(housing, 500_000 + Int64(index), "tv", day("2015-06-0\(index + 1)")) }
        for index in 0..<8 { add(food, 1_000, "coffee", day("2016-03-1\(index)")) }
        for index in 0..<3 { add(drinks, 1_000, "coffee", day("2016-04-1\(index)")) }
        let ledger = Ledger(
            books: Fixture.books, categories: Fixture.categories,
            bills: bills.enumerated().map { index, bill in
                Bill(id: Int64(index + 1), bookID: Fixture.daily, categoryID: bill.0, amount: bill.1, day: day(bill.3), remark: bill.2)
            },
            settings: Settings(currentBookID: Fixture.daily))
        let largest = try report("report since 2015-01-01 to r", in: ledger, today: day("2017-03-01")).largest
        #expect(largest.map(\.bill.remark) == ["tv", "tv", "tv", "tv", "tv", "rent", "coffee", "coffee"])
        #expect(largest.map(\.times) == [1, 1, 1, 1, 1, 25, 8, 3])
        #expect(largest.map(\.bill.category).suffix(2) == ["food", "drinks"])
        let rent = largest[5]
        #expect(rent.first == day("2015-01-01") && rent.bill.day == day("2017-01-01") && rent.bill.id == 25)
        #expect(rent.times == (try count("count expense where remark = rent and amount = 3000", in: ledger, today: day("2017-03-01"))))
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
            try report(text, in: fixture, today: day(today)).spans.map(\.label)
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
        #expect(try report("report 9999 to r", in: edges).spans.count == 12)
        #expect(try report("report 0001 to r", in: edges).spans.count == 12)
        #expect(try report("report 9999 to r", in: edges).timeline?.days.map(\.day) == [day("9999-12-31")])
        #expect(try report("report from 1967-01-01 to 2016-12-31 to r", in: edges).spans.map(\.label) == ["2016-07"])
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

    /// The fixture's bills with accounts: daily's in cash, every fourth on a
    /// credit card, the card paid off from cash in June 2016 and reconciled at
    /// the end of it; home and travel keep one account each.
    static let accountsLedger: Ledger = {
        let accounts = [
            Account(id: 1, bookID: Fixture.daily, name: "cash", opening: 1_000_000, position: 0),
            Account(id: 2, bookID: Fixture.daily, name: "card", kind: .credit, opening: -5_000, openingDay: day("2015-06-01"), position: 1),
            Account(id: 3, bookID: Fixture.travel, name: "cash", position: 0),
            Account(id: 4, bookID: Fixture.home, name: "cash", position: 0),
        ]
        let bills = Array(ledger.bills).map { bill in
            var bill = bill
            if bill.bookID == Fixture.daily && bill.id % 4 == 0 { bill.accountID = 2 }
            return bill
        }
        let paidOff = Transfer(id: 1, day: day("2016-06-05"), from: 1, amount: 200_000, to: 2)
        let unreconciled = Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills, settings: ledger.settings,
                                  budgets: ledger.budgets, accounts: accounts, transfers: [paidOff])
        let june = day("2016-06-30")
        return Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills, settings: ledger.settings, budgets: ledger.budgets,
                      accounts: accounts, transfers: [paidOff],
                      reconciliations: [Reconciliation(id: 1, accountID: 2, day: june, balance: unreconciled.balance(of: 2, through: june) ?? 0)])
    }()

    @Test func aBookWithSeveralAccountsHasEachOnesBalanceAtThePeriodsEndAsBalancesGivesIt() throws {
        let ledger = Self.accountsLedger
        func expected(on day: Day, books: Set<String>) throws -> [String] {
            guard case .records(let table) = try result("balances on \(day.iso)", in: ledger, today: Self.today) else { throw TestFailure("no balances") }
            return table.rows.filter { books.contains($0[0].text) }.map { row in row.map(\.text).filter { !$0.isEmpty }.joined(separator: " ") }
        }
        func shown(_ report: PeriodReport) -> [String] {
            report.balances.map { balance in
                [balance.book, balance.account, balance.kind.rawValue, MoneyFormat.plain(balance.balance, .cny)]
                    .joined(separator: " ") + (balance.owing.map { " owing " + MoneyFormat.grouped($0, .cny) } ?? "")
                    + (balance.reconciled.map { " " + $0.iso } ?? "")
            }
        }
        // A year under way: today's balances.
        let thisYear = try report("report 2016 to r", in: ledger)
        #expect(thisYear.balancesDay == Self.today)
        #expect(shown(thisYear) == (try expected(on: Self.today, books: ["daily"])))
        #expect(thisYear.balances.map(\.account) == ["cash", "card"])
        #expect(thisYear.balances.last?.reconciled == day("2016-06-30"))
        // A year gone: its last day's, before the reconciliation.
        let lastYear = try report("report 2015 where book = daily to r", in: ledger)
        #expect(lastYear.balancesDay == day("2015-12-31"))
        #expect(shown(lastYear) == (try expected(on: day("2015-12-31"), books: ["daily"])))
        #expect(lastYear.balances.allSatisfy { $0.reconciled == nil })
        // Two books, one of which keeps several accounts: each account of both.
        #expect(shown(try report("report 2016 where book in (daily, home) to r", in: ledger))
            == (try expected(on: Self.today, books: ["daily", "home"])))
        // A book of one account, a condition on more than books, and a ledger before accounts have none.
        #expect(try report("report 2016 where book = home to r", in: ledger).balances.isEmpty)
        #expect(try report("report 2016 where category = food to r", in: ledger).balances.isEmpty)
        #expect(try report("report 2016 to r").balances.isEmpty)
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
        #expect(report.count == 0 && report.spans.isEmpty && report.timeline == nil && report.largest.isEmpty)
        #expect(report.expense.slices.isEmpty && report.expense.rest == nil)
        // A period yet to come has no month begun, and none with bills.
        #expect(try self.report("report 2030 to r").spans.isEmpty)
    }
}

extension QueryResult {
    var budgets: BudgetReport? {
        guard case .budgets(let report) = self else { return nil }
        return report
    }
}
