import TallyCore

/// Something that may stand at the end of the input: what Tab completion
/// offers. The parser notes these as it looks for the next token, so
/// completion follows the grammar instead of a word list.
public enum ExpectedInput: Hashable, Sendable {
    case keyword(String)
    /// A category, of the kind given when the statement has said one.
    case category(Kind?)
    /// An archived category, which only `category unarchive` takes.
    case archivedCategory
    case book
    case tag
    case savedQuery
    /// A value for the next parameter of the saved statement `name`, after the values `given`.
    case savedValue(name: String, given: [String])
    case profile
    /// A recurring bill's id: `#1`.
    case recurringRule
    /// An account of the current book, or `BOOK:ACCOUNT`.
    case account
    /// A currency the ledger's books or rates use, after `in` in a query.
    case currencyInUse
    case helpTopic
    case file
    /// A year or month that holds bills: `2016`, `2016-07`.
    case monthWithBills
}

/// Where the parser notes what it looked for at the end of the input.
public final class ExpectedInputLog {
    public private(set) var expectations: [ExpectedInput] = []

    public init() {}

    func note(_ expectation: ExpectedInput) {
        if !expectations.contains(expectation) { expectations.append(expectation) }
    }
}

extension Parser {
    /// What could come next, when the input ends here.
    func offer(_ expectations: [ExpectedInput]) {
        guard let log, peek.kind == .end else { return }
        for expectation in expectations { log.note(expectation) }
    }

    func offer(keywords: [String]) {
        offer(keywords.map(ExpectedInput.keyword))
    }

    /// What may follow `text`, which ends where completion begins.
    public static func expectations(
        after text: String, decimalMark: DecimalMark = .point, isSaved: @escaping (String) -> Bool = { _ in false }
    ) -> [ExpectedInput] {
        let log = ExpectedInputLog()
        var parser = Parser(text, log: log, decimalMark: decimalMark, isSaved: isSaved)
        while parser.next() != nil {}
        return log.expectations
    }

    mutating func bookName() throws(Diagnostic) -> Located<String> {
        offer([.book])
        return try name(Translation.translated("a book name"))
    }

    /// A category's name; `kind`, when the statement has said one, narrows what
    /// completion offers, which never holds archived categories.
    mutating func categoryName(of kind: Kind? = nil) throws(Diagnostic) -> Located<String> {
        offer([.category(kind)])
        return try name(Translation.translated("a category name"))
    }
}
