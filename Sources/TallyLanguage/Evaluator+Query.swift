import TallyCore

extension Evaluator {
    func run(_ query: Query) throws(Diagnostic) -> QueryResult {
        let selection = try Selection(
            evaluator: self, condition: query.condition, period: query.period,
            kind: query.kind?.kind, allBooks: query.coversAllBooks)
        if query.aggregate == .count && query.dimensions.isEmpty {
            return .aggregate(AggregateResult(aggregate: .count, cells: [AggregateCell(currency: nil, measure: .count(selection.count(in: ledger)))]))
        }
        let currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
        let kinds = CategoryKinds(ledger.categories)
        let signedValue: (Bill) -> Int64 = { kinds[id: $0.categoryID]?.signed($0.amount) ?? 0 }
        if query.dimensions.isEmpty && query.aggregate != .list {
            // Added up where the ledger keeps the bills, none copied out.
            let value = query.kind == nil || query.kind == .net ? signedValue : { $0.amount }
            var totals = BookTotals()
            for bill in ledger.bills(in: selection.range) where selection.predicate(bill) { totals.add(value(bill), book: bill.bookID) }
            return .aggregate(aggregate(totals, query.aggregate, currencies: currencies, emptyCurrency: currency(ofEmpty: query)))
        }
        let bills = selection.bills(of: ledger)
        if query.aggregate == .list {
            let listed = list(bills, query)
            // What `sum` gives over the bills listed: income counts up, expense down.
            let totals = aggregate(listed.map(\.bill), .sum, value: signedValue, currencies: currencies, emptyCurrency: currency(ofEmpty: query))
            return .bills(BillList(rows: listed.map(\.row), totals: totals))
        }
        let signed = query.kind == nil || query.kind == .net
        let value = signed ? signedValue : { $0.amount }
        // Counts add up across currencies; money never does.
        let spansCurrencies = query.aggregate != .count
            && Set(Set(bills.lazy.map(\.bookID)).map { currencies[$0]?.code ?? Currency.cny.code }).count > 1
        return .groups(groups(
            bills, query, value: value, currencies: currencies, spansCurrencies: spansCurrencies, emptyCurrency: currency(ofEmpty: query)))
    }

    // MARK: No `by`

    private func aggregate(
        _ bills: [Bill], _ aggregate: Aggregate, value: (Bill) -> Int64, currencies: [Int64: Currency],
        emptyCurrency: Currency
    ) -> AggregateResult {
        var totals = BookTotals()
        for bill in bills { totals.add(value(bill), book: bill.bookID) }
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

    /// The currency an empty selection reports: that of the books the query
    /// names, when they share one, else the current book's.
    private func currency(ofEmpty query: Query) -> Currency {
        guard query.coversAllBooks, let condition = query.condition else { return ledger.currentBook.currency }
        let named = Set(condition.bookNames.compactMap { ledger.book(named: $0)?.currency })
        return named.count == 1 ? named.first! : ledger.currentBook.currency
    }

    // MARK: `by`

    private func groups(
        _ bills: [Bill], _ query: Query, value: (Bill) -> Int64, currencies: [Int64: Currency],
        spansCurrencies: Bool, emptyCurrency: Currency
    ) -> GroupResult {
        let dimensions = query.dimensions.map(\.value)
        let slots = GroupSlots(keyer: GroupKeyer(ledger: ledger), dimensions: dimensions)
        // Currencies by index, when the groups span them.
        let currencyCodes = spansCurrencies ? Array(Set(currencies.values.map(\.code))).sorted() : []
        let currencyIndex = Dictionary(uniqueKeysWithValues: currencies.map { book, currency in
            (book, Int32(currencyCodes.firstIndex(of: currency.code) ?? -1))
        })
        func currency(of bill: Bill) -> Int32 { spansCurrencies ? currencyIndex[bill.bookID] ?? -1 : -1 }
        // A grid's rows and columns sort by their totals, which exist only
        // when every bill is in one currency.
        let needsTotals = dimensions.count > 1 && !spansCurrencies
        var cells: [CellKey: Accumulator] = [:]
        var rowTotals: [Int32: Accumulator] = [:]
        var columnTotals: [Int32: Accumulator] = [:]
        for bill in bills {
            let amount = value(bill)
            slots.forEachCell(of: bill, currency: currency(of: bill)) { cell in
                cells[cell, default: Accumulator()].add(amount)
                if needsTotals {
                    rowTotals[cell.first, default: Accumulator()].add(amount)
                    columnTotals[cell.second, default: Accumulator()].add(amount)
                }
            }
        }
        let soleCurrency = bills.first.map { currencies[$0.bookID] ?? .cny } ?? ledger.currentBook.currency
        func measures(_ totals: [Int32: Accumulator], of dimension: Int) -> [GroupKey: Measure] {
            var result: [GroupKey: Measure] = [:]
            for (slot, accumulator) in totals { result[slots.keys[dimension][Int(slot)]] = accumulator.measure(query.aggregate, soleCurrency) }
            return result
        }
        var rows: [(cell: CellKey, identity: GroupIdentity, measure: Measure, currency: Currency)] = []
        for (cell, accumulator) in cells {
            let code = cell.currency >= 0 ? currencyCodes[Int(cell.currency)] : nil
            let currency = code.map(Currency.init(code:)) ?? soleCurrency
            rows.append((cell, GroupIdentity(keys: slots.keys(of: cell), currency: code), accumulator.measure(query.aggregate, currency), currency))
        }
        let ordering = GroupOrdering(
            dimensions: dimensions, order: query.order, top: query.top != nil,
            firstTotals: measures(rowTotals, of: 0))
        rows.sort { ordering.precedes($0.identity, $0.measure, $1.identity, $1.measure) }
        var totalled = bills
        var shown: Set<CellKey>?
        if let limit = query.top ?? query.limit, rows.count > limit {
            rows = Array(rows.prefix(limit))
            // The total row counts the bills of the groups shown, each once.
            let kept = Set(rows.map(\.cell))
            totalled = bills.filter { bill in
                var isShown = false
                slots.forEachCell(of: bill, currency: currency(of: bill)) { isShown = isShown || kept.contains($0) }
                return isShown
            }
            shown = kept
        }
        let columns = measures(columnTotals, of: 1).sorted { a, b in
            let byKey = GroupOrdering.compare(a.key, b.key)
            guard !dimensions[1].isTime else { return byKey < 0 }
            let byMeasure = GroupOrdering.compare(a.value, b.value)
            return byMeasure != 0 ? byMeasure > 0 : byKey < 0
        }
        var shownColumnTotals: [Int32: Accumulator] = [:]
        if needsTotals {
            for bill in totalled {
                // A column counts a bill once, and only through a cell that is shown.
                var counted: (first: Int32?, others: [Int32]) = (nil, [])
                slots.forEachCell(of: bill, currency: -1) { cell in
                    guard shown?.contains(cell) ?? true, cell.second != counted.first, !counted.others.contains(cell.second) else { return }
                    if counted.first == nil { counted.first = cell.second } else { counted.others.append(cell.second) }
                    shownColumnTotals[cell.second, default: Accumulator()].add(value(bill))
                }
            }
        }
        let columnMeasures = measures(shownColumnTotals, of: 1)
        return GroupResult(
            dimensions: dimensions, aggregate: query.aggregate, showsCurrency: spansCurrencies,
            columnOrder: columns.map(\.key.label),
            rows: rows.map { row in
                GroupRow(labels: row.identity.keys.map(\.label), currency: spansCurrencies ? row.currency : nil, measure: row.measure)
            },
            totals: aggregate(totalled, query.aggregate, value: value, currencies: currencies, emptyCurrency: emptyCurrency),
            columnTotals: columns.map { columnMeasures[$0.key] ?? .none })
    }

    // MARK: `list`

    /// The bills `list` shows, in its order, each beside its row.
    private func list(_ bills: [Bill], _ query: Query) -> [(bill: Bill, row: BillRow)] {
        var rows = bills.map { (bill: $0, row: BillRow($0, in: ledger)) }
        if query.top != nil {
            rows.sort { $0.row.amount != $1.row.amount ? $0.row.amount > $1.row.amount : BillRow.chronological($0.row, $1.row) }
        } else if let order = query.order {
            rows.sort { a, b in
                let comparison = BillRow.compare(a.row, b.row, by: order.key.value)
                if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
                return BillRow.chronological(a.row, b.row)
            }
        }
        if let limit = query.top ?? query.limit {
            rows = Array(rows.prefix(limit))
        }
        return rows
    }
}

extension BillRow {
    static func chronological(_ a: BillRow, _ b: BillRow) -> Bool {
        a.day != b.day ? a.day < b.day : a.id < b.id
    }

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
