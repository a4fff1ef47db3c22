import TallyCore

extension Evaluator {
    /// Timi's drawer: each book's bills, income, expense and balance, and the
    /// totals over all books, one row for each currency.
    func booksTable() throws(Diagnostic) -> RecordTable {
        let current = ledger.currentBook.id
        var totals: [Currency: (count: Int, income: Int128, expense: Int128)] = [:]
        var rows: [[RecordTable.Cell]] = []
        for book in ledger.books {
            let named = Condition.naming(.book, book.name)
            let count = self.count(try measure(Query.view(.count, period: nil, where: named)))
            let income = try total(Query.view(.sum, .income, period: nil, where: named))
            let expense = try total(Query.view(.sum, .expense, period: nil, where: named))
            let sum = totals[book.currency] ?? (0, 0, 0)
            totals[book.currency] = (sum.count + count, sum.income + income, sum.expense + expense)
            rows.append([.flag(book.id == current), .text(book.name), .text(book.currency.code), .number(count),
                         .money(income, book.currency), .money(expense, book.currency), .money(income - expense, book.currency)])
        }
        var totalRows: [[RecordTable.Cell]] = totals.sorted { $0.key.code < $1.key.code }.map { currency, sum in
            [.text(""), .text("total"), .text(currency.code), .number(sum.count),
             .money(sum.income, currency), .money(sum.expense, currency), .money(sum.income - sum.expense, currency)]
        }
        if let home = ledger.settings.homeCurrency, totals.keys.contains(where: { $0.code != home }) {
            totalRows.append(try grandTotal(in: home, count: totals.values.reduce(0) { $0 + $1.count }))
        }
        return RecordTable(
            columns: ["current", "book", "currency", "bills", "income", "expense", "balance"], rows: rows, totals: totalRows)
    }

    /// Every book's bills in the home currency, each at its day's rate; where
    /// a rate is missing, the row says which, and adds up nothing at 1:1.
    private func grandTotal(in home: String, count: Int) throws(Diagnostic) -> [RecordTable.Cell] {
        let currency = Currency(code: home)
        func sum(_ kind: KindSelector) throws(Diagnostic) -> Int128 {
            var query = Query.view(.sum, kind, period: nil, where: nil)
            query.readsEveryBook = true
            query.currency = Located(home, .nowhere)
            return try total(query)
        }
        do {
            let income = try sum(.income)
            let expense = try sum(.expense)
            return [.text(""), .words("in %s", home), .text(home), .number(count),
                    .money(income, currency), .money(expense, currency), .money(income - expense, currency)]
        } catch {
            guard case .noRate(let from, _, let day) = error.problem else { throw error }
            return [.text(""), .words("in %s", home), .text(home), .number(count), .null, .null,
                    .words("no rate of %s on %s", from, day.iso)]
        }
    }

    func bookAdd(_ name: Located<String>, _ currencyCode: Located<String>?) throws(Diagnostic) -> Outcome {
        try ensureBookNameFree(name, except: nil)
        var currency = defaultCurrency
        if let currencyCode {
            guard Currency.isValidCode(currencyCode.value) else {
                let suggestion = Suggestion.nearest(to: currencyCode.value.uppercased(), among: Currency.codes)
                throw Diagnostic(
                    .unknownCurrency(currencyCode.value, suggestion: suggestion),
                    at: currencyCode.range)
            }
            currency = Currency(code: currencyCode.value)
        }
        let book = Book(id: ledger.nextBookID, name: name.value, currency: currency,
                        position: (ledger.books.map(\.position).max() ?? 0) + 1, account: ledger.bookAccount(name.value))
        return .change(
            ChangeSet(summary: Phrase.said("added book '%s'", book.name), rows: [
                RowChange(before: nil, after: .book(book)),
                RowChange(before: nil, after: .account(Account(id: ledger.nextAccountID, bookID: book.id, name: Account.firstName, position: 0))),
            ]),
            done: .done(.bookAdded(book.name, currency: currency.code)),
            asking: nil)
    }

    func bookUse(_ name: Located<String>) throws(Diagnostic) -> Outcome {
        let book = try ledger.book(named: name)
        var settings = ledger.settings
        settings.currentBookID = book.id
        return .change(
            ChangeSet(summary: "using book '\(book.name)'",
                      rows: [RowChange(before: .settings(ledger.settings), after: .settings(settings))], undoable: false),
            done: .done(.bookUsed(book.name, currency: book.currency.code)), asking: nil)
    }

    func bookRename(_ old: Located<String>, _ new: Located<String>) throws(Diagnostic) -> Outcome {
        let book = try ledger.book(named: old)
        try ensureBookNameFree(new, except: book.id)
        var renamed = book
        renamed.name = new.value
        renamed.account = ledger.bookAccount(new.value, renaming: book.id)
        return .change(
            ChangeSet(summary: Phrase.said("renamed book '%s' to '%s'", book.name, new.value), rows: [RowChange(before: .book(book), after: .book(renamed))]),
            done: .done(.bookRenamed(from: book.name, to: new.value)), asking: nil)
    }

    func bookDelete(_ name: Located<String>, _ into: Located<String>?) throws(Diagnostic) -> Outcome {
        let book = try ledger.book(named: name)
        guard ledger.books.count > 1 else {
            throw Diagnostic(.onlyBook(book.name), at: name.range)
        }
        let bills = ledger.bills.filter { $0.bookID == book.id }
        var rows: [RowChange] = []
        var target: Book?
        if let into {
            let destination = try ledger.book(named: into)
            guard destination.id != book.id else {
                throw Diagnostic(.takesItsOwnBills(thing: .book), at: into.range)
            }
            guard destination.currency == book.currency else {
                throw Diagnostic(.booksKeepOtherCurrencies(
                    destination: destination.name, destinationCurrency: destination.currency.code, book: book.name, bookCurrency: book.currency.code), at: into.range)
            }
            target = destination
            rows += bills.map { bill in
                var moved = bill
                moved.bookID = destination.id
                moved.accountID = 0
                moved.updated = now
                return RowChange(before: .bill(bill), after: .bill(moved))
            }
        } else if !bills.isEmpty {
            let sameCurrency = ledger.books.first { $0.id != book.id && $0.currency == book.currency }
            throw Diagnostic(
                .bookHasBills(book: book.name, count: bills.count, sameCurrency: sameCurrency?.name),
                at: name.range)
        }
        if ledger.settings.currentBookID == book.id {
            var settings = ledger.settings
            settings.currentBookID = (target ?? ledger.books.first { $0.id != book.id }!).id
            rows.append(RowChange(before: .settings(ledger.settings), after: .settings(settings)))
        }
        let accounts = ledger.accounts(ofBook: book.id)
        let accountIDs = Set(accounts.map(\.id))
        let transfers = ledger.transfers.filter { accountIDs.contains($0.fromAccountID) || accountIDs.contains($0.toAccountID) }
        guard transfers.isEmpty else {
            throw Diagnostic(.bookHasTransfers(book: book.name, count: transfers.count), at: name.range)
        }
        // A budget cannot outlive its book, nor an account: the schema would refuse the book's deletion.
        rows += ledger.budgets.filter { $0.bookID == book.id }.map { RowChange(before: .budget($0), after: nil) }
        rows += ledger.reconciliations.filter { accountIDs.contains($0.accountID) }.map { RowChange(before: .reconciliation($0), after: nil) }
        rows += accounts.map { RowChange(before: .account($0), after: nil) }
        rows.append(RowChange(before: .book(book), after: nil))
        return .change(
            ChangeSet(summary: Phrase.said("deleted book '%s'", book.name), rows: rows),
            done: .done(.bookDeleted(book.name, moved: target == nil ? 0 : bills.count, into: target?.name)), asking: nil)
    }

    func categoryAdd(_ name: Located<String>, _ kind: Kind, _ icon: String?, _ aliases: [Located<String>]) throws(Diagnostic) -> Outcome {
        var seen: Set<String> = []
        for word in [name] + aliases {
            try ensureCategoryNameFree(word, except: nil)
            guard seen.insert(Names.key(word.value)).inserted else {
                throw Diagnostic(.givenTwice(word.value), at: word.range)
            }
        }
        let category = Category(
            id: ledger.nextCategoryID, name: name.value, kind: kind, icon: icon ?? "🏷", aliases: aliases.map(\.value),
            position: (ledger.categories.map(\.position).max() ?? 0) + 1,
            account: ledger.categoryAccount(name.value, aliases: aliases.map(\.value)))
        return .change(
            ChangeSet(summary: Phrase.said("added category '%s'", category.name), rows: [RowChange(before: nil, after: .category(category))]),
            done: .done(.categoryAdded(category.name, kind: kind)), asking: nil)
    }

    func categoryRename(_ old: Located<String>, _ new: Located<String>) throws(Diagnostic) -> Outcome {
        let category = try ledger.category(named: old)
        try ensureCategoryNameFree(new, except: category.id)
        var renamed = category
        renamed.name = new.value
        renamed.aliases.removeAll { Names.key($0) == Names.key(new.value) }
        renamed.account = ledger.categoryAccount(new.value, aliases: renamed.aliases, renaming: category.id)
        return .change(
            ChangeSet(summary: Phrase.said("renamed category '%s' to '%s'", category.name, new.value),
                      rows: [RowChange(before: .category(category), after: .category(renamed))]),
            done: .done(.categoryRenamed(from: category.name, to: new.value)), asking: nil)
    }

    func categoryDelete(_ name: Located<String>, _ into: Located<String>?) throws(Diagnostic) -> Outcome {
        if let into { return try categoryMove(name, into: into, verb: .deleted) }
        let category = try ledger.category(named: name)
        let count = ledger.bills.count { $0.categoryID == category.id }
        guard count == 0 else {
            throw Diagnostic(
                .categoryHasBills(category: category.name, count: count),
                at: name.range)
        }
        return .change(
            ChangeSet(
                summary: Phrase.said("deleted category '%s'", category.name),
                rows: budgetRows(of: category) + [RowChange(before: .category(category), after: nil)]),
            done: .done(.categoryDeleted(category.name)), asking: nil)
    }

    /// Moves every bill of one category into another of the same kind, then deletes the first.
    func categoryMove(_ old: Located<String>, into: Located<String>, verb: CategoryMove) throws(Diagnostic) -> Outcome {
        let source = try ledger.category(named: old)
        let destination = try ledger.categoryTakingBills(named: into)
        guard source.id != destination.id else {
            throw Diagnostic(.takesItsOwnBills(thing: .category), at: into.range)
        }
        guard source.kind == destination.kind else {
            throw Diagnostic(
                .categoryKindsDiffer(source: source.name, sourceKind: source.kind, destination: destination.name, destinationKind: destination.kind),
                at: into.range)
        }
        var rows = ledger.bills.filter { $0.categoryID == source.id }.map { bill in
            var moved = bill
            moved.categoryID = destination.id
            moved.updated = now
            return RowChange(before: .bill(bill), after: .bill(moved))
        }
        let count = rows.count
        rows += budgetRows(of: source)
        rows.append(RowChange(before: .category(source), after: nil))
        // The old name and aliases now mean the category that took its bills.
        var widened = destination
        widened.aliases += source.allNames.filter { name in !destination.allNames.contains { Names.key($0) == Names.key(name) } }
        rows.append(RowChange(before: .category(destination), after: .category(widened)))
        let summary = switch verb {
        case .merged: Phrase.said("merged category '%s' into '%s'", source.name, destination.name)
        case .deleted: Phrase.said("deleted category '%s' into '%s'", source.name, destination.name)
        }
        return .change(
            ChangeSet(summary: summary, rows: rows),
            done: .done(.categoryMoved(verb: verb, from: source.name, into: destination.name, moved: count)), asking: nil)
    }

    /// The category's budgets, in every book, taken away with it.
    private func budgetRows(of category: Category) -> [RowChange] {
        ledger.budgets.filter { $0.categoryID == category.id }.map { RowChange(before: .budget($0), after: nil) }
    }

    /// A statement that runs another saved statement is saved only when that one is there.
    func save(
        _ name: Located<String>, _ parameters: [Located<String>], _ statement: String, calls: Located<String>?
    ) throws(Diagnostic) -> Outcome {
        if let calls, Names.key(calls.value) != Names.key(name.value) { _ = try savedStatement(named: calls) }
        let query = SavedQuery(name: name.value, parameters: parameters.map(\.value), statement: statement)
        let before = ledger.savedQuery(named: name.value).map(Record.savedQuery)
        let summary = before == nil ? Phrase.said("saved '%s'", query.name) : Phrase.said("replaced '%s'", query.name)
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: before, after: .savedQuery(query))]),
            done: .done(.saved(query.name, parameters: query.parameters, replaced: before != nil)), asking: nil)
    }

    func forget(_ name: Located<String>) throws(Diagnostic) -> Outcome {
        guard let query = ledger.savedQuery(named: name.value) else {
            throw Diagnostic(
                .unknownName(kind: .savedStatement, name: name.value,
                             suggestion: Suggestion.nearest(to: name.value, among: ledger.savedQueries.map(\.name))),
                at: name.range)
        }
        return .change(
            ChangeSet(summary: Phrase.said("forgot '%s'", query.name), rows: [RowChange(before: .savedQuery(query), after: nil)]),
            done: .done(.forgot(query.name)), asking: nil)
    }

    func set(_ name: Located<String>, _ value: Located<String>) throws(Diagnostic) -> Outcome {
        guard let setting = Setting(named: name.value) else {
            throw Diagnostic(
                .unknownName(kind: .setting, name: name.value, suggestion: Suggestion.nearest(to: name.value, among: Setting.words)),
                at: name.range)
        }
        if setting == .currency { return try homeCurrency(value) }
        let word = value.value.lowercased()
        guard setting.values.contains(word) else {
            throw Diagnostic(.unexpected(found: "'\(value.value)'", expected: Parser.alternatives(setting.values)), at: value.range)
        }
        switch setting {
        case .weekstart:
            let start = WeekStart(rawValue: word)!
            var settings = ledger.settings
            settings.weekStart = start
            return .change(
                ChangeSet(summary: "weeks start on \(start.rawValue)",
                          rows: [RowChange(before: .settings(ledger.settings), after: .settings(settings))], undoable: false),
                done: .done(.weekStart(start)), asking: nil)
        case .format:
            return .sessionSetting(.format(OutputFormat(rawValue: word)!))
        case .color:
            return .sessionSetting(.color(word == "on"))
        case .echo:
            return .sessionSetting(.echo(word == "on"))
        case .pager:
            return .sessionSetting(.pager(PagerMode(rawValue: word)!))
        case .currency:
            preconditionFailure("the home currency is set above")
        }
    }

    private func ensureBookNameFree(_ name: Located<String>, except id: Int64?) throws(Diagnostic) {
        if let existing = ledger.book(named: name.value), existing.id != id {
            throw Diagnostic(.bookNameTaken(existing.name), at: name.range)
        }
    }

    func ensureCategoryNameFree(_ name: Located<String>, except id: Int64?) throws(Diagnostic) {
        if let existing = ledger.category(named: name.value), existing.id != id {
            throw Diagnostic(.categoryNameTaken(name: name.value, existing: existing.name), at: name.range)
        }
    }
}
