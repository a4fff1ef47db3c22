import TallyCore

extension Parser {
    // add = "add" [ [ kind ] amount name [ remark ] { "on" date | "at" place | TAG | "book" name } ]
    mutating func add() throws(Diagnostic) -> AddBill {
        let kind = matchKind()
        return try billBody(kind: kind)
    }

    // quick_add = [ "-" | "+" ] amount name [ remark ] { "on" date | "at" place | TAG | "book" name }
    /// A bare amount is spent, as on Timi's keypad: `25 food lunch`.
    mutating func quickAdd() throws(Diagnostic) -> LedgerStatement {
        let kind: Kind
        if match(.plus) {
            kind = .income
        } else {
            _ = match(.minus)
            kind = .expense
        }
        return .add(try billBody(kind: kind))
    }

    private mutating func billBody(kind: Kind?) throws(Diagnostic) -> AddBill {
        let amount = try self.amount()
        let category = try categoryName(of: kind)
        var bill = AddBill(kind: kind, amount: amount, category: category)
        var tags = TagList()
        bill.remark = remark()
        // A date that ends the remark is the bill's date: `-25 food lunch yesterday`.
        if bill.date == nil, let date = dateEndingTheStatement() {
            bill.date = date
        }
        while true {
            offer(keywords: BillClauseWord.words)
            offer([.tag])
            if atStatementEnd { break }
            if matchWord("on") {
                guard bill.date == nil else { throw Diagnostic(.duplicateClause("on", statement: "bill"), at: previous.range) }
                bill.date = try date()
            } else if matchWord("at") {
                guard bill.place == nil else { throw Diagnostic(.duplicateClause("at", statement: "bill"), at: previous.range) }
                bill.place = try place()
            } else if check(.tag) {
                try tags.add(advance())
            } else if matchWord("book") {
                guard bill.book == nil else { throw Diagnostic(.duplicateClause("book", statement: "bill"), at: previous.range) }
                bill.book = try bookName()
            } else if bill.date == nil, let date = dateEndingTheStatement() {
                bill.date = date
            } else {
                throw unexpected("'on DATE', 'at PLACE', a #tag, 'book NAME' or end of statement",
                                 suggestion: check(.word) ? Suggestion.nearest(to: peek.text, among: BillClauseWord.words) : nil)
            }
        }
        bill.tags = tags.names
        return bill
    }

    // remark = STRING | WORD { WORD }
    private mutating func remark() -> String? {
        check(.string) ? advance().text : bareWords()
    }

    // place = STRING | WORD { WORD }
    private mutating func place() throws(Diagnostic) -> String {
        guard let place = check(.string) ? advance().text : bareWords() else { throw unexpected("a place, such as \"Wangfujing\"") }
        return place
    }

    /// Unquoted words up to the next clause or tag: `-25 food lunch with team at KFC`.
    /// `on`, `at` and `book` start a clause only when what follows can be its
    /// value; otherwise they are words of the text: `coffee on the way`,
    /// `book for class`. A date that ends the statement is left for the bill.
    private mutating func bareWords() -> String? {
        var words: [String] = []
        while check(.word) || check(.number) {
            if startsAClause() || mightStartADate() && endsWithADate() { break }
            valueMayBeAParameter(.name)
            words.append(advance().text)
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Whether the word here is `on DATE`, `at PLACE` or `book NAME` and not
    /// part of a text. At the end of the statement each is a clause, so that
    /// a value left out is an error that says so.
    private func startsAClause() -> Bool {
        guard check(.word) else { return false }
        var lookahead = self
        lookahead.advance()
        guard let clause = BillClauseWord(rawValue: peek.text.lowercased()) else { return false }
        if lookahead.atStatementEnd { return true }
        switch clause {
        case .on:
            // What could be meant as a date is read as one, so a wrong date is an error, not a remark.
            return lookahead.check(.number) || lookahead.checkWord("today") || lookahead.checkWord("yesterday") || lookahead.isParameterHere
                || lookahead.check(.word) && lookahead.monthNumber(lookahead.peek.text) != nil && lookahead.check(.number, at: 1)
        case .at:
            return lookahead.check(.word) || lookahead.check(.string)
        case .book:
            // A book's name is one word, after which the statement goes on with a clause or ends.
            guard lookahead.check(.word) || lookahead.check(.string) else { return false }
            lookahead.advance()
            return lookahead.atStatementEnd || lookahead.check(.tag) || lookahead.startsAClause()
        }
    }

    private func mightStartADate() -> Bool {
        check(.number) || checkWord("today") || checkWord("yesterday") || check(.word) && monthNumber(peek.text) != nil
    }

    /// Whether a date starts here and nothing but clauses or tags comes after it.
    private func endsWithADate() -> Bool {
        var lookahead = self
        guard (try? lookahead.date()) != nil else { return false }
        return lookahead.atStatementEnd || lookahead.check(.tag) || lookahead.startsAClause()
    }

    /// The date here, when one starts here and ends the statement or comes before its clauses.
    private mutating func dateEndingTheStatement() -> Located<DateSpec>? {
        guard endsWithADate() else { return nil }
        return try? date()
    }

    // amount = NUMBER { ( "+" | "-" ) NUMBER }
    mutating func amount() throws(Diagnostic) -> AmountExpression {
        valueMayBeAParameter(.number("1"))
        let start = peek.range
        if check(.minus), check(.number, at: 1) {
            advance()
            let number = advance()
            throw Diagnostic(.amountNotPositive("-\(number.text)"), at: start.through(number.range))
        }
        var terms: [Located<ExactNumber>] = []
        var negated: [Bool] = []
        var isNegative = false
        while true {
            guard check(.number) else { throw unexpected(terms.isEmpty ? "an amount, such as 25.50" : "a number after '\(previous.text)'") }
            let token = advance()
            guard let number = ExactNumber(text: token.text) else {
                throw Diagnostic(.badAmount(token.text, .tooLarge), at: token.range)
            }
            if check(.comma), previous.range.end.offset == peek.range.start.offset, check(.number, at: 1),
               tokens[position + 1].text.count == 3 {
                throw Diagnostic(.thousandsSeparator, at: token.range.through(tokens[position + 1].range))
            }
            terms.append(Located(number, token.range))
            negated.append(isNegative)
            if check(.plus) || check(.minus), check(.number, at: 1) {
                isNegative = advance().kind == .minus
            } else {
                break
            }
        }
        return AmountExpression(terms: terms, negated: negated, range: start.through(previous.range))
    }

    // edit = "edit" ( BILL_ID assignments | bill_selection "set" assignments )
    mutating func edit() throws(Diagnostic) -> LedgerStatement {
        if check(.billID) {
            let id = try billID()
            return .edit(id: id, assignments: try assignments())
        }
        let (condition, period) = try billSelection()
        guard matchWord("set") else {
            throw unexpected("'set' and the fields to change, such as set category=drinks")
        }
        return .editWhere(condition: condition, period: period, assignments: try assignments())
    }

    // assignments = assignment { [ "," ] assignment }
    /// Each field at most once, so what an edit sets does not hang on the order it is written in.
    private mutating func assignments() throws(Diagnostic) -> [Assignment] {
        var assignments: [Assignment] = []
        var fields: Set<EditField> = []
        repeat {
            if !assignments.isEmpty { _ = match(.comma) }
            let start = peek
            let (field, assignment) = try self.assignment()
            guard fields.insert(field).inserted else { throw Diagnostic(.givenTwice(start.text), at: start.range) }
            assignments.append(assignment)
            offer(keywords: EditField.allCases.filter { !fields.contains($0) }.map(\.rawValue))
        } while !atStatementEnd
        return assignments
    }

    // assignment = EDIT_FIELD "=" ( amount | name | date | tag_list | STRING )
    mutating func assignment() throws(Diagnostic) -> (EditField, Assignment) {
        offer(keywords: EditField.words)
        guard check(.word) else { throw unexpected("a field to change, such as amount=30") }
        let fieldToken = advance()
        guard let field = EditField(named: fieldToken.text) else {
            if fieldToken.text.lowercased() == "kind" {
                throw Diagnostic(.kindFollowsCategory, at: fieldToken.range)
            }
            throw Diagnostic(
                .unknownName(kind: "field", name: fieldToken.text, suggestion: Suggestion.nearest(to: fieldToken.text, among: EditField.words)),
                at: fieldToken.range)
        }
        _ = try expect(.equal, "'=' after '\(fieldToken.text)'")
        if field == .tags { offer([.tag]) }
        switch field {
        case .amount: return (field, .amount(try amount()))
        case .category: return (field, .category(try categoryName()))
        case .remark: return (field, .remark(try text("a remark, such as \"lunch\"")))
        case .place:
            let place = try text("a place, such as \"KFC\"")
            return (field, .place(place.isEmpty ? nil : place))
        case .date: return (field, .date(try date()))
        case .book: return (field, .book(try bookName()))
        case .tags:
            let start = peek.range
            let change = try tagList()
            return (field, .tags(Located(change, start.through(previous.range))))
        }
    }

    // tag_list = "(" [ tag_name { "," tag_name } ] ")" | TAG { TAG } | tag_name | tag_change
    private mutating func tagList() throws(Diagnostic) -> TagChange {
        if check(.plus) || check(.minus) { return try tagChange() }
        var tags = TagList()
        if match(.leftParen) {
            if match(.rightParen) { return .replace([]) }
            repeat {
                guard check(.word) || check(.tag) || check(.string) else { throw unexpected("a tag name") }
                try tags.add(advance())
            } while match(.comma)
            _ = try expect(.rightParen, "',' or ')' to close the list of tags")
        } else if check(.tag) {
            while check(.tag) { try tags.add(advance()) }
        } else {
            guard check(.word) || check(.string) else { throw unexpected("tags, such as #work #lunch or (work, lunch)") }
            try tags.add(advance())
        }
        return .replace(tags.names)
    }

    // tag_change = ( "+" | "-" ) TAG { [ "+" | "-" ] TAG }
    /// A sign holds for the tags after it until the next sign: `+#a #b -#c`.
    private mutating func tagChange() throws(Diagnostic) -> TagChange {
        var adding = TagList()
        var removing = TagList()
        var adds = true
        repeat {
            if check(.plus) || check(.minus) {
                adds = advance().kind == .plus
                guard check(.tag) else { throw unexpected("a #tag after '\(previous.text)', such as \(previous.text)#coffee") }
            }
            let tag = advance()
            let other = adds ? removing : adding
            if other.names.contains(Names.key(tag.text)) { throw Diagnostic(.givenTwice("#" + tag.text), at: tag.range) }
            if adds { try adding.add(tag) } else { try removing.add(tag) }
        } while check(.tag) || (check(.plus) || check(.minus)) && check(.tag, at: 1)
        return .adjust(adding: adding.names, removing: removing.names)
    }

    private mutating func text(_ expected: String) throws(Diagnostic) -> String {
        guard check(.string) || check(.word) || check(.number) else { throw unexpected(expected) }
        return advance().text
    }

    // delete = "delete" ( BILL_ID { [ "," ] BILL_ID } | bill_selection )
    mutating func delete() throws(Diagnostic) -> LedgerStatement {
        if check(.billID) {
            var ids = [try billID()]
            while !atStatementEnd {
                _ = match(.comma)
                ids.append(try billID())
            }
            return .deleteBills(ids: ids)
        }
        let (condition, period) = try billSelection()
        return .deleteWhere(condition: condition, period: period)
    }

    // bill_selection = "where" condition [ period ] | period [ "where" condition ]
    /// The bills `delete` and `edit` change when no id names them.
    private mutating func billSelection() throws(Diagnostic) -> (Condition?, Located<PeriodSpec>?) {
        var condition: Condition?
        var period: Located<PeriodSpec>?
        while true {
            if period == nil { offer(keywords: PeriodWord.words) }
            if condition == nil, matchWord("where") {
                condition = try self.condition()
            } else if period == nil, check(.word), PeriodWord(rawValue: peek.text.lowercased()) != nil {
                period = try self.period()
            } else {
                break
            }
        }
        if condition == nil && period == nil {
            throw unexpected("a bill id (#42), 'where CONDITION' or a period")
        }
        return (condition, period)
    }

    mutating func billID() throws(Diagnostic) -> Located<Int64> {
        guard check(.billID) else { throw unexpected("a bill id, such as #42") }
        let token = advance()
        guard let id = Int64(token.text) else { throw Diagnostic(.noSuchBill(token.text), at: token.range) }
        return Located(id, token.range)
    }
}

extension Parser {
    /// `text` as one whole amount, such as `12+8.5-3`: for answers to a guided entry.
    public static func amount(_ text: String) throws(Diagnostic) -> AmountExpression {
        var parser = Parser(text)
        let amount = try parser.amount()
        guard parser.atStatementEnd else { throw parser.unexpected("the end of the amount") }
        return amount
    }

    /// `text` as a bill's tags, each a word or a #tag, between spaces or commas:
    /// `work trip`, `#work, #trip`. For answers to a guided entry.
    public static func tags(_ text: String) throws(Diagnostic) -> [String] {
        var parser = Parser(text)
        var tags = TagList()
        while !parser.atStatementEnd {
            guard parser.check(.word) || parser.check(.tag) else { throw parser.unexpected("tags, such as work trip") }
            try tags.add(parser.advance())
            _ = parser.match(.comma)
        }
        return tags.names
    }

    /// `text` as one whole date: `2016-07-01`, `today` or `yesterday`.
    public static func date(_ text: String) throws(Diagnostic) -> DateSpec {
        var parser = Parser(text)
        let date = try parser.date()
        guard parser.atStatementEnd else { throw parser.unexpected("the end of the date") }
        return date.value
    }
}

/// A bill's tags as they are written: lower case, each once, in the order
/// first written, and no more than a bill may carry.
public struct TagList {
    static let maximumCount = 100

    public private(set) var names: [String] = []
    private var seen: Set<String> = []

    public init() {}

    mutating func add(_ token: Token) throws(Diagnostic) {
        if let problem = TagList.problem(with: token.text) ?? add(name: Names.key(token.text)) {
            throw Diagnostic(problem, at: token.range)
        }
    }

    /// Adds the tag `name`, lower case and allowed by `problem(with:)`,
    /// unless it is there already; or says why it can't.
    public mutating func add(name: String) -> Problem? {
        guard seen.insert(name).inserted else { return nil }
        guard names.count < TagList.maximumCount else { return .tooManyTags(TagList.maximumCount) }
        names.append(name)
        return nil
    }

    /// Why `text` can't be a tag, or nil when it can. The rule is `add`'s,
    /// where a tag is what `#` and the text read as, so the lexer decides:
    /// `a,#b` and `a:b` are not tags, and `#42` is a bill id.
    public static func problem(with text: String) -> Problem? {
        if text.contains(where: \.isWhitespace) { return .tagWithSpaces }
        if let problem = Names.problem(with: text) { return .badName(problem) }
        let tokens = Lexer.tokens("#" + text)
        if tokens.count == 2 && tokens[0].kind == .tag && tokens[0].text == text { return nil }
        let read = tokens[0].kind == .tag || tokens[0].kind == .billID ? tokens[0].text.count : 0
        let characters = Lexer.characters(of: text)
        return .notATag(text, stop: read < characters.count ? characters[read] : nil)
    }
}
