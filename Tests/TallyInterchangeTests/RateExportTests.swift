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

/// A file of rates, read whole before anything is kept.
@Suite struct RateFileTests {
    static let file = Located("rates.csv", SourceRange.nowhere)

    @Test func aRowIsReadByItsHeadersInAnyOrderAndCase() throws {
        let rows = try RateFile.rows(Array("Rate, In ,DATE,currency\n7.12,cny,2016-07-01,usd\n\n0.0485,CNY,2016-07-02,JPY\n".utf8), file: Self.file)
        #expect(rows == [
            RateRow(line: 2, day: Day(iso: "2016-07-01")!, base: "USD", rate: ExactNumber(units: 712, scale: 2), quote: "CNY"),
            RateRow(line: 4, day: Day(iso: "2016-07-02")!, base: "JPY", rate: ExactNumber(units: 485, scale: 4), quote: "CNY"),
        ])
        #expect(try RateFile.rows(Array("date,currency,rate\n2016-07-01,USD,7\n".utf8), file: Self.file)[0].quote == nil)
    }

    @Test func aRowThatCannotBeReadIsTheErrorAtItsLine() {
        func message(_ text: String) -> String? {
            do { _ = try RateFile.rows(Array(text.utf8), file: Self.file); return nil } catch { return error.message }
        }
        #expect(message("date,currency,rate\n2016-07-01,USD,7\n2016-13-01,USD,7\n") == "rates.csv:3: '2016-13-01' is not a date such as 2016-07-01; nothing was imported")
        #expect(message("date,currency,rate\n2016-07-01,USX,7\n") == "rates.csv:2: 'USX' is not an ISO 4217 currency code; nothing was imported")
        #expect(message("date,currency,rate\n2016-07-01,USD,-7\n") == "rates.csv:2: '-7' is not a rate such as 7.12; nothing was imported")
        #expect(message("day,code,value\n")?.hasPrefix("rates.csv:1: the first line names the columns date, currency and rate") == true)
        #expect(message("")?.hasPrefix("rates.csv:1: the file is empty") == true)
    }
}
