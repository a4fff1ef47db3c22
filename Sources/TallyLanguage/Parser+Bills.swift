import TallyCore

extension Parser {
    // add = "add" [ [ kind ] amount name [ remark ] { "on" date | "at" place | TAG | "book" name | "with" name } ]
    mutating func add() throws(Diagnostic) -> AddBill {
        let kind = matchKind()
        return try billBody(kind: kind)
    }

    // quick_add = [ "-" | "+" ] amount name [ remark ] { "on" date | "at" place | TAG | "book" name | "with" name }
    //           | name amount [ remark ] { "on" date | "at" place | TAG | "book" name | "with" name }
    /// `-` spends and `+` receives; a bare amount is of its category's kind,
    /// as on Timi's keypad: `25 food lunch`, `200 salary`. The keypad asks
    /// for the category first, and so may the entry: `food 25 lunch`.
    mutating func quickAdd() throws(Diagnostic) -> LedgerStatement {
        .add(try quickBill())
    }

    /// A bill as quick entry writes one, amount or category first.
    mutating func quickBill() throws(Diagnostic) -> AddBill {
        if check(.word) || check(.string) {
            let category = try categoryName()
            let amount = try self.amount()
            return try billRest(AddBill(kind: nil, amount: amount, category: category))
        }
        let kind: Kind? = match(.plus) ? .income : match(.minus) ? .expense : nil
        return try billBody(kind: kind)
    }

    /// Whether a bill written category first starts here: a name, then an amount (`food 25`, `food ¥25`).
    func startsACategoryFirstBill() -> Bool {
        guard check(.word) || check(.string) else { return false }
        return check(.number, at: 1) || check(.currencySign, at: 1) && check(.number, at: 2)
    }

    private mutating func billBody(kind: Kind?) throws(Diagnostic) -> AddBill {
        let amount = try self.amount()
        let category = try categoryName(of: kind)
        return try billRest(AddBill(kind: kind, amount: amount, category: category))
    }

    /// What follows a bill's amount and category: its remark, then its clauses and tags.
    private mutating func billRest(_ read: AddBill) throws(Diagnostic) -> AddBill {
        var bill = read
        var tags = TagList()
        bill.remark = remark()
        // A date that ends the remark is the bill's date: `-25 food lunch yesterday`.
        if bill.date == nil, let date = dateEndingTheStatement() {
            bill.date = date
        }
        while true {
            offer(keywords: BillClauseWord.words)
            offer([.tag])
            if recurrence != nil { offer(keywords: RecurrenceClauseWord.words) }
            if atStatementEnd { break }
            if try recurrenceClause() { continue }
            if matchWord("on") {
                guard bill.date == nil else { throw Diagnostic(.duplicateClause("on", statement: .bill), at: previous.range) }
                bill.date = try date()
            } else if matchWord("at") {
                guard bill.place == nil else { throw Diagnostic(.duplicateClause("at", statement: .bill), at: previous.range) }
                // Past the remark, words that read as prose are no place, and not silently one.
                if check(.word), !readsAsAPlace() { throw Diagnostic(.notAPlace(peek.text), at: peek.range) }
                bill.place = try place()
            } else if check(.tag) {
                try tags.add(advance())
            } else if matchWord("book") {
                guard bill.book == nil else { throw Diagnostic(.duplicateClause("book", statement: .bill), at: previous.range) }
                bill.book = try bookName()
            } else if matchWord("with") {
                guard bill.account == nil else { throw Diagnostic(.duplicateClause("with", statement: .bill), at: previous.range) }
                offer([.account])
                bill.account = WithAccount(name: try name(Translation.translated("an account, such as card")), afterPlace: bill.place != nil)
            } else if bill.date == nil, let date = dateEndingTheStatement() {
                bill.date = date
            } else if recurrence != nil {
                throw unexpected(Translation.translated("'at PLACE', a #tag, 'book NAME', 'from PERIOD', 'until PERIOD', 'N times', 'on weekdays', 'ask' or end of statement"),
                                 suggestion: check(.word) ? Suggestion.nearest(to: peek.text, among: ["at", "book"] + RecurrenceClauseWord.words) : nil)
            } else {
                throw unexpected(Translation.translated("'on DATE', 'at PLACE', a #tag, 'book NAME' or end of statement"),
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
        guard let place = check(.string) ? advance().text : bareWords() else { throw unexpected(Translation.translated("a place, such as \"Wangfujing\"")) }
        return place
    }

    /// Unquoted words up to the next clause or tag: `-25 food lunch with team at KFC`.
    /// `on`, `at` and `book` start a clause only when what follows can be its
    /// value; otherwise they are words of the text: `coffee on the way`,
    /// `book for class`, `look at this`. A date that ends the statement is
    /// left for the bill. An amount with its currency's sign is one word: `tip ¥5`.
    private mutating func bareWords() -> String? {
        var words: [String] = []
        while check(.word) || check(.number) || check(.currencySign) {
            if startsAClause() || startsARecurrenceClause() || mightStartADate() && endsWithADate() { break }
            valueMayBeAParameter(.name)
            let word = advance()
            // `with` that ends the input is a word of the remark so far, but what may follow it is an account.
            if Names.key(word.text) == BillClauseWord.with.rawValue { offer([.account]) }
            if let last = words.last, word.kind == .currencySign || tokens[position - 2].kind == .currencySign,
               tokens[position - 2].range.end.offset == word.range.start.offset {
                words[words.count - 1] = last + word.text
            } else {
                words.append(word.text)
            }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Whether the word here is `on DATE`, `at PLACE` or `book NAME` and not
    /// part of a text. At the end of the statement each is a clause, so that
    /// a value left out is an error that says so.
    func startsAClause() -> Bool {
        guard check(.word) else { return false }
        var lookahead = self
        lookahead.advance()
        guard let clause = BillClauseWord(rawValue: peek.text.lowercased()) else { return false }
        // `with` ending a remark is a word of it, as it always was.
        if lookahead.atStatementEnd { return clause != .with }
        switch clause {
        case .on:
            // What could be meant as a date is read as one, so a wrong date is an error, not a remark.
            return lookahead.check(.number) || lookahead.checkDayWord() || lookahead.isParameterHere
                || lookahead.check(.word) && lookahead.monthNumber(lookahead.peek.text) != nil && lookahead.check(.number, at: 1)
        case .at:
            return lookahead.check(.string) || lookahead.check(.word) && lookahead.readsAsAPlace()
        case .book, .with:
            // A book's or account's name is one word, after which the statement goes on with a clause or ends:
            // `lunch with card`, but `lunch with the team`.
            guard lookahead.check(.word) || lookahead.check(.string) else { return false }
            lookahead.advance()
            return lookahead.atStatementEnd || lookahead.check(.tag) || lookahead.startsAClause() || lookahead.startsARecurrenceClause()
                || clause == .with && lookahead.endsWithADate()
        }
    }

    /// Words that follow `at` in a sentence rather than name a place: `look
    /// at this`, `at least`, `at once`. A place after one is quoted.
    static let proseAfterAt: Set<String> = [
        "this", "that", "these", "those", "it", "me", "you", "him", "her", "us", "them", "one", "all", "some", "any",
        "what", "which", "who", "whom", "each", "every", "least", "most", "last", "first", "once", "best", "worst",
        "random", "times", "night", "noon", "midnight",
    ]

    /// Whether the word here reads as the start of a place: `KFC`, `home`,
    /// `滴滴`; not a number (`at 5pm`) nor a word of prose (`at this`).
    func readsAsAPlace() -> Bool {
        guard check(.word), let first = peek.text.first, first.isLetter else { return false }
        return !Parser.proseAfterAt.contains(peek.text.lowercased())
    }

    private func mightStartADate() -> Bool {
        check(.number) || checkDayWord() || check(.word) && monthNumber(peek.text) != nil
    }

    /// Whether a date starts here and nothing but clauses or tags comes after it.
    func endsWithADate() -> Bool {
        var lookahead = self
        guard (try? lookahead.date()) != nil else { return false }
        return lookahead.atStatementEnd || lookahead.check(.tag) || lookahead.startsAClause() || lookahead.startsARecurrenceClause()
    }

    /// The date here, when one starts here and ends the statement or comes before its clauses.
    private mutating func dateEndingTheStatement() -> Located<DateSpec>? {
        guard endsWithADate() else { return nil }
        return try? date()
    }

    // amount = [ CURRENCY_SIGN ] NUMBER { ( "+" | "-" ) NUMBER } [ CURRENCY_SIGN ]
    /// With a decimal comma (`decimalMark`), `25,50` is 25.50.
    mutating func amount() throws(Diagnostic) -> AmountExpression {
        valueMayBeAParameter(.number("1"))
        let start = peek.range
        if check(.minus), check(.number, at: 1) {
            advance()
            let number = advance()
            throw Diagnostic(.amountNotPositive("-\(number.text)"), at: start.through(number.range))
        }
        var sign = check(.currencySign) ? currencySign() : nil
        var terms: [Located<ExactNumber>] = []
        var negated: [Bool] = []
        var isNegative = false
        while true {
            guard check(.number) else { throw unexpected(terms.isEmpty
                ? Translation.translated("an amount, such as 25.50") : Translation.translated("a number after '%s'", previous.text)) }
            let token = advance()
            var text = token.text
            var range = token.range
            if decimalMark == .comma, !text.contains("."), check(.comma), previousIsAdjacent(),
               check(.number, at: 1), !tokens[position + 1].text.contains("."), nextIsAdjacent() {
                advance()
                let fraction = advance()
                text += "." + fraction.text
                range = token.range.through(fraction.range)
            }
            guard let number = ExactNumber(text: text) else {
                throw Diagnostic(.badAmount(text, .tooLarge), at: range)
            }
            if check(.comma), previousIsAdjacent(), check(.number, at: 1) {
                let after = tokens[position + 1]
                if decimalMark == .comma ? nextIsAdjacent() : after.text.count == 3 {
                    throw Diagnostic(.thousandsSeparator, at: range.through(after.range))
                }
                if nextIsAdjacent(), !text.contains("."), !after.text.contains(".") {
                    throw Diagnostic(.decimalComma(point: "\(text).\(after.text)"), at: range.through(after.range))
                }
            }
            terms.append(Located(number, range))
            negated.append(isNegative)
            if check(.plus) || check(.minus), check(.number, at: 1) {
                isNegative = advance().kind == .minus
            } else {
                break
            }
        }
        if check(.currencySign), previousIsAdjacent() {
            guard sign == nil else { throw Diagnostic(.givenTwice(peek.text), at: peek.range) }
            sign = currencySign()
        }
        return AmountExpression(terms: terms, negated: negated, range: start.through(previous.range), currencySign: sign)
    }

    private mutating func currencySign() -> Located<Character> {
        let token = advance()
        return Located(Character(token.text), token.range)
    }

    // edit = "edit" ( BILL_ID assignments | bill_selection "set" assignments | "recurring" BILL_ID assignments )
    mutating func edit() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["where", "recurring"])
        if matchWord("recurring") {
            return .recurring(.edit(id: try recurringID(), assignments: try assignments()))
        }
        if check(.billID) {
            let id = try billID()
            return .edit(id: id, assignments: try assignments())
        }
        let (condition, period) = try billSelection()
        guard matchWord("set") else {
            throw unexpected(Translation.translated("'set' and the fields to change, such as set category=drinks"))
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
        guard check(.word) else { throw unexpected(Translation.translated("a field to change, such as amount=30")) }
        let fieldToken = advance()
        guard let field = EditField(named: fieldToken.text) else {
            if fieldToken.text.lowercased() == "kind" {
                throw Diagnostic(.kindFollowsCategory, at: fieldToken.range)
            }
            throw Diagnostic(
                .unknownName(kind: .field, name: fieldToken.text, suggestion: Suggestion.nearest(to: fieldToken.text, among: EditField.words)),
                at: fieldToken.range)
        }
        _ = try expect(.equal, Translation.translated("'=' after '%s'", fieldToken.text))
        if field == .tags { offer([.tag]) }
        switch field {
        case .amount: return (field, .amount(try amount()))
        case .category: return (field, .category(try categoryName()))
        case .remark: return (field, .remark(try text(Translation.translated("a remark, such as \"lunch\""))))
        case .place:
            let place = try text(Translation.translated("a place, such as \"KFC\""))
            return (field, .place(place.isEmpty ? nil : place))
        case .date: return (field, .date(try date()))
        case .book: return (field, .book(try bookName()))
        case .account: return (field, .account(try accountName()))
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
                guard check(.word) || check(.tag) || check(.string) else { throw unexpected(Translation.translated("a tag name")) }
                try tags.add(advance())
            } while match(.comma)
            _ = try expect(.rightParen, Translation.translated("',' or ')' to close the list of tags"))
        } else if check(.tag) {
            while check(.tag) { try tags.add(advance()) }
        } else {
            guard check(.word) || check(.string) else { throw unexpected(Translation.translated("tags, such as #work #lunch or (work, lunch)")) }
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
                guard check(.tag) else { throw unexpected(Translation.translated("a #tag after '%s', such as %s#coffee", previous.text, previous.text)) }
            }
            let tag = advance()
            let other = adds ? removing : adding
            if other.names.contains(Names.key(tag.text)) { throw Diagnostic(.givenTwice("#" + tag.text), at: tag.range) }
            if adds { try adding.add(tag) } else { try removing.add(tag) }
        } while check(.tag) || (check(.plus) || check(.minus)) && check(.tag, at: 1)
        return .adjust(adding: adding.names, removing: removing.names)
    }

    private mutating func text(_ expected: @autoclosure () -> String) throws(Diagnostic) -> String {
        guard check(.string) || check(.word) || check(.number) else { throw unexpected(expected()) }
        return advance().text
    }

    // delete = "delete" ( BILL_ID { [ "," ] BILL_ID } | bill_selection | "recurring" BILL_ID )
    mutating func delete() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["where", "recurring"])
        if matchWord("recurring") { return .recurring(.delete(id: try recurringID())) }
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
            } else if period == nil, check(.word), PeriodWord(rawValue: peek.keyword) != nil {
                period = try self.period()
            } else {
                break
            }
        }
        if condition == nil && period == nil {
            throw unexpected(Translation.translated("a bill id (#42), 'where CONDITION' or a period"))
        }
        return (condition, period)
    }

    mutating func billID() throws(Diagnostic) -> Located<Int64> {
        guard check(.billID) else { throw unexpected(Translation.translated("a bill id, such as #42")) }
        let token = advance()
        guard let id = Int64(token.text) else { throw Diagnostic(.noSuchBill(token.text), at: token.range) }
        return Located(id, token.range)
    }
}

extension Parser {
    /// `text` as one whole amount, such as `12+8.5-3`: for answers to a guided entry.
    public static func amount(_ text: String, decimalMark: DecimalMark = .point) throws(Diagnostic) -> AmountExpression {
        var parser = Parser(text, decimalMark: decimalMark)
        let amount = try parser.amount()
        guard parser.atStatementEnd else { throw parser.unexpected(Translation.translated("the end of the amount")) }
        return amount
    }

    /// `text` as a bill's tags, each a word or a #tag, between spaces or commas:
    /// `work trip`, `#work, #trip`. For answers to a guided entry.
    public static func tags(_ text: String) throws(Diagnostic) -> [String] {
        var parser = Parser(text)
        var tags = TagList()
        while !parser.atStatementEnd {
            guard parser.check(.word) || parser.check(.tag) else { throw parser.unexpected(Translation.translated("tags, such as work trip")) }
            try tags.add(parser.advance())
            _ = parser.match(.comma)
        }
        return tags.names
    }

    /// `text` as one whole date: `2016-07-01`, `dec 30`, `today` or `昨天`.
    public static func date(_ text: String) throws(Diagnostic) -> DateSpec {
        var parser = Parser(text)
        let date = try parser.date()
        guard parser.atStatementEnd else { throw parser.unexpected(Translation.translated("the end of the date")) }
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
