import TallyCore

extension Evaluator {
    /// Refuses an import into a book that does not exist, before its file is read.
    public func checkImportTarget(_ options: ImportOptions) throws(Diagnostic) {
        if let book = options.book { _ = try ledger.book(named: book) }
        if let profile = options.profile { _ = try importProfile(named: profile) }
    }

    /// The bills an export writes: those of every book, unless the condition
    /// narrows them, in `list` order; and the recurring rules it writes.
    func export(_ options: ExportOptions) throws(Diagnostic) -> Outcome {
        let bills = try listEveryBook(options.condition, options.period)
        return .exportFile(options, bills: bills, rules: try exportedRules(options))
    }

    /// The rows of the ledger's columns an export writes, in the order it
    /// lists them: for an export written from the columns themselves.
    public func exportedRows(_ options: ExportOptions) throws(Diagnostic) -> [Int] {
        try Selection(evaluator: self, condition: options.condition, period: options.period, kind: nil, allBooks: true).selectedRows
    }

    private func listEveryBook(_ condition: Condition?, _ period: Located<PeriodSpec>?) throws(Diagnostic) -> BillList {
        var query = Query(aggregate: .list)
        query.condition = condition
        query.period = period
        query.readsEveryBook = true
        guard case .bills(let bills) = try run(query) else { preconditionFailure("list gives bills") }
        return bills
    }

    /// The rules not paused that fall in the period, and whose bill, as
    /// posted on the first of those days, the condition selects. That bill is
    /// tested among the rules' bills alone, each numbered after every bill
    /// the ledger has, as it would be when posted.
    private func exportedRules(_ options: ExportOptions) throws(Diagnostic) -> [RecurringRow] {
        let weekStart = ledger.settings.weekStart
        let range = options.period.map { $0.value.resolve(today: today, weekStart: weekStart) } ?? .everything
        let falling = ledger.recurringRules.filter { $0.pausedOn == nil }.compactMap { rule in
            RecurringRow.firstDay(of: rule, in: range, weekStart: weekStart).map { (rule: rule, day: $0) }
        }
        let bills = falling.enumerated().map { index, falling in
            falling.rule.bill(id: ledger.lastBillID + Int64(index) + 1, on: falling.day, at: falling.rule.created)
        }
        var selected = Set(bills.map(\.id))
        if let condition = options.condition {
            let posted = Ledger(books: ledger.books, categories: ledger.categories, bills: bills, settings: ledger.settings, accounts: ledger.accounts)
            let evaluator = Evaluator(ledger: posted, today: today, now: now, defaultCurrency: defaultCurrency)
            selected = Set(try evaluator.listEveryBook(condition, nil).rows.map(\.id))
        }
        return zip(falling.map(\.rule), bills).compactMap { rule, bill in
            guard selected.contains(bill.id), let first = RecurringRow.firstDay(of: rule, in: .everything, weekStart: weekStart) else { return nil }
            let posted = rule.bill(id: bill.id, on: first, at: bill.created)
            return RecurringRow(rule, bill: BillRow(posted, in: ledger), weekStart: weekStart, firstDay: first)
        }
    }
}

extension Evaluator {
    /// The accounts' entries an export of `options` writes: each account's
    /// opening on the later of its opening day and the file's first day (an
    /// account opened after the period has none), the transfers in the
    /// period, and its reconciliations from then on. The opening is Tally's
    /// balance at the start of that day less what the file's bills and
    /// transfers before it bring, which Tally leaves out of a balance (they
    /// are older than the account's opening), so each balance in the file
    /// is Tally's from then on. A condition selects bills alone, whose sum
    /// is no account's balance: an export with one writes no entries.
    public func accountEntries(_ options: ExportOptions) -> AccountEntries {
        guard options.condition == nil else { return .none }
        let range = options.period.map { $0.value.resolve(today: today, weekStart: ledger.settings.weekStart) } ?? .everything
        let transfers = ledger.transfers.filter { range.contains($0.day) }
        let reconciliations = ledger.reconciliations.filter { range.contains($0.day) }
        let billIndices = ledger.bills.indices(in: range)
        let first: Day
        if range.start >= Day.first {
            first = range.start
        } else {
            let dated = [billIndices.first.map { Day(ordinal: ledger.bills.days[$0]) }, transfers.first?.day, reconciliations.first?.day]
                + ledger.accounts.map { $0.openingDay.flatMap { range.contains($0) ? $0 : nil } }
            first = dated.compactMap { $0 }.min() ?? today
        }
        let opened = Dictionary(
            ledger.accounts.map { ($0.id, max($0.openingDay ?? first, first)) }, uniquingKeysWith: { first, _ in first })
        var balances: [Day: [Int64: Int64]] = [:]
        func balance(of account: Int64, through day: Day) -> Int64 {
            if balances[day] == nil {
                balances[day] = Dictionary(ledger.balances(through: day).map { ($0.account.id, $0.balance) }, uniquingKeysWith: { first, _ in first })
            }
            return balances[day]?[account] ?? 0
        }
        let kinds = Dictionary(ledger.categories.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let firstAccounts = ledger.firstAccountIDs
        var openings: [AccountEntries.Opening] = []
        for account in ledger.accounts {
            guard let day = opened[account.id], day <= range.end else { continue }
            var written: Int64 = 0
            for index in ledger.bills.indices(in: DateRange(start: range.start, end: day.adding(days: -1)))
            where ledger.accountID(ofBillAt: index, firstAccounts: firstAccounts) == account.id {
                written += (kinds[ledger.bills.categoryIDs[index]] ?? .expense).signed(ledger.bills.amounts[index])
            }
            written += transfers.filter { $0.day < day }.reduce(0) { $0 + $1.change(to: account.id) }
            let amount = balance(of: account.id, through: day.adding(days: -1)) - written
            if amount != 0 { openings.append(AccountEntries.Opening(account: row(of: account), day: day, amount: amount)) }
        }
        let moves = transfers.compactMap { transfer -> AccountEntries.Move? in
            guard let from = ledger.account(id: transfer.fromAccountID), let to = ledger.account(id: transfer.toAccountID) else { return nil }
            return AccountEntries.Move(
                day: transfer.day, from: row(of: from), amount: transfer.fromAmount, to: row(of: to), received: transfer.toAmount, remark: transfer.remark)
        }
        let statements = reconciliations.compactMap { reconciliation -> AccountEntries.Statement? in
            guard let account = ledger.account(id: reconciliation.accountID), let day = opened[account.id], reconciliation.day >= day else { return nil }
            return AccountEntries.Statement(
                account: row(of: account), day: reconciliation.day, balance: reconciliation.balance,
                held: balance(of: account.id, through: reconciliation.day))
        }
        return AccountEntries(openings: openings.sorted { $0.day < $1.day }, moves: moves, statements: statements)
    }

    private func row(of account: Account) -> AccountRow {
        let book = ledger.book(id: account.bookID)
        return AccountRow(
            book: book?.name ?? "?", account: ledger.keepsAccounts(inBooks: [account.bookID]) ? account.name : nil, currency: book?.currency ?? .cny)
    }
}
