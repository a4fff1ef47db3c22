import TallyCore

/// What a statement over the bills a condition picks does to them: `delete where`, `edit where`.
public enum WhereVerb: String, Sendable, Equatable {
    case delete, edit

    public var past: String {
        switch self {
        case .delete: "deleted"
        case .edit: "edited"
        }
    }
}

/// The question a change asks before it is made, with the first of the
/// bills it is about, so that the person answering sees what the condition
/// picked and not only how many.
public struct Confirmation: Sendable, Equatable {
    /// How many bills are shown before the question.
    public static let sampleSize = 5

    /// `delete 6 bills`.
    public let question: String
    /// The first bills, in day order, as they are before the change.
    public let sample: [BillRow]
    /// The bills beyond the sample.
    public let more: Int
    /// What is said when the answer is no.
    public let declined: Done

    init(_ verb: WhereVerb, _ bills: [Bill], in ledger: Ledger) {
        question = switch verb {
        case .delete: Translation.plural("delete %d bill", "delete %d bills", count: bills.count)
        case .edit: Translation.plural("edit %d bill", "edit %d bills", count: bills.count)
        }
        sample = bills.prefix(Confirmation.sampleSize).map { BillRow($0, in: ledger) }
        more = bills.count - sample.count
        declined = .declined(verb)
    }
}
