import TallyCore

/// What a rule sets on a bill it matches.
public enum RuleAction: Sendable {
    case category(Located<String>)
    case tags([String])
    case place(String)
    case book(Located<String>)
    case remark(String)
    /// The account of the row's book its bill is in, when the row names none.
    case account(Located<String>)

    /// The field it sets, so that of two rules setting one field the first wins.
    public var field: ImportField {
        switch self {
        case .category: .category
        case .tags: .tags
        case .place: .place
        case .book: .book
        case .remark: .remark
        case .account: .account
        }
    }
}

/// `CONDITION => ACTION {, ACTION}`: a rule as the language reads it.
public struct RuleSpec: Sendable {
    public let condition: Condition
    public let actions: [RuleAction]
}
