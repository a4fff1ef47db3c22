import TallyCore

extension Evaluator {
    func run(_ query: Query, range: SourceRange) throws(Diagnostic) -> QueryResult {
        let selection = try Selection(
            evaluator: self, condition: query.condition, period: query.period,
            kind: query.kind?.kind, allBooks: query.coversAllBooks)
        let bills = selection.bills(of: ledger)
        if query.aggregate == .list {
            return .bills(list(bills, query))
        }
        let signed = query.kind == nil || query.kind == .net
        let currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
        let kinds = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.kind) })
        let value: (Bill) -> Int64 = signed ? { kinds[$0.categoryID]?.signed($0.amount) ?? 0 } : { $0.amount }
        // Counts add up across currencies; money never does.
        let spansCurrencies = query.aggregate != .count && Set(bills.map { currencies[$0.bookID] ?? .cny }).count > 1
        if query.dimensions.isEmpty {
            return .aggregate(try aggregate(bills, query.aggregate, value: value, currencies: currencies, range: range))
        }
        return .groups(try groups(bills, query, value: value, currencies: currencies, spansCurrencies: spansCurrencies, range: range))
    }

    // MARK: No `by`

    private func aggregate(
        _ bills: [Bill], _ aggregate: Aggregate, value: (Bill) -> Int64, currencies: [Int64: Currency], range: SourceRange
    ) throws(Diagnostic) -> AggregateResult {
        if aggregate == .count {
            return AggregateResult(aggregate: aggregate, cells: [AggregateCell(currency: nil, measure: .count(bills.count))])
        }
        var totals: [Currency: Accumulator] = [:]
        for bill in bills {
            let currency = currencies[bill.bookID] ?? .cny
            try totals[currency, default: Accumulator()].add(value(bill), at: range)
        }
        if totals.isEmpty {
            totals[ledger.currentBook.currency] = Accumulator()
        }
        let cells = totals.sorted { $0.key.code < $1.key.code }.map { currency, accumulator in
            AggregateCell(currency: currency, measure: accumulator.measure(aggregate, currency))
        }
        return AggregateResult(aggregate: aggregate, cells: cells)
    }

    // MARK: `by`

    private func groups(
        _ bills: [Bill], _ query: Query, value: (Bill) -> Int64, currencies: [Int64: Currency],
        spansCurrencies: Bool, range: SourceRange
    ) throws(Diagnostic) -> GroupResult {
        let dimensions = query.dimensions.map(\.value)
        let keyer = GroupKeyer(ledger: ledger)
        var cells: [GroupIdentity: Accumulator] = [:]
        var firstDimensionTotals: [GroupKey: Accumulator] = [:]
        for bill in bills {
            let amount = value(bill)
            let currency = spansCurrencies ? currencies[bill.bookID] : nil
            for keys in keyer.keys(of: bill, dimensions) {
                try cells[GroupIdentity(keys: keys, currency: currency?.code), default: Accumulator()].add(amount, at: range)
                if dimensions.count > 1 {
                    try firstDimensionTotals[keys[0], default: Accumulator()].add(amount, at: range)
                }
            }
        }
        // Without `showsCurrency` every bill shares one currency.
        let soleCurrency = bills.first.map { currencies[$0.bookID] ?? .cny } ?? ledger.currentBook.currency
        var rows = cells.map { identity, accumulator in
            let currency = identity.currency.map(Currency.init(code:)) ?? soleCurrency
            return (identity, accumulator.measure(query.aggregate, currency), currency)
        }
        let ordering = GroupOrdering(
            dimensions: dimensions, aggregate: query.aggregate, order: query.order, top: query.top != nil,
            firstTotals: firstDimensionTotals.mapValues { $0.measure(query.aggregate, soleCurrency) })
        rows.sort { ordering.precedes($0.0, $0.1, $1.0, $1.1) }
        if let limit = query.top ?? query.limit {
            rows = Array(rows.prefix(limit))
        }
        return GroupResult(
            dimensions: dimensions, aggregate: query.aggregate, showsCurrency: spansCurrencies,
            rows: rows.map { identity, measure, currency in
                GroupRow(labels: identity.keys.map(\.label), currency: spansCurrencies ? currency : nil, measure: measure)
            })
    }

    // MARK: `list`

    private func list(_ bills: [Bill], _ query: Query) -> [BillRow] {
        var rows = bills.map { BillRow($0, in: ledger) }
        if query.top != nil {
            rows.sort { $0.amount != $1.amount ? $0.amount > $1.amount : BillRow.chronological($0, $1) }
        } else if let order = query.order {
            rows.sort { a, b in
                let comparison = BillRow.compare(a, b, by: order.key.value)
                if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
                return BillRow.chronological(a, b)
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
        case "category", "cat": return order(Names.key(a.category), Names.key(b.category))
        case "book": return order(Names.key(a.book), Names.key(b.book))
        case "place": return order(Names.key(a.place ?? ""), Names.key(b.place ?? ""))
        case "remark": return order(Names.key(a.remark), Names.key(b.remark))
        case "kind": return order(a.kind.rawValue, b.kind.rawValue)
        default: return order(a.day, b.day)
        }
    }
}

/// Running count, total, least and greatest of one group; the total is exact
/// and an overflow is an error, never a wrapped number.
struct Accumulator {
    var count = 0
    var total: Int64 = 0
    var least = Int64.max
    var greatest = Int64.min

    mutating func add(_ value: Int64, at range: SourceRange) throws(Diagnostic) {
        do {
            total = try Arithmetic.add(total, value)
        } catch {
            throw Diagnostic(.refused("the total is too large to add up exactly"), at: range)
        }
        count += 1
        least = Swift.min(least, value)
        greatest = Swift.max(greatest, value)
    }

    func measure(_ aggregate: Aggregate, _ currency: Currency) -> Measure {
        switch aggregate {
        case .count: return .count(count)
        case .sum: return .money(total, currency)
        case .avg: return count == 0 ? .none : .money(Arithmetic.average(total, count: count), currency)
        case .min: return count == 0 ? .none : .money(least, currency)
        case .max, .list: return count == 0 ? .none : .money(greatest, currency)
        }
    }
}
