import TallyCore

extension Parser {
    // condition = and_condition { "or" and_condition }
    mutating func condition() throws(Diagnostic) -> Condition {
        var terms = [try andCondition()]
        while matchWord("or") { terms.append(try andCondition()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    // and_condition = not_condition { "and" not_condition }
    mutating func andCondition() throws(Diagnostic) -> Condition {
        var terms = [try notCondition()]
        while matchWord("and") { terms.append(try notCondition()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    // not_condition = "not" not_condition | primary_condition
    mutating func notCondition() throws(Diagnostic) -> Condition {
        guard checkWord("not") else { return try primaryCondition() }
        try descend()
        defer { depth -= 1 }
        advance()
        return .not(try notCondition())
    }

    // primary_condition = "(" condition ")" | comparison
    mutating func primaryCondition() throws(Diagnostic) -> Condition {
        guard check(.leftParen) else { return .comparison(try comparison()) }
        try descend()
        defer { depth -= 1 }
        let open = advance()
        let inner = try condition()
        guard match(.rightParen) else {
            throw unexpected(Translation.translated("')' to close the '(' at column %d", open.range.start.column))
        }
        return inner
    }

    mutating func descend() throws(Diagnostic) {
        depth += 1
        if depth > Parser.maximumDepth { throw Diagnostic(.tooDeep, at: peek.range) }
    }

    // comparison = FIELD ( OPERATOR value | [ "not" ] "in" "(" value { "," value } ")" )
    mutating func comparison() throws(Diagnostic) -> Comparison {
        let field = try field()
        let op = try comparisonOperator(for: field)
        var operands: [Located<Operand>] = []
        if op.value == .isIn || op.value == .notIn {
            let open = try expect(.leftParen, Translation.translated("'(' to start the list of values"))
            if check(.rightParen) {
                throw Diagnostic(.unexpected(found: "')'", expected: Translation.translated("at least one value inside 'in ( )'")), at: open.range.through(peek.range))
            }
            repeat {
                operands.append(try operand(for: field))
            } while match(.comma)
            _ = try expect(.rightParen, Translation.translated("',' or ')' to close the list of values"))
        } else {
            operands.append(try operand(for: field))
        }
        return Comparison(field: field, op: op, operands: operands)
    }

    mutating func field() throws(Diagnostic) -> Located<Field> {
        let names = Field.allCases.map(\.rawValue)
        // Accounts mean something only once a book keeps several, so the fields every bill has are the ones listed.
        let listed = Field.allCases.filter { $0 != .account }.map(\.rawValue)
        if check(.word), ["and", "or"].contains(peek.text.lowercased()) {
            throw unexpected(Translation.translated("a field (%s) before '%s'", Parser.listing(listed), peek.text.lowercased()))
        }
        return try keyword(.field, names, listing: listed) { Field(named: $0) }
    }

    mutating func comparisonOperator(for field: Located<Field>) throws(Diagnostic) -> Located<ComparisonOperator> {
        let start = peek.range
        let op: ComparisonOperator
        switch peek.kind {
        case .equal: op = .equal
        case .notEqual: op = .notEqual
        case .less: op = .less
        case .lessEqual: op = .lessEqual
        case .greater: op = .greater
        case .greaterEqual: op = .greaterEqual
        case .contains: op = .contains
        case .notContains: op = .notContains
        default:
            if checkWord("in") {
                op = .isIn
            } else if checkWord("not") && check(.word, at: 1) && tokens[position + 1].isWord("in") {
                advance()
                op = .notIn
            } else {
                throw unexpected(Translation.translated("an operator after '%s' (=, !=, <, <=, >, >=, ~, !~, in, not in)", field.value.rawValue))
            }
        }
        advance()
        let located = Located(op, start.through(previous.range))
        let ordered: Set<Field> = [.amount, .date, .id, .weekday, .photos]
        let isOrdering = [.less, .lessEqual, .greater, .greaterEqual].contains(op)
        if isOrdering && !ordered.contains(field.value) {
            throw Diagnostic(.operatorNotFor(op: op.rawValue, field: field.value.rawValue, allowed: Translation.translated("=, !=, ~, !~ or in")), at: located.range)
        }
        if (op == .contains || op == .notContains) && ordered.contains(field.value) {
            throw Diagnostic(.operatorNotFor(op: op.rawValue, field: field.value.rawValue, allowed: Translation.translated("=, !=, <, <=, >, >= or in")), at: located.range)
        }
        return located
    }

    // value = NUMBER | date | BILL_ID | TAG | WORD | STRING
    mutating func operand(for field: Located<Field>) throws(Diagnostic) -> Located<Operand> {
        let start = peek.range
        offer(completions(for: field.value))
        switch field.value {
        case .amount:
            valueMayBeAParameter(.number("1"))
            guard check(.number), let number = ExactNumber(text: peek.text) else { throw unexpected(Translation.translated("an amount, such as 25.50")) }
            advance()
            return Located(.number(number), start)
        case .id:
            guard check(.number) || check(.billID), !peek.text.contains("."), let number = ExactNumber(text: peek.text) else {
                throw unexpected(Translation.translated("a bill id, such as #42"))
            }
            advance()
            return Located(.number(number), start)
        case .photos:
            guard check(.number), Int(peek.text) != nil, let number = ExactNumber(text: peek.text) else {
                throw unexpected(Translation.translated("a number of photos, such as 0"))
            }
            advance()
            return Located(.number(number), start)
        case .date:
            let date = try self.date()
            return Located(.date(date.value), date.range)
        case .kind:
            valueMayBeAParameter(.word("expense"))
            guard check(.word), Kind(rawValue: peek.keyword) != nil else { throw unexpected(Translation.translated("'expense' or 'income'")) }
            return Located(.text(advance().keyword), start)
        case .weekday:
            valueMayBeAParameter(.word("mon"))
            guard check(.word) else { throw unexpected(Translation.translated("a weekday, such as mon")) }
            guard Weekday.parse(peek.text) != nil else {
                throw Diagnostic(
                    .unknownName(kind: .weekday, name: peek.text, suggestion: Suggestion.nearest(to: peek.text, among: Weekday.longNames)),
                    at: peek.range)
            }
            return Located(.text(advance().text), start)
        default:
            valueMayBeAParameter(.name)
            guard check(.word) || check(.string) || check(.number) || (field.value == .tag && check(.tag)) else {
                throw unexpected(Translation.translated("a value for %s", field.value.rawValue))
            }
            return Located(.text(advance().text), start)
        }
    }
}
