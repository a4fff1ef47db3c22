import TallyCore

// The report is put together from the language's own queries over the
// period and condition it was given, as the views are.

extension Evaluator {
    func report(_ options: ReportOptions, at range: SourceRange) throws(Diagnostic) -> Outcome {
        let period = options.period ?? Located(ReportOptions.defaultPeriod, range)
        let condition = options.condition?.value
        let days = resolve(period)
        let (books, wholeBooks) = try reportedBooks(period, condition)
        let currencies = Array(Set(books.map(\.currency.code))).sorted()
        guard currencies.count <= 1 else { throw Diagnostic(.reportSpansCurrencies(currencies), at: options.condition?.range ?? range) }
        let currency = books.first?.currency ?? ledger.currentBook.currency

        let summary = try balance(over: period, where: condition, in: currency)
        let billCount = count(try measure(Query.view(.count, period: period, where: condition)))
        let monthCounts = try groupRows(Query.view(.count, period: period, where: condition, by: .month, at: range))
        let labels = try monthLabels(days, withBills: monthCounts.compactMap { $0.labels[0] }, at: options.period?.range ?? range)
        let (step, spans) = try self.spans(of: labels, period, where: condition, covering: days, in: currency, at: range)

        var timeline: Timeline?
        if let latest = monthCounts.last?.labels[0], let month = DateRange(monthLabel: latest) {
            let shown = DateRange(start: max(month.start, days.start), end: min(month.end, days.end))
            timeline = try self.timeline(Located(.range(shown), range), where: condition, in: currency, at: range)
        }

        let spending = try pie(.expense, period, where: condition, at: range)
        let balancesDay = min(days.end, today)
        return .reportFile(options, PeriodReport(
            period: days, books: books.map(\.name), currency: currency, condition: options.conditionText, summary: summary, count: billCount,
            savingsPermille: Evaluator.permille(of: summary.balance, in: summary.income),
            spans: spans, step: step,
            expense: folded(spending),
            income: folded(try pie(.income, period, where: condition, at: range)),
            spending: try grid(labels, of: spending.slices, period, condition, at: range),
            budgets: wholeBooks && books.count == 1 ? try budgets(of: books[0], within: days, labels) : [],
            balances: wholeBooks ? balances(of: books, through: balancesDay) : [], balancesDay: balancesDay,
            timeline: timeline,
            largest: try largestExpenses(period, where: condition),
            made: today))
    }

    /// The current book, unless the condition names books. Books named by
    /// comparisons joined with `and` are those the report covers, with bills
    /// or without (so an empty report still has their currency); books named
    /// inside `or` or `not` can be told only from the bills. The books are
    /// whole when the condition names nothing but books.
    private func reportedBooks(_ period: Located<PeriodSpec>, _ condition: Condition?) throws(Diagnostic) -> (books: [Book], whole: Bool) {
        guard let condition else { return ([ledger.currentBook], true) }
        let terms = if case .and(let terms) = condition { terms } else { [condition] }
        let bookTerms = terms.compactMap { term -> Comparison? in
            guard case .comparison(let comparison) = term, comparison.field.value == .book else { return nil }
            return comparison
        }
        guard condition.mentions(.book) else { return ([ledger.currentBook], false) }
        if bookTerms.count == terms.filter({ $0.mentions(.book) }).count {
            let compiler = ConditionCompiler(ledger: ledger, today: today)
            var tests: [IDTest] = []
            for term in bookTerms { tests.append(try compiler.bookTest(term)) }
            return (ledger.books.filter { book in tests.allSatisfy { $0.holds(book.id) } }, bookTerms.count == terms.count)
        }
        let named = try groupRows(Query.view(.count, period: period, where: condition, by: .book, at: period.range)).compactMap(\.labels[0])
        return (ledger.books.filter { named.contains($0.name) }, false)
    }

    /// Every month of the period up to this one, and later ones up to the
    /// last with bills; a period longer than a year, or without an end, only
    /// from its first month with bills to its last. Past a lifetime of months
    /// the page could not be read, nor written in reasonable time and room.
    private func monthLabels(_ days: DateRange, withBills: [String], at range: SourceRange) throws(Diagnostic) -> [String] {
        let earliest = withBills.first.flatMap(DateRange.init(monthLabel:))
        let latest = withBills.last.flatMap(DateRange.init(monthLabel:))
        var first = days.start
        var last = min(days.end, max(DateRange.month(containing: today).end, latest?.end ?? Day.first))
        let bounded = days.start >= Day.first && days.end <= Day.last
        if !bounded || (days.end.year - days.start.year) * 12 + days.end.month - days.start.month >= 12 {
            guard let earliest, let latest else { return [] }
            first = max(first, earliest.start)
            last = min(last, latest.end)
        }
        let span = (last.year - first.year) * 12 + last.month - first.month + 1
        guard span <= PeriodReport.monthsAtMost else {
            throw Diagnostic(.reportTooLong(months: span, from: String(first.iso.prefix(7)), to: String(last.iso.prefix(7))), at: range)
        }
        let firstMonth = first.year * 12 + first.month - 1
        return (0..<max(span, 0)).compactMap { offset in
            DateRange.month((firstMonth + offset) / 12, (firstMonth + offset) % 12 + 1).map { String($0.start.iso.prefix(7)) }
        }
    }

    /// The pie's largest categories, then the rest as one slice; the shares
    /// are of these slices, so each is its own amount's share rounded.
    private func folded(_ whole: Pie) -> ReportPie {
        let shown = whole.slices.prefix(PeriodReport.slicesShown)
        let rest = whole.slices.dropFirst(PeriodReport.slicesShown)
        var amounts = shown.map(\.amount)
        if !rest.isEmpty { amounts.append(rest.reduce(0) { $0 + $1.amount }) }
        let shares = PieSlice.shares(of: amounts)
        let slices = shown.enumerated().map { index, slice in
            PieSlice(category: slice.category, icon: slice.icon, amount: slice.amount, count: slice.count, permille: shares[index])
        }
        let restSlice = rest.isEmpty ? nil : PieSlice(
            category: "", icon: "", amount: amounts[shown.count], count: rest.reduce(0) { $0 + $1.count }, permille: shares[shown.count])
        return ReportPie(kind: whole.kind, total: whole.total, slices: slices, rest: restSlice, restCategories: rest.count)
    }

    /// Each expense category's spending month by month, or year by year when
    /// the months are more than a page's width holds; largest total first.
    /// `categories` are the spending pie's slices, every category with its total.
    private func grid(
        _ labels: [String], of categories: [PieSlice], _ period: Located<PeriodSpec>, _ condition: Condition?, at range: SourceRange
    ) throws(Diagnostic) -> SpendingGrid {
        let byYear = labels.count > PeriodReport.monthColumns
        let dimension: Dimension = byYear ? .year : .month
        var columns = labels
        if byYear {
            columns = []
            for label in labels where columns.last != String(label.prefix(4)) { columns.append(String(label.prefix(4))) }
        }
        var query = Query.view(.sum, .expense, period: period, where: condition, by: .category, at: range)
        query.dimensions.append(Located(dimension, range))
        var cells: [String: [String: Int128]] = [:]
        for row in try groupRows(query) {
            guard let category = row.labels[0], let column = row.labels[1] else { continue }
            cells[category, default: [:]][column] = money(row.measure)
        }
        let columnTotals = try grouped(Query.view(.sum, .expense, period: period, where: condition, by: dimension, at: range))
        return SpendingGrid(
            columns: columns, totals: columns.map { columnTotals[$0].map(money) ?? 0 },
            categories: categories.map { category in
                CategorySpending(
                    category: category.category, icon: category.icon,
                    amounts: columns.map { cells[category.category]?[$0] ?? 0 }, total: category.amount)
            })
    }

    /// A book's budgets, as `budget` shows them, in the latest months (as
    /// many as a page's width holds) that have begun and lie wholly in the
    /// period: a budget is of a whole month's spending, which a month the
    /// period cuts short would not show.
    private func budgets(of book: Book, within days: DateRange, _ labels: [String]) throws(Diagnostic) -> [BudgetReport] {
        guard ledger.budgets.contains(where: { $0.bookID == book.id }) else { return [] }
        var reports: [BudgetReport] = []
        for label in labels {
            guard let month = DateRange(monthLabel: label), month.start <= today, days.start <= month.start, month.end <= days.end else { continue }
            let report = try budgetReport(Located(.range(month), .nowhere), of: book, at: .nowhere)
            if !report.lines.isEmpty { reports.append(report) }
        }
        return Array(reports.suffix(PeriodReport.monthColumns))
    }

    /// The accounts of `books` at the end of `day`, when one of the books keeps several.
    private func balances(of books: [Book], through day: Day) -> [ReportBalance] {
        guard ledger.keepsAccounts(inBooks: books.map(\.id)) else { return [] }
        let named = Dictionary(books.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return ledger.balances(through: day).compactMap { entry in
            guard let book = named[entry.account.bookID] else { return nil }
            return ReportBalance(
                book: book, account: entry.account.name, icon: entry.account.icon, kind: entry.account.kind, balance: entry.balance,
                owing: entry.owing, reconciled: ledger.lastReconciliation(of: entry.account.id, through: day)?.day)
        }
    }

    /// `part` as tenths of a percent of `whole`, rounded half away from zero.
    static func permille(of part: Int128, in whole: Int128) -> Int? {
        guard whole > 0 else { return nil }
        let scaled = part * 1000
        var quotient = scaled / whole
        let remainder = scaled % whole
        if 2 * remainder.magnitude >= whole.magnitude { quotient += remainder < 0 ? -1 : 1 }
        // A balance can be thousands of times a tiny income: past what an Int holds the rate is shown at its limit.
        return Int(clamping: quotient)
    }
}
