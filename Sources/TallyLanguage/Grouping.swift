import TallyCore

/// One dimension's value for a group: what sorts it and what shows.
struct GroupKey: Hashable {
    /// Time as a number that sorts chronologically; for names, 0.
    let order: Int
    /// How the group reads; nil for bills without a place or tag.
    let label: String?
    /// The label as names sort, folded once rather than at every comparison.
    let sortingLabel: String?

    init(order: Int, label: String?) {
        self.order = order
        self.label = label
        sortingLabel = label.map(Names.key)
    }

    /// A day, week, month, quarter, year or weekday: its order alone sorts it,
    /// so its label is not folded.
    init(order: Int, timeLabel: String) {
        self.order = order
        label = timeLabel
        sortingLabel = timeLabel
    }
}

struct GroupIdentity: Hashable {
    let keys: [GroupKey]
    /// Set only when the groups span currencies.
    let currency: String?
}

/// Works out which groups a bill belongs to. A bill with two tags belongs to
/// two `tag` groups.
struct GroupKeyer {
    private let categoryNames: [Int64: String]
    private let categoryKinds: [Int64: Kind]
    private let bookNames: [Int64: String]
    private let weekStart: WeekStart

    init(ledger: Ledger) {
        categoryNames = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.name) })
        categoryKinds = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.kind) })
        bookNames = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.name) })
        weekStart = ledger.settings.weekStart
    }

    func keys(of bill: Bill, _ dimension: Dimension) -> [GroupKey] {
        switch dimension {
        case .day, .week, .month, .quarter, .year, .weekday: return [key(of: bill.day, dimension)]
        case .category: return [category(bill.categoryID)]
        case .book: return [book(bill.bookID)]
        case .kind: return [kind(ofCategory: bill.categoryID)]
        case .place: return [GroupKey(order: 0, label: bill.place)]
        case .tag: return bill.tags.isEmpty ? [GroupKey(order: 0, label: nil)] : bill.tags.map { GroupKey(order: 0, label: $0) }
        }
    }

    /// The key of a time dimension.
    func key(of day: Day, _ dimension: Dimension) -> GroupKey {
        switch dimension {
        case .week where weekStart == .sunday:
            // Weeks from Sunday are not ISO weeks: each is named by its first day.
            let start = day.adding(days: -(day.isoWeekday % 7))
            return GroupKey(order: Int(start.ordinal), timeLabel: "week of \(start.iso)")
        case .week:
            let (year, week) = day.isoWeek
            return GroupKey(order: year * 100 + week, timeLabel: "\(Day(year: year, month: 1, day: 1)?.yearText ?? String(year))-W\(Parser.twoDigits(week))")
        case .month:
            return GroupKey(order: day.year * 100 + day.month, timeLabel: String(day.iso.prefix(7)))
        case .quarter:
            return GroupKey(order: day.year * 10 + day.quarter, timeLabel: "\(day.yearText)-Q\(day.quarter)")
        case .year:
            return GroupKey(order: day.year, timeLabel: day.yearText)
        case .weekday:
            let weekday = day.isoWeekday
            let order = weekStart == .monday ? weekday : weekday % 7
            return GroupKey(order: order, timeLabel: Weekday.shortNames[weekday - 1])
        default:
            return GroupKey(order: Int(day.ordinal), timeLabel: day.iso)
        }
    }

    func category(_ id: Int64) -> GroupKey {
        GroupKey(order: 0, label: categoryNames[id] ?? "?")
    }

    func book(_ id: Int64) -> GroupKey {
        GroupKey(order: 0, label: bookNames[id] ?? "?")
    }

    func kind(ofCategory id: Int64) -> GroupKey {
        GroupKey(order: 0, label: categoryKinds[id]?.rawValue ?? "?")
    }
}

/// A group of one or two dimensions as small numbers: each dimension's
/// value is a slot in `GroupSlots.keys`, and the currency an index when the
/// groups span currencies (else -1).
struct CellKey: Hashable {
    let first: Int32
    let second: Int32
    let currency: Int32
}

/// Finds a bill's groups with integer lookups: each distinct value of a
/// dimension (a day, a category id, a place's number) is made into its
/// `GroupKey` once, the first time a bill has it, and found again through an
/// array indexed by that value, not once for every bill and not by hashing.
struct GroupSlots {
    let dimensions: [Dimension]
    /// For each dimension, the key of each slot.
    private(set) var keys: [[GroupKey]]
    private let keyer: GroupKeyer
    private let bills: BillColumns
    /// Days are counted from here, so a period's days index a short array.
    private let firstDay: Int32
    private var slotOfKey: [[GroupKey: Int32]]
    /// For each dimension, the slot of each value, or -1 before it is known.
    private var slotOfValue: [[Int32]]
    /// Values too large for `slotOfValue`: ids past its end, days centuries apart.
    private var slotOfLargeValue: [[Int: Int32]]
    /// For a `tag` dimension, the slots of each tag list.
    private var slotsOfTagList: [[[Int32]?]]
    private static let largestDenseValue = 1 << 20

    init(keyer: GroupKeyer, bills: BillColumns, rows: Range<Int>, dimensions: [Dimension]) {
        self.keyer = keyer
        self.bills = bills
        self.dimensions = dimensions
        firstDay = rows.isEmpty ? 0 : bills.days[rows.lowerBound]
        keys = dimensions.map { _ in [] }
        slotOfKey = dimensions.map { _ in [:] }
        slotOfValue = dimensions.map { _ in [] }
        slotOfLargeValue = dimensions.map { _ in [:] }
        slotsOfTagList = dimensions.map { _ in [] }
    }

    /// Calls `body` with each group the bill in `row` belongs to: once,
    /// unless a dimension is `tag` and the bill has several.
    mutating func forEachCell(of row: Int, currency: Int32, _ body: (CellKey) -> Void) {
        if dimensions.contains(.tag) {
            let firsts = slots(of: row, 0)
            let seconds = dimensions.count > 1 ? slots(of: row, 1) : [-1]
            for first in firsts {
                for second in seconds { body(CellKey(first: first, second: second, currency: currency)) }
            }
        } else {
            let second = dimensions.count > 1 ? slot(of: row, 1) : -1
            body(CellKey(first: slot(of: row, 0), second: second, currency: currency))
        }
    }

    /// The keys of a cell, one per dimension.
    func keys(of cell: CellKey) -> [GroupKey] {
        dimensions.count > 1 ? [keys[0][Int(cell.first)], keys[1][Int(cell.second)]] : [keys[0][Int(cell.first)]]
    }

    /// The slot of dimension `index` for each of `rows`, none of which has
    /// tags: one loop per dimension, reading one column.
    mutating func column(of rows: [Int], _ index: Int) -> [Int32] {
        var slots: [Int32] = []
        slots.reserveCapacity(rows.count)
        switch dimensions[index] {
        case .day, .week, .month, .quarter, .year, .weekday:
            let (days, firstDay) = (bills.days, self.firstDay)
            for row in rows { slots.append(slot(of: row, index, value: Int(days[row] - firstDay))) }
        case .category, .kind:
            let categories = bills.categoryIDs
            for row in rows { slots.append(slot(of: row, index, value: Int(categories[row]))) }
        case .book:
            let books = bills.bookIDs
            for row in rows { slots.append(slot(of: row, index, value: Int(books[row]))) }
        case .place:
            let places = bills.places
            for row in rows { slots.append(slot(of: row, index, value: Int(places[row]) + 1)) }
        case .tag:
            preconditionFailure("a bill may have several tags")
        }
        return slots
    }

    /// The slot of `value`, found in an array once it is known.
    @inline(__always)
    private mutating func slot(of row: Int, _ index: Int, value: Int) -> Int32 {
        if value >= 0 && value < slotOfValue[index].count {
            let slot = slotOfValue[index][value]
            if slot >= 0 { return slot }
        }
        return newSlot(of: row, index, value: value)
    }

    private mutating func slots(of row: Int, _ index: Int) -> [Int32] {
        guard dimensions[index] == .tag else { return [slot(of: row, index)] }
        let list = Int(bills.tags[row])
        if list < slotsOfTagList[index].count, let slots = slotsOfTagList[index][list] { return slots }
        let tags = bills.tagLists[list]
        let slots = tags.isEmpty ? [slot(for: GroupKey(order: 0, label: nil), index)] : tags.map { slot(for: GroupKey(order: 0, label: $0), index) }
        if list >= slotsOfTagList[index].count {
            slotsOfTagList[index] += [[Int32]?](repeating: nil, count: list + 1 - slotsOfTagList[index].count)
        }
        slotsOfTagList[index][list] = slots
        return slots
    }

    /// The slot of a dimension with one value per bill.
    private mutating func slot(of row: Int, _ index: Int) -> Int32 {
        let value: Int
        switch dimensions[index] {
        case .day, .week, .month, .quarter, .year, .weekday: value = Int(bills.days[row] - firstDay)
        case .category, .kind: value = Int(bills.categoryIDs[row])
        case .book: value = Int(bills.bookIDs[row])
        case .place: value = Int(bills.places[row]) + 1
        case .tag: preconditionFailure("a bill has one value of every dimension but tag")
        }
        return slot(of: row, index, value: value)
    }

    /// The slot of a value not seen in the array: kept aside when too large
    /// for it, else made the first time a bill has it.
    private mutating func newSlot(of row: Int, _ index: Int, value: Int) -> Int32 {
        if let slot = slotOfLargeValue[index][value] { return slot }
        let slot = self.slot(for: key(of: row, dimensions[index]), index)
        if value >= 0 && value < GroupSlots.largestDenseValue {
            if value >= slotOfValue[index].count {
                slotOfValue[index] += [Int32](repeating: -1, count: max(value + 1, slotOfValue[index].count * 2) - slotOfValue[index].count)
            }
            slotOfValue[index][value] = slot
        } else {
            slotOfLargeValue[index][value] = slot
        }
        return slot
    }

    private func key(of row: Int, _ dimension: Dimension) -> GroupKey {
        switch dimension {
        case .category: return keyer.category(bills.categoryIDs[row])
        case .kind: return keyer.kind(ofCategory: bills.categoryIDs[row])
        case .book: return keyer.book(bills.bookIDs[row])
        case .place: return GroupKey(order: 0, label: bills.place(at: row))
        default: return keyer.key(of: Day(ordinal: bills.days[row]), dimension)
        }
    }

    private mutating func slot(for key: GroupKey, _ index: Int) -> Int32 {
        if let slot = slotOfKey[index][key] { return slot }
        let slot = Int32(keys[index].count)
        keys[index].append(key)
        slotOfKey[index][key] = slot
        return slot
    }
}

/// The order of groups: by default time dimensions run forward and the others
/// by their aggregate, largest first; `order by` and `top` put their key first.
struct GroupOrdering {
    let dimensions: [Dimension]
    let order: Order?
    let top: Bool
    /// With two dimensions, the first one's groups sort by their overall aggregate.
    let firstTotals: [GroupKey: Measure]

    func precedes(_ a: GroupIdentity, _ aMeasure: Measure, _ b: GroupIdentity, _ bMeasure: Measure) -> Bool {
        if top {
            let comparison = GroupOrdering.compare(aMeasure, bMeasure)
            if comparison != 0 { return comparison > 0 }
        } else if let order {
            let comparison: Int
            if let index = dimensions.firstIndex(where: { $0.rawValue == order.key.value }) {
                comparison = GroupOrdering.compare(a.keys[index], b.keys[index])
            } else {
                comparison = GroupOrdering.compare(aMeasure, bMeasure)
            }
            if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
        }
        for (index, dimension) in dimensions.enumerated() {
            let comparison: Int
            if dimension.isTime {
                comparison = GroupOrdering.compare(a.keys[index], b.keys[index])
            } else {
                let measures = index == dimensions.count - 1
                    ? (aMeasure, bMeasure)
                    : (firstTotals[a.keys[index]] ?? .none, firstTotals[b.keys[index]] ?? .none)
                let byMeasure = GroupOrdering.compare(measures.0, measures.1)
                comparison = byMeasure != 0 ? -byMeasure : GroupOrdering.compare(a.keys[index], b.keys[index])
            }
            if comparison != 0 { return comparison < 0 }
        }
        return (a.currency ?? "") < (b.currency ?? "")
    }

    /// Time by its order, names alphabetically ignoring case; groups without a label last.
    static func compare(_ a: GroupKey, _ b: GroupKey) -> Int {
        if a.order != b.order { return a.order < b.order ? -1 : 1 }
        switch (a.label, b.label) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (let x?, let y?):
            let (kx, ky) = (a.sortingLabel ?? x, b.sortingLabel ?? y)
            return kx < ky ? -1 : (kx == ky ? (x < y ? -1 : (x == y ? 0 : 1)) : 1)
        }
    }

    /// Amounts and counts by value; nothing (an empty average) below everything.
    /// Amounts compare as decimal numbers, so 5 JPY is less than 5.00 CNY.
    static func compare(_ a: Measure, _ b: Measure) -> Int {
        func value(_ measure: Measure) -> Int128? {
            switch measure {
            case .money(let amount, let currency):
                let (scaled, overflow) = amount.multipliedReportingOverflow(by: Int128(Currency.finestScale / currency.scale))
                return overflow ? (amount < 0 ? Int128.min : Int128.max) : scaled
            case .count(let count): return Int128(count)
            case .none: return nil
            }
        }
        switch (value(a), value(b)) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let x?, let y?): return x < y ? -1 : (x == y ? 0 : 1)
        }
    }
}

/// Each group's accumulator, found through a grid indexed by the cell's
/// slots rather than by hashing the cell for every bill. Cells that would
/// make the grid too large are kept in a dictionary instead.
struct CellTable {
    private(set) var cells: [CellKey] = []
    private(set) var accumulators: [Accumulator] = []
    /// By row (the first slot) and column (the second slot and currency): an index into `cells`, or -1.
    private var grid: [Int32] = []
    private var width = 0
    private var height = 0
    private var outside: [CellKey: Int32] = [:]
    /// How many columns one second slot spans: one per currency, and one for none.
    private let currencySpan: Int
    private static let largestGrid = 1 << 22

    init(currencies: Int) {
        currencySpan = currencies + 1
    }

    mutating func add(_ amount: Int64, to cell: CellKey) {
        accumulators[index(of: cell)].add(amount)
    }

    private func column(of cell: CellKey) -> Int {
        (Int(cell.second) + 1) * currencySpan + Int(cell.currency) + 1
    }

    private mutating func index(of cell: CellKey) -> Int {
        let (row, column) = (Int(cell.first), column(of: cell))
        if row >= height || column >= width { regrid(toFit: row, column) }
        if row < height && column < width {
            let place = row * width + column
            if grid[place] >= 0 { return Int(grid[place]) }
            grid[place] = Int32(cells.count)
        } else if let index = outside[cell] {
            return Int(index)
        } else {
            outside[cell] = Int32(cells.count)
        }
        cells.append(cell)
        accumulators.append(Accumulator())
        return cells.count - 1
    }

    /// Grows the grid by doublings to hold (`row`, `column`), when it may grow that far.
    private mutating func regrid(toFit row: Int, _ column: Int) {
        var (newWidth, newHeight) = (max(width, 8), max(height, 8))
        while newWidth <= column { newWidth *= 2 }
        while newHeight <= row { newHeight *= 2 }
        guard newWidth * newHeight <= CellTable.largestGrid else { return }
        (width, height) = (newWidth, newHeight)
        grid = [Int32](repeating: -1, count: width * height)
        outside = [:]
        for (index, cell) in cells.enumerated() {
            let (row, column) = (Int(cell.first), self.column(of: cell))
            if row < height && column < width {
                grid[row * width + column] = Int32(index)
            } else {
                outside[cell] = Int32(index)
            }
        }
    }
}

/// An accumulator for each slot of one dimension: the totals of a grid's rows or columns.
struct SlotTotals {
    private(set) var accumulators: [Accumulator] = []

    mutating func add(_ amount: Int64, at slot: Int32) {
        grow(toHold: slot)
        accumulators[Int(slot)].add(amount)
    }

    mutating func add(_ accumulator: Accumulator, at slot: Int32) {
        grow(toHold: slot)
        accumulators[Int(slot)].add(accumulator)
    }

    private mutating func grow(toHold slot: Int32) {
        let slot = Int(slot)
        if slot >= accumulators.count { accumulators += [Accumulator](repeating: Accumulator(), count: slot + 1 - accumulators.count) }
    }

    /// Each slot that holds at least one bill, with its accumulator.
    var filled: [(slot: Int, accumulator: Accumulator)] {
        accumulators.indices.filter { accumulators[$0].count > 0 }.map { ($0, accumulators[$0]) }
    }
}
