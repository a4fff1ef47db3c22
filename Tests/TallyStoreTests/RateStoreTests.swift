import Testing
import TallyCore
@testable import TallyStore

@Suite("Store: exchange rates and the home currency")
struct RateStoreTests {
    @Test func ratesAndTheHomeCurrencyAreReadBackAsWritten() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let ledger = try store.load()
            var settings = ledger.settings
            settings.homeCurrency = "CNY"
            let rates = [
                ExchangeRate(id: 1, base: "USD", quote: "CNY", day: Day(iso: "2016-07-01")!, rate: ExactRate(units: 712, scale: 2)),
                ExchangeRate(id: 2, base: "JPY", quote: "CNY", day: Day(iso: "2016-01-01")!, rate: ExactRate(units: 485, scale: 4)),
            ]
            try store.commit(ChangeSet(
                summary: "rates", rows: rates.map { RowChange(before: nil, after: .rate($0)) }
                    + [RowChange(before: .settings(ledger.settings), after: .settings(settings))]))
            let read = try LedgerStore(path: path, seed: .english).load()
            #expect(read.rates == rates.sorted(by: ExchangeRate.order))
            #expect(read.settings.homeCurrency == "CNY")
        }
    }

    @Test func aPairHasOneRateADay() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let day = Day(iso: "2016-07-01")!
            try store.commit(ChangeSet(summary: "rate", rows: [
                RowChange(before: nil, after: .rate(ExchangeRate(id: 1, base: "USD", quote: "CNY", day: day, rate: ExactRate(units: 7, scale: 0)))),
            ]))
            #expect(throws: StoreError.self) {
                try store.commit(ChangeSet(summary: "rate", rows: [
                    RowChange(before: nil, after: .rate(ExchangeRate(id: 2, base: "USD", quote: "CNY", day: day, rate: ExactRate(units: 8, scale: 0)))),
                ]))
            }
            #expect(try store.load().rates.map(\.id) == [1])
        }
    }
}
