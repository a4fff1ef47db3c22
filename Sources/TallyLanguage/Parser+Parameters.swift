import TallyCore

/// What a saved statement's parameter stands for where it is used, and so
/// what the parser reads in its stead until the parameter has a value.
enum ValueSlot: Sendable, Equatable {
    /// A name or a text: the parameter's own name is read, as any word would be.
    case name
    /// An amount or a count: `1` is read.
    case number(String)
    /// One of a few words, such as a kind: the first of them is read.
    case word(String)
    /// A period or a date: `today` is read. A value given as a string is
    /// written in without its quotes, so `"last month"` may be one.
    case period

    /// The token read in place of the parameter written as `token`.
    func placeholder(for token: Token) -> Token {
        switch self {
        case .name: token
        case .number(let text): Token(.number, text, token.range)
        case .word(let text): Token(.word, text, token.range)
        case .period: Token(.word, "today", token.range)
        }
    }

    /// The text written in place of the parameter while it has no value: what the parser reads.
    func placeholderText(for parameter: String) -> String {
        switch self {
        case .name: parameter
        case .number(let text), .word(let text): text
        case .period: "today"
        }
    }
}

/// One place a parameter stands in a saved statement.
struct ParameterUse: Sendable {
    /// Which parameter, counted from 0 in the order they are declared.
    let index: Int
    let range: SourceRange
    let slot: ValueSlot
}

/// The parameters of a statement being read, and the places where each
/// stands for a value, noted as the parser meets them. Shared by the copies
/// of the parser that look ahead.
final class ParameterUses {
    let keys: [String]
    private(set) var uses: [ParameterUse] = []

    init(_ names: [String]) {
        keys = names.map(Names.key)
    }

    func index(of word: String) -> Int? {
        keys.firstIndex(of: Names.key(word))
    }

    func note(_ use: ParameterUse) {
        if !uses.contains(where: { $0.range.start.offset == use.range.start.offset }) { uses.append(use) }
    }

    /// The parameter used nowhere, if any.
    var firstUnused: Int? {
        keys.indices.first { index in !uses.contains { $0.index == index } }
    }
}

extension Parser {
    /// At a place where the grammar has a value: a word naming a parameter of
    /// the statement being saved stands for the value it will be given, and
    /// a placeholder of the kind this place takes is read in its stead.
    mutating func valueMayBeAParameter(_ slot: ValueSlot) {
        guard isParameterHere, let parameters, let index = parameters.index(of: peek.text) else { return }
        parameters.note(ParameterUse(index: index, range: peek.range, slot: slot))
        tokens[position] = slot.placeholder(for: peek)
    }

    /// Whether the word here names a parameter of the statement being saved.
    var isParameterHere: Bool {
        guard let parameters, check(.word) else { return false }
        return parameters.index(of: peek.text) != nil
    }

    // parameters = "(" NAME { "," NAME } ")"
    mutating func parameterList() throws(Diagnostic) -> [Located<String>] {
        guard match(.leftParen) else { return [] }
        var names: [Located<String>] = []
        repeat {
            guard check(.word) else { throw unexpected(Translation.translated("a parameter's name, such as month")) }
            let name = advance()
            if let problem = Names.problem(with: name.text) { throw Diagnostic(.badName(problem), at: name.range) }
            if names.contains(where: { Names.key($0.value) == Names.key(name.text) }) {
                throw Diagnostic(.givenTwice(name.text), at: name.range)
            }
            names.append(Located(name.text, name.range))
        } while match(.comma)
        _ = try expect(.rightParen, Translation.translated("',' or ')' to close the parameters"))
        return names
    }

    // saved_call = NAME { VALUE } [ format_clause ]
    /// A saved statement's name and the values for its parameters, each the
    /// tokens written together up to a space: `spent food 2016-07 as csv`.
    /// Which statement the name saves is found when it runs.
    mutating func savedCall() throws(Diagnostic) -> SessionStatement {
        let name = advance()
        var values: [Located<String>] = []
        var format: OutputFormat?
        while true {
            offer([.savedValue(name: name.text, given: values.map(\.value))])
            if atStatementEnd { break }
            if checkWord("as"), !nextIsAdjacent() {
                advance()
                format = try self.format()
                break
            }
            // A saved statement may pass its own parameter on to the one it runs.
            valueMayBeAParameter(.name)
            let first = peek.range
            advance()
            while !atStatementEnd, previous.range.end.offset == peek.range.start.offset { advance() }
            let range = first.through(previous.range)
            values.append(Located(written(range.start.offset..<range.end.offset), range))
        }
        return .runSaved(name: Located(name.text, name.range), values: values, format: format)
    }
}
