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

@Suite("Evaluation: rates from a file")
struct RateImportEvaluationTests {
    static let file = Located("rates.csv", SourceRange.nowhere)

    func row(_ line: Int, _ day: String, _ base: String, _ units: Int64, _ scale: Int, _ quote: String? = nil) -> RateRow {
        RateRow(line: line, day: Day(iso: day)!, base: base, rate: ExactNumber(units: units, scale: scale), quote: quote)
    }

    @Test func aFileAddsItsNewRatesReplacesADaysOtherRateAndTwiceAddsNothing() throws {
        var ledger = Fixture.ledger()
        let rows = [row(2, "2016-07-01", "USD", 712, 2, "CNY"), row(3, "2016-07-02", "USD", 715, 2, "CNY")]
        guard case .change(let first, let done, _, _) = try Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
            .importingRates(rows, file: Self.file) else { throw TestFailure("no change") }
        #expect(reportText(done) == "imported 2 rates from rates.csv")
        ledger.apply(first)
        guard case .result(let again, _) = try Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
            .importingRates(rows, file: Self.file) else { throw TestFailure("a change from the same file") }
        #expect(reportText(again) == "imported 0 rates from rates.csv; 2 there already")
        guard case .change(let other, let replaced, _, _) = try Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
            .importingRates([row(2, "2016-07-01", "USD", 710, 2, "CNY")], file: Self.file) else { throw TestFailure("no change") }
        #expect(reportText(replaced) == "imported 0 rates from rates.csv, 1 in place of a day's rate")
        ledger.apply(other)
        #expect(ledger.rates.map(\.rate) == [ExactRate(units: 71, scale: 1), ExactRate(units: 715, scale: 2)])
    }

    @Test func aRateWithoutItsCurrencyOrGivenTwiceIsRefusedAtItsLine() throws {
        let evaluator = Evaluator(ledger: Fixture.ledger(), today: defaultToday, now: fixedNow)
        #expect(throws: Diagnostic.self) { try evaluator.importingRates([row(4, "2016-07-01", "USD", 7, 0)], file: Self.file) }
        do {
            _ = try evaluator.importingRates([row(2, "2016-07-01", "USD", 7, 0, "CNY"), row(5, "2016-07-01", "USD", 8, 0, "CNY")], file: Self.file)
            Issue.record("a pair given twice a day at two rates was taken")
        } catch {
            #expect(error.message == "rates.csv:5: USD in CNY on 2016-07-01 is given twice, at two rates; nothing was imported")
        }
    }
}
