/// Whether money went out or came in. Every category has one, and a bill's
/// kind is always its category's.
public enum Kind: String, Sendable, Codable, CaseIterable {
    case expense, income

    /// The kind as a person reads it, in the reader's language where it is shown.
    public var words: Phrase {
        switch self {
        case .expense: .said("expense")
        case .income: .said("income")
        }
    }

    /// Expenses count negative and income positive wherever amounts of both kinds meet.
    public func signed(_ amount: Int64) -> Int64 {
        self == .income ? amount : -amount
    }
}
