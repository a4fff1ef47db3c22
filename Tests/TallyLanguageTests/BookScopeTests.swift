import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluator: a query covers the current book unless it mentions book")
struct BookScopeTests {
    @Test(arguments: [(Fixture.daily, 21), (Fixture.travel, 4), (Fixture.home, 0)])
    func onlyTheCurrentBook(current: Int64, expected: Int) throws {
        #expect(try count("count", in: Fixture.ledger(current: current)) == expected)
    }

    @Test func theCurrentBooksCurrency() throws {
        #expect(try measure("sum expense", in: Fixture.ledger(current: Fixture.travel)) == usd(5_699))
        #expect(try measure("sum", in: Fixture.ledger(current: Fixture.travel)) == usd(44_301))
    }

    @Test func mentioningABookReachesBeyondTheCurrentOne() throws {
        #expect(try measure("sum expense where book = travel") == usd(5_699))
        #expect(try measure("sum expense where book = daily", in: Fixture.ledger(current: Fixture.travel)) == cny(277_139))
        #expect(try listedIDs("list where book = travel and category = food") == [21, 19])
    }

    @Test func twoCurrenciesGiveOneCellEach() throws {
        #expect(try result("sum expense where book in (daily, travel)") == .aggregate(AggregateResult(
            aggregate: .sum,
            cells: [
                AggregateCell(currency: .cny, measure: cny(277_139)),
                AggregateCell(currency: Fixture.usd, measure: usd(5_699)),
            ])))
        #expect(try result("max where book != home") == .aggregate(AggregateResult(
            aggregate: .max,
            cells: [
                AggregateCell(currency: .cny, measure: cny(500_000)),
                AggregateCell(currency: Fixture.usd, measure: usd(50_000)),
            ])))
    }

    @Test func countsAddUpAcrossCurrencies() throws {
        #expect(try count("count where book in (daily, travel)") == 25)
        #expect(try rows("count by book") == ["daily = 21", "travel = 4"])
        #expect(try groups("count by book").showsCurrency == false)
    }

    @Test func groupsSpanningCurrenciesSayTheirCurrency() throws {
        let result = try groups("sum expense by book")
        #expect(result.showsCurrency)
        #expect(result.rows == [
            GroupRow(labels: ["daily"], currency: .cny, measure: cny(277_139)),
            GroupRow(labels: ["travel"], currency: Fixture.usd, measure: usd(5_699)),
        ])
    }

    @Test func oneCategoryInTwoCurrenciesIsTwoRows() throws {
        #expect(try groups("sum expense by category where book in (daily, travel) and category = food").showsCurrency)
        #expect(Set(try rows("sum expense by category where book in (daily, travel) and category = food"))
            == ["food = 256.34 CNY", "food = 21.99 USD"])
    }

    @Test func aSingleCurrencyNeedsNoCurrencyColumn() throws {
        let result = try groups("sum expense where book = travel by month")
        #expect(result == GroupResult(
            dimensions: [.month], aggregate: .sum, showsCurrency: false, columnOrder: [],
            rows: [
                GroupRow(labels: ["2016-01"], currency: nil, measure: usd(999)),
                GroupRow(labels: ["2016-07"], currency: nil, measure: usd(4_700)),
            ],
            totals: AggregateResult(aggregate: .sum, cells: [AggregateCell(currency: Fixture.usd, measure: usd(5_699))]),
            columnTotals: []))
    }
}

