import Testing
import TallyCore
import TallyStore

@Suite("What is committed is what is loaded")
struct RoundTripTests {
    @Test func aLedgerBuiltByChangesLoadsBackEqual() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            func commit(_ summary: String, _ rows: [RowChange], undoable: Bool = true) throws {
                let change = ChangeSet(summary: summary, rows: rows, undoable: undoable)
                try store.commit(change)
                ledger.apply(change)
            }

            let travel = Book(id: 2, name: "travel", currency: Currency(code: "JPY"), icon: "✈️", position: 2)
            try commit("book add travel", [insert(.book(travel))])
            let lateSnack = Category(
                id: 39, name: "夜宵", kind: .expense, icon: "🍢", aliases: ["late snack", "yexiao"], position: 39)
            try commit("category add 夜宵", [insert(.category(lateSnack))])

            let lunch = Bill(
                id: 1, bookID: 1, categoryID: 1, amount: 2550, day: day("2016-07-01"),
                remark: "lunch with team 和同事吃饭 🍜", place: "食堂 B1", tags: ["work", "团建"],
                created: 1_467_331_200, updated: 1_467_331_200)
            let ramen = Bill(
                id: 2, bookID: travel.id, categoryID: lateSnack.id, amount: 980, day: day("2016-07-02"),
                tags: ["trip", "late_night", "a"], created: 1_467_417_600, updated: 1_467_417_600)
            let salary = Bill(
                id: 3, bookID: 1, categoryID: ledger.category(named: "salary")!.id, amount: 1_234_500,
                day: day("2016-06-30"), remark: "June\nwith a line break and a \u{0} NUL", place: "", tags: ["💰"],
                created: 1, updated: 2)
            try commit("added 3 bills", [insert(.bill(lunch)), insert(.bill(ramen)), insert(.bill(salary))])
            // Tags of plain ASCII are read byte by byte; the others as Swift splits text.
            #expect(try store.load().bill(id: 2)?.tags == ["trip", "late_night", "a"])
            #expect(try store.load() == ledger)

            var edited = lunch
            edited.amount = 3000
            edited.place = nil
            edited.tags = ["work", "午饭"]
            edited.updated = 1_467_400_000
            try commit("edited #1", [update(.bill(lunch), to: .bill(edited))])
            try commit("deleted #2", [remove(.bill(ramen))])

            // Rows that bills point at are changed in place.
            let daily = ledger.books[0]
            var renamedDaily = daily
            renamedDaily.name = "日常"
            renamedDaily.icon = "🧾"
            let food = ledger.category(id: 1)!
            var moreFood = food
            moreFood.aliases.append("吃饭")
            try commit(
                "renamed",
                [update(.book(daily), to: .book(renamedDaily)), update(.category(food), to: .category(moreFood))])

            var archived = lateSnack
            archived.archived = true
            archived.aliases = []
            try commit("archived 夜宵", [update(.category(lateSnack), to: .category(archived))])
            let foodBudget = Budget(id: 1, bookID: 1, categoryID: 1, amount: 150_000)
            let totalBudget = Budget(id: 2, bookID: travel.id, categoryID: nil, amount: 9_000)
            try commit("budgets", [insert(.budget(foodBudget)), insert(.budget(totalBudget))])
            var lowered = foodBudget
            lowered.amount = 99
            try commit("budget food 0.99", [update(.budget(foodBudget), to: .budget(lowered))])
            let useTravel = Settings(currentBookID: travel.id, weekStart: .sunday)
            try commit("use travel", [update(.settings(ledger.settings), to: .settings(useTravel))], undoable: false)

            #expect(ledger.bills.map(\.id) == [3, 1])
            #expect(ledger.budgets == [lowered, totalBudget])
            #expect(ledger.currentBook == travel)
            #expect(try store.load() == ledger)
            #expect(try LedgerStore(path: path, seed: .english).load() == ledger)
        }
    }

    @Test func aDeletedCategoryAndBookStayDeleted() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            let spare = Book(id: 2, name: "spare", currency: .cny, position: 2)
            let addition = ChangeSet(summary: "book add spare", rows: [insert(.book(spare))])
            let removal = ChangeSet(
                summary: "deleted", rows: [remove(.book(spare)), remove(.category(ledger.categories[0]))])
            for change in [addition, removal] {
                try store.commit(change)
                ledger.apply(change)
            }

            let reloaded = try LedgerStore(path: path, seed: .english).load()

            #expect(reloaded.books.count == 1)
            #expect(reloaded.categories.count == 37)
            #expect(reloaded == ledger)
        }
    }
}
