import TallyCore

extension Parser {
    static let listOrderKeys = ["date", "amount", "id", "category", "book", "place", "remark", "kind"]

    // query = AGGREGATE [ kind_selector ] { where_clause | period | by_clause | order_clause
    //                                      | limit_clause | top_clause | "with" "forecast" | "in" CODE | format_clause | TAG }
    mutating func query(_ aggregate: Aggregate) throws(Diagnostic) -> Query {
        var query = Query(aggregate: aggregate)
        query.kind = kindSelector()
        queryKind = query.kind?.kind
        defer { queryKind = nil }
        var seen: [ClauseWord: SourceRange] = [:]
        var tagged: [Condition] = []
        while true {
            offer(keywords: ClauseWord.allCases.filter { seen[$0] == nil }.flatMap(\.words))
            offer([.tag])
            if atStatementEnd { break }
            // `#work` alone is `where tag = work`, joined to any other condition with `and`.
            if check(.tag) {
                let tag = advance()
                tagged.append(.comparison(Comparison(
                    field: Located(.tag, tag.range), op: Located(.equal, tag.range), operands: [Located(.text(tag.text), tag.range)])))
                continue
            }
            guard check(.word) else { throw unexpected(Parser.clauseExpectation) }
            let word = peek.keyword
            // `in CNY` asks for one currency; `in 2016` or `in dec` is a period.
            if word == "in", query.currency == nil, check(.end, at: 1) { log?.note(.currencyInUse) }
            if word == "in", startsACurrency(at: 1) {
                guard query.currency == nil else { throw Diagnostic(.duplicateClause("in CURRENCY", statement: .query), at: peek.range) }
                advance()
                query.currency = try currencyCode(Translation.translated("a currency code such as CNY"))
                continue
            }
            // A parameter standing alone among the clauses is a period: `sum expense month`.
            guard let clause = ClauseWord(starting: word) ?? (isParameterHere ? .period : nil) else {
                if KindSelector(rawValue: word) != nil {
                    let placement = query.kind == nil
                        ? Translation.translated("the kind goes right after the aggregate: '%s %s where …'", aggregate.rawValue, word)
                        : Translation.translated("a query has one kind, and it goes right after the aggregate")
                    throw Diagnostic(.misplaced(placement: placement), at: peek.range)
                }
                // Right after the aggregate, a word may be a kind mistyped: `sum expens`.
                let kinds = query.kind == nil && seen.isEmpty && tagged.isEmpty ? KindSelector.allCases.map(\.rawValue) : []
                throw unexpected(Parser.clauseExpectation, suggestion: Suggestion.nearest(to: peek.text, among: kinds + ClauseWord.words))
            }
            if seen[clause] != nil {
                throw Diagnostic(.duplicateClause(clause.rawValue, statement: .query), at: peek.range)
            }
            seen[clause] = peek.range
            switch clause {
            case .where:
                query.condition = try whereClause()
            case .period:
                query.period = try period()
            case .by:
                advance()
                query.dimensions = try dimensions()
            case .order:
                advance()
                query.order = try orderClause(for: aggregate)
            case .limit:
                query.limit = try limitClause()
            case .top:
                query.top = try topClause()
            case .with:
                advance()
                offer(keywords: ["forecast"])
                try expectWord("forecast")
                query.withForecast = true
            case .as:
                advance()
                query.format = try format()
            }
        }
        if !tagged.isEmpty {
            let terms = (query.condition.map { [$0] } ?? []) + tagged
            query.condition = terms.count == 1 ? terms[0] : .and(terms)
        }
        if let top = seen[.top], seen[.limit] != nil || seen[.order] != nil {
            throw Diagnostic(.topWithOrderOrLimit, at: top)
        }
        if aggregate != .list, query.dimensions.isEmpty {
            for clause in [ClauseWord.order, .limit, .top] {
                if let range = seen[clause] {
                    throw Diagnostic(.ranksGroupsOnly(clause: clause.rawValue), at: range)
                }
            }
        }
        if aggregate == .list, let first = query.dimensions.first {
            throw Diagnostic(.listTakesNoBy, at: first.range)
        }
        try validateOrder(of: query)
        return query
    }

    // kind_selector = "expense" | "income" | "net"
    mutating func kindSelector() -> KindSelector? {
        offer(keywords: KindSelector.allCases.map(\.rawValue))
        guard check(.word), let kind = KindSelector(rawValue: peek.keyword) else { return nil }
        advance()
        return kind
    }

    // where_clause = "where" condition
    mutating func whereClause() throws(Diagnostic) -> Condition {
        advance()
        return try condition()
    }

    // limit_clause = "limit" INTEGER
    mutating func limitClause() throws(Diagnostic) -> Int {
        advance()
        return try count(Translation.translated("how many rows, such as 10"))
    }

    // top_clause = "top" INTEGER
    mutating func topClause() throws(Diagnostic) -> Int {
        advance()
        return try count(Translation.translated("how many rows, such as 5"))
    }

    // by_clause = "by" dimension [ "," dimension ]
    mutating func dimensions() throws(Diagnostic) -> [Located<Dimension>] {
        var dimensions = [try dimension()]
        if match(.comma) {
            let second = try dimension()
            guard second.value != dimensions[0].value else {
                throw Diagnostic(.givenTwice(second.value.rawValue), at: second.range)
            }
            dimensions.append(second)
        }
        if check(.comma) {
            throw Diagnostic(.tooManyDimensions, at: peek.range)
        }
        return dimensions
    }

    // dimension = "category" | "cat" | "book" | "place" | "tag" | "kind" | "day" | "week"
    //           | "month" | "quarter" | "year" | "weekday"
    mutating func dimension() throws(Diagnostic) -> Located<Dimension> {
        try keyword(.dimension, Dimension.allCases.map(\.rawValue)) { Synonyms.resolve($0, Dimension.self) }
    }

    /// What a word of a fixed set is, in what is expected and in the error for an unknown one.
    enum KeywordKind {
        case field, dimension, format, meaning

        var name: Problem.NameKind {
            switch self {
            case .field: .field
            case .dimension: .dimension
            case .format: .format
            case .meaning: .meaning
            }
        }

        /// What is expected: one of `listing`.
        func expectation(_ listing: String) -> String {
            switch self {
            case .field: Translation.translated("a field (%s)", listing)
            case .dimension: Translation.translated("a dimension (%s)", listing)
            case .format: Translation.translated("a format (%s)", listing)
            case .meaning: Translation.translated("a meaning (%s)", listing)
            }
        }
    }

    /// One word from a fixed set, read by `resolve`; anything else is an error
    /// that names the set and suggests the nearest.
    mutating func keyword<Value>(
        _ kind: KeywordKind, _ names: [String], listing listed: [String]? = nil, resolve: (String) -> Value?
    ) throws(Diagnostic) -> Located<Value> {
        offer(keywords: names)
        guard check(.word) else { throw unexpected(kind.expectation(Parser.listing(listed ?? names))) }
        let token = peek
        guard let value = resolve(token.text.lowercased()) else {
            throw Diagnostic(
                .unknownName(kind: kind.name, name: token.text, suggestion: Suggestion.nearest(to: token.text, among: names)),
                at: token.range)
        }
        advance()
        return Located(value, token.range)
    }

    // order_clause = "order" "by" order_key [ "asc" | "desc" ]
    mutating func orderClause(for aggregate: Aggregate) throws(Diagnostic) -> Order {
        try expectWord("by")
        let key = try orderKey(for: aggregate)
        let descending = matchWord("desc")
        if !descending { _ = matchWord("asc") }
        return Order(key: key, descending: descending)
    }

    // order_key = AGGREGATE | dimension | "date" | "amount" | "id" | "remark"
    /// Any word here; which are keys depends on the rest of the query, so `validateOrder` checks it.
    mutating func orderKey(for aggregate: Aggregate) throws(Diagnostic) -> Located<String> {
        offer(keywords: aggregate == .list ? Parser.listOrderKeys : [aggregate.rawValue] + Dimension.allCases.map(\.rawValue))
        guard check(.word) else { throw unexpected(Translation.translated("what to order by, such as sum or month")) }
        let key = advance()
        return Located(Synonyms.canonical(key.text), key.range)
    }

    /// `order by` names the aggregate or a `by` dimension, or for `list` a bill field.
    func validateOrder(of query: Query) throws(Diagnostic) {
        guard let order = query.order else { return }
        let keys = query.aggregate == .list
            ? Parser.listOrderKeys
            : [query.aggregate.rawValue] + query.dimensions.map(\.value.rawValue)
        guard keys.contains(order.key.value) else {
            throw Diagnostic(
                .unexpected(found: "'\(order.key.value)'", expected: Translation.translated("what to order by: %s", Parser.alternatives(keys)),
                            suggestion: Suggestion.nearest(to: order.key.value, among: keys)),
                at: order.key.range)
        }
    }

    // format_clause = "as" ( "table" | "csv" | "json" | "chart" )
    mutating func format() throws(Diagnostic) -> OutputFormat {
        try keyword(.format, OutputFormat.allCases.map(\.rawValue)) { OutputFormat(rawValue: $0) }.value
    }

    /// Whether a currency's code stands `offset` tokens on: a word ISO 4217
    /// knows that is not a month's name.
    func startsACurrency(at offset: Int) -> Bool {
        guard check(.word, at: offset) else { return false }
        let text = tokens[position + offset].text
        return text.count == 3 && Currency.isValidCode(text) && monthNumber(text) == nil
    }

    /// A whole number greater than zero.
    mutating func count(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Int {
        valueMayBeAParameter(.number("1"))
        guard check(.number), !peek.text.contains("."), let value = Int(peek.text) else {
            throw unexpected(expected())
        }
        guard value > 0 else { throw Diagnostic(.notAtLeastOne, at: peek.range) }
        advance()
        return value
    }
}

extension Parser {
    static var clauseExpectation: String {
        Translation.translated("a clause ('where', a period such as 'in 2016', 'by', 'order by', 'limit', 'top' or 'as') or end of statement")
    }

    /// What a comparison's value may be, for completion: categories of the
    /// query's kind when it names one.
    func completions(for field: Field) -> [ExpectedInput] {
        switch field {
        case .category: return [.category(queryKind)]
        case .book: return [.book]
        case .account: return [.account]
        case .tag: return [.tag]
        case .kind: return ["expense", "income"].map(ExpectedInput.keyword)
        case .weekday: return Weekday.longNames.map(ExpectedInput.keyword)
        case .date: return ["today", "yesterday"].map(ExpectedInput.keyword)
        case .amount, .id, .remark, .place, .photos: return []
        }
    }
}
