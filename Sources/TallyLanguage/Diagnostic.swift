import TallyCore

/// What went wrong with a statement. Every case is rendered to words in
/// `message`, the one place error text is written.
public enum Problem: Sendable, Equatable {
    /// The lexer could not read the text; it says why.
    case unreadable(String)
    case unexpected(found: String, expected: String, suggestion: String? = nil)
    /// A word that is right, but not where it stands; the placement says where it goes.
    case misplaced(placement: String)
    case unknownStatement(String, suggestion: String?)
    case unknownName(kind: String, name: String, suggestion: String?)
    case noSuchDate(String)
    case noSuchQuarter(String)
    case noSuchMonth(String)
    case noSuchWeek(year: Int, week: Int)
    case badAmount(String, AmountError)
    case amountNotPositive(String)
    case duplicateClause(String)
    case tooDeep
    case needsConfirmation(String)
    case refused(String)
}

public struct Diagnostic: Error, Sendable, Equatable {
    public let problem: Problem
    public let range: SourceRange
    /// Lines shown under the message, such as each bad row of an import.
    public let notes: [String]

    public init(_ problem: Problem, at range: SourceRange, notes: [String] = []) {
        self.problem = problem
        self.range = range
        self.notes = notes
    }

    /// The whole message on one line: the headline, then what was expected.
    public var message: String {
        headline + (detail.map { "; " + $0 } ?? "")
    }

    /// What was expected, when the headline does not already say how to fix it.
    public var detail: String? {
        guard case .unexpected(let found, let expected, let suggestion) = problem else { return nil }
        if let suggestion, !Diagnostic.isSame(found, suggestion) { return nil }
        return "expected \(expected)"
    }

    /// The first line of the message: short, and the fix first when there is one.
    public var headline: String {
        switch problem {
        case .unreadable(let message):
            return message
        case .unexpected(let found, _, let suggestion?):
            if Diagnostic.isSame(found, suggestion) { return "\(found) does not belong here" }
            return "unknown word \(found)" + didYouMean(suggestion)
        case .unexpected(let found, _, nil):
            return found.hasPrefix("end of") ? "incomplete statement" : "unexpected \(found)"
        case .misplaced(let placement):
            return placement
        case .unknownStatement(let word, let suggestion):
            return "unknown statement '\(Diagnostic.clipped(word))'" + didYouMean(suggestion) + (suggestion == nil ? "; type 'help' for the list" : "")
        case .unknownName(let kind, let name, let suggestion):
            return "unknown \(kind) '\(Diagnostic.clipped(name))'" + didYouMean(suggestion)
        case .noSuchDate(let text):
            return "no such date '\(Diagnostic.clipped(text))'"
        case .noSuchMonth(let text):
            return "no such month '\(Diagnostic.clipped(text))'; months are 01 to 12"
        case .noSuchQuarter(let text):
            return "no such quarter '\(Diagnostic.clipped(text))'; quarters are q1 to q4"
        case .noSuchWeek(let year, let week):
            return "\(year) has no ISO week \(week); it has \(Day.isoWeeks(in: year))"
        case .badAmount(let written, let error):
            let text = Diagnostic.clipped(written)
            switch error {
            case .notANumber: return "'\(text)' is not an amount"
            case .tooManyDecimals(0): return "'\(text)' has decimals, but this currency has none"
            case .tooManyDecimals(let allowed): return "'\(text)' has more than \(allowed) decimals"
            case .notPositive: return "an amount must be more than zero, not \(text)"
            case .tooLarge: return "'\(text)' is too large for an amount"
            case .overflow: return "the total of '\(text)' is too large to add up exactly"
            }
        case .amountNotPositive(let text):
            return "an amount must be more than zero, not \(Diagnostic.clipped(text))"
        case .duplicateClause("period"):
            return "a query takes only one period"
        case .duplicateClause(let clause):
            return "'\(clause)' may appear only once in a query"
        case .tooDeep:
            return "too deeply nested; at most \(Parser.maximumDepth) levels of parentheses"
        case .needsConfirmation(let what):
            return "\(what); scripts must confirm this with --yes"
        case .refused(let reason):
            return reason
        }
    }

    /// What the user wrote, cut short for a message: a mistake is told in a
    /// line, however much was written.
    public static func clipped(_ text: String) -> String {
        text.count > 40 ? text.prefix(39) + "…" : text
    }

    /// Whether the word found is the one suggested: right, but out of place.
    private static func isSame(_ found: String, _ suggestion: String) -> Bool {
        found.lowercased() == "'\(suggestion.lowercased())'"
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " — did you mean '\($0)'?" } ?? ""
    }
}
