import TallyCore

/// What an hledger or ledger journal, or a beancount file, says about money,
/// as the file writes it: amounts exact and in their own commodities,
/// accounts by their full names, each item with the line it stands on.
/// Nothing here knows Tally's books or categories.
public struct PeerJournal: Hashable, Sendable {
    public var transactions: [PeerTransaction] = []
    public var prices: [PeerPrice] = []
    /// Beancount's `balance` directives and the journal's assertions (`= AMOUNT` after a posting), in file order.
    public var balances: [PeerBalance] = []
    public var opens: [PeerOpen] = []
    public var closes: [PeerClose] = []
    /// Beancount's `option` lines.
    public var options: [PeerOption] = []
    /// What the file holds that is not read, each with why, so that nothing is dropped unsaid.
    public var skipped: [PeerSkipped] = []

    public init() {}
}

/// An exact amount: `units` × 10^-`scale` of `commodity`, so `-25.50 USD` is
/// units -2550, scale 2. The commodity is as written (`USD`, `$`, `AAPL 2`),
/// or empty where the amount names none.
public struct PeerAmount: Hashable, Sendable {
    public var units: Int128
    public var scale: Int
    public var commodity: String

    public init(units: Int128, scale: Int, commodity: String) {
        self.units = units
        self.scale = scale
        self.commodity = commodity
    }

    /// `-25.50 USD`, `$-25.50`: for messages.
    public var text: String {
        let magnitude = String(units.magnitude)
        let padded = magnitude.count <= scale ? String(repeating: "0", count: scale - magnitude.count + 1) + magnitude : magnitude
        let number = (units < 0 ? "-" : "") + (scale > 0 ? padded.dropLast(scale) + "." + padded.suffix(scale) : padded)
        if commodity.isEmpty { return number }
        if commodity.count == 1, let symbol = commodity.first, !symbol.isLetter { return commodity + number }
        return number + " " + (commodity.contains(" ") ? "\"\(commodity)\"" : commodity)
    }
}

/// How a journal posting's account is written: plain, `[balanced virtual]`, or `(unbalanced virtual)`.
public enum PeerPostingKind: Hashable, Sendable {
    case real
    /// `[account]`: it must balance with the other bracketed postings, apart from the real ones.
    case balancedVirtual
    /// `(account)`: it need not balance at all.
    case unbalancedVirtual
}

public struct PeerPosting: Hashable, Sendable {
    public var line: Int
    /// The full name, brackets of a virtual posting removed, aliases and `apply account` applied.
    public var account: String
    /// Nil only where the file leaves it out and it cannot be worked out.
    public var amount: PeerAmount?
    /// The amount was left out and is what makes the transaction balance:
    /// exactly, at the most decimals of what it balances.
    public var inferred: Bool
    /// `@ PRICE`, `@@ TOTAL` or `{COST}` follows the amount: it is exchanged for another commodity.
    public var hasCostOrPrice: Bool
    /// What the posting weighs in the balance of its transaction: its amount,
    /// or where it has a cost or price, that in full (`10 AAPL @ $5` weighs
    /// `$50`; a lot's `{cost}` before an `@ price`, as ledger and beancount
    /// weigh it); nil where the file gives no figure for it (beancount's `{}`).
    public var weight: PeerAmount?
    /// The journal's `= AMOUNT` after the posting: the account's balance once it is posted.
    public var assertion: PeerAmount?
    public var kind: PeerPostingKind

    public init(line: Int, account: String, amount: PeerAmount?, inferred: Bool = false, hasCostOrPrice: Bool = false,
                weight: PeerAmount? = nil, assertion: PeerAmount? = nil, kind: PeerPostingKind = .real) {
        self.line = line
        self.account = account
        self.amount = amount
        self.inferred = inferred
        self.hasCostOrPrice = hasCostOrPrice
        self.weight = weight ?? (hasCostOrPrice ? nil : amount)
        self.assertion = assertion
        self.kind = kind
    }
}

public struct PeerTransaction: Hashable, Sendable {
    public var line: Int
    public var day: Day
    /// `*` (cleared), `!` (pending), or empty; beancount's other flags as written.
    public var flag: String
    /// The journal's `(CODE)`.
    public var code: String
    /// The journal's description before its first `|`, or beancount's payee; empty where there is none.
    public var payee: String
    /// The journal's description after its first `|` (all of it where it has none), or beancount's narration.
    public var narration: String
    /// Tags without a value, in order, each once: hledger's `tag:`, ledger's
    /// `:tag:`, beancount's `#tag` (and those of `pushtag` and `apply tag`).
    public var tags: [String]
    /// Tags with a value (`place: Luckin`) and beancount's `key: value`
    /// metadata; a key written again adds its value to the end, as a long
    /// value is written over several comment lines.
    public var metadata: [String: String]
    public var postings: [PeerPosting]

    public init(line: Int, day: Day, flag: String = "", code: String = "", payee: String = "", narration: String,
                tags: [String] = [], metadata: [String: String] = [:], postings: [PeerPosting]) {
        self.line = line
        self.day = day
        self.flag = flag
        self.code = code
        self.payee = payee
        self.narration = narration
        self.tags = tags
        self.metadata = metadata
        self.postings = postings
    }
}

/// `P DATE COMMODITY AMOUNT`, beancount's `DATE price COMMODITY AMOUNT`: one unit of `commodity` is worth `price`.
public struct PeerPrice: Hashable, Sendable {
    public var line: Int
    public var day: Day
    public var commodity: String
    public var price: PeerAmount

    public init(line: Int, day: Day, commodity: String, price: PeerAmount) {
        self.line = line
        self.day = day
        self.commodity = commodity
        self.price = price
    }
}

/// The balance an account must have.
public struct PeerBalance: Hashable, Sendable {
    public var line: Int
    public var day: Day
    public var account: String
    public var amount: PeerAmount
    /// Beancount's `balance` holds before the entries of its day; a journal's
    /// assertion holds right after the posting it stands on.
    public var atStartOfDay: Bool
    /// hledger's `=*` and `==*`: the account together with its subaccounts.
    public var includesSubaccounts: Bool
    /// Beancount's `~ TOLERANCE`.
    public var tolerance: PeerAmount?

    public init(line: Int, day: Day, account: String, amount: PeerAmount, atStartOfDay: Bool,
                includesSubaccounts: Bool = false, tolerance: PeerAmount? = nil) {
        self.line = line
        self.day = day
        self.account = account
        self.amount = amount
        self.atStartOfDay = atStartOfDay
        self.includesSubaccounts = includesSubaccounts
        self.tolerance = tolerance
    }
}

/// Beancount's `open`, with the currencies the account is limited to (none: any).
public struct PeerOpen: Hashable, Sendable {
    public var line: Int
    public var day: Day
    public var account: String
    public var currencies: [String]

    public init(line: Int, day: Day, account: String, currencies: [String] = []) {
        self.line = line
        self.day = day
        self.account = account
        self.currencies = currencies
    }
}

/// Beancount's `close`.
public struct PeerClose: Hashable, Sendable {
    public var line: Int
    public var day: Day
    public var account: String

    public init(line: Int, day: Day, account: String) {
        self.line = line
        self.day = day
        self.account = account
    }
}

/// Beancount's `option "NAME" "VALUE"`, such as the operating currency.
public struct PeerOption: Hashable, Sendable {
    public var line: Int
    public var name: String
    public var value: String

    public init(line: Int, name: String, value: String) {
        self.line = line
        self.name = name
        self.value = value
    }
}

/// A line the reader passed over, with why: the first line of what it
/// passed over, where that is a block (a periodic transaction and its postings).
public struct PeerSkipped: Hashable, Sendable {
    public var line: Int
    /// The line as written, trimmed.
    public var text: String
    public var reason: String

    public init(line: Int, text: String, reason: String) {
        self.line = line
        self.text = text
        self.reason = reason
    }
}

/// Why a file could not be read: where (line and column, from 1) and what was expected there.
public struct PeerJournalError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}
