import TallyCore

/// The ledger every fuzzing input runs against: two currencies, three books,
/// tags, places, and bills on the first and last days the calendar has.
enum FuzzLedger {
    static let today = Day(year: 2016, month: 7, day: 20)!

    static let ledger: Ledger = {
        let categories = DefaultCategories.make(chinese: false)
        func id(_ name: String) -> Int64 { categories.first { $0.name == name }!.id }
        let books = [
            Book(id: 1, name: "daily", currency: .cny, position: 1),
            Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2),
            Book(id: 3, name: "円", currency: Currency(code: "JPY"), position: 3),
        ]
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: id("food"), amount: 2550, day: Day(year: 2016, month: 7, day: 1)!,
                 remark: "lunch", place: "KFC", tags: ["work"]),
            Bill(id: 2, bookID: 1, categoryID: id("salary"), amount: 500_000, day: Day(year: 2016, month: 7, day: 20)!),
            Bill(id: 3, bookID: 2, categoryID: id("transport"), amount: 3500, day: Day(year: 2016, month: 1, day: 3)!,
                 remark: "taxi", tags: ["trip", "work"]),
            Bill(id: 4, bookID: 3, categoryID: id("food"), amount: 1200, day: Day(year: 2015, month: 12, day: 28)!,
                 remark: "ラーメン", place: "東京"),
            Bill(id: 5, bookID: 1, categoryID: id("food"), amount: maximumAmount, day: Day.first, remark: "first"),
            Bill(id: 6, bookID: 1, categoryID: id("bonus"), amount: maximumAmount, day: Day.last, remark: "last"),
        ]
        return Ledger(books: books, categories: categories, bills: bills, settings: Settings(currentBookID: 1), lastBillID: 6)
    }()
}
