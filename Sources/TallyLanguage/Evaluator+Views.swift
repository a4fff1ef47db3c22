import TallyCore

// Each view is put together from the language's own queries over the current
// book, so every number it shows is one `sum`, `count` or `list` would give.

extension Evaluator {
    func timeline(
        _ period: Located<PeriodSpec>?, where condition: Condition? = nil, in currency: Currency? = nil, at range: SourceRange
    ) throws(Diagnostic) -> Timeline {
        let period = period ?? Located(.this(.month), range)
        // Expected bills take their days among the bills written, marked, and count in no total.
        let rows = try (listed(Query.view(.list, period: period, where: condition)) + expected(Query.view(.list, period: period, where: condition)))
            .sorted { ($0.day, $0.isForecast ? 1 : 0, $0.id) < ($1.day, $1.isForecast ? 1 : 0, $1.id) }
        let income = try grouped(Query.view(.sum, .income, period: period, where: condition, by: .day, at: range))
        let expense = try grouped(Query.view(.sum, .expense, period: period, where: condition, by: .day, at: range))
        // The rows come in day order, so each day's bills are one run of them.
        var days: [TimelineDay] = []
        var first = rows.startIndex
        while first < rows.endIndex {
            let day = rows[first].day
            let end = rows[first...].firstIndex { $0.day != day } ?? rows.endIndex
            // Expenses first, then income, as the centre line has them.
            days.append(TimelineDay(
                day: day, summary: balance(income[day.iso], expense[day.iso], in: currency),
                bills: rows[first..<end].filter { $0.kind == .expense } + rows[first..<end].filter { $0.kind == .income }))
            first = end
        }
        // A transfer is no bill, so no condition on bills picks one.
        if condition == nil { days = merging(transfers(in: resolve(period)), into: days, in: currency) }
        days.reverse()
        return Timeline(
            period: resolve(period), summary: try balance(over: period, where: condition, in: currency), days: days)
    }

    /// The transfers into or out of the current book's accounts in `range`.
    private func transfers(in range: DateRange) -> [TransferRow] {
        let book = ledger.currentBook.id
        return ledger.transfers.compactMap { transfer in
            guard range.contains(transfer.day), let from = ledger.account(id: transfer.fromAccountID), let to = ledger.account(id: transfer.toAccountID),
                  from.bookID == book || to.bookID == book,
                  let fromBook = ledger.book(id: from.bookID), let toBook = ledger.book(id: to.bookID) else { return nil }
            let differs = fromBook.currency != toBook.currency
            return TransferRow(
                id: transfer.id, day: transfer.day, amount: MoneyFormat.withSymbol(transfer.fromAmount, fromBook.currency),
                received: differs ? MoneyFormat.withSymbol(transfer.toAmount, toBook.currency) : nil,
                from: label(from), to: label(to), remark: transfer.remark)
        }
    }

    /// `days`, in day order, with each transfer on its day; a day of transfers alone is a day of the timeline too.
    private func merging(_ transfers: [TransferRow], into days: [TimelineDay], in currency: Currency?) -> [TimelineDay] {
        guard !transfers.isEmpty else { return days }
        var merged = days
        for transfer in transfers {
            if let index = merged.firstIndex(where: { $0.day == transfer.day }) {
                merged[index].transfers.append(transfer)
            } else {
                var day = TimelineDay(day: transfer.day, summary: balance(nil, nil, in: currency), bills: [])
                day.transfers = [transfer]
                merged.insert(day, at: merged.firstIndex { $0.day > transfer.day } ?? merged.endIndex)
            }
        }
        return merged
    }

    func pie(
        _ kind: Kind, _ period: Located<PeriodSpec>?, where condition: Condition? = nil, in currency: Currency? = nil, at range: SourceRange
    ) throws(Diagnostic) -> Pie {
        let period = period ?? Located(.this(.month), range)
        let selector: KindSelector = kind == .expense ? .expense : .income
        let sums = try groupRows(Query.view(.sum, selector, period: period, where: condition, by: .category, at: range))
        let counts = try grouped(Query.view(.count, selector, period: period, where: condition, by: .category, at: range))
        let total = try self.total(Query.view(.sum, selector, period: period, where: condition))
        let amounts = sums.map { money($0.measure) }
        let shares = PieSlice.shares(of: amounts)
        return Pie(
            kind: kind, period: resolve(period), total: total, currency: currency ?? ledger.currentBook.currency,
            slices: sums.indices.map { index in
                let name = sums[index].labels[0] ?? ""
                return PieSlice(
                    category: name, icon: ledger.category(named: name)?.icon ?? "", amount: amounts[index],
                    count: count(counts[name]), permille: shares[index])
            })
    }

    func months(_ year: Located<Int>?, at range: SourceRange) throws(Diagnostic) -> MonthTable {
        let year = year?.value ?? today.year
        let period = Located(PeriodSpec.range(DateRange.year(year)!), range)
        let income = try grouped(Query.view(.sum, .income, period: period, by: .month, at: range))
        let expense = try grouped(Query.view(.sum, .expense, period: period, by: .month, at: range))
        let counts = try groupRows(Query.view(.count, period: period, by: .month, at: range))
        var months = counts.compactMap { row -> MonthLine? in
            guard let label = row.labels[0], let month = Int(label.suffix(2)) else { return nil }
            return MonthLine(month: month, summary: balance(income[label], expense[label]), count: count(row.measure))
        }
        // What recurring rules will post after today, beside each month's own bills and in none of its totals.
        let currency = ledger.currentBook.currency
        for (month, bills) in Dictionary(grouping: try expected(Query.view(.list, period: period)), by: \.day.month) {
            let income = bills.filter { $0.kind == .income }.reduce(Int128(0)) { $0 + Int128($1.amount) }
            let expense = bills.filter { $0.kind == .expense }.reduce(Int128(0)) { $0 + Int128($1.amount) }
            let expected = Balance(income: income, expense: expense, currency: currency)
            if let index = months.firstIndex(where: { $0.month == month }) {
                months[index].expected = expected
            } else {
                months.append(MonthLine(month: month, summary: Balance(income: 0, expense: 0, currency: currency), count: 0, expected: expected))
            }
        }
        months.sort { $0.month < $1.month }
        return MonthTable(
            year: year, months: months, total: try balance(over: period),
            count: count(try measure(Query.view(.count, period: period))))
    }

    func detail(_ name: Located<String>, _ period: Located<PeriodSpec>?, at range: SourceRange) throws(Diagnostic) -> CategoryDetail {
        let category = try ledger.category(named: name)
        let condition = Condition.naming(.category, name.value, at: name.range)
        let selector: KindSelector = category.kind == .expense ? .expense : .income
        let rows = try listed(Query.view(.list, period: period, where: condition))
        let subtotals = try groupRows(Query.view(.sum, selector, period: period, where: condition, by: .month, at: range))
        return CategoryDetail(
            category: category.name, icon: category.icon, kind: category.kind, currency: ledger.currentBook.currency,
            months: subtotals.map { row in
                let label = row.labels[0] ?? ""
                return DetailMonth(label: label, subtotal: money(row.measure), bills: rows.filter { $0.day.iso.hasPrefix(label) })
            },
            total: try total(Query.view(.sum, selector, period: period, where: condition)),
            count: rows.count)
    }

    func show(_ id: Located<Int64>) throws(Diagnostic) -> BillDetail {
        guard let bill = ledger.bill(id: id.value) else {
            throw Diagnostic(.noSuchBill(String(id.value)), at: id.range)
        }
        return BillDetail(bill: BillRow(bill, in: ledger), created: bill.created, updated: bill.updated, photos: ledger.photos(ofBill: bill.id))
    }

    func search(_ text: Located<String>, _ period: Located<PeriodSpec>?) throws(Diagnostic) -> SearchResult {
        guard text.value.contains(where: { !$0.isWhitespace }) else {
            throw Diagnostic(.searchNeedsText, at: text.range)
        }
        let fields: [Field] = [.remark, .place, .category, .tag]
        let condition = Condition.or(fields.map { field in
            .comparison(Comparison(
                field: Located(field, text.range), op: Located(.contains, text.range), operands: [Located(.text(text.value), text.range)]))
        })
        return SearchResult(text: text.value, bills: try list(Query.view(.list, period: period, where: condition)).reversed())
    }

    // MARK: The queries underneath

    func resolve(_ period: Located<PeriodSpec>) -> DateRange {
        period.value.resolve(today: today, weekStart: ledger.settings.weekStart)
    }

    func balance(over period: Located<PeriodSpec>, where condition: Condition? = nil, in currency: Currency? = nil) throws(Diagnostic) -> Balance {
        Balance(
            income: try total(Query.view(.sum, .income, period: period, where: condition)),
            expense: try total(Query.view(.sum, .expense, period: period, where: condition)),
            currency: currency ?? ledger.currentBook.currency)
    }

    func balance(_ income: Measure?, _ expense: Measure?, in currency: Currency? = nil) -> Balance {
        Balance(income: income.map(money) ?? 0, expense: expense.map(money) ?? 0, currency: currency ?? ledger.currentBook.currency)
    }

    func listed(_ query: Query) throws(Diagnostic) -> [BillRow] {
        try list(query).rows
    }

    private func list(_ query: Query) throws(Diagnostic) -> BillList {
        guard case .bills(let list) = try run(query) else { preconditionFailure("list gives bills") }
        return list
    }

    func measure(_ query: Query) throws(Diagnostic) -> Measure {
        guard case .aggregate(let result) = try run(query), let cell = result.cells.first else { preconditionFailure("an aggregate gives a cell") }
        return cell.measure
    }

    func total(_ query: Query) throws(Diagnostic) -> Int128 {
        money(try measure(query))
    }

    func groupRows(_ query: Query) throws(Diagnostic) -> [GroupRow] {
        guard case .groups(let groups) = try run(query) else { preconditionFailure("by gives groups") }
        return groups.rows
    }

    /// Each group's measure by its label.
    func grouped(_ query: Query) throws(Diagnostic) -> [String: Measure] {
        var measures: [String: Measure] = [:]
        for row in try groupRows(query) {
            measures[row.labels[0] ?? ""] = row.measure
        }
        return measures
    }

    func money(_ measure: Measure) -> Int128 {
        if case .money(let amount, _) = measure { return amount }
        return 0
    }

    func count(_ measure: Measure?) -> Int {
        if case .count(let count)? = measure { return count }
        return 0
    }
}

extension Query {
    /// A query a view asks on its own behalf, over the current book.
    static func view(
        _ aggregate: Aggregate, _ kind: KindSelector? = nil, period: Located<PeriodSpec>?, where condition: Condition? = nil,
        by dimension: Dimension? = nil, at range: SourceRange? = nil
    ) -> Query {
        var query = Query(aggregate: aggregate)
        query.kind = kind
        query.period = period
        query.condition = condition
        if let dimension, let range { query.dimensions = [Located(dimension, range)] }
        return query
    }
}
