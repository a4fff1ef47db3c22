import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluator: sum, count, avg, min, max")
struct AggregateEvaluationTests {
    @Test(arguments: [
        ("sum expense", cny(277_139)),
        ("sum income", cny(620_000)),
        ("sum net", cny(342_861)),
        ("sum", cny(342_861)),
        ("sum expense in 2016", cny(260_589)),
        ("sum income in 2016", cny(620_000)),
        ("sum net in 2016", cny(359_411)),
        ("sum in 2015", cny(-14_550)),
        ("sum expense in 2016-02", cny(2_734)),
        ("avg income", cny(206_667)),
        ("avg net in 2015", cny(-7_275)),
        ("avg expense where category = snacks", cny(2)),
        ("avg where category = snacks", cny(-2)),
        ("avg expense where id in (8, 25)", cny(750)),
        ("avg where id in (8, 25)", cny(-750)),
        ("avg expense where id in (8, 6)", cny(618)),
        ("avg expense where id in (9, 6)", cny(619)),
        ("min expense", cny(1)),
        ("max expense", cny(150_000)),
        ("min income", cny(20_000)),
        ("max income", cny(500_000)),
        ("min", cny(-150_000)),
        ("max", cny(500_000)),
        ("min net in 2016-q3", cny(-15_000)),
        ("max income in 2016-q3", cny(20_000)),
    ])
    func money(text: String, expected: Measure) throws {
        #expect(try measure(text) == expected)
    }

    @Test(arguments: [
        ("count", 21),
        ("count expense", 18),
        ("count income", 3),
        ("count net", 21),
        ("count in 2016", 18),
    ])
    func counts(text: String, expected: Int) throws {
        #expect(try count(text) == expected)
    }

    @Test func aResultWithoutByIsOneCellInTheBooksCurrency() throws {
        #expect(try result("sum expense") == .aggregate(AggregateResult(
            aggregate: .sum, cells: [AggregateCell(currency: .cny, measure: .money(277_139, .cny))])))
        #expect(try result("count") == .aggregate(AggregateResult(
            aggregate: .count, cells: [AggregateCell(currency: nil, measure: .count(21))])))
        #expect(try result("sum expense", in: Fixture.ledger(current: Fixture.travel)) == .aggregate(AggregateResult(
            aggregate: .sum, cells: [AggregateCell(currency: Fixture.usd, measure: .money(5_699, Fixture.usd))])))
    }

    @Test(arguments: [
        ("sum expense in 2014", cny(0)),
        ("sum in 2014", cny(0)),
        ("sum net in 2014", cny(0)),
        ("avg in 2014", Measure.none),
        ("avg expense in 2014", .none),
        ("min expense in 2014", .none),
        ("max income in 2014", .none),
        ("max where remark = nothing", .none),
    ])
    func anEmptySelection(text: String, expected: Measure) throws {
        #expect(try measure(text) == expected)
    }

    @Test func anEmptySelectionCountsZero() throws {
        #expect(try count("count in 2014") == 0)
        #expect(try count("count where remark = nothing") == 0)
    }

    @Test func anEmptyBookSumsZeroInItsOwnCurrency() throws {
        #expect(try measure("sum", in: Fixture.ledger(current: Fixture.home)) == cny(0))
        #expect(try measure("sum expense in 2014", in: Fixture.ledger(current: Fixture.travel)) == usd(0))
        #expect(try measure("avg", in: Fixture.ledger(current: Fixture.home)) == .none)
        #expect(try count("count", in: Fixture.ledger(current: Fixture.home)) == 0)
    }

    @Test func theFormatIsPassedOn() throws {
        guard case .result(_, let format) = try evaluate("sum expense as json") else {
            Issue.record("no result")
            return
        }
        #expect(format == .json)
    }
}

@Suite("Evaluator: list")
struct ListEvaluationTests {
    @Test(arguments: [
        ("list expense in 2016-07", [11, 12, 14] as [Int64]),
        ("list in 2016-04", [8, 9]),
        ("list where book = travel", [21, 19, 20, 22]),
        ("list where book = travel order by amount desc", [22, 20, 19, 21]),
        ("list where book = travel order by remark", [21, 19, 22, 20]),
        ("list where book = travel top 2", [22, 20]),
        ("list expense limit 3", [1, 2, 4]),
        ("list where remark ~ coffee", [11]),
        ("list where place ~ market order by place desc", [6, 15]),
        ("list in 2016-07 order by id desc", [14, 13, 12, 11]),
        ("list expense in 2016-q1 order by category", [7, 4, 25, 6, 5]),
        ("list income order by amount desc limit 2", [3, 10]),
        ("list in 2016-07 order by kind desc", [13, 11, 12, 14]),
        ("list in 2014", []),
    ])
    func listedBills(text: String, ids: [Int64]) throws {
        #expect(try listedIDs(text) == ids)
    }

    @Test func aListedBillShowsNamesAndItsBooksCurrency() throws {
        guard case .bills(let list) = try result("list where book = travel and id = 19") else {
            Issue.record("no bills")
            return
        }
        let rows = list.rows
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(row.id == 19)
        #expect(row.day == day("2016-07-01"))
        #expect(row.kind == .expense)
        #expect(row.amount == 1_200)
        #expect(row.currency == Fixture.usd)
        #expect(row.category == "food")
        #expect(row.book == "travel")
        #expect(row.remark == "hot dog")
        #expect(row.place == "New York")
        #expect(row.tags == ["trip"])
    }

    @Test func anIncomeBillIsListedAsIncome() throws {
        guard case .bills(let list) = try result("list where id = 3") else {
            Issue.record("no bills")
            return
        }
        #expect(list.rows.map(\.kind) == [.income])
        #expect(list.rows.map(\.category) == ["salary"])
    }
}

@Suite("Evaluator: exact totals never overflow")
struct OverflowTests {
    static let huge = Int64.max / 2 + 10

    static var ledger: Ledger {
        Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)],
            categories: Fixture.categories,
            bills: [
                Bill(id: 1, bookID: 1, categoryID: Fixture.category("food"), amount: huge, day: day("2016-07-01")),
                Bill(id: 2, bookID: 1, categoryID: Fixture.category("food"), amount: huge, day: day("2016-07-02")),
                Bill(id: 3, bookID: 1, categoryID: Fixture.category("salary"), amount: 5, day: day("2016-07-03")),
            ],
            settings: Settings(currentBookID: 1))
    }

    /// Two bills of `huge` add up past Int64; totals are Int128, so the answer is exact, not an error.
    static let twice = Int128(huge) * 2

    @Test(arguments: [
        ("sum expense", twice), ("sum", -twice + 5), ("sum net", -twice + 5), ("avg expense", Int128(huge)),
    ])
    func aSumPastInt64IsExact(text: String, expected: Int128) throws {
        #expect(try measure(text, in: OverflowTests.ledger) == cny(expected))
    }

    @Test func groupsPastInt64AreExact() throws {
        let byCategory = try groups("sum by category", in: OverflowTests.ledger)
        #expect(byCategory.rows.map(\.measure) == [cny(5), cny(-OverflowTests.twice)])
        let byKind = try groups("avg by kind", in: OverflowTests.ledger)
        #expect(byKind.rows.map(\.measure) == [cny(5), cny(-Int128(OverflowTests.huge))])
    }

    @Test func whatFitsStillAddsUp() throws {
        #expect(try measure("sum income", in: OverflowTests.ledger) == cny(5))
        #expect(try measure("sum expense where id = 1", in: OverflowTests.ledger) == cny(Int128(OverflowTests.huge)))
        #expect(try count("count expense", in: OverflowTests.ledger) == 2)
    }

    /// Counting, least and greatest never add amounts, so a huge total is no reason to fail.
    @Test(arguments: [
        ("max expense", cny(Int128(Int64.max / 2 + 10))),
        ("min expense", cny(Int128(Int64.max / 2 + 10))),
        ("min", cny(-Int128(Int64.max / 2 + 10))),
    ])
    func aggregatesThatDoNotAddNeverOverflow(text: String, expected: Measure) throws {
        #expect(try measure(text, in: OverflowTests.ledger) == expected)
    }

    @Test func countingGroupsNeverOverflows() throws {
        let result = try groups("count by category", in: OverflowTests.ledger)
        #expect(result.rows.map(\.labels) == [["food"], ["salary"]])
        #expect(result.rows.map(\.measure) == [.count(2), .count(1)])
    }
}

@Suite("Evaluator: totals past Int64")
struct LargeTotalTests {
    /// 92,300 bills of the largest amount: past Int64.max in minor units.
    static let ledger: Ledger = {
        let bills = (1...92_300).map { id in
            Bill(id: Int64(id), bookID: 1, categoryID: Fixture.category(id % 2 == 0 ? "food" : "transport"),
                 amount: maximumAmount, day: day("2016-07-01").adding(days: id % 60))
        }
        return Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: Fixture.categories,
            bills: bills, settings: Settings(currentBookID: 1))
    }()

    static let total = Int128(92_300) * Int128(maximumAmount)

    @Test func sumAvgAndGroupsAreExact() throws {
        #expect(LargeTotalTests.total > Int128(Int64.max))
        #expect(try measure("sum expense", in: LargeTotalTests.ledger) == cny(LargeTotalTests.total))
        #expect(try measure("sum", in: LargeTotalTests.ledger) == cny(-LargeTotalTests.total))
        #expect(try measure("avg expense", in: LargeTotalTests.ledger) == cny(Int128(maximumAmount)))
        let byCategory = try groups("sum expense by category", in: LargeTotalTests.ledger)
        #expect(byCategory.rows.map(\.measure) == [cny(LargeTotalTests.total / 2), cny(LargeTotalTests.total / 2)])
        let byMonth = try groups("sum expense by month", in: LargeTotalTests.ledger)
        #expect(byMonth.rows.map(\.labels) == [["2016-07"], ["2016-08"]])
    }
}
