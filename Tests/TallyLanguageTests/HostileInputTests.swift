import Testing
import TallyCore
@testable import TallyLanguage

/// Input at the far ends of what the language accepts: each statement comes to
/// its exact answer, or to an error that says what is wrong.
@Suite("Hostile input gives an answer or an error")
struct HostileInputTests {
    /// The fixture with a bill on the first and on the last day the calendar has.
    static let ledger: Ledger = {
        var ledger = Fixture.ledger()
        let food = Fixture.category("food")
        ledger.apply(ChangeSet(summary: "ends", rows: [
            RowChange(before: nil, after: .bill(Bill(id: 90, bookID: Fixture.daily, categoryID: food, amount: 100, day: Day.first))),
            RowChange(before: nil, after: .bill(Bill(id: 91, bookID: Fixture.daily, categoryID: food, amount: 200, day: Day.last))),
        ]))
        return ledger
    }()

    @Test(arguments: [
        ("count in 9999-12", 1), ("count in dec 9999", 1), ("count in 9999-q4", 1), ("count in 9999-w52", 1),
        ("count in 9999", 1), ("count in 9999-11", 0), ("count on 9999-12-31", 1), ("count since 9999-12-31", 1),
        ("count from 9999-12-31 to 9999-12-31", 1), ("count in 0001-01", 1), ("count until 0001-01-01", 1),
        // Daily's 21 bills up to today and the one on 0001-01-01; the last day is in the future.
        ("count last 2017 years", 22), ("count last 30000 months", 22), ("count last 9999999999 days", 22),
        ("count until 9999-12-31", 23),
    ])
    func theEndsOfTheCalendar(text: String, expected: Int) throws {
        #expect(try count(text, in: HostileInputTests.ledger) == expected)
    }

    @Test func aCalculatorSumPastInt64IsAnAmountTooLarge() throws {
        let text = "add " + Array(repeating: "999999999999.99", count: 100_000).joined(separator: "+") + " food"
        let error = try #require(try evaluationError(text))
        #expect(error.problem == .badAmount("999999999999.99", .tooLarge))
        #expect(error.range.start.column == 5)
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let text = "count where " + String(repeating: "(", count: 100_000) + "amount > 1" + String(repeating: ")", count: 100_000)
        #expect(parseError(text)?.problem == .tooDeep)
        #expect(parseError("count where " + String(repeating: "not ", count: 100_000) + "amount > 1")?.problem == .tooDeep)
    }

    @Test(arguments: [" and ", " or "])
    func aChainOfTwentyThousandTermsIsOneLevelDeep(joiner: String) throws {
        let text = "count where " + Array(repeating: "id = 1", count: 20_000).joined(separator: joiner)
        #expect(try count(text) == 1)
        guard case .ledger(.query(let query)) = try parseOne(text).statement else { throw TestFailure("not a query") }
        switch query.condition {
        case .and(let terms)?, .or(let terms)?: #expect(terms.count == 20_000)
        default: Issue.record("the chain is not one and/or")
        }
    }
}
