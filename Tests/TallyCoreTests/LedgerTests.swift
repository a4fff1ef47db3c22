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

    /// Changes of a few bills move each where its before-image says it is;
    /// changes of many go through one pass. On generated ledgers, applying
    /// random inserts, edits and deletes one at a time or all at once gives
    /// the same ledger as building it from the final bills.
    @Test(arguments: [1, 2, 3])
    func aFewBillsAtATimeEndAsManyAtOnce(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var current: [Int64: Bill] = [:]
        for id in 1...300 { current[Int64(id)] = bill(Int64(id), randomDay(&random)) }
        let first = current
        let start = Ledger(books: [book], categories: categories, bills: Array(current.values), settings: Settings(currentBookID: 1))
        var oneByOne = start
        var nextID: Int64 = 301
        for _ in 0..<400 {
            let row: RowChange
            switch random.next() % 3 {
            case 0:
                let new = bill(nextID, randomDay(&random))
                nextID += 1
                row = RowChange(before: nil, after: .bill(new))
                current[new.id] = new
            case 1:
                guard let id = current.keys.sorted().randomElement(using: &random), let old = current[id] else { continue }
                var moved = old
                moved.day = Day(iso: randomDay(&random))!
                moved.amount += 1
                row = RowChange(before: .bill(old), after: .bill(moved))
                current[old.id] = moved
            default:
                guard let id = current.keys.sorted().randomElement(using: &random), let old = current[id] else { continue }
                row = RowChange(before: .bill(old), after: nil)
                current[old.id] = nil
            }
            oneByOne.apply(ChangeSet(summary: "", rows: [row]))
        }
        // The same change as one set of rows: each bill from what it was to what it is.
        let ids = Set(first.keys).union(current.keys).sorted()
        let net = ids.compactMap { id -> RowChange? in
            first[id] == current[id] ? nil : RowChange(before: first[id].map(Record.bill), after: current[id].map(Record.bill))
        }
        #expect(net.count > 16)
        var allAtOnce = start
        allAtOnce.apply(ChangeSet(summary: "", rows: net))
        let expected = Ledger(books: [book], categories: categories, bills: Array(current.values), settings: Settings(currentBookID: 1))
        #expect(oneByOne.bills == expected.bills)
        #expect(allAtOnce.bills == expected.bills)
        #expect(oneByOne.lastBillID == nextID - 1)
    }

    /// Undo and redo of an import: many bills taken out at once and put
    /// back with the ids they had, which a fresh id would never have.
    @Test func manyBillsTakenOutAndPutBackWithTheirIdsAreThereOnce() {
        let kept = bill(1, "2016-07-10")
        let imported = (2...40).map { bill(Int64($0), "2016-07-\(10 + $0 % 15)") }
        var ledger = Ledger(books: [book], categories: categories, bills: [kept], settings: Settings(currentBookID: 1))
        ledger.apply(ChangeSet(summary: "", rows: imported.map { RowChange(before: nil, after: .bill($0)) }))
        ledger.apply(ChangeSet(summary: "", rows: imported.map { RowChange(before: .bill($0), after: nil) }))
        #expect(Array(ledger.bills) == [kept])
        ledger.apply(ChangeSet(summary: "", rows: imported.map { RowChange(before: nil, after: .bill($0)) }))
        #expect(Array(ledger.bills) == ([kept] + imported).sorted(by: Bill.chronological))
        #expect(ledger.lastBillID == 40)
    }

    /// Bills added one by one with days all over the year wait, a thousand
    /// at most, to be put in place together; whatever reads the ledger
    /// meanwhile, waiting or settled, sees the bills a ledger built from
    /// them all holds, and the two ledgers are equal.
    @Test(arguments: [4, 5])
    func billsDatedBackWaitAndSettleAsBuiltWhole(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var all = (1...500).map { bill(Int64($0), randomDay(&random)) }
        var ledger = Ledger(books: [book], categories: categories, bills: all, settings: Settings(currentBookID: 1))
        for id in Int64(501)...3_000 {
            let new = Bill(id: id, bookID: 1, categoryID: 1, amount: id, day: Day(iso: randomDay(&random))!,
                           remark: "r\(id % 37)", place: id % 3 == 0 ? nil : "p\(id % 5)", tags: id % 4 == 0 ? ["t\(id % 3)"] : [])
            ledger.apply(ChangeSet(summary: "", rows: [RowChange(before: nil, after: .bill(new))]), settling: false)
            all.append(new)
            if id % 700 == 0 {
                #expect(Array(ledger.bills) == all.sorted(by: Bill.chronological), "after #\(id)")
                #expect(!ledger.dayOrdered.waiting.isEmpty, "after #\(id)")
            }
        }
        let built = Ledger(books: [book], categories: categories, bills: all, settings: Settings(currentBookID: 1))
        #expect(ledger == built)
        // Applied as any other ledger takes a change, a bill dated back is put in place at once.
        var settled = built
        settled.apply(ChangeSet(summary: "", rows: [RowChange(before: nil, after: .bill(bill(3_001, "2015-12-31")))]))
        #expect(settled.dayOrdered.waiting.isEmpty && settled.bills.ids.first == 3_001)
        #expect(ledger.lastBillID == 3_000)
        ledger.settleBills()
        #expect(Array(ledger.bills) == all.sorted(by: Bill.chronological))
        #expect(ledger.bills.days == built.bills.days && ledger.bills.ids == built.bills.ids)
    }

    /// Many bills put into columns at once land where sorting all of them puts them.
    @Test func billsInsertedTogetherLandWhereSortingPutsThem() {
        var random = SeededRandom(seed: 9)
        let held = (1...400).map { bill(Int64($0) * 2, randomDay(&random), amount: Int64($0)) }
        let added = (1...150).map { Bill(id: Int64($0) * 2 + 1, bookID: 1, categoryID: 1, amount: 7, day: Day(iso: randomDay(&random))!,
                                         remark: "new \($0 % 4)", tags: ["x"]) }
        var columns = BillColumns(held.sorted(by: Bill.chronological))
        columns.insert(contentsOf: added.sorted(by: Bill.chronological))
        #expect(Array(columns) == (held + added).sorted(by: Bill.chronological))
        var empty = BillColumns()
        empty.insert(contentsOf: added.sorted(by: Bill.chronological))
        #expect(Array(empty) == added.sorted(by: Bill.chronological))
    }

    func randomDay(_ random: inout SeededRandom) -> String {
        let month = Int(random.next() % 12) + 1
        let day = Int(random.next() % 28) + 1
        return "2016-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
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
