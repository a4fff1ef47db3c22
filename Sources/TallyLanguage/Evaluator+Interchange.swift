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
            let posted = Ledger(books: ledger.books, categories: ledger.categories, bills: bills, settings: ledger.settings)
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
