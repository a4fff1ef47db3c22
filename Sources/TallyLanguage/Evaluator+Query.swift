import TallyCore

extension Evaluator {
    func run(_ query: Query) throws(Diagnostic) -> QueryResult {
        if query.withForecast {
            var plain = query
            plain.withForecast = false
            let result = try forecasting(through: query.period.map(resolve)).run(plain)
            // The bills a forecast lists that no one wrote are marked as expected.
            guard case .bills(let list) = result else { return result }
            return .bills(BillList(
                rows: list.rows.map { $0.id > ledger.lastBillID ? $0.asForecast() : $0 }, totals: list.totals, net: list.net))
        }
        let selection = try Selection(
            evaluator: self, condition: query.condition, period: query.period,
            kind: query.kind?.kind, allBooks: query.coversAllBooks)
        if query.aggregate == .count && query.dimensions.isEmpty {
            return .aggregate(AggregateResult(aggregate: .count, cells: [AggregateCell(currency: nil, measure: .count(selection.count))]))
        }
        var currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
        var signedValue = BillValue(ledger, signed: true)
        var value = BillValue(ledger, signed: query.kind == nil || query.kind == .net)
        if let target = query.currency {
            // Each bill at its own day's rate; then the query adds up one currency.
            let amounts = try converted(selection.selectedRows, to: target)
            signedValue = BillValue(ledger, amounts: amounts, signed: true)
            value = BillValue(ledger, amounts: amounts, signed: query.kind == nil || query.kind == .net)
            currencies = currencies.mapValues { _ in Currency(code: target.value) }
        }
        if query.dimensions.isEmpty && query.aggregate != .list {
            // Added up where the ledger keeps the bills, none copied out.
            var totals = BookTotals()
            let books = ledger.bills.bookIDs
            selection.forEach { row in totals.add(value(row), book: books[row]) }
            return .aggregate(aggregate(totals, query.aggregate, currencies: currencies, emptyCurrency: currency(ofEmpty: query)))
        }
        let rows = selection.selectedRows
        if query.aggregate == .list {
            // Listed in one currency, each bill is shown as converted; the same bills, in the same rows.
            let shownFrom = try query.currency.map { target throws(Diagnostic) in try converting(rows, to: target) }?.ledger ?? ledger
            let listed = list(rows, query)
            let shown = listed.map(stoppingAt: interruption) { BillRow(shownFrom.bills[$0], in: shownFrom) }
            // Bills of one kind add up as they are shown; of both, income less expense, as `sum` gives it.
            let net = Set(shown.map(\.kind)).count > 1
            let totals = aggregate(
                listed, .sum, value: net ? signedValue : BillValue(shownFrom, signed: false), currencies: currencies,
                emptyCurrency: currency(ofEmpty: query))
            return .bills(BillList(rows: shown, totals: totals, net: net))
        }
        // Counts add up across currencies; money never does.
        let spansCurrencies = query.aggregate != .count
            && Set((selection.onlyBook.map { [$0] } ?? Evaluator.books(of: rows, ledger.bills.bookIDs)).map { currencies[$0]?.code ?? Currency.cny.code }).count > 1
        return .groups(groups(
            rows, in: selection.rows, query, value: value, currencies: currencies, spansCurrencies: spansCurrencies,
            emptyCurrency: currency(ofEmpty: query)))
    }

    /// The distinct books of `rows`. Bills of one book tend to come in runs,
    /// and a ledger has a handful of books: a short list beats hashing each.
    private static func books(of rows: [Int], _ books: [Int64]) -> [Int64] {
        var seen: [Int64] = []
        var last: Int64?
        for row in rows where books[row] != last {
            last = books[row]
            if !seen.contains(books[row]) { seen.append(books[row]) }
        }
        return seen
    }

    // MARK: No `by`

    private func aggregate(
        _ rows: [Int], _ aggregate: Aggregate, value: BillValue, currencies: [Int64: Currency],
        emptyCurrency: Currency
    ) -> AggregateResult {
        var totals = BookTotals()
        let books = ledger.bills.bookIDs
        for row in rows { totals.add(value(row), book: books[row]) }
        return self.aggregate(totals, aggregate, currencies: currencies, emptyCurrency: emptyCurrency)
    }

    /// Each book's totals, added up by currency.
    private func aggregate(
        _ byBook: BookTotals, _ aggregate: Aggregate, currencies: [Int64: Currency], emptyCurrency: Currency
    ) -> AggregateResult {
        if aggregate == .count {
            return AggregateResult(aggregate: aggregate, cells: [AggregateCell(currency: nil, measure: .count(byBook.count))])
        }
        var totals: [Currency: Accumulator] = [:]
        for (book, accumulator) in byBook.totals {
            totals[currencies[book] ?? .cny, default: Accumulator()].add(accumulator)
        }
        if totals.isEmpty {
            totals[emptyCurrency] = Accumulator()
        }
        var cells: [AggregateCell] = []
        for (currency, accumulator) in totals.sorted(by: { $0.key.code < $1.key.code }) {
            cells.append(AggregateCell(currency: currency, measure: accumulator.measure(aggregate, currency)))
        }
        return AggregateResult(aggregate: aggregate, cells: cells)
    }

    /// The total of bills in one currency.
    private func aggregate(_ total: Accumulator, _ aggregate: Aggregate, _ currency: Currency) -> AggregateResult {
        let measure = aggregate == .count ? Measure.count(total.count) : total.measure(aggregate, currency)
        return AggregateResult(aggregate: aggregate, cells: [AggregateCell(currency: aggregate == .count ? nil : currency, measure: measure)])
    }

    /// The currency an empty selection reports: that of the books the query
    /// names, when they share one, else the current book's.
    private func currency(ofEmpty query: Query) -> Currency {
        if let target = query.currency { return Currency(code: target.value) }
        guard query.coversAllBooks, let condition = query.condition else { return ledger.currentBook.currency }
        let named = Set(condition.bookNames.compactMap { ledger.book(named: $0)?.currency })
        return named.count == 1 ? named.first! : ledger.currentBook.currency
    }

    // MARK: `by`

    private func groups(
        _ selected: [Int], in period: Range<Int>, _ query: Query, value: BillValue, currencies: [Int64: Currency],
        spansCurrencies: Bool, emptyCurrency: Currency
    ) -> GroupResult {
        var grouped = GroupedQuery(
            ledger: ledger, period: period, selected: selected, query: query, value: value, currencies: currencies,
            spansCurrencies: spansCurrencies)
        let cells = grouped.cells(of: selected)
        let gridTotals = grouped.gridTotals(of: cells)
        let shown = grouped.limited(grouped.ordered(cells, rowTotals: gridTotals.rows), selected: selected)
        let columns = grouped.columnOrder(gridTotals.columns)
        let columnTotals = grouped.shownColumnTotals(cells, shown)
        let dimensions = grouped.dimensions
        return GroupResult(
            dimensions: dimensions, aggregate: query.aggregate, showsCurrency: spansCurrencies,
            columnOrder: columns.map(\.label),
            rows: grouped.rows(shown.groups),
            totals: shown.cells == nil && !selected.isEmpty && !spansCurrencies && !dimensions.contains(.tag)
                // Each bill is in one cell, and every cell is shown: the cells together are the total.
                ? aggregate(cells.accumulators.reduce(into: Accumulator()) { $0.add($1) }, query.aggregate, grouped.soleCurrency)
                : aggregate(shown.bills, query.aggregate, value: value, currencies: currencies, emptyCurrency: emptyCurrency),
            columnTotals: columns.map { columnTotals[$0] ?? .none })
    }

    // MARK: `list`

    /// The rows `list` shows, in its order. Rows are in day order already,
    /// so a row's number breaks ties; bills are made into rows of text only
    /// when they are ordered by a name.
    private func list(_ rows: [Int], _ query: Query) -> [Int] {
        let bills = ledger.bills
        let limit = query.top ?? query.limit ?? rows.count
        if query.top != nil {
            let amounts = bills.amounts
            return Evaluator.first(limit, of: rows) { a, b in amounts[a] != amounts[b] ? amounts[a] > amounts[b] : a < b }
        }
        guard let order = query.order else { return Array(rows.prefix(limit)) }
        let (amounts, ids, days) = (bills.amounts, bills.ids, bills.days)
        let key: ((Int) -> Int64)? = switch order.key.value {
        case "amount": { amounts[$0] }
        case "id": { ids[$0] }
        case "category", "book", "place", "remark", "kind": nil
        default: { Int64(days[$0]) }
        }
        if let key {
            let descending = order.descending
            return Evaluator.first(limit, of: rows) { a, b in
                let (x, y) = (key(a), key(b))
                return x != y ? (descending ? x > y : x < y) : a < b
            }
        }
        let named = rows.map(stoppingAt: interruption) { (row: $0, bill: BillRow(bills[$0], in: ledger)) }
        return named.sorted { a, b in
            let comparison = BillRow.compare(a.bill, b.bill, by: order.key.value)
            if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
            return a.row < b.row
        }.prefix(limit).map(\.row)
    }

    /// The first `limit` of `rows` in the order `precedes` gives, which
    /// orders any two rows. A short list is kept as the rows go by, rather
    /// than sorting them all for the twenty `top` shows.
    static func first(_ limit: Int, of rows: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        guard limit > 0 else { return [] }
        guard limit < 1000 && limit < rows.count else { return Array(rows.sorted(by: precedes).prefix(limit)) }
        var best: [Int] = []
        best.reserveCapacity(limit + 1)
        for row in rows {
            if best.count == limit && !precedes(row, best[limit - 1]) { continue }
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(row, best[middle]) { high = middle } else { low = middle + 1 }
            }
            best.insert(row, at: low)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}

extension BillRow {
    /// How two bills compare on a `list … order by` key: negative, zero or positive.
    static func compare(_ a: BillRow, _ b: BillRow, by key: String) -> Int {
        func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
        switch key {
        case "amount": return order(a.amount, b.amount)
        case "id": return order(a.id, b.id)
        case "category": return order(Names.key(a.category), Names.key(b.category))
        case "book": return order(Names.key(a.book), Names.key(b.book))
        case "place": return order(Names.key(a.place ?? ""), Names.key(b.place ?? ""))
        case "remark": return order(Names.key(a.remark), Names.key(b.remark))
        case "kind": return order(a.kind.rawValue, b.kind.rawValue)
        default: return order(a.day, b.day)
        }
    }
}

/// What a bill adds to a total: its amount, or with `signed`, income up and
/// expense down. A struct rather than a closure, so the loops that call it
/// once per bill have it inlined.
struct BillValue {
    private let amounts: [Int64]
    private let categories: [Int64]
    /// By category id: 1 for income, -1 for expense; nil when not signed.
    private let signs: ByID<Int64>?

    init(_ ledger: Ledger, amounts: [Int64]? = nil, signed: Bool) {
        self.amounts = amounts ?? ledger.bills.amounts
        categories = ledger.bills.categoryIDs
        signs = signed ? ByID(ledger.categories.map { ($0.id, $0.kind.signed(1)) }) : nil
    }

    @inline(__always)
    func callAsFunction(_ row: Int) -> Int64 {
        guard let signs else { return amounts[row] }
        // A category that is no longer there counts nothing.
        return (signs[categories[row]] ?? 0) * amounts[row]
    }
}

/// Totals kept per book while bills are added up. A ledger has a handful of
/// books, so finding one in a short list beats hashing its id for every bill.
struct BookTotals {
    private(set) var totals: [(book: Int64, accumulator: Accumulator)] = []

    mutating func add(_ value: Int64, book: Int64) {
        if let index = totals.firstIndex(where: { $0.book == book }) {
            totals[index].accumulator.add(value)
        } else {
            var accumulator = Accumulator()
            accumulator.add(value)
            totals.append((book, accumulator))
        }
    }

    var count: Int { totals.reduce(0) { $0 + $1.accumulator.count } }
}

/// Running count, total, least and greatest of one group. The total is an
/// `Int128`: bills of at most `maximumAmount` each can't overflow it in any
/// number a ledger could hold, so every sum is exact.
struct Accumulator {
    var count = 0
    var total: Int128 = 0
    var least = Int64.max
    var greatest = Int64.min

    mutating func add(_ value: Int64) {
        total += Int128(value)
        count += 1
        least = Swift.min(least, value)
        greatest = Swift.max(greatest, value)
    }

    mutating func add(_ other: Accumulator) {
        total += other.total
        count += other.count
        least = Swift.min(least, other.least)
        greatest = Swift.max(greatest, other.greatest)
    }

    func measure(_ aggregate: Aggregate, _ currency: Currency) -> Measure {
        switch aggregate {
        case .count: return .count(count)
        case .sum: return .money(total, currency)
        case .avg: return count == 0 ? .none : .money(Arithmetic.average(total, count: count), currency)
        case .min: return count == 0 ? .none : .money(Int128(least), currency)
        case .max, .list: return count == 0 ? .none : .money(Int128(greatest), currency)
        }
    }
}
