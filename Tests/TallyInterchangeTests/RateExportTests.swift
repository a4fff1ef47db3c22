import Testing
import TallyCore
import TallyLanguage
@testable import TallyInterchange

/// Exchange rates as the journals and beancount write them.
@Suite struct RateExportTests {
    static let rates = [
        ExchangeRate(id: 1, base: "USD", quote: "CNY", day: Day(iso: "2016-07-01")!, rate: ExactRate(units: 712, scale: 2)),
        ExchangeRate(id: 2, base: "JPY", quote: "CNY", day: Day(iso: "2016-07-02")!, rate: ExactRate(units: 485, scale: 4)),
    ]

    static let accounts = Ledger(
        books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: [], bills: [], settings: Settings(currentBookID: 1)
    ).exportAccounts

    @Test func aJournalHasEachRateAsAPriceDirectiveWithItsCommoditiesDeclared() {
        let text = LedgerJournal(bills: [], accounts: Self.accounts, rates: Self.rates).text
        #expect(text.contains("\nP 2016-07-01 USD 7.12 CNY\nP 2016-07-02 JPY 0.0485 CNY\n"), "\(text)")
        for code in ["CNY", "JPY", "USD"] {
            #expect(text.contains("\ncommodity \(code)\n"), "\(code) in \(text)")
        }
    }

    @Test func beancountHasEachRateAsAPriceEntry() {
        let text = BeancountFile(bills: [], accounts: Self.accounts, rates: Self.rates).text
        #expect(text.contains("\n2016-07-01 price USD 7.12 CNY\n2016-07-02 price JPY 0.0485 CNY\n"), "\(text)")
    }
}
