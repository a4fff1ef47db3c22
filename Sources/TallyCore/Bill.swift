/// One entry in a book (Timi's 账单). The amount is in minor units of the
/// book's currency; the category decides whether it is spent or received. A
/// refund, money back on an expense category, is an expense below zero, so
/// every total of expenses is what was spent less what came back; no other
/// bill is below zero.
public struct Bill: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var bookID: Int64
    public var categoryID: Int64
    public var amount: Int64
    public var day: Day
    public var remark: String
    public var place: String?
    public var tags: [String]
    /// Seconds since 1970, UTC: when the bill was written down and last changed.
    public var created: Int64
    public var updated: Int64

    public init(
        id: Int64, bookID: Int64, categoryID: Int64, amount: Int64, day: Day,
        remark: String = "", place: String? = nil, tags: [String] = [], created: Int64 = 0, updated: Int64 = 0
    ) {
        self.id = id
        self.bookID = bookID
        self.categoryID = categoryID
        self.amount = amount
        self.day = day
        self.remark = remark
        self.place = place
        self.tags = tags
        self.created = created
        self.updated = updated
    }

    /// Whether the bill is money back on an expense category.
    public var isRefund: Bool { amount < 0 }
}
