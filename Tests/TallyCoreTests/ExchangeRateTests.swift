import Foundation
import Testing
@testable import TallyCore

@Suite("Exchange rates: exact, and found as the day asks")
struct ExchangeRateTests {
    /// The same conversion by Foundation's decimal arithmetic, rounded with
    /// banker's rounding: an independent check of the exact fractions.
    func decimalConversion(_ amount: Int64, units: Int64, scale: Int, from: Int, to: Int) -> Int64 {
        var value = Decimal(amount) * Decimal(units) / pow(Decimal(10), scale) * pow(Decimal(10), to) / pow(Decimal(10), from)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .bankers)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    @Test func conversionRoundsHalfToEvenOnceAsDecimalArithmeticDoes() {
        var random = SeededRandom(seed: 22)
        for _ in 0..<5_000 {
            let amount = Int64(random.next(upTo: 2_000_000)) - 1_000_000
            let units = Int64(random.next(upTo: 99_999)) + 1
            let scale = Int(random.next(upTo: 6))
            let (from, to) = (Int(random.next(upTo: 4)), Int(random.next(upTo: 4)))
            let exact = ExactRate(units: units, scale: scale).convert(Int128(amount), fromDecimals: from, toDecimals: to)
            #expect(exact == Int128(decimalConversion(amount, units: units, scale: scale, from: from, to: to)),
                    "\(amount) at \(units)e-\(scale), \(from) to \(to) decimals")
        }
    }

    @Test func halvesGoToTheEvenNeighbour() {
        let half = ExactRate(units: 5, scale: 1)
        #expect([1, 3, 5, -1, -3].map { half.convert(Int128($0), fromDecimals: 0, toDecimals: 0) } == [0, 2, 2, 0, -2])
        // One yen (no decimals) at 0.0485 yuan is 4.85 fen: 5; a dollar's cent at 7.125 is 7.125 fen: 7.
        #expect(ExactRate(units: 485, scale: 4).convert(100, fromDecimals: 0, toDecimals: 2) == 485)
        #expect(ExactRate(units: 7125, scale: 3).convert(1, fromDecimals: 2, toDecimals: 2) == 7)
    }

    @Test func anInvertedOrComposedRateIsExactUntilTheAmountIsRounded() {
        let usd = ExactRate(units: 712, scale: 2)
        #expect(usd.inverted * usd == ExactRate(units: 1, scale: 0))
        // 100.00 CNY at 1/7.12 is 14.044943… USD: 14.04.
        #expect(usd.inverted.convert(10_000, fromDecimals: 2, toDecimals: 2) == 1_404)
        #expect(ExactRate(units: 710, scale: 2).decimal! == (710 / 10, 1))
        #expect(usd.inverted.decimal == nil)
    }

    func ledger(_ rates: [(String, String, String, Int64, Int)], home: String? = nil) -> Ledger {
        Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, icon: "", position: 1)], categories: [], bills: [],
            settings: Settings(currentBookID: 1, homeCurrency: home),
            rates: rates.enumerated().map { index, rate in
                ExchangeRate(id: Int64(index + 1), base: rate.0, quote: rate.1, day: Day(iso: rate.2)!, rate: ExactRate(units: rate.3, scale: rate.4))
            })
    }

    @Test func aBillsRateIsTheLatestOnOrBeforeItsDayEitherWayRoundOrThroughHome() {
        let rates = ledger([("USD", "CNY", "2016-01-01", 69, 1), ("USD", "CNY", "2016-07-01", 712, 2), ("EUR", "CNY", "2016-03-01", 75, 1)], home: "CNY")
        #expect(rates.rate(of: "USD", in: "CNY", on: Day(iso: "2015-12-31")!) == nil)
        #expect(rates.rate(of: "USD", in: "CNY", on: Day(iso: "2016-06-30")!) == ExactRate(units: 69, scale: 1))
        #expect(rates.rate(of: "USD", in: "CNY", on: Day(iso: "2016-07-01")!) == ExactRate(units: 712, scale: 2))
        #expect(rates.rate(of: "CNY", in: "USD", on: Day(iso: "2016-07-02")!) == ExactRate(units: 712, scale: 2).inverted)
        // Euros in dollars: to yuan, then from yuan, each at its own latest rate.
        #expect(rates.rate(of: "EUR", in: "USD", on: Day(iso: "2016-07-02")!)
            == ExactRate(units: 75, scale: 1) * ExactRate(units: 712, scale: 2).inverted)
        #expect(ledger([("EUR", "CNY", "2016-03-01", 75, 1), ("USD", "CNY", "2016-01-01", 69, 1)]).rate(of: "EUR", in: "USD", on: Day(iso: "2016-07-02")!) == nil,
                "without a home currency there is no step between")
        #expect(rates.rate(of: "JPY", in: "JPY", on: Day(iso: "2016-07-02")!) == ExactRate(units: 1, scale: 0))
    }
}
