import TallyCore

/// A saved statement given values for its parameters: the statement as it
/// runs, each value written in where its parameter stands, and where each
/// value came from, so that a mistake in one points at what the user wrote.
public struct SavedCall: Sendable {
    /// The statement with the values written in, parsed when it runs.
    public let text: String
    private let placed: [PlacedValue]

    /// A value as it stands in `text`, and as it was written.
    private struct PlacedValue: Sendable {
        let parameter: String
        /// Characters of `text`.
        let offsets: Range<Int>
        let written: SourceRange
        /// How far into what was written the text of `offsets` starts: 1 for
        /// a string written in without its quotes; nil when the characters do
        /// not follow one another there (a string with escapes).
        let shift: Int?
    }

    /// `saved` with `values`, one for each parameter in order; `range` is
    /// the statement that gives them, where a wrong count of values is shown.
    public init(_ saved: SavedQuery, values: [Located<String>], calledAt range: SourceRange) throws(Diagnostic) {
        guard values.count == saved.parameters.count else {
            let extra = values.dropFirst(saved.parameters.count)
            let shown = extra.first.map { $0.range.through(extra.last!.range) } ?? range
            throw Diagnostic(.savedValues(name: saved.name, parameters: saved.parameters, given: values.count), at: shown)
        }
        var text: [Character] = []
        var placed: [PlacedValue] = []
        let statement = Lexer.characters(of: saved.statement)
        var copied = 0
        for use in SavedCall.uses(in: saved) {
            text += statement[copied..<use.range.start.offset]
            copied = use.range.end.offset
            let value = values[use.index]
            let (written, shift) = SavedCall.writtenIn(value.value, at: use.slot)
            placed.append(PlacedValue(
                parameter: saved.parameters[use.index], offsets: text.count..<(text.count + written.count),
                written: value.range, shift: shift))
            text += written
        }
        text += statement[copied...]
        self.text = String(text)
        self.placed = placed
    }

    /// The mistake moved onto the value it lies in, naming its parameter; nil
    /// when it lies in the saved statement's own words.
    public func pointing(_ diagnostic: Diagnostic) -> Diagnostic? {
        let start = diagnostic.range.start.offset
        guard let value = placed.first(where: { $0.offsets.contains(start) || $0.offsets.isEmpty && $0.offsets.lowerBound == start }) else {
            return nil
        }
        let written = value.written
        guard let shift = value.shift else { return diagnostic.inValue(of: value.parameter, at: written) }
        func moved(_ offset: Int) -> SourceLocation {
            let into = min(max(0, offset - value.offsets.lowerBound + shift), written.end.offset - written.start.offset)
            return SourceLocation(offset: written.start.offset + into, line: written.start.line, column: written.start.column + into)
        }
        let end = diagnostic.range.end.offset <= value.offsets.upperBound ? moved(diagnostic.range.end.offset) : written.end
        return diagnostic.inValue(of: value.parameter, at: SourceRange(start: moved(start), end: end))
    }

    /// What may be typed for the parameter after those `given`: what the
    /// saved statement expects where that parameter is first used.
    public static func expectations(of saved: SavedQuery, given: [String]) -> [ExpectedInput] {
        let uses = uses(in: saved)
        guard let first = uses.first(where: { $0.index == given.count }) else { return [] }
        let statement = Lexer.characters(of: saved.statement)
        var text: [Character] = []
        var copied = 0
        for use in uses where use.range.start.offset < first.range.start.offset {
            text += statement[copied..<use.range.start.offset]
            copied = use.range.end.offset
            text += use.index < given.count ? Array(given[use.index]) : Array(use.slot.placeholderText(for: saved.parameters[use.index]))
        }
        text += statement[copied..<first.range.start.offset]
        return Parser.expectations(after: String(text))
    }

    /// Where the parameters stand in the saved statement, in order, as the parser finds them.
    private static func uses(in saved: SavedQuery) -> [ParameterUse] {
        let uses = ParameterUses(saved.parameters)
        var parser = Parser(saved.statement)
        parser.parameters = uses
        // A statement saved by an older Tally that no longer reads gives its error when it runs.
        while parser.next() != nil {}
        return uses.uses.sorted { $0.range.start.offset < $1.range.start.offset }
    }

    /// The characters a value is written in as, and how far into the value
    /// as written they start: a period or date given as a string loses its
    /// quotes, so that `"last month"` is read as one.
    private static func writtenIn(_ value: String, at slot: ValueSlot) -> ([Character], Int?) {
        let characters = Lexer.characters(of: value)
        guard slot == .period else { return (characters, 0) }
        let tokens = Lexer.tokens(value)
        guard tokens.count == 2, tokens[0].kind == .string else { return (characters, 0) }
        let inner = Array(tokens[0].text)
        return (inner, inner.count + 2 == characters.count ? 1 : nil)
    }
}
