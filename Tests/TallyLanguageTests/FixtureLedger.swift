import TallyCore

/// A ledger whose every total in these tests was worked out by hand.
///
/// Books: daily (CNY, current), travel (USD), home (CNY, no bills).
/// Dates hit ISO week 2015-W53 (2015-12-28 … 2016-01-03), 29 February,
/// quarter and year edges, Sundays; bill 21 is older than bills 19 and 20.
///
/// | id | date       | day | book   | category      | amount  | remark               | place             | tags            |
/// |----|------------|-----|--------|---------------|---------|----------------------|-------------------|-----------------|
/// |  1 | 2015-12-28 | Mon | daily  | food          |   25.50 | lunch with team      | KFC               | work            |
/// |  2 | 2015-12-31 | Thu | daily  | drinks        |  120.00 | new year party       |                   | party           |
/// |  3 | 2016-01-01 | Fri | daily  | salary  (in)  | 5000.00 | december salary      |                   |                 |
/// |  4 | 2016-01-03 | Sun | daily  | food          |   30.00 | dim sum              | Din Tai Fung      | family, weekend |
/// |  5 | 2016-01-04 | Mon | daily  | transport     |   10.00 | metro                |                   |                 |
/// |  6 | 2016-02-29 | Mon | daily  | food          |   12.34 | leap day lunch       | Wangfujing market |                 |
/// |  7 | 2016-03-31 | Thu | daily  | clothes       |  300.00 | coat                 |                   |                 |
/// |  8 | 2016-04-01 | Fri | daily  | snacks        |    0.01 | candy                |                   |                 |
/// |  9 | 2016-04-01 | Fri | daily  | snacks        |    0.04 | gum                  |                   |                 |
/// | 10 | 2016-06-30 | Thu | daily  | bonus   (in)  | 1000.00 | Q2 bonus             |                   | work            |
/// | 11 | 2016-07-01 | Fri | daily  | food          |   45.50 | Coffee and cake      | Starbucks         | work            |
/// | 12 | 2016-07-02 | Sat | daily  | entertainment |   80.00 | cinema               | Wanda             | weekend         |
/// | 13 | 2016-07-03 | Sun | daily  | redpacket (in)|  200.00 | from grandma         |                   | family          |
/// | 14 | 2016-07-15 | Fri | daily  | food          |   20.00 | lunch                | KFC               |                 |
/// | 15 | 2016-09-30 | Fri | daily  | household     |   56.00 | detergent            | market            |                 |
/// | 16 | 2016-10-01 | Sat | daily  | travel        | 1500.00 | national day trip    |                   | trip            |
/// | 17 | 2016-12-31 | Sat | daily  | food          |   88.00 | new year's eve dinner|                   | family          |
/// | 18 | 2017-01-01 | Sun | daily  | food          |   20.00 | brunch               |                   |                 |
/// | 19 | 2016-07-01 | Fri | travel | food          |   12.00 | hot dog              | New York          | trip            |
/// | 20 | 2016-07-02 | Sat | travel | transport     |   35.00 | taxi                 |                   | trip            |
/// | 21 | 2016-01-02 | Sat | travel | food          |    9.99 | bagel                |                   |                 |
/// | 22 | 2016-10-02 | Sun | travel | reimbursement |  500.00 | refund               |                   | trip            |
/// | 23 | 2016-08-08 | Mon | daily  | medical       |  150.00 | dentist              | hospital          | health          |
/// | 24 | 2016-11-11 | Fri | daily  | online        |  299.00 | singles day          |                   | shopping        |
/// | 25 | 2016-02-28 | Sun | daily  | food          |   15.00 | sunday lunch         |                   |                 |
///
/// Daily: 21 bills; expense 2771.39 (18 bills), income 6200.00 (3 bills).
/// Travel: expense 56.99 USD (3 bills), income 500.00 USD.
enum Fixture {
    static let daily: Int64 = 1
    static let travel: Int64 = 2
    static let home: Int64 = 3
    static let usd = Currency(code: "USD")

    static let categories = DefaultCategories.make(chinese: false)

    static func category(_ name: String) -> Int64 {
        guard let category = categories.first(where: { $0.name == name }) else { preconditionFailure("no category \(name)") }
        return category.id
    }

    static let books = [
        Book(id: daily, name: "daily", currency: .cny, position: 1),
        Book(id: travel, name: "travel", currency: usd, position: 2),
        Book(id: home, name: "home", currency: .cny, position: 3),
    ]

    static let bills: [Bill] = [
        bill(1, "2015-12-28", daily, "food", 2550, "lunch with team", place: "KFC", tags: ["work"]),
        bill(2, "2015-12-31", daily, "drinks", 12000, "new year party", tags: ["party"]),
        bill(3, "2016-01-01", daily, "salary", 500_000, "december salary"),
        bill(4, "2016-01-03", daily, "food", 3000, "dim sum", place: "Din Tai Fung", tags: ["family", "weekend"]),
        bill(5, "2016-01-04", daily, "transport", 1000, "metro"),
        bill(6, "2016-02-29", daily, "food", 1234, "leap day lunch", place: "Wangfujing market"),
        bill(7, "2016-03-31", daily, "clothes", 30000, "coat"),
        bill(8, "2016-04-01", daily, "snacks", 1, "candy"),
        bill(9, "2016-04-01", daily, "snacks", 4, "gum"),
        bill(10, "2016-06-30", daily, "bonus", 100_000, "Q2 bonus", tags: ["work"]),
        bill(11, "2016-07-01", daily, "food", 4550, "Coffee and cake", place: "Starbucks", tags: ["work"]),
        bill(12, "2016-07-02", daily, "entertainment", 8000, "cinema", place: "Wanda", tags: ["weekend"]),
        bill(13, "2016-07-03", daily, "redpacket", 20000, "from grandma", tags: ["family"]),
        bill(14, "2016-07-15", daily, "food", 2000, "lunch", place: "KFC"),
        bill(15, "2016-09-30", daily, "household", 5600, "detergent", place: "market"),
        bill(16, "2016-10-01", daily, "travel", 150_000, "national day trip", tags: ["trip"]),
        bill(17, "2016-12-31", daily, "food", 8800, "new year's eve dinner", tags: ["family"]),
        bill(18, "2017-01-01", daily, "food", 2000, "brunch"),
        bill(19, "2016-07-01", travel, "food", 1200, "hot dog", place: "New York", tags: ["trip"]),
        bill(20, "2016-07-02", travel, "transport", 3500, "taxi", tags: ["trip"]),
        bill(21, "2016-01-02", travel, "food", 999, "bagel"),
        bill(22, "2016-10-02", travel, "reimbursement", 50000, "refund", tags: ["trip"]),
        bill(23, "2016-08-08", daily, "medical", 15000, "dentist", place: "hospital", tags: ["health"]),
        bill(24, "2016-11-11", daily, "online", 29900, "singles day", tags: ["shopping"]),
        bill(25, "2016-02-28", daily, "food", 1500, "sunday lunch"),
    ]

    static func bill(
        _ id: Int64, _ date: String, _ book: Int64, _ category: String, _ amount: Int64, _ remark: String,
        place: String? = nil, tags: [String] = []
    ) -> Bill {
        Bill(id: id, bookID: book, categoryID: Fixture.category(category), amount: amount, day: day(date),
             remark: remark, place: place, tags: tags, created: 1, updated: 1)
    }

    static func ledger(current: Int64 = daily, weekStart: WeekStart = .monday, lastBillID: Int64 = 25) -> Ledger {
        Ledger(books: books, categories: categories, bills: bills,
               settings: Settings(currentBookID: current, weekStart: weekStart), lastBillID: lastBillID,
               accounts: books.map { Account(id: $0.id, bookID: $0.id, name: Account.firstName, position: 0) })
    }

    static func bill(_ id: Int64) -> Bill {
        bills.first { $0.id == id }!
    }
}
