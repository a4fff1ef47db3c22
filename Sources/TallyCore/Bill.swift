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
    /// The account of its book the money came from or went to; 0 for the
    /// book's first account, which every bill written before accounts were kept is in.
    public var accountID: Int64
    /// Seconds since 1970, UTC: when the bill was written down and last changed.
    public var created: Int64
    public var updated: Int64

    /// Whether `a` comes before `b` in a ledger's order: by day, then as entered.
    public static func dayOrder(_ a: Bill, _ b: Bill) -> Bool {
        a.day.ordinal != b.day.ordinal ? a.day.ordinal < b.day.ordinal : a.id < b.id
    }

    public init(
        id: Int64, bookID: Int64, categoryID: Int64, amount: Int64, day: Day,
        remark: String = "", place: String? = nil, tags: [String] = [], created: Int64 = 0, updated: Int64 = 0,
        accountID: Int64 = 0
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
        self.accountID = accountID
    }

    /// Whether the bill is money back on an expense category.
    public var isRefund: Bool { amount < 0 }
}

extension Bill {
    private enum CodingKeys: String, CodingKey {
        case id, bookID, categoryID, amount, day, remark, place, tags, accountID, created, updated
    }

    /// A bill the undo history kept before accounts were kept has none, and is in its book's first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), bookID: try container.decode(Int64.self, forKey: .bookID),
            categoryID: try container.decode(Int64.self, forKey: .categoryID), amount: try container.decode(Int64.self, forKey: .amount),
            day: try container.decode(Day.self, forKey: .day), remark: try container.decode(String.self, forKey: .remark),
            place: try container.decodeIfPresent(String.self, forKey: .place), tags: try container.decode([String].self, forKey: .tags),
            created: try container.decode(Int64.self, forKey: .created), updated: try container.decode(Int64.self, forKey: .updated),
            accountID: try container.decodeIfPresent(Int64.self, forKey: .accountID) ?? 0)
    }
}
