import TallyCore

extension Parser {

    // import = "import" file { import_setting | "with" NAME | "dry" "run" | "preview" | "update" | "learn" } | "import" "rates" file
    mutating func importStatement() throws(Diagnostic) -> SessionStatement {
        advance()
        offer(keywords: ["rates"])
        // `import rates FILE`; `import rates.csv` is a file of bills named so.
        if checkWord("rates"), !nextIsAdjacent(), tokens.has(position + 1), tokens[position + 1].kind != .end, tokens[position + 1].kind != .separator {
            advance()
            offer([.file])
            return .importRates(file: try file(Translation.translated("a CSV file of rates, with the columns date, currency, rate and in")))
        }
        offer([.file])
        var options = ImportOptions(file: try file(Translation.translated("a CSV file to import, such as bills.csv")))
        var seen: Set<String> = []
        while true {
            offer(keywords: ImportClauseWord.allCases.filter { !seen.contains($0.rawValue) }.map(\.rawValue))
            if atStatementEnd { break }
            let clause = try importClauseWord(allowed: ImportClauseWord.allCases, seen: &seen, in: .import)
            switch clause {
            case .with:
                offer([.profile])
                options.profile = try name(Translation.translated("the name of an import profile, such as alipay"))
            case .dry:
                try expectWord("run")
                options.mode = .dryRun
            case .preview:
                options.mode = .dryRun
            case .update:
                options.updates = true
            case .learn:
                options.learns = true
            default:
                try importSetting(clause, into: &options.settings)
            }
        }
        return .importFile(options)
    }

    /// The settings an import profile keeps, as `profile add` stores them.
    public static func importSettings(_ text: String) throws(Diagnostic) -> ImportSettings {
        var parser = Parser(text)
        return try parser.importSettings()
    }

    // import_settings = import_setting { import_setting }
    mutating func importSettings() throws(Diagnostic) -> ImportSettings {
        var settings = ImportSettings()
        var seen: Set<String> = []
        repeat {
            offer(keywords: ImportClauseWord.settings.filter { !seen.contains($0.rawValue) }.map(\.rawValue))
            let clause = try importClauseWord(allowed: ImportClauseWord.settings, seen: &seen, in: .profile)
            try importSetting(clause, into: &settings)
        } while !atStatementEnd
        return settings
    }

    /// The word that starts the next clause, once each; `skip N` and `skip where` are two clauses.
    private mutating func importClauseWord(
        allowed: [ImportClauseWord], seen: inout Set<String>, in statement: Problem.ClauseHost
    ) throws(Diagnostic) -> ImportClauseWord {
        guard check(.word), let clause = ImportClauseWord(rawValue: peek.text.lowercased()), allowed.contains(clause) else {
            let words = allowed.map(\.rawValue)
            let suggestion = check(.word) ? Suggestion.nearest(to: peek.text, among: words) : nil
            let expected = statement == .import
                ? Translation.translated("a setting such as 'columns (…)', 'skip N', 'separator \";\"', 'dates \"%m/%d/%Y\"' or end of statement")
                : Translation.translated("a setting such as 'columns (…)', 'skip N', 'separator \";\"', 'dates \"%m/%d/%Y\"'")
            throw unexpected(expected, suggestion: suggestion)
        }
        let key = clause == .skip && tokens.has(position + 1) && tokens[position + 1].isWord("where") ? "skip where" : clause.rawValue
        guard seen.insert(key).inserted else {
            throw Diagnostic(.duplicateClause(key, statement: statement), at: peek.range)
        }
        advance()
        return clause
    }

    // import_setting = "book" name | "columns" "(" column_mapping { "," column_mapping } ")"
    //                | "skip" ( INTEGER | "where" skip_test { "or" skip_test } ) | "no" "header"
    //                | "separator" ( STRING | "tab" | "comma" | "semicolon" | "pipe" ) | "encoding" file
    //                | "dates" STRING | "decimal" ( "comma" | "point" ) | "currency" CODE
    //                | "expense" "is" ( "negative" | "positive" )
    //                | "kinds" "(" kind_word { "," kind_word } ")" | "set" constant_field { "," constant_field }
    //                | "footer" ( STRING | WORD ) | "otherwise" name | "create" "categories" | "allow" "duplicates"
    private mutating func importSetting(_ clause: ImportClauseWord, into settings: inout ImportSettings) throws(Diagnostic) {
        switch clause {
        case .book:
            settings.book = try bookName()
        case .columns:
            settings.columns = try columnMappings()
        case .skip:
            if matchWord("where") {
                settings.skipping = try skipTests()
            } else {
                guard check(.number), let count = Int(peek.text), count <= 1_000_000 else {
                    throw unexpected(Translation.translated("how many lines come before the header, such as 16, or 'where' and a column's value"))
                }
                advance()
                settings.skip = count
            }
        case .no:
            try expectWord("header")
            settings.hasHeader = false
        case .separator:
            settings.separator = try separator()
        case .encoding:
            settings.encoding = try file(Translation.translated("an encoding, such as gbk or utf-16"))
        case .dates:
            guard check(.string) else { throw unexpected(Translation.translated("how dates are written, in quotes, such as \"%m/%d/%Y\" or \"%d.%m.%Y\"")) }
            let token = advance()
            settings.dates = Located(token.text, token.range)
        case .decimal:
            let mark = try subcommand(["comma", "point"])
            settings.decimalComma = mark == "comma"
        case .currency:
            let code = try name(Translation.translated("the currency the file's amounts are in, such as CNY or USD"))
            guard Currency.isValidCode(code.value) else {
                let suggestion = Suggestion.nearest(to: code.value.uppercased(), among: Currency.codes)
                throw Diagnostic(.unknownCurrency(code.value, suggestion: suggestion), at: code.range)
            }
            settings.currency = Located(code.value.uppercased(), code.range)
        case .expense:
            try expectWord("is")
            settings.expenseSign = ExpenseSign(rawValue: try subcommand(["negative", "positive"]))
        case .kinds:
            settings.kinds = try kindWords()
        case .set:
            settings.constants = try constantFields()
        case .footer:
            guard check(.string) || check(.word) else { throw unexpected(Translation.translated("how the footer's first line starts, such as \"----\"")) }
            settings.footers = [advance().text]
        case .otherwise:
            settings.fallback = try categoryName()
        case .create:
            try expectWord("categories")
            settings.createsCategories = true
        case .allow:
            try expectWord("duplicates")
            settings.allowsDuplicates = true
        case .with, .dry, .preview, .update, .learn:
            preconditionFailure("a statement's own clause is not a setting")
        }
    }

    private mutating func separator() throws(Diagnostic) -> Located<String> {
        let names = ["comma": ",", "semicolon": ";", "tab": "\t", "pipe": "|"]
        offer(keywords: Array(names.keys).sorted())
        let token = peek
        if check(.word), let separator = names[token.text.lowercased()] {
            advance()
            return Located(separator, token.range)
        }
        guard check(.string), token.text.utf8.count == 1, let byte = token.text.utf8.first, byte < 0x80, byte != 0x22, byte != 0x0A,
              byte != 0x0D else {
            throw unexpected(Translation.translated("the separator: \";\", \",\", \"|\" or tab"))
        }
        advance()
        return Located(token.text, token.range)
    }

    // import_field = "date" | "kind" | "amount" | "category" | "remark" | "book" | "place" | "tags"
    //              | "in" | "out" | "transaction" | "account" | "balance" | "type" | "cat" | "note" | "tag"
    private mutating func importField() throws(Diagnostic) -> Located<ImportField> {
        try keyword(.field, ImportField.allCases.map(\.rawValue)) { ImportField(named: $0) }
    }

    // column_mapping = import_field "=" column
    private mutating func columnMappings() throws(Diagnostic) -> [ColumnMapping] {
        _ = try expect(.leftParen, Translation.translated("'(' and the columns, such as (date=交易时间, amount=金额)"))
        var mappings: [ColumnMapping] = []
        repeat {
            let field = try importField()
            if mappings.contains(where: { $0.field.value == field.value }) {
                throw Diagnostic(.mappedTwice(field.value.rawValue), at: field.range)
            }
            _ = try expect(.equal, Translation.translated("'=' and a column's header or number"))
            mappings.append(ColumnMapping(field: field, column: try column()))
        } while match(.comma)
        _ = try expect(.rightParen, Translation.translated("',' or ')' to close the columns"))
        return mappings
    }

    // column = WORD | STRING | INTEGER
    private mutating func column() throws(Diagnostic) -> Located<ColumnReference> {
        let token = peek
        switch token.kind {
        case .word, .string:
            advance()
            return Located(.header(token.text), token.range)
        case .number:
            guard let number = Int(token.text), number >= 1 else { throw unexpected(Translation.translated("a column number from 1")) }
            advance()
            return Located(.number(number), token.range)
        default:
            throw unexpected(Translation.translated("a column's header or number, such as 交易时间 or 3"))
        }
    }

    // skip_test = column ( "=" | "~" ) ( WORD | STRING | NUMBER )
    private mutating func skipTests() throws(Diagnostic) -> [SkipTest] {
        var tests: [SkipTest] = []
        repeat {
            let column = try self.column()
            let contains: Bool
            if match(.equal) {
                contains = false
            } else if match(.contains) {
                contains = true
            } else {
                throw unexpected(Translation.translated("'=' or '~' and the text of rows to skip"))
            }
            guard check(.word) || check(.string) || check(.number) else { throw unexpected(Translation.translated("the text of rows to skip, such as 交易关闭")) }
            tests.append(SkipTest(column: column, contains: contains, text: advance().text))
        } while matchWord("or")
        return tests
    }

    // kind_word = ( WORD | STRING ) "=" ( "expense" | "income" | "skip" )
    private mutating func kindWords() throws(Diagnostic) -> [KindWord] {
        _ = try expect(.leftParen, Translation.translated("'(' and what the kind column's words mean, such as (支出=expense, 收入=income)"))
        var words: [KindWord] = []
        repeat {
            guard check(.word) || check(.string) else { throw unexpected(Translation.translated("a word of the kind column, such as DR or 支出")) }
            let word = advance().text
            _ = try expect(.equal, Translation.translated("'=' and expense, income or skip"))
            let meaning = try keyword(.meaning, KindMeaning.allCases.map(\.rawValue)) { KindMeaning(rawValue: $0) }
            words.append(KindWord(word: word, meaning: meaning.value))
        } while match(.comma)
        _ = try expect(.rightParen, Translation.translated("',' or ')' to close the kinds"))
        return words
    }

    // constant_field = ( "category" | "remark" | "book" | "place" | "tags" | "account" ) "=" ( WORD | STRING | NUMBER | TAG { TAG } )
    private mutating func constantFields() throws(Diagnostic) -> [ConstantField] {
        var constants: [ConstantField] = []
        repeat {
            let field = try keyword(.field, ImportField.constants.map(\.rawValue)) { word in
                ImportField(named: word).flatMap { ImportField.constants.contains($0) ? $0 : nil }
            }
            if constants.contains(where: { $0.field.value == field.value }) {
                throw Diagnostic(.mappedTwice(field.value.rawValue), at: field.range)
            }
            _ = try expect(.equal, Translation.translated("'=' and the value every row takes"))
            let start = peek.range
            let value: String
            if field.value == .tags, check(.tag) {
                var tags: [String] = []
                while check(.tag) { tags.append("#" + advance().text) }
                value = tags.joined(separator: " ")
            } else {
                guard check(.word) || check(.string) || check(.number) else { throw unexpected(Translation.translated("the value every row takes")) }
                value = advance().text
            }
            constants.append(ConstantField(field: field, value: Located(value, start.through(previous.range))))
        } while match(.comma)
        return constants
    }
}
