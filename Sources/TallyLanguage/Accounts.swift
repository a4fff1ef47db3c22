import TallyCore

/// The statements about where money is: accounts, transfers between them,
/// their balances and their reconciling with a statement.
public enum AccountStatement: Sendable {
    /// `account add card kind credit opening -1200 on 2026-01-01`
    case add(name: Located<String>, kind: AccountKind?, opening: AmountExpression?, openingNegative: Bool, openingDay: Located<DateSpec>?)
    /// `accounts`: the current book's, or every book's with `accounts all`.
    case list(allBooks: Bool)
    case rename(AccountReference, to: Located<String>)
    case archive(AccountReference, archiving: Bool)
    /// `account default card`: where bills that name no account go.
    case makeDefault(AccountReference)
    case icon(AccountReference, Located<String>)
    /// `transfer 500 from card to alipay`, `transfer 100 USD from travel:card to cash as 710`.
    case transfer(TransferSpec)
    /// `balances on 2026-11-30`: at the end of that day; today when no day is given.
    case balances(day: Located<DateSpec>?)
    /// `reconcile card 1200 on 2026-11-30 [adjust]`
    case reconcile(account: AccountReference, balance: AmountExpression, negative: Bool, day: Located<DateSpec>?, adjust: Bool)

    public var changesLedger: Bool {
        switch self {
        case .add, .rename, .archive, .makeDefault, .icon, .transfer, .reconcile: return true
        case .list, .balances: return false
        }
    }
}

public struct TransferSpec: Sendable {
    public var amount: AmountExpression
    /// The currency the amount is in, when written: it must be the `from` account's.
    public var currency: Located<String>?
    public var from: AccountReference
    public var to: AccountReference
    /// `as 710`: what arrives, in the `to` book's currency, when it differs.
    public var received: AmountExpression?
    public var date: Located<DateSpec>?
    public var remark: String?

    public init(amount: AmountExpression, currency: Located<String>?, from: AccountReference, to: AccountReference) {
        self.amount = amount
        self.currency = currency
        self.from = from
        self.to = to
    }
}
