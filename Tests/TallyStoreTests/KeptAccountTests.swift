import Testing
import TallyCore
@testable import TallyStore

@Suite("Accounts kept across undo")
struct KeptAccountTests {
    /// A change recorded before accounts were kept has images without one:
    /// undone after the ledger was brought up to date, it finds its row
    /// unchanged and leaves the account the row was given.
    @Test func aChangeRecordedBeforeAccountsWereKeptIsUndoneKeepingTheAccount() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var food = try #require(try store.load().category(named: "food"))
            food.account = nil
            var meals = food
            meals.name = "meals"
            try store.commit(ChangeSet(summary: "renamed", rows: [update(.category(try #require(try store.load().category(id: food.id))), to: .category(food))]))
            try store.commit(ChangeSet(summary: "renamed category 'food' to 'meals'", rows: [update(.category(food), to: .category(meals))]))
            try Connection(path: path).giveAccounts()
            let given = ExportAccount(journal: "meals", beancount: "Meals")
            #expect(try store.load().category(id: food.id)?.account == given)

            let undone = try #require(try store.undo())
            #expect(undone.rows.first?.after.map { record in
                guard case .category(let category) = record else { return false }
                return category.name == "food" && category.account == given
            } == true)
            #expect(try store.load().category(id: food.id)?.name == "food")
            #expect(try store.load().category(id: food.id)?.account == given)
        }
    }
}
