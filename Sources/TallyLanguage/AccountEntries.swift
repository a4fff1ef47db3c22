import TallyCore

/// An account as an export names it: its book, and its own name only where
/// the book keeps several (as `BillRow.account`), with the book's currency.
public struct AccountRow: Sendable, Equatable {
    public let book: String
    public let account: String?
    public let currency: Currency

    public init(book: String, account: String?, currency: Currency) {
        self.book = book
        self.account = account
        self.currency = currency
    }
}

/// What an export writes of the accounts besides the bills, so that each
/// account's balance in the file is the one Tally gives: what each held
/// when the file begins, the transfers of the period, and the balances
/// reconciled with a statement. Amounts are in minor units of the account's currency.
public struct AccountEntries: Sendable, Equatable {
    public let openings: [Opening]
    public let moves: [Move]
    public let statements: [Statement]

    public init(openings: [Opening], moves: [Move], statements: [Statement]) {
        self.openings = openings
        self.moves = moves
        self.statements = statements
    }

    public static let none = AccountEntries(openings: [], moves: [], statements: [])

    public var isEmpty: Bool { openings.isEmpty && moves.isEmpty && statements.isEmpty }

    /// What the account held at the start of `day`, besides what the file's bills and transfers before it
    /// bring: against the equity of opening balances.
    public struct Opening: Sendable, Equatable {
        public let account: AccountRow
        public let day: Day
        public let amount: Int64
    }

    /// A transfer: `amount` out of `from`, and `received` into `to`, in the `to` account's currency.
    public struct Move: Sendable, Equatable {
        public let day: Day
        public let from: AccountRow
        public let amount: Int64
        public let to: AccountRow
        public let received: Int64
        public let remark: String
    }

    /// A reconciliation: the statement's balance at the end of `day`, and the
    /// balance the account now has then. Only where the two agree is it
    /// asserted: a bill changed since would make the tools refuse the file.
    public struct Statement: Sendable, Equatable {
        public let account: AccountRow
        public let day: Day
        public let balance: Int64
        public let held: Int64

        public var holds: Bool { balance == held }
    }
}
