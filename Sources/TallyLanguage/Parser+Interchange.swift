import TallyCore

extension Parser {

    // export = "export" file { where_clause | period | "overwrite" }
    mutating func exportStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        offer([.file])
        var options = ExportOptions(file: try file(Translation.translated("a file to write, such as bills.csv")))
        var seen: Set<ExportClause> = []
        while true {
            offer(keywords: ExportClause.words)
            if atStatementEnd { break }
            guard check(.word), let clause = ExportClause(starting: peek.text) else {
                let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: ExportClause.words) : nil
                throw unexpected(Translation.translated("'where', a period, 'overwrite' or end of statement"), suggestion: suggestion)
            }
            guard seen.insert(clause).inserted else {
                throw Diagnostic(.duplicateClause(clause.rawValue, statement: .export), at: peek.range)
            }
            switch clause {
            case .where:
                options.condition = try whereClause()
            case .period:
                options.period = try period()
            case .overwrite:
                advance()
                options.overwrites = true
            }
        }
        return .export(options)
    }

    // backup = "backup" file [ "overwrite" ]
    mutating func backupStatement() throws(Diagnostic) -> SessionStatement {
        advance()
        offer([.file])
        let file = try self.file(Translation.translated("a new file for the copy, such as ledger-copy.db"))
        return .backup(file: file, overwrites: matchWord("overwrite"))
    }

    // report = "report" { view_period | where_clause } "to" file [ "overwrite" ]
    mutating func reportStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        var period: Located<PeriodSpec>?
        var condition: Located<Condition>?
        var conditionText: String?
        while true {
            offer(keywords: ["to"] + (condition == nil ? ["where"] : []) + (period == nil ? PeriodWord.words : []))
            if period == nil { offer([.monthWithBills]) }
            if checkWord("to") {
                // `to.html` is a file's name, not `to` and a file.
                guard tokens.has(position + 1), tokens[position + 1].range.start.offset == peek.range.end.offset,
                      tokens[position + 1].kind != .end, tokens[position + 1].kind != .separator else { break }
                throw unexpected(Translation.translated("a space after 'to', then the file to write, such as to 2016.html"))
            }
            let startsAPeriod = check(.number)
                || (check(.word) && (PeriodWord(rawValue: peek.keyword) != nil || monthNumber(peek.text) != nil))
            // A second `where` is not offered, only refused when written.
            if condition == nil ? checkWord("where") : peek.isWord("where") {
                guard condition == nil else { throw Diagnostic(.duplicateClause("where", statement: .report), at: peek.range) }
                let start = peek.range
                let read = try whereClause()
                let range = start.through(previous.range)
                condition = Located(read, range)
                conditionText = written(range.start.offset..<range.end.offset)
            } else if startsAPeriod {
                guard period == nil else { throw Diagnostic(.duplicateClause("period", statement: .report), at: peek.range) }
                period = try viewPeriod()
            } else {
                let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: ["to", "where"] + PeriodWord.words) : nil
                throw unexpected(Parser.reportClauses(period: period == nil, condition: condition == nil), suggestion: suggestion)
            }
        }
        advance()
        offer([.file])
        let file = try self.file(Translation.translated("the file to write the report to, such as 2016.html"))
        guard !file.value.isEmpty, !file.value.hasSuffix("/") else {
            throw Diagnostic(.reportNeedsAFileName, at: file.range)
        }
        var options = ReportOptions(file: file, condition: condition, conditionText: conditionText, period: period)
        options.overwrites = matchWord("overwrite")
        return .report(options)
    }

    /// What may come next in a report: the clauses not yet given, or `to` and the file.
    static func reportClauses(period: Bool, condition: Bool) -> String {
        switch (period, condition) {
        case (true, true): Translation.translated("a period, 'where' or 'to' and the file to write, such as to 2016.html")
        case (true, false): Translation.translated("a period or 'to' and the file to write, such as to 2016.html")
        case (false, true): Translation.translated("'where' or 'to' and the file to write, such as to 2016.html")
        case (false, false): Translation.translated("'to' and the file to write, such as to 2016.html")
        }
    }

    // file = STRING | PATH
    /// A quoted path, or one written without spaces, such as `~/bank/2016.csv`:
    /// the tokens that follow each other with nothing between.
    mutating func file(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<String> {
        if check(.string) {
            let token = advance()
            return Located(token.text, token.range)
        }
        guard !atStatementEnd else { throw unexpected(expected()) }
        let first = peek.range
        repeat {
            try refuseBrokenString()
            advance()
        } while !atStatementEnd && previousIsAdjacent()
        let range = first.through(previous.range)
        return Located(written(range.start.offset..<range.end.offset), range)
    }
}
