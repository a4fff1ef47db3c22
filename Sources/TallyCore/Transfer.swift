/// Money moved between two accounts, which is neither spent nor received:
/// `transfer 500 from card to alipay`, paying off a credit card, or changing
/// money between books of two currencies, when both amounts are given.
public struct Transfer: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var day: Day
    public var fromAccountID: Int64
    /// In the minor units of the `from` account's book; always above zero.
    public var fromAmount: Int64
    public var toAccountID: Int64
    /// In the minor units of the `to` account's book: `fromAmount` itself
    /// unless the books' currencies differ.
    public var toAmount: Int64
    public var remark: String
    public var created: Int64

    public init(id: Int64, day: Day, from: Int64, amount: Int64, to: Int64, received: Int64? = nil, remark: String = "", created: Int64 = 0) {
        self.id = id
        self.day = day
        self.fromAccountID = from
        self.fromAmount = amount
        self.toAccountID = to
        self.toAmount = received ?? amount
        self.remark = remark
        self.created = created
    }

    /// What it does to `account`'s balance: out of one, into the other.
    public func change(to account: Int64) -> Int64 {
        (account == toAccountID ? toAmount : 0) - (account == fromAccountID ? fromAmount : 0)
    }

    /// By day, then as given.
    public static func order(_ first: Transfer, _ second: Transfer) -> Bool {
        (first.day, first.id) < (second.day, second.id)
    }
}

/// An account's balance agreed with its statement at the end of a day:
/// the bills up to then are settled, and a later change to one is warned of.
public struct Reconciliation: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public let accountID: Int64
    public let day: Day
    /// The statement's balance, in the account's book's minor units.
    public let balance: Int64
    public let created: Int64

    public init(id: Int64, accountID: Int64, day: Day, balance: Int64, created: Int64 = 0) {
        self.id = id
        self.accountID = accountID
        self.day = day
        self.balance = balance
        self.created = created
    }

    public static func order(_ first: Reconciliation, _ second: Reconciliation) -> Bool {
        (first.day, first.id) < (second.day, second.id)
    }
}
