import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluation: exchange rates and the home currency")
struct RateEvaluationTests {
    func applying(_ text: String, to ledger: Ledger) throws -> Ledger {
        var next = ledger
        next.apply(try change(text, in: ledger).set)
        return next
    }

    @Test func aRateIsGivenForADayAndReplacesThatDaysRateOfThePair() throws {
        var ledger = try applying("rate usd 7.12 cny on 2016-07-01", to: Fixture.ledger())
        #expect(ledger.rates.map { "\($0.base) \($0.quote) \($0.day.iso)" } == ["USD CNY 2016-07-01"])
        let replaced = try change("rate USD 7.10 CNY on 2016-07-01", in: ledger)
        #expect(reportText(replaced.report) == "1 USD = 7.10 CNY from 2016-07-01, in place of the rate that day had")
        #expect(replaced.set.rows.count == 2)
        ledger.apply(replaced.set)
        #expect(ledger.rates.count == 1 && ledger.rates[0].rate == ExactRate(units: 710, scale: 2))
        ledger = try applying("rate EUR 1.1 USD", to: ledger)
        #expect(ledger.rates.last?.day == defaultToday)
        guard case .records(let table) = try result("rates", in: ledger) else { throw TestFailure("no table") }
        #expect(table.rows.map { $0.map(\.text) } == [["2016-07-01", "USD", "7.1", "CNY"], ["2017-01-15", "EUR", "1.1", "USD"]])
    }

    @Test func aRateThatCannotBeIsRefusedAtWhatIsWrong() throws {
        #expect(try evaluationError("rate CNY 1 CNY")?.message == "a rate prices one currency in another; CNY is worth 1 CNY")
        #expect(try evaluationError("rate USD 0 CNY")?.message == "a rate is above zero, such as 7.12")
        #expect(parseError("rate USX 7 CNY")?.message.hasPrefix("'USX' is not an ISO 4217 currency code") == true)
        #expect(parseError("rate USD CNY")?.message.contains("what one USD is worth") == true)
    }

    @Test func theHomeCurrencyIsASettingOfTheLedger() throws {
        let set = try change("set currency usd", in: Fixture.ledger())
        #expect(reportText(set.report) == "totals across books are given in USD")
        #expect(set.set.undoable == false)
        var ledger = Fixture.ledger()
        ledger.apply(set.set)
        #expect(ledger.settings.homeCurrency == "USD")
        #expect(try evaluationError("set currency dollars")?.message.hasPrefix("'dollars' is not an ISO 4217 currency code") == true)
    }
}
