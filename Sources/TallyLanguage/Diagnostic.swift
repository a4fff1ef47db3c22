import TallyCore

public struct Diagnostic: Error, Sendable, Equatable {
    public let problem: Problem
    public let range: SourceRange
    /// Lines shown under the message, such as each bad row of an import.
    public let notes: [String]
    /// The parameter of a saved statement whose value holds the mistake, named before it.
    public private(set) var parameter: String?

    public init(_ problem: Problem, at range: SourceRange, notes: [String] = []) {
        self.problem = problem
        self.range = range
        self.notes = notes
    }

    /// The whole message on one line: the headline, then what was expected.
    public var message: String {
        detail.map { Translation.translated("%s; %s", headline, $0) } ?? headline
    }

    /// What was expected, when the headline does not already say how to fix it.
    public var detail: String? {
        guard case .unexpected(let found, let expected, let suggestion) = problem else { return nil }
        if let suggestion, !Problem.isSame(found, suggestion) { return nil }
        return Translation.translated("expected %s", expected)
    }

    /// The first line of the message: short, and the fix first when there is one.
    public var headline: String {
        (parameter.map { Translation.translated("in %s: ", $0) } ?? "") + problem.text
    }

    /// The same mistake, found in the value given for `parameter`, which was written at `range`.
    public func inValue(of parameter: String, at range: SourceRange) -> Diagnostic {
        var moved = Diagnostic(problem, at: range, notes: notes)
        moved.parameter = parameter
        return moved
    }

    /// What the user wrote, cut short for a message: a mistake is told in a
    /// line, however much was written.
    public static func clipped(_ text: String) -> String {
        text.count > 40 ? text.prefix(39) + "…" : text
    }
}
