import Testing
import TallyCore
@testable import TallyLanguage

/// Every number a view shows is the one the language itself gives for the
/// same bills: each view is checked against queries typed as a user would.
@Suite("Evaluator: views")
struct ViewEvaluationTests {
    /// Two years of bills in two books, several categories, tags and
    /// places, and refunds: every seventeenth expense is money back.
    static let ledger: Ledger = {
        var random = Xorshift(seed: 7)
        let expenses = ["food", "transport", "clothes", "snacks", "drinks", "travel"].map(Fixture.category)
        let incomes = ["salary", "bonus", "redpacket"].map(Fixture.category)
        let remarks = ["lunch", "coffee", "taxi home", "Coffee beans", "gift", "rent"]
        var bills: [Bill] = []
        for id in 1...1_500 {
            let isIncome = random.below(8) == 0
            let category = isIncome ? incomes[random.below(incomes.count)] : expenses[random.below(expenses.count)]
            bills.append(Bill(
                id: Int64(id), bookID: random.below(5) == 0 ? Fixture.travel : Fixture.daily, categoryID: category,
                amount: Int64(random.below(isIncome ? 500_000 : 20_000) + 1) * (!isIncome && id % 17 == 0 ? -1 : 1), day: day("2015-01-01").adding(days: random.below(730)),
                remark: remarks[random.below(remarks.count)], place: random.below(3) == 0 ? "KFC" : nil,
                tags: random.below(4) == 0 ? ["work"] : []))
        }
        return Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: Fixture.daily))
    }()

    static let periods = ["2016-07", "2015", "2016-q3", "last 90 days", "2015-02-01 to 2015-03-15"]

    func view(_ text: String) throws -> QueryResult {
        try result(text, in: ViewEvaluationTests.ledger, today: day("2016-12-20"))
    }

    func money(_ text: String) throws -> Int128 {
        guard case .money(let amount, _) = try measure(text, in: ViewEvaluationTests.ledger, today: day("2016-12-20")) else { return 0 }
        return amount
    }

    func groupMeasures(_ text: String) throws -> [String: Measure] {
        let result = try groups(text, in: ViewEvaluationTests.ledger, today: day("2016-12-20"))
        return Dictionary(uniqueKeysWithValues: result.rows.map { ($0.labels[0] ?? "", $0.measure) })
    }

    /// "2015-02-01 to 2015-03-15" as the language writes it after a view and after a query.
    func asView(_ period: String) -> String {
        period.contains(" to ") ? "from " + period : period
    }

    func asQuery(_ period: String) -> String {
        period.hasPrefix("last") ? period : (period.contains(" to ") ? "from " + period : "in " + period)
    }

    @Test(arguments: periods)
    func aTimelineIsTheSumsOfItsDays(period: String) throws {
        guard case .timeline(let timeline) = try view("timeline " + asView(period)) else { throw TestFailure("no timeline") }
        let query = asQuery(period)
        #expect(timeline.summary.income == (try money("sum income " + query)))
        #expect(timeline.summary.expense == (try money("sum expense " + query)))
        #expect(timeline.days.flatMap(\.bills).count == (try count("count " + query, in: Self.ledger, today: day("2016-12-20"))))
        #expect(timeline.days.map(\.day) == timeline.days.map(\.day).sorted(by: >))
        let income = try groupMeasures("sum income \(query) by day")
        let expense = try groupMeasures("sum expense \(query) by day")
        for day in timeline.days {
            #expect(income[day.day.iso].map { .money(day.summary.income, .cny) == $0 } ?? (day.summary.income == 0))
            #expect(expense[day.day.iso].map { .money(day.summary.expense, .cny) == $0 } ?? (day.summary.expense == 0))
            #expect(day.bills.allSatisfy { $0.day == day.day && $0.book == "daily" })
            #expect(!zip(day.bills, day.bills.dropFirst()).contains { $0.kind == .income && $1.kind == .expense }, "expenses, then income")
        }
    }

    @Test(arguments: periods)
    func aPieIsTheSumsAndCountsOfItsCategories(period: String) throws {
        for kind in ["expense", "income"] {
            guard case .pie(let pie) = try view("pie \(kind) " + asView(period)) else { throw TestFailure("no pie") }
            let query = asQuery(period)
            #expect(pie.total == (try money("sum \(kind) " + query)))
            let sums = try groupMeasures("sum \(kind) \(query) by category")
            let counts = try groupMeasures("count \(kind) \(query) by category")
            #expect(pie.slices.count == sums.count)
            for slice in pie.slices {
                #expect(sums[slice.category] == .money(slice.amount, .cny))
                #expect(counts[slice.category] == .count(slice.count))
            }
            #expect(pie.slices.map(\.amount) == pie.slices.map(\.amount).sorted(by: >))
            #expect(pie.slices.isEmpty || pie.slices.reduce(0) { $0 + $1.permille } == 1000)
        }
    }

    @Test(arguments: [2015, 2016])
    func monthsAreEachMonthsSums(year: Int) throws {
        guard case .months(let months) = try view("months \(year)") else { throw TestFailure("no months") }
        #expect(months.total.income == (try money("sum income in \(year)")))
        #expect(months.total.expense == (try money("sum expense in \(year)")))
        let income = try groupMeasures("sum income in \(year) by month")
        let expense = try groupMeasures("sum expense in \(year) by month")
        let counts = try groupMeasures("count in \(year) by month")
        #expect(months.months.count == counts.count)
        for line in months.months {
            let label = "\(year)-\(line.month < 10 ? "0" : "")\(line.month)"
            #expect(counts[label] == .count(line.count))
            #expect((income[label] ?? .money(0, .cny)) == .money(line.summary.income, .cny))
            #expect((expense[label] ?? .money(0, .cny)) == .money(line.summary.expense, .cny))
        }
    }

    @Test(arguments: ["food", "salary"])
    func aDetailIsTheCategorysBillsAndMonthlySums(category: String) throws {
        guard case .detail(let detail) = try view("detail \(category) 2016") else { throw TestFailure("no detail") }
        let kind = category == "food" ? "expense" : "income"
        #expect(detail.total == (try money("sum \(kind) where category = \(category) in 2016")))
        #expect(detail.months.flatMap(\.bills).map(\.id) == (try listedIDs("list where category = \(category) in 2016", in: Self.ledger)))
        let subtotals = try groupMeasures("sum \(kind) where category = \(category) in 2016 by month")
        for month in detail.months {
            #expect(subtotals[month.label] == .money(month.subtotal, .cny))
            #expect(month.bills.allSatisfy { $0.day.iso.hasPrefix(month.label) })
        }
    }

    @Test func searchFindsTheTextInRemarksPlacesCategoriesAndTagsNewestFirst() throws {
        guard case .search(let found) = try view("search COFFEE in 2016") else { throw TestFailure("no search") }
        let expected = try listedIDs("list where (remark ~ coffee or place ~ coffee or category ~ coffee or tag ~ coffee) in 2016", in: Self.ledger)
        #expect(found.bills.rows.map(\.id) == expected.reversed())
        #expect(!expected.isEmpty)
        guard case .search(let byPlace) = try view("search kfc") else { throw TestFailure("no search") }
        #expect(byPlace.bills.rows.allSatisfy { $0.place == "KFC" })
        guard case .search(let byTag) = try view("search WOR") else { throw TestFailure("no search") }
        #expect(byTag.bills.rows.allSatisfy { $0.tags == ["work"] })
    }

    @Test func showGivesTheWholeBillWhicheverItsBook() throws {
        let bill = try #require(Self.ledger.bills.first { $0.bookID == Fixture.travel })
        guard case .billDetail(let detail) = try view("show #\(bill.id)") else { throw TestFailure("no bill") }
        #expect(detail.bill == BillRow(bill, in: Self.ledger))
        #expect(try evaluationError("show #99999", in: Self.ledger)?.problem == .noSuchBill("99999"))
    }

    @Test func searchForNothingIsRefused() throws {
        #expect(try evaluationError(#"search """#, in: Self.ledger)?.problem == .searchNeedsText)
    }

    @Test func yearsBeforeOneThousandKeepFourDigits() throws {
        let ancient = Ledger(
            books: Fixture.books, categories: Fixture.categories,
            bills: [
                Bill(id: 1, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 500, day: day("0001-01-01")),
                Bill(id: 2, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 700, day: day("0999-03-02")),
            ],
            settings: Settings(currentBookID: Fixture.daily))
        guard case .detail(let detail) = try result("detail food", in: ancient) else { throw TestFailure("no detail") }
        #expect(detail.months.map(\.label) == ["0001-01", "0999-03"])
        #expect(detail.months.map { $0.bills.map(\.id) } == [[1], [2]])
        let byMonth = try groups("sum expense by month", in: ancient)
        #expect(byMonth.rows.map(\.labels) == [["0001-01"], ["0999-03"]])
        let byYear = try groups("sum expense by year", in: ancient)
        #expect(byYear.rows.map(\.labels) == [["0001"], ["0999"]])
        let byQuarter = try groups("count by quarter", in: ancient)
        #expect(byQuarter.rows.map(\.labels) == [["0001-Q1"], ["0999-Q1"]])
    }

    /// 20,000 bills over ten years, five or six a day.
    static let decade: Ledger = {
        let bills = (1...20_000).map { id in
            Bill(id: Int64(id), bookID: Fixture.daily, categoryID: Fixture.category(id % 7 == 0 ? "salary" : "food"), amount: Int64(id),
                 day: day("2010-01-01").adding(days: (id - 1) * 3_652 / 20_000))
        }
        return Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: Fixture.daily))
    }()

    @Test func aTimelineOfTenYearsHasEachDaysBillsExpensesFirst() throws {
        guard case .timeline(let timeline) = try result("timeline from 2010-01-01 to 2019-12-31", in: Self.decade) else {
            throw TestFailure("no timeline")
        }
        let days = timeline.days
        #expect(days.count == 3_652)
        #expect(days.map(\.day) == days.map(\.day).sorted(by: >))
        #expect(days.allSatisfy { day in
            let expenses = day.bills.filter { $0.kind == .expense }
            let income = day.bills.filter { $0.kind == .income }
            return day.bills.allSatisfy { $0.day == day.day } && day.bills.map(\.id) == (expenses + income).map(\.id)
                && expenses.map(\.id) == expenses.map(\.id).sorted() && income.map(\.id) == income.map(\.id).sorted()
        })
        #expect(days.reduce(0) { $0 + $1.bills.count } == 20_000)
    }

    @Test(arguments: ["list", "search food", "timeline from 2010-01-01 to 2019-12-31", "detail food"])
    func ctrlCStopsTheListingOfManyBillsAndSaysSo(text: String) throws {
        let parsed = try parseOne(text)
        guard case .ledger(let statement) = parsed.statement else { throw TestFailure("not a statement of the ledger") }
        var evaluator = Evaluator(ledger: Self.decade, today: day("2020-01-01"), now: 0)
        let whole = try evaluator.evaluate(statement, at: parsed.range)
        #expect(whole.billsListed > 10_000, "\(text)")
        let interruption = Interruption()
        evaluator.interruption = interruption
        #expect(try evaluator.evaluate(statement, at: parsed.range).billsListed == whole.billsListed)
        #expect(!interruption.leftOut)
        interruption.request()
        #expect(try evaluator.evaluate(statement, at: parsed.range).billsListed == Interruption.stride)
        #expect(interruption.leftOut)
    }

    @Test(arguments: [
        ([1, 1, 1], [334, 333, 333]),
        ([2, 1], [667, 333]),
        ([5], [1000]),
        ([1, 0], [1000, 0]),
        ([999, 1], [999, 1]),
        ([1, 1, 1, 1, 1, 1, 1], [143, 143, 143, 143, 143, 143, 142]),
        ([3, -1, 1], [750, 0, 250]),
        ([-2, -1], [0, 0]),
    ])
    func sharesAddUpToExactlyAHundredPercent(amounts: [Int], expected: [Int]) {
        #expect(PieSlice.shares(of: amounts.map { Int128($0) }) == expected)
    }
}

private extension Outcome {
    /// How many bills the result lists, in whichever view.
    var billsListed: Int {
        guard case .result(let result, _) = self else { return -1 }
        switch result {
        case .bills(let list): return list.rows.count
        case .search(let search): return search.bills.rows.count
        case .timeline(let timeline): return timeline.days.reduce(0) { $0 + $1.bills.count }
        case .detail(let detail): return detail.months.reduce(0) { $0 + $1.bills.count }
        default: return -1
        }
    }
}
