import TallyCore

/// A query with `by`, answered in stages, each a function of its own: the
/// bills added up into cells, the grid's rows and columns into totals, the
/// groups put in order and cut to the limit, and the columns totalled over
/// the groups shown. A bill with several tags is in several cells, so the
/// stages after the first count each bill once where a total is concerned.
struct GroupedQuery {
    let dimensions: [Dimension]
    /// The currency of every group, unless the groups span currencies.
    let soleCurrency: Currency
    private let aggregate: Aggregate
    private let order: Order?
    private let top: Int?
    private let limit: Int?
    private let value: BillValue
    private let spansCurrencies: Bool
    /// Currencies by index, when the groups span them.
    private let currencyCodes: [String]
    private let currencyOfBook: ByID<Int32>
    private let bookIDs: [Int64]
    private var slots: GroupSlots

    /// A group in the order the table shows it.
    struct Group {
        let cell: CellKey
        let measure: Measure
        let currency: Currency
    }

    /// The groups a table shows, and the bills its total row counts.
    struct Shown {
        let groups: [Group]
        /// Every bill selected; when the groups are cut to a limit, those of the groups shown.
        let bills: [Int]
        /// The cells shown when the groups are cut to a limit; nil when every cell is.
        let cells: Set<CellKey>?
    }

    init(
        ledger: Ledger, period: Range<Int>, selected: [Int], query: Query, value: BillValue,
        currencies: [Int64: Currency], spansCurrencies: Bool
    ) {
        dimensions = query.dimensions.map(\.value)
        aggregate = query.aggregate
        order = query.order
        top = query.top
        limit = query.limit
        self.value = value
        self.spansCurrencies = spansCurrencies
        bookIDs = ledger.bills.bookIDs
        slots = GroupSlots(keyer: GroupKeyer(ledger: ledger), bills: ledger.bills, rows: period, dimensions: dimensions)
        let currencyCodes = spansCurrencies ? Array(Set(currencies.values.map(\.code))).sorted() : []
        self.currencyCodes = currencyCodes
        currencyOfBook = ByID(currencies.map { book, currency in
            (book, Int32(currencyCodes.firstIndex(of: currency.code) ?? -1))
        })
        soleCurrency = selected.first.map { currencies[ledger.bills.bookIDs[$0]] ?? .cny } ?? ledger.currentBook.currency
    }

    /// A grid's rows and columns sort by their totals, which exist only
    /// when every bill is in one currency.
    var needsGridTotals: Bool {
        dimensions.count > 1 && !spansCurrencies
    }

    /// Each bill added up into its cell, or with tags into each of its cells.
    mutating func cells(of selected: [Int]) -> CellTable {
        let value = value
        var cells = CellTable(currencies: currencyCodes.count)
        if dimensions.contains(.tag) {
            for row in selected {
                let amount = value(row)
                let currency = currency(of: row)
                slots.forEachCell(of: row, currency: currency) { cells.add(amount, to: $0) }
            }
        } else {
            // Each bill has one value of each dimension: each dimension's slots are found in a pass of their own.
            let firsts = slots.slots(of: selected, 0)
            let seconds = dimensions.count > 1 ? slots.slots(of: selected, 1) : nil
            for (place, row) in selected.enumerated() {
                cells.add(value(row), to: CellKey(first: firsts[place], second: seconds?[place] ?? -1, currency: currency(of: row)))
            }
        }
        return cells
    }

    /// What each row and column of a grid adds up to: its cells together.
    func gridTotals(of cells: CellTable) -> (rows: SlotTotals, columns: SlotTotals) {
        var rows = SlotTotals()
        var columns = SlotTotals()
        guard needsGridTotals else { return (rows, columns) }
        for (cell, accumulator) in zip(cells.cells, cells.accumulators) {
            rows.add(accumulator, at: cell.first)
            columns.add(accumulator, at: cell.second)
        }
        return (rows, columns)
    }

    /// Every group, in the order the table shows them.
    func ordered(_ cells: CellTable, rowTotals: SlotTotals) -> [Group] {
        var groups: [Group] = []
        var orderings: [GroupOrdering.Group] = []
        groups.reserveCapacity(cells.cells.count)
        orderings.reserveCapacity(cells.cells.count)
        for (cell, accumulator) in zip(cells.cells, cells.accumulators) {
            let code = cell.currency >= 0 ? currencyCodes[Int(cell.currency)] : nil
            let currency = code.map(Currency.init(code:)) ?? soleCurrency
            let measure = accumulator.measure(aggregate, currency)
            orderings.append(GroupOrdering.Group(cell: cell, value: GroupOrdering.value(of: measure), row: groups.count))
            groups.append(Group(cell: cell, measure: measure, currency: currency))
        }
        let firstTotals = rowTotals.accumulators.map { $0.count > 0 ? GroupOrdering.value(of: $0.measure(aggregate, soleCurrency)) : nil }
        let ordering = GroupOrdering(dimensions: dimensions, order: order, top: top != nil, keys: slots.keys, firstTotals: firstTotals)
        orderings.sort(by: ordering.precedes)
        return orderings.map { groups[$0.row] }
    }

    /// The first of `groups` that `top` or `limit` shows, and the bills the
    /// total row then counts: those of the groups shown, each once.
    mutating func limited(_ groups: [Group], selected: [Int]) -> Shown {
        guard let limit = top ?? self.limit, groups.count > limit else { return Shown(groups: groups, bills: selected, cells: nil) }
        let kept = Array(groups.prefix(limit))
        let cells = Set(kept.map(\.cell))
        let bills = selected.filter { row in
            var isShown = false
            let currency = currency(of: row)
            slots.forEachCell(of: row, currency: currency) { isShown = isShown || cells.contains($0) }
            return isShown
        }
        return Shown(groups: kept, bills: bills, cells: cells)
    }

    /// The second dimension's values in the order a grid's columns take:
    /// time forward, others by their totals, largest first.
    func columnOrder(_ columnTotals: SlotTotals) -> [GroupKey] {
        measures(columnTotals, of: 1).sorted { a, b in
            let byKey = GroupOrdering.compare(a.key, b.key)
            guard !dimensions[1].isTime else { return byKey < 0 }
            let byMeasure = GroupOrdering.compare(a.value, b.value)
            return byMeasure != 0 ? byMeasure > 0 : byKey < 0
        }.map(\.key)
    }

    /// What each of a grid's columns adds up to over the groups shown, with
    /// a bill counted once in a column however many of its cells the column holds.
    mutating func shownColumnTotals(_ cells: CellTable, _ shown: Shown) -> [GroupKey: Measure] {
        let value = value
        var totals = SlotTotals()
        if needsGridTotals && !dimensions.contains(.tag) {
            // Each bill is in one cell: a column's bills are those of its cells that are shown.
            for (cell, accumulator) in zip(cells.cells, cells.accumulators) where shown.cells?.contains(cell) ?? true {
                totals.add(accumulator, at: cell.second)
            }
        } else if needsGridTotals {
            for row in shown.bills {
                // A column counts a bill once, and only through a cell that is shown.
                var counted: (first: Int32?, others: [Int32]) = (nil, [])
                slots.forEachCell(of: row, currency: -1) { cell in
                    guard shown.cells?.contains(cell) ?? true, cell.second != counted.first, !counted.others.contains(cell.second) else { return }
                    if counted.first == nil { counted.first = cell.second } else { counted.others.append(cell.second) }
                    totals.add(value(row), at: cell.second)
                }
            }
        }
        return measures(totals, of: 1)
    }

    /// The groups as the result's rows: labels in place of slots.
    func rows(_ groups: [Group]) -> [GroupRow] {
        groups.map { group in
            GroupRow(labels: slots.keys(of: group.cell).map(\.label), currency: spansCurrencies ? group.currency : nil, measure: group.measure)
        }
    }

    private func currency(of row: Int) -> Int32 {
        spansCurrencies ? currencyOfBook[bookIDs[row]] ?? -1 : -1
    }

    private func measures(_ totals: SlotTotals, of dimension: Int) -> [GroupKey: Measure] {
        var result: [GroupKey: Measure] = [:]
        for (slot, accumulator) in totals.filled { result[slots.keys[dimension][slot]] = accumulator.measure(aggregate, soleCurrency) }
        return result
    }
}
