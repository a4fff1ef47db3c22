import TallyCore

extension Evaluator {
    func budgetSet(_ target: BudgetTarget, _ expression: AmountExpression) throws(Diagnostic) -> Outcome {
        let book = ledger.currentBook
        let category = try budgeted(target)
        let amount = try self.amount(expression, in: book)
        let before = ledger.budget(book: book.id, category: category?.id)
        let budget = Budget(id: before?.id ?? ledger.nextBudgetID, bookID: book.id, categoryID: category?.id, amount: amount)
        let limit = MoneyFormat.plain(amount, book.currency)
        let summary = category.map { Phrase.said("set the budget for '%s' to %s", $0.name, limit) }
            ?? Phrase.said("set the budget in total to %s", limit)
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: before.map(Record.budget), after: .budget(budget))]),
            done: .done(.budgetSet(book: book.name, category: category?.name, amount: amount, currency: book.currency)),
            asking: nil)
    }

    func budgetOff(_ target: BudgetTarget) throws(Diagnostic) -> Outcome {
        let book = ledger.currentBook
        let category = try budgeted(target)
        guard let budget = ledger.budget(book: book.id, category: category?.id) else {
            throw Diagnostic(.noBudget(book: book.name, category: category?.name), at: target.range)
        }
        let summary = category.map { Phrase.said("dropped the budget for '%s'", $0.name) } ?? Phrase.said("dropped the budget in total")
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: .budget(budget), after: nil)]),
            done: .done(.budgetDropped(book: book.name, category: category?.name)), asking: nil)
    }

    /// Each budget of a book (the current one unless given) for one month, with what was spent.
    func budgetReport(_ period: Located<PeriodSpec>?, of book: Book? = nil, at range: SourceRange) throws(Diagnostic) -> BudgetReport {
        let period = period ?? Located(.this(.month), range)
        let days = period.value.resolve(today: today, weekStart: ledger.settings.weekStart)
        guard days.start >= Day.first, days.end <= Day.last, DateRange.month(days.start.year, days.start.month) == days else {
            throw Diagnostic(.budgetNeedsAMonth, at: period.range)
        }
        let book = book ?? ledger.currentBook
        let inBook = book.id == ledger.currentBook.id ? nil : Condition.naming(.book, book.name)
        let spent = try grouped(Query.view(.sum, .expense, period: period, where: inBook, by: .category, at: range))
        let budgets = ledger.budgets.filter { $0.bookID == book.id }
        let ahead = days.contains(today) ? BudgetLookAhead(evaluator: self, book: book, month: days) : nil
        var lines: [BudgetLine] = []
        for category in ledger.categories {
            guard let budget = budgets.first(where: { $0.categoryID == category.id }) else { continue }
            let spent = spent[category.name].map(money) ?? 0
            lines.append(BudgetLine(
                category: category.name, icon: category.icon, budget: Int128(budget.amount), spent: spent,
                outlook: ahead?.outlook(spent: spent, category: category.id)))
        }
        if let total = budgets.first(where: { $0.categoryID == nil }) {
            let spent = try self.total(Query.view(.sum, .expense, period: period, where: inBook))
            lines.append(BudgetLine(
                category: nil, icon: "", budget: Int128(total.amount), spent: spent, outlook: ahead?.outlook(spent: spent, category: nil)))
        }
        return BudgetReport(month: String(days.start.iso.prefix(7)), currency: book.currency, lines: lines)
    }

    /// What to say when `bill` takes its category, or its book's whole
    /// spending, past a budget for the bill's month that it was within before.
    func budgetWarnings(adding bill: Bill) throws(Diagnostic) -> [String] {
        guard let category = ledger.category(id: bill.categoryID), category.kind == .expense,
              let book = ledger.book(id: bill.bookID) else { return [] }
        let month = Located(PeriodSpec.range(DateRange.month(containing: bill.day)), SourceRange.nowhere)
        var warnings: [String] = []
        let limits: [(Budget?, Condition, inTotal: Bool)] = [
            (ledger.budget(book: book.id, category: category.id), .and([.naming(.book, book.name), .naming(.category, category.name)]), false),
            (ledger.budget(book: book.id, category: nil), .naming(.book, book.name), true),
        ]
        for (budget, condition, inTotal) in limits {
            guard let budget else { continue }
            let before = try total(Query.view(.sum, .expense, period: month, where: condition))
            let after = before + Int128(bill.amount)
            if before <= Int128(budget.amount) && after > Int128(budget.amount) {
                let label = bill.day.iso.prefix(7)
                let (spent, limit) = (MoneyFormat.withSymbol(after, book.currency), MoneyFormat.withSymbol(budget.amount, book.currency))
                warnings.append(inTotal
                    ? Translation.translated("this takes '%s' in total past its budget for %s: %s of %s", book.name, label, spent, limit)
                    : Translation.translated("this takes '%s' past its budget for %s: %s of %s", category.name, label, spent, limit))
            }
        }
        return warnings
    }

    /// The expense category a budget target names, or nil for the total.
    private func budgeted(_ target: BudgetTarget) throws(Diagnostic) -> Category? {
        guard case .category(let name) = target else { return nil }
        let category = try ledger.category(named: name)
        guard category.kind == .expense else {
            throw Diagnostic(.budgetOnIncome(category.name), at: name.range)
        }
        return category
    }
}

extension BudgetTarget {
    var range: SourceRange {
        switch self {
        case .category(let name): return name.range
        case .total(let range): return range
        }
    }
}
