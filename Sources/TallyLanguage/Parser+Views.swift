import TallyCore

extension Parser {
    /// The statements that start a view, and those about a bill's photos,
    /// each read by one method.
    enum ViewWord { case timeline, pie, months, detail, show, search }
    enum PhotoWord { case attach, attachments, extract, detach }

    // view = view_screen [ "in" CODE ] [ format_clause ]
    mutating func view(_ word: ViewWord) throws(Diagnostic) -> LedgerStatement {
        advance()
        var view = try viewScreen(word)
        if checkWord("in"), startsACurrency(at: 1) {
            advance()
            view = .converted(view, to: try currencyCode(Translation.translated("a currency code such as CNY")))
        }
        return try formatted(view)
    }

    // view_screen = "timeline" [ view_period ] | "pie" [ kind ] [ view_period ] | "months" [ YEAR ]
    //             | "detail" name [ view_period ] | "show" BILL_ID | "search" ( WORD | STRING ) [ view_period ]
    private mutating func viewScreen(_ word: ViewWord) throws(Diagnostic) -> LedgerStatement {
        switch word {
        case .timeline:
            return .timeline(period: try viewPeriod())
        case .pie:
            let kind = matchKind() ?? .expense
            return .pie(kind: kind, period: try viewPeriod())
        case .months:
            guard !atStatementEnd, !checkWord("as"), !checkWord("in") else { return .months(year: nil) }
            let start = peek.range
            let year = try self.year()
            return .months(year: Located(year, start))
        case .detail:
            let category = try categoryName()
            return .detail(category: category, period: try viewPeriod())
        case .show:
            return .show(id: try billID())
        case .search:
            valueMayBeAParameter(.name)
            guard check(.word) || check(.string) || check(.number) else { throw unexpected(Translation.translated("the text to look for, such as coffee")) }
            let text = advance()
            return .search(text: Located(text.text, text.range), period: try viewPeriod())
        }
    }

    // view_period = period | period_value
    /// A view's period may drop its `in`: `pie 2016-07`, `timeline last month`.
    mutating func viewPeriod() throws(Diagnostic) -> Located<PeriodSpec>? {
        offer(keywords: PeriodWord.words)
        offer([.monthWithBills])
        guard !atStatementEnd, !checkWord("as"), !(checkWord("in") && startsACurrency(at: 1)) else { return nil }
        if check(.word), PeriodWord(rawValue: peek.keyword) != nil {
            return try period()
        }
        return try periodValue(startingAt: peek.range)
    }
}

extension Parser {
    // budget = "budget" ( ( name | "total" ) ( amount [ "monthly" ] | "off" ) | [ view_period ] [ format_clause ] )
    mutating func budget() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["total"])
        offer([.category(.expense)])
        guard !atStatementEnd, !checkWord("as") else { return .budgetReport(period: nil) }
        if check(.number) || (check(.word) && (PeriodWord(rawValue: peek.keyword) != nil || monthNumber(peek.text) != nil)) {
            return .budgetReport(period: try viewPeriod())
        }
        let target: BudgetTarget
        if checkWord("total") {
            target = .total(advance().range)
        } else {
            target = .category(try categoryName(of: .expense))
        }
        if matchWord("off") { return .budgetOff(target: target) }
        offer(keywords: ["off"])
        let amount = try self.amount()
        // Budgets are monthly; the word may be written out.
        _ = matchWord("monthly")
        return .budgetSet(target: target, amount: amount)
    }
}

extension Parser {
    // photo = "attach" BILL_ID ( STRING | PATH ) | "attachments" BILL_ID
    //       | "extract" BILL_ID INTEGER ( STRING | PATH ) [ "overwrite" ] | "detach" BILL_ID INTEGER
    mutating func photoStatement(_ word: PhotoWord) throws(Diagnostic) -> Statement {
        advance()
        let id = try billID()
        switch word {
        case .attach:
            offer([.file])
            return .session(.attach(id: id, file: try rawArgument(Translation.translated("the photo's file, such as receipt.jpg"))))
        case .attachments:
            return .ledger(.attachments(id: id))
        case .extract:
            let number = try photoNumber()
            offer([.file])
            let (file, overwrites) = try rawArgumentToWrite(Translation.translated("a file to write the photo to, such as copy.jpg"))
            return .ledger(.extract(id: id, number: number, file: file, overwrites: overwrites))
        case .detach:
            return .ledger(.detach(id: id, number: try photoNumber()))
        }
    }

    private mutating func photoNumber() throws(Diagnostic) -> Located<Int> {
        guard check(.number), let number = Int(peek.text), (1...Photo.maximumPerBill).contains(number) else {
            throw unexpected(Translation.translated("a photo's number, 1 to %d, as 'attachments' lists them", Photo.maximumPerBill))
        }
        return Located(number, advance().range)
    }
}
