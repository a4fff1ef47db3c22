import TallyCore

/// A statement and the text it was read from.
public struct ParsedStatement: Sendable {
    public let statement: Statement
    public let range: SourceRange
    /// The statement as written, for the undo history to name it by.
    public let text: String

    public init(statement: Statement, range: SourceRange, text: String) {
        self.statement = statement
        self.range = range
        self.text = text
    }
}

/// A recursive-descent parser shaped like `Grammar/tally.ebnf`: one method
/// per production, named after it, with the production in a comment on top.
public struct Parser {
    /// Parentheses and `not`s nest at most this deep, so hostile input gets an
    /// error instead of exhausting the stack.
    public static let maximumDepth = 100

    /// Read from the text, and changed only where a parameter of a statement
    /// being saved stands for a value (`valueMayBeAParameter`).
    var tokens: TokenStream
    /// The text as the lexer saw it, for statements that keep their own text (`save`, `run`).
    let characters: [Character]
    /// The text's bytes when each is one of `characters`.
    private let plainBytes: [UInt8]?
    let log: ExpectedInputLog?
    var position = 0
    var depth = 0
    /// The kind the query being read selects, so completion offers only its categories.
    var queryKind: Kind?
    /// How the user's locale writes decimals: with a comma, an amount to
    /// store may be written `25,50` (a point is a decimal point everywhere).
    let decimalMark: DecimalMark
    /// The parameters of the statement being saved, while it is read.
    var parameters: ParameterUses?
    /// Whether a word names a saved statement, asked as each statement is
    /// read: `lunch 12 2016-07-18` runs the saved `lunch` with two values,
    /// where without one it would be a bill of the category lunch.
    let isSaved: (String) -> Bool
    /// The clauses of the recurring bill being read, while one is.
    var recurrence: RecurrenceClauses?

    public init(
        _ text: String, log: ExpectedInputLog? = nil, decimalMark: DecimalMark = .point, isSaved: @escaping (String) -> Bool = { _ in false }
    ) {
        (characters, plainBytes) = Lexer.read(text)
        tokens = TokenStream(characters: characters)
        self.log = log
        self.decimalMark = decimalMark
        self.isSaved = isSaved
    }

    // script = [ statement ] { separator [ statement ] }
    /// Every statement of `text`, or the first error.
    public static func parse(_ text: String) throws(Diagnostic) -> [Statement] {
        var parser = Parser(text)
        var statements: [Statement] = []
        while let result = parser.next() {
            switch result {
            case .success(let parsed): statements.append(parsed.statement)
            case .failure(let diagnostic): throw diagnostic
            }
        }
        return statements
    }

    /// The next statement, or nil at the end of the input. After an error the
    /// rest of that statement is skipped, so the caller may go on with the next.
    public mutating func next() -> Result<ParsedStatement, Diagnostic>? {
        separators()
        tokens.beginStatement(at: position)
        if position == 0 || previous.kind == .separator {
            offer(keywords: ChineseWords.startingAStatement)
            offer([.savedQuery])
        }
        if check(.end) { return nil }
        depth = 0
        let start = peek.range
        do throws(Diagnostic) {
            let statement = try self.statement()
            let end = previous.range
            if !check(.separator) && !check(.end) {
                throw unexpected(Translation.translated("end of statement"))
            }
            let range = start.through(end)
            let text = written(range.start.offset..<range.end.offset)
            return .success(ParsedStatement(statement: statement, range: range, text: text))
        } catch {
            while !check(.separator) && !check(.end) { advance() }
            return .failure(error)
        }
    }

    // statement = query | add | quick_add | edit | delete | undo | changes
    //           | book_statement | "use" name | category_statement | category_list | tag_statement
    //           | "books" [ format_clause ] | set | help | "about" | "check" | "quit" | "exit"
    //           | save | "saved" | "forget" NAME | run | view | budget | photo | import | export | report | backup
    //           | "profiles" | profile | "rules" | rule | recurring_add | recurring_statement
    //           | pause | accept | "due" [ format_clause ] | upcoming | rate | "rates" [ format_clause ]
    //           | account_statement | accounts | transfer | balances | reconcile | saved_call
    mutating func statement() throws(Diagnostic) -> Statement {
        if check(.minus) || check(.plus) || check(.number) || check(.currencySign) { return .ledger(try quickAdd()) }
        let word = check(.word) ? StatementWord(rawValue: peek.keyword) : nil
        if word == nil, startsACategoryFirstBill(), !isSaved(peek.text) { return .ledger(try quickAdd()) }
        guard check(.word) else { throw unexpected(Translation.translated("a statement")) }
        guard let word else { return .session(try savedCall()) }
        switch word {
        case .sum: return .ledger(try aggregateQuery(.sum))
        case .count: return .ledger(try aggregateQuery(.count))
        case .avg: return .ledger(try aggregateQuery(.avg))
        case .min: return .ledger(try aggregateQuery(.min))
        case .max: return .ledger(try aggregateQuery(.max))
        case .list: return .ledger(try aggregateQuery(.list))
        case .add:
            advance()
            return atStatementEnd ? .session(.guidedAdd) : .ledger(.add(try add()))
        case .edit: advance(); return .ledger(try edit())
        case .delete: advance(); return .ledger(try delete())
        case .undo, .redo: return .session(try undo(word))
        case .changes, .history: return .session(try changes())
        case .books: advance(); return .ledger(try formatted(.books))
        case .categories: advance(); return .ledger(try formatted(try categoryList()))
        case .book: advance(); return .ledger(try bookStatement())
        case .use: advance(); return .ledger(.bookUse(name: try bookName()))
        case .category: advance(); return .ledger(try categoryStatement())
        case .tag: advance(); return .ledger(try tagStatement())
        case .set: advance(); return .ledger(try set())
        case .help: return .session(help())
        case .quit, .exit: advance(); return .session(.quit)
        case .save: advance(); return .ledger(try save())
        case .saved: advance(); return .ledger(.saved)
        case .forget:
            advance()
            offer([.savedQuery])
            return .ledger(.forget(name: try name(Translation.translated("the name of a saved statement"))))
        case .run:
            advance()
            offer([.savedQuery, .file])
            return .session(.run(target: try rawArgument(Translation.translated("a file or the name of a saved statement"))))
        case .about: advance(); return .session(.about)
        case .check: advance(); return .session(.check)
        case .timeline: return .ledger(try view(.timeline))
        case .pie: return .ledger(try view(.pie))
        case .months: return .ledger(try view(.months))
        case .detail: return .ledger(try view(.detail))
        case .show: return .ledger(try view(.show))
        case .search: return .ledger(try view(.search))
        case .budget:
            advance()
            let budget = try self.budget()
            guard case .budgetReport = budget else { return .ledger(budget) }
            return .ledger(try formatted(budget))
        case .attach: return try photoStatement(.attach)
        case .attachments: return try photoStatement(.attachments)
        case .extract: return try photoStatement(.extract)
        case .detach: return try photoStatement(.detach)
        case .import: return .session(try importStatement())
        case .export: return .ledger(try exportStatement())
        case .report: return .ledger(try reportStatement())
        case .backup: return .session(try backupStatement())
        case .profiles: advance(); return .ledger(.profiles)
        case .profile: advance(); return .ledger(try profileStatement())
        case .rules: advance(); return .ledger(.rules)
        case .rule: advance(); return .ledger(try ruleStatement())
        case .every: return .ledger(try recurringAdd())
        case .recurring: return .ledger(try recurringStatement())
        case .pause, .resume: return .ledger(try pauseStatement(pausing: word == .pause))
        case .due: advance(); return .ledger(try formatted(.recurring(.due)))
        case .accept, .skip: return .ledger(try acceptStatement(accepting: word == .accept))
        case .upcoming: return .ledger(try upcomingStatement())
        case .rate: return .ledger(try rateStatement())
        case .rates: advance(); return .ledger(try formatted(.rates))
        case .account: return .ledger(try accountStatement())
        case .accounts: return .ledger(try accountsStatement())
        case .transfer: return .ledger(try transferStatement())
        case .balances: return .ledger(try balancesStatement())
        case .reconcile: return .ledger(try reconcileStatement())
        }
    }

    /// A view, shown as its `as FORMAT` says when it has one: `pie as json`, as a query would be.
    mutating func formatted(_ view: LedgerStatement) throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["as"])
        guard matchWord("as") else { return view }
        return .formatted(view, as: try format())
    }

    private mutating func aggregateQuery(_ aggregate: Aggregate) throws(Diagnostic) -> LedgerStatement {
        advance()
        return .query(try query(aggregate))
    }

    // undo = ( "undo" | "redo" ) [ INTEGER ]
    private mutating func undo(_ word: StatementWord) throws(Diagnostic) -> SessionStatement {
        advance()
        let steps = try optionalCount(Translation.translated("how many changes, such as 3"))
        return word == .undo ? .undo(steps: steps) : .redo(steps: steps)
    }

    // changes = ( "changes" | "history" ) [ INTEGER ]
    private mutating func changes() throws(Diagnostic) -> SessionStatement {
        advance()
        return .changes(limit: try optionalCount(Translation.translated("how many changes to list, such as 50")))
    }

    /// A whole number above zero when the statement goes on, else nothing.
    private mutating func optionalCount(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<Int>? {
        guard !atStatementEnd else { return nil }
        let start = peek.range
        return Located(try count(expected()), start)
    }

    // separator = NEWLINE | ";"
    /// Blank statements between separators are nothing to run.
    private mutating func separators() {
        while check(.separator) { advance() }
    }

    // help = "help" [ WORD ]
    private mutating func help() -> SessionStatement {
        advance()
        offer([.helpTopic])
        guard check(.word) else { return .help(topic: nil) }
        let topic = advance()
        return .help(topic: Located(topic.keyword, topic.range))
    }

    // book_statement = "book" ( "add" name [ "currency" CODE ] | "rename" name "to" name
    //                         | "delete" name [ "into" name ] | "use" name )
    mutating func bookStatement() throws(Diagnostic) -> LedgerStatement {
        switch try subcommand(["add", "rename", "delete", "use"]) {
        case "add":
            let name = try bookName()
            let currency = matchWord("currency") ? try self.name(Translation.translated("a currency code such as CNY")) : nil
            return .bookAdd(name: name, currency: currency)
        case "rename":
            let old = try bookName()
            try expectWord("to")
            return .bookRename(old: old, new: try name(Translation.translated("the new book name")))
        case "delete":
            let name = try bookName()
            return .bookDelete(name: name, into: matchWord("into") ? try self.bookName() : nil)
        default:
            return .bookUse(name: try bookName())
        }
    }

    // set = "set" NAME VALUE
    mutating func set() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: Setting.words)
        guard check(.word) else { throw unexpected(Translation.translated("a setting name, such as weekstart")) }
        let name = advance()
        offer(keywords: Setting(named: name.text)?.values ?? [])
        guard check(.word) || check(.string) || check(.number) else { throw unexpected(Translation.translated("a value for '%s'", name.text)) }
        let value = advance()
        return .set(name: Located(name.text.lowercased(), name.range), value: Located(value.text, value.range))
    }

    // save = "save" NAME [ parameters ] statement
    mutating func save() throws(Diagnostic) -> LedgerStatement {
        guard check(.word) else { throw unexpected(Translation.translated("a name for the statement, such as monthly")) }
        let name = advance()
        if check(.minus), previous.range.end.offset == peek.range.start.offset, nextIsAdjacent() {
            let written = name.range.through(tokens[position + 1].range)
            throw Diagnostic(
                .savedNameWithHyphen(suggested: "\(name.text)_\(tokens[position + 1].text)"),
                at: written)
        }
        guard StatementWord(rawValue: name.text.lowercased()) == nil else {
            throw Diagnostic(.savedNameIsAStatement(name.text), at: name.range)
        }
        let declared = try parameterList()
        let start = peek.range
        if checkWord("save") { throw Diagnostic(.saveInSave, at: peek.range) }
        let uses = ParameterUses(declared.map(\.value))
        if !declared.isEmpty { parameters = uses }
        defer { parameters = nil }
        let body = try statement()
        if let unused = uses.firstUnused { throw Diagnostic(.parameterUnused(declared[unused].value), at: declared[unused].range) }
        let text = written(start.start.offset..<previous.range.end.offset)
        var calls: Located<String>?
        if case .session(.runSaved(let called, _, _)) = body { calls = called }
        return .save(name: Located(name.text, name.range), parameters: declared, statement: text, calls: calls)
    }

    // run = "run" ( STRING | PATH | NAME )
    /// A file path or a name: a string, or the rest of the statement as written,
    /// so a bare path such as `~/scripts/weekly.tally` needs no quotes.
    mutating func rawArgument(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<String> {
        if check(.string) {
            let token = advance()
            return Located(token.text, token.range)
        }
        guard !atStatementEnd else { throw unexpected(expected()) }
        let first = peek.range
        while !atStatementEnd {
            try refuseBrokenString()
            advance()
        }
        offer([.file])
        let range = first.through(previous.range)
        return Located(written(range.start.offset..<range.end.offset), range)
    }

    /// A file to write, as `rawArgument` reads it, and whether the
    /// statement ends with `overwrite`, apart from the path: `copy.jpg overwrite`.
    mutating func rawArgumentToWrite(_ expected: @autoclosure () -> String) throws(Diagnostic) -> (Located<String>, overwrites: Bool) {
        if check(.string) {
            let token = advance()
            return (Located(token.text, token.range), matchWord("overwrite"))
        }
        guard !atStatementEnd else { throw unexpected(expected()) }
        let first = peek.range
        var last = first
        var overwrites = false
        while !atStatementEnd {
            try refuseBrokenString()
            let token = advance()
            if atStatementEnd, token.isWord("overwrite"), token.range.start.offset > last.end.offset {
                overwrites = true
            } else {
                last = token.range
            }
        }
        offer([.file])
        let range = first.through(last)
        return (Located(written(range.start.offset..<range.end.offset), range), overwrites)
    }

    /// Characters the language has no token for (`/`, `~`) are part of a
    /// bare path; a quote the lexer could not read as a string (left open, or
    /// with an unknown escape) is a mistake to point at, never part of a name.
    func refuseBrokenString() throws(Diagnostic) {
        if let error = peek.lexError, ["\"", "'"].contains(characters[peek.range.start.offset]) {
            throw Diagnostic(.unreadable(error), at: peek.range)
        }
    }

    // name = WORD | STRING
    mutating func name(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<String> {
        valueMayBeAParameter(.name)
        guard check(.word) || check(.string) else { throw unexpected(expected()) }
        let token = advance()
        if let problem = Names.problem(with: token.text) {
            throw Diagnostic(.badName(problem), at: token.range)
        }
        return Located(token.text, token.range)
    }

    // kind = "expense" | "income"
    mutating func matchKind() -> Kind? {
        offer(keywords: ["expense", "income"])
        guard check(.word), let kind = Kind(rawValue: peek.keyword) else { return nil }
        advance()
        return kind
    }

    mutating func subcommand(_ words: [String]) throws(Diagnostic) -> String {
        offer(keywords: words)
        guard check(.word), words.contains(peek.text.lowercased()) else {
            let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: words) : nil
            throw unexpected(Parser.alternatives(words), suggestion: suggestion)
        }
        return advance().text.lowercased()
    }

    // MARK: Helpers

    /// The text between two offsets of `characters`, as written.
    func written(_ offsets: Range<Int>) -> String {
        guard let plainBytes else { return String(characters[offsets]) }
        return String(decoding: plainBytes[offsets], as: UTF8.self)
    }

    var peek: Token { tokens[position] }
    var previous: Token { tokens[max(0, position - 1)] }

    func check(_ kind: TokenKind) -> Bool { peek.kind == kind }
    func checkWord(_ word: String) -> Bool {
        offer(keywords: [word])
        return peek.isWord(word)
    }

    func check(_ kind: TokenKind, at distance: Int) -> Bool {
        tokens.has(position + distance) && tokens[position + distance].kind == kind
    }

    /// Whether the token after this one starts right where this one ends: `2016-07` and not `2016 - 07`.
    func nextIsAdjacent() -> Bool {
        tokens.has(position + 1) && tokens[position + 1].range.start.offset == peek.range.end.offset
    }

    /// Whether the current token starts right where the one before it ended.
    func previousIsAdjacent() -> Bool {
        position > 0 && tokens[position - 1].range.end.offset == peek.range.start.offset
    }

    var atStatementEnd: Bool { check(.separator) || check(.end) }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if token.kind != .end {
            position += 1
            tokens.keepAhead(of: position)
        }
        return token
    }

    mutating func matchWord(_ word: String) -> Bool {
        guard checkWord(word) else { return false }
        advance()
        return true
    }

    mutating func match(_ kind: TokenKind) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    mutating func expectWord(_ word: String) throws(Diagnostic) {
        guard matchWord(word) else {
            let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: [word]) : nil
            throw unexpected("'\(word)'", suggestion: suggestion)
        }
    }

    mutating func expect(_ kind: TokenKind, _ expected: @autoclosure () -> String) throws(Diagnostic) -> Token {
        guard check(kind) else { throw unexpected(expected()) }
        return advance()
    }

    /// The error for the current token: the lexer's own message when it could not read it.
    /// `expected` is in the reader's language already, translated where it is written.
    func unexpected(_ expected: String, suggestion: String? = nil) -> Diagnostic {
        if let error = peek.lexError { return Diagnostic(.unreadable(error), at: peek.range) }
        return Diagnostic(.unexpected(found: peek.quoted, expected: expected, suggestion: suggestion), at: peek.range)
    }

    /// `'a', 'b' or 'c'`, joined as the reader's language joins them.
    static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return Translation.translated("%s or %s", listing(quoted.dropLast()), last)
    }

    /// `a, b, c`, separated as the reader's language separates the items of a list.
    static func listing(_ items: some Sequence<String>) -> String {
        // Numbered, so as to be a text of its own: Chinese parts clauses (`%s, %s`) with ，and the items of a list with 、.
        let separated = Translation.translated("%1$s, %2$s")
        return items.reduce(nil) { (list: String?, item) in list.map { Translation.format(separated, $0, item) } ?? item } ?? ""
    }
}
