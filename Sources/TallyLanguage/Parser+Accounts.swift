import TallyCore

extension Parser {
    // account_statement = "account" ( "add" name { "kind" WORD | "opening" [ "-" ] amount [ "on" date ] }
    //                               | "rename" account_name "to" name | "archive" account_name
    //                               | "unarchive" account_name | "default" account_name | "icon" account_name name )
    mutating func accountStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        switch try subcommand(["add", "rename", "archive", "unarchive", "default", "icon"]) {
        case "add":
            let name = try self.name(Translation.translated("a name for the account, such as card"))
            var kind: AccountKind?
            var opening: (AmountExpression, Bool)?
            var openingDay: Located<DateSpec>?
            while !atStatementEnd {
                offer(keywords: ["kind", "opening"])
                if matchWord("kind") {
                    guard kind == nil else { throw Diagnostic(.duplicateClause("kind", statement: .account), at: previous.range) }
                    offer(keywords: AccountKind.words)
                    guard check(.word), let named = AccountKind.named(peek.text) else {
                        throw unexpected(Parser.alternatives(AccountKind.words),
                                         suggestion: check(.word) ? Suggestion.nearest(to: peek.text, among: AccountKind.words) : nil)
                    }
                    advance()
                    kind = named
                } else if matchWord("opening") {
                    guard opening == nil else { throw Diagnostic(.duplicateClause("opening", statement: .account), at: previous.range) }
                    let negative = match(.minus)
                    opening = (try amount(), negative)
                    if matchWord("on") { openingDay = try date() }
                } else {
                    throw unexpected(Translation.translated("'kind KIND', 'opening AMOUNT' or end of statement"),
                                     suggestion: check(.word) ? Suggestion.nearest(to: peek.text, among: ["kind", "opening"]) : nil)
                }
            }
            return .accounts(.add(name: name, kind: kind, opening: opening?.0, openingNegative: opening?.1 ?? false, openingDay: openingDay))
        case "rename":
            let account = try accountName()
            try expectWord("to")
            return .accounts(.rename(account, to: try name(Translation.translated("the new account name"))))
        case "archive":
            return .accounts(.archive(try accountName(), archiving: true))
        case "unarchive":
            return .accounts(.archive(try accountName(), archiving: false))
        case "icon":
            let account = try accountName()
            return .accounts(.icon(account, try icon()))
        default:
            return .accounts(.makeDefault(try accountName()))
        }
    }

    // accounts = "accounts" [ "all" ] [ format_clause ]
    mutating func accountsStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        offer(keywords: ["all"])
        let all = matchWord("all")
        return try formatted(.accounts(.list(allBooks: all)))
    }

    // account_name = name [ ":" name ]
    /// An account of the current book, or of the book before the colon: `travel:card`.
    mutating func accountName() throws(Diagnostic) -> AccountReference {
        offer([.account])
        let first = try name(Translation.translated("an account, such as cash ('accounts' lists them)"))
        guard check(.colon), previousIsAdjacent() else { return AccountReference(book: nil, name: first) }
        advance()
        guard previousIsAdjacent(), check(.word) || check(.string) else { throw unexpected(Translation.translated("the account of book '%s' after ':'", first.value)) }
        return AccountReference(book: first, name: try name(Translation.translated("an account")))
    }

    // transfer = "transfer" amount [ CODE ] "from" account_name "to" account_name { "as" amount | "on" date | STRING }
    mutating func transferStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        let amount = try self.amount()
        offer(keywords: ["from"])
        let currency = checkWord("from") ? nil : try currencyCode(Translation.translated("'from ACCOUNT' or the amount's currency, such as USD"))
        try expectWord("from")
        let from = try accountName()
        try expectWord("to")
        var transfer = TransferSpec(amount: amount, currency: currency, from: from, to: try accountName())
        while !atStatementEnd {
            offer(keywords: ["as", "on"])
            if matchWord("as") {
                guard transfer.received == nil else { throw Diagnostic(.duplicateClause("as", statement: .transfer), at: previous.range) }
                transfer.received = try self.amount()
            } else if matchWord("on") {
                guard transfer.date == nil else { throw Diagnostic(.duplicateClause("on", statement: .transfer), at: previous.range) }
                transfer.date = try date()
            } else if check(.string), transfer.remark == nil {
                transfer.remark = advance().text
            } else {
                throw unexpected(Translation.translated("'as AMOUNT', 'on DATE', a remark in quotes or end of statement"),
                                 suggestion: check(.word) ? Suggestion.nearest(to: peek.text, among: ["as", "on"]) : nil)
            }
        }
        return .accounts(.transfer(transfer))
    }

    // balances = "balances" [ "on" date ] [ format_clause ]
    mutating func balancesStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        offer(keywords: ["on"])
        let day = matchWord("on") ? try date() : nil
        return try formatted(.accounts(.balances(day: day)))
    }

    // reconcile = "reconcile" account_name [ "-" ] amount [ "on" date ] [ "adjust" ]
    mutating func reconcileStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        let account = try accountName()
        let negative = match(.minus)
        let balance = try amount()
        offer(keywords: ["on", "adjust"])
        let day = matchWord("on") ? try date() : nil
        offer(keywords: ["adjust"])
        let adjust = matchWord("adjust")
        return .accounts(.reconcile(account: account, balance: balance, negative: negative, day: day, adjust: adjust))
    }
}
