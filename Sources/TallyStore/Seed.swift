import TallyCore

/// What a new ledger starts with.
public struct Seed: Sendable {
    public var bookName: String
    public var currency: Currency
    public var categories: [Category]

    public init(bookName: String = "daily", currency: Currency, categories: [Category]) {
        self.bookName = bookName
        self.currency = currency
        self.categories = categories
    }
}

extension Connection {
    /// Gives the ledger whatever part of `seed` it lacks: each table is seeded
    /// only while empty, so opening a used ledger changes nothing.
    func seed(with seed: Seed) throws(StoreError) {
        if try integer("SELECT count(*) FROM books") == 0 {
            try apply([RowChange(before: nil, after: .book(Book(id: 1, name: seed.bookName, currency: seed.currency, position: 1)))])
        }
        if try integer("SELECT count(*) FROM categories") == 0 {
            try apply(seed.categories.map { RowChange(before: nil, after: .category($0)) })
        }
        if try integer("SELECT count(*) FROM settings") == 0,
           let firstBook = try integer("SELECT id FROM books ORDER BY position, id LIMIT 1") {
            try apply([RowChange(before: nil, after: .settings(Settings(currentBookID: firstBook)))])
        }
    }
}
