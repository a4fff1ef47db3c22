/// Where a book's money is (Timi's 账户): cash, a bank card, a credit card,
/// an e-wallet. Each bill comes from or goes to one account of its book;
/// names are unique within a book, ignoring case. A book's first account,
/// made with it, is the one a bill written before accounts were kept is in.
public struct Account: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public let bookID: Int64
    public var name: String
    public var kind: AccountKind
    public var icon: String
    /// What it held at the start of `openingDay`, in the book's minor units;
    /// a credit card owing is below zero.
    public var opening: Int64
    /// Nil: from the start of the ledger.
    public var openingDay: Day?
    public var archived: Bool
    /// The book's accounts are listed in this order; the first not archived is
    /// where a bill that names none goes.
    public var position: Int

    public init(
        id: Int64, bookID: Int64, name: String, kind: AccountKind = .cash, icon: String? = nil, opening: Int64 = 0,
        openingDay: Day? = nil, archived: Bool = false, position: Int
    ) {
        self.id = id
        self.bookID = bookID
        self.name = name
        self.kind = kind
        self.icon = icon ?? kind.icon
        self.opening = opening
        self.openingDay = openingDay
        self.archived = archived
        self.position = position
    }

    public func isNamed(_ text: String) -> Bool {
        Names.key(name) == Names.key(text)
    }

    /// What a new ledger's book, and every book made before accounts were kept, holds its bills in.
    public static let firstName = "cash"
}

public enum AccountKind: String, Sendable, Codable, CaseIterable {
    case cash, bank, credit, wallet, other

    /// A credit card's balance below zero is what is owed on it; the rest hold money.
    public var isLiability: Bool { self == .credit }

    /// The kind as a person reads it, in the reader's language where it is shown.
    public var words: Phrase {
        switch self {
        case .cash: .said("cash")
        case .bank: .said("bank")
        case .credit: .said("credit")
        case .wallet: .said("wallet")
        case .other: .said("other")
        }
    }

    public var icon: String {
        switch self {
        case .cash: return "💵"
        case .bank: return "🏦"
        case .credit: return "💳"
        case .wallet: return "📱"
        case .other: return "👛"
        }
    }

    /// How a kind is written in `account add NAME kind KIND`, with the words people also use.
    public static func named(_ word: String) -> AccountKind? {
        switch Names.key(word) {
        case "cash": return .cash
        case "bank", "debit", "card", "savings", "checking": return .bank
        case "credit", "creditcard", "credit-card": return .credit
        case "wallet", "e-wallet", "ewallet": return .wallet
        case "other": return .other
        default: return nil
        }
    }

    /// The words `named` reads, for completion and errors.
    public static let words = ["cash", "bank", "credit", "wallet", "other"]
}
