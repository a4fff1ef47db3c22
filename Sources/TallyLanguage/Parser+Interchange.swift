import TallyCore

extension Parser {

    // import = "import" file { "book" name | "columns" "(" column_mapping { "," column_mapping } ")"
    //                        | "skip" INTEGER | "create" "categories" | "allow" "duplicates" }
    mutating func importStatement() throws(Diagnostic) -> SessionStatement {
        advance()
        offer([.file])
        var options = ImportOptions(file: try file("a CSV file to import, such as bills.csv"))
        var seen: Set<ImportClauseWord> = []
        while true {
            offer(keywords: ImportClauseWord.allCases.filter { !seen.contains($0) }.map(\.rawValue))
            if atStatementEnd { break }
            guard check(.word), let clause = ImportClauseWord(rawValue: peek.text.lowercased()) else {
                let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: ImportClauseWord.words) : nil
                throw unexpected("'book NAME', 'columns (…)', 'skip N', 'create categories', 'allow duplicates' or end of statement", suggestion: suggestion)
            }
            guard seen.insert(clause).inserted else {
                throw Diagnostic(.duplicateClause(clause.rawValue, statement: "import"), at: peek.range)
            }
            advance()
            switch clause {
            case .book:
                options.book = try bookName()
            case .columns:
                options.columns = try columnMappings()
            case .skip:
                guard check(.number), let count = Int(peek.text), count <= 1_000_000 else {
                    throw unexpected("how many lines come before the header, such as 16")
                }
                advance()
                options.skip = count
            case .create:
                try expectWord("categories")
                options.createsCategories = true
            case .allow:
                try expectWord("duplicates")
                options.allowsDuplicates = true
            }
        }
        return .importFile(options)
    }

    // import_field = "date" | "kind" | "amount" | "category" | "remark" | "book" | "place" | "tags"
    //              | "type" | "cat" | "note" | "tag"
    private mutating func importField() throws(Diagnostic) -> Located<ImportField> {
        try keyword("field", ImportField.allCases.map(\.rawValue)) { ImportField(named: $0) }
    }

    // column_mapping = import_field "=" ( WORD | STRING | INTEGER )
    private mutating func columnMappings() throws(Diagnostic) -> [ColumnMapping] {
        _ = try expect(.leftParen, "'(' and the columns, such as (date=交易时间, amount=金额)")
        var mappings: [ColumnMapping] = []
        repeat {
            let field = try importField()
            if mappings.contains(where: { $0.field.value == field.value }) {
                throw Diagnostic(.mappedTwice(field.value.rawValue), at: field.range)
            }
            _ = try expect(.equal, "'=' and a column's header or number")
            let token = peek
            let column: ColumnReference
            switch token.kind {
            case .word, .string:
                column = .header(token.text)
            case .number:
                guard let number = Int(token.text), number >= 1 else { throw unexpected("a column number from 1") }
                column = .number(number)
            default:
                throw unexpected("a column's header or number, such as 交易时间 or 3")
            }
            advance()
            mappings.append(ColumnMapping(field: field, column: Located(column, token.range)))
        } while match(.comma)
        _ = try expect(.rightParen, "',' or ')' to close the columns")
        return mappings
    }

    // export = "export" file { where_clause | period | "overwrite" }
    mutating func exportStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        offer([.file])
        var options = ExportOptions(file: try file("a file to write, such as bills.csv"))
        var seen: Set<ExportClause> = []
        while true {
            offer(keywords: ExportClause.words)
            if atStatementEnd { break }
            guard check(.word), let clause = ExportClause(starting: peek.text) else {
                let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: ExportClause.words) : nil
                throw unexpected("'where', a period, 'overwrite' or end of statement", suggestion: suggestion)
            }
            guard seen.insert(clause).inserted else {
                throw Diagnostic(.duplicateClause(clause.rawValue, statement: "export"), at: peek.range)
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

    // backup = "backup" file
    mutating func backupStatement() throws(Diagnostic) -> SessionStatement {
        advance()
        offer([.file])
        return .backup(file: try file("a new file for the copy, such as ledger-copy.db"))
    }

    // report = "report" { view_period | where_clause } "to" file
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
                guard position + 1 < tokens.count, tokens[position + 1].range.start.offset == peek.range.end.offset,
                      tokens[position + 1].kind != .end, tokens[position + 1].kind != .separator else { break }
                throw unexpected("a space after 'to', then the file to write, such as to 2016.html")
            }
            let startsAPeriod = check(.number)
                || (check(.word) && (PeriodWord(rawValue: peek.text.lowercased()) != nil || monthNumber(peek.text) != nil))
            // A second `where` is not offered, only refused when written.
            if condition == nil ? checkWord("where") : peek.isWord("where") {
                guard condition == nil else { throw Diagnostic(.duplicateClause("where", statement: "report"), at: peek.range) }
                let start = peek.range
                let read = try whereClause()
                let range = start.through(previous.range)
                condition = Located(read, range)
                conditionText = String(characters[range.start.offset..<range.end.offset])
            } else if startsAPeriod {
                guard period == nil else { throw Diagnostic(.duplicateClause("period", statement: "report"), at: peek.range) }
                period = try viewPeriod()
            } else {
                let clauses = (period == nil ? ["a period"] : []) + (condition == nil ? ["'where'"] : [])
                let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: ["to", "where"] + PeriodWord.words) : nil
                throw unexpected(
                    (clauses.isEmpty ? "" : clauses.joined(separator: ", ") + " or ") + "'to' and the file to write, such as to 2016.html",
                    suggestion: suggestion)
            }
        }
        advance()
        offer([.file])
        let file = try self.file("the file to write the report to, such as 2016.html")
        guard !file.value.isEmpty, !file.value.hasSuffix("/") else {
            throw Diagnostic(.reportNeedsAFileName, at: file.range)
        }
        return .report(ReportOptions(file: file, condition: condition, conditionText: conditionText, period: period))
    }

    // file = STRING | PATH
    /// A quoted path, or one written without spaces, such as `~/bank/2016.csv`:
    /// the tokens that follow each other with nothing between.
    mutating func file(_ expected: String) throws(Diagnostic) -> Located<String> {
        if check(.string) {
            let token = advance()
            return Located(token.text, token.range)
        }
        guard !atStatementEnd else { throw unexpected(expected) }
        let first = peek.range
        repeat {
            try refuseBrokenString()
            advance()
        } while !atStatementEnd && previousIsAdjacent()
        let range = first.through(previous.range)
        return Located(String(characters[range.start.offset..<range.end.offset]), range)
    }

    /// Whether the current token starts right where the one before it ended.
    private func previousIsAdjacent() -> Bool {
        position > 0 && tokens[position - 1].range.end.offset == peek.range.start.offset
    }
}
