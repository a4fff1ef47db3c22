import Testing
@testable import TallyCore

@Suite struct LedgerTests {
    let book = Book(id: 1, name: "daily", currency: .cny, position: 1)
    let categories = DefaultCategories.make(chinese: false)

    func bill(_ id: Int64, _ day: String, amount: Int64 = 100) -> Bill {
        Bill(id: id, bookID: 1, categoryID: 1, amount: amount, day: Day(iso: day)!)
    }

    @Test func keepsBillsInDayOrderThroughChanges() {
        var ledger = Ledger(books: [book], categories: categories, bills: [bill(2, "2016-07-02"), bill(1, "2016-07-05")],
                            settings: Settings(currentBookID: 1))
        ledger.apply(ChangeSet(summary: "", rows: [RowChange(before: nil, after: .bill(bill(3, "2016-07-03")))]))
        ledger.apply(ChangeSet(summary: "", rows: [RowChange(before: .bill(bill(2, "2016-07-02")), after: .bill(bill(2, "2016-07-09")))]))
        #expect(ledger.bills.map(\.id) == [3, 1, 2])
    }

    @Test func slicesAPeriodByBinarySearch() {
        let ledger = Ledger(
            books: [book], categories: categories,
            bills: [bill(1, "2016-06-30"), bill(2, "2016-07-01"), bill(3, "2016-07-31"), bill(4, "2016-08-01")],
            settings: Settings(currentBookID: 1))
        #expect(ledger.bills(in: DateRange.month(2016, 7)!).map(\.id) == [2, 3])
        #expect(ledger.bills(in: .everything).count == 4)
        #expect(ledger.bills(in: DateRange(start: Day(iso: "2016-07-02")!, end: Day(iso: "2016-07-01")!)).isEmpty)
    }

    @Test func findsBillsOnTheCalendarsFirstAndLastDays() {
        let ledger = Ledger(
            books: [book], categories: categories,
            bills: [bill(1, "0001-01-01"), bill(2, "9999-12-30"), bill(3, "9999-12-31")],
            settings: Settings(currentBookID: 1))
        #expect(ledger.bills(in: .day(Day.last)).map(\.id) == [3])
        #expect(ledger.bills(in: .month(9999, 12)!).map(\.id) == [2, 3])
        #expect(ledger.bills(in: DateRange(start: Day.first, end: Day.last)).map(\.id) == [1, 2, 3])
        #expect(ledger.bills(in: .day(Day.first)).map(\.id) == [1])
    }

    @Test func neverReusesTheIdOfADeletedBill() {
        var ledger = Ledger(books: [book], categories: categories, bills: [bill(1, "2016-07-01")], settings: Settings(currentBookID: 1))
        let change = ChangeSet(summary: "", rows: [RowChange(before: nil, after: .bill(bill(ledger.nextBillID, "2016-07-02")))])
        ledger.apply(change)
        ledger.apply(change.inverted)
        #expect(ledger.bills.map(\.id) == [1])
        #expect(ledger.nextBillID == 3)
    }

    @Test func undoingRestoresRowsInReverseOrder() {
        var ledger = Ledger(books: [book], categories: categories, bills: [], settings: Settings(currentBookID: 1))
        let original = ledger
        let category = Category(id: 100, name: "coffee", kind: .expense, icon: "☕", aliases: ["咖啡"], position: 100)
        let change = ChangeSet(summary: "", rows: [
            RowChange(before: nil, after: .category(category)),
            RowChange(before: nil, after: .bill(Bill(id: 1, bookID: 1, categoryID: 100, amount: 5, day: Day(iso: "2016-07-01")!))),
        ])
        ledger.apply(change)
        #expect(ledger.category(named: "咖啡")?.id == 100)
        ledger.apply(change.inverted)
        #expect(ledger.categories == original.categories)
        #expect(ledger.bills.isEmpty)
    }

    @Test func findsNamesIgnoringCase() {
        let ledger = Ledger(books: [book], categories: categories, bills: [], settings: Settings(currentBookID: 1))
        #expect(ledger.category(named: "FOOD")?.name == "food")
        #expect(ledger.category(named: "用餐")?.name == "food")
        #expect(ledger.book(named: "Daily")?.id == 1)
        #expect(ledger.category(named: "nothing") == nil)
    }

    @Test func fallsBackToTheFirstBookWhenTheCurrentOneGoes() {
        let travel = Book(id: 2, name: "travel", currency: .cny, position: 2)
        var ledger = Ledger(books: [book, travel], categories: categories, bills: [], settings: Settings(currentBookID: 2))
        ledger.apply(ChangeSet(summary: "", rows: [RowChange(before: .book(travel), after: nil)]))
        #expect(ledger.currentBook.id == 1)
    }
}
