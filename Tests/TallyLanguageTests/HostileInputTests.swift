import Testing
import TallyCore
@testable import TallyLanguage

/// Parses and evaluates `text` against the fixture, for exit tests: whether it
/// succeeds or reports an error does not matter, only that the process survives.
func survive(_ text: String, today: String = "2017-01-15") {
    var parser = Parser(text)
    while let next = parser.next() {
        guard case .success(let parsed) = next else { continue }
        _ = try? Evaluator(ledger: Fixture.ledger(), today: day(today), now: 0).evaluate(parsed)
    }
}

@Suite("Hostile input gives an error, never a crash")
struct HostileInputTests {
    @Test func theLastMonthOfTheCalendar() async {
        await #expect(processExitsWith: .success) { survive("count in 9999-12") }
    }

    @Test func theLastMonthOfTheCalendarByName() async {
        await #expect(processExitsWith: .success) { survive("count in dec 9999") }
    }

    @Test func theLastQuarterOfTheCalendar() async {
        await #expect(processExitsWith: .success) { survive("count in 9999-q4") }
    }

    @Test func moreYearsBackThanTheCalendarHas() async {
        await #expect(processExitsWith: .success) { survive("count last 2017 years") }
    }

    @Test func moreMonthsBackThanTheCalendarHas() async {
        await #expect(processExitsWith: .success) { survive("count last 30000 months") }
    }

    @Test func moreDaysBackThanADayCanCount() async {
        await #expect(processExitsWith: .success) { survive("count last 9999999999 days") }
    }

    @Test func aCalculatorSumPastInt64() async {
        await #expect(processExitsWith: .success) {
            survive("add " + Array(repeating: "999999999999.99", count: 100_000).joined(separator: "+") + " food")
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let text = "count where " + String(repeating: "(", count: 100_000) + "amount > 1" + String(repeating: ")", count: 100_000)
        #expect(parseError(text)?.problem == .tooDeep)
        #expect(parseError("count where " + String(repeating: "not ", count: 100_000) + "amount > 1")?.problem == .tooDeep)
    }

    @Test func theFarEndsOfTheCalendarThatDoWork() throws {
        #expect(try count("count in 9999") == 0)
        #expect(try count("count in 0001-01") == 0)
        #expect(try count("count since 9999-12-31") == 0)
        #expect(try count("count until 0001-01-01") == 0)
        #expect(try count("count in 9999-11") == 0)
    }
}
