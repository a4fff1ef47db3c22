import Testing
import TallyCore
@testable import TallyLanguage
import TallyInterchange

/// Account names in the beancount export.
@Suite struct BeancountAccountTests {
    @Test func onlyACategoryIsNamedByItsAlias() throws {
        let ledger = Ledger(
            books: [Book(id: 1, name: "餐饮", currency: .cny, position: 1)],
            categories: [Category(id: 1, name: "餐饮", kind: .expense, icon: "", aliases: ["canyin"], position: 1)],
            bills: [Bill(id: 1, bookID: 1, categoryID: 1, amount: 500, day: Day(iso: "2016-07-01")!)],
            settings: Settings(currentBookID: 1))
        let rows = ledger.bills.map { BillRow($0, in: ledger) }
        let text = BeancountFile(bills: rows, categories: ledger.categories).text
        #expect(text.contains("2016-06-30 open Assets:X-餐饮 CNY\n"), "\(text)")
        #expect(text.contains("2016-06-30 open Expenses:Canyin-餐饮\n"), "\(text)")
    }
}
