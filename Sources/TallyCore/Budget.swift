/// A monthly limit on spending in one book: on one expense category, or on
/// all its spending (no category).
public struct Budget: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public let bookID: Int64
    /// Nil for the book's total budget.
    public let categoryID: Int64?
    /// Minor units of the book's currency, each month.
    public var amount: Int64

    public init(id: Int64, bookID: Int64, categoryID: Int64?, amount: Int64) {
        self.id = id
        self.bookID = bookID
        self.categoryID = categoryID
        self.amount = amount
    }
}
