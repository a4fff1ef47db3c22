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

/// Works out which groups a bill belongs to. A bill with two tags belongs to
/// two `tag` groups.
struct GroupKeyer {
    private let categoryNames: [Int64: String]
    private let categoryKinds: [Int64: Kind]
    private let bookNames: [Int64: String]
    /// Each account's name, after its book's where it is another book's than the current and shares its name.
    private let accountNames: [Int64: String]
    /// What a bill's account 0 means in each book.
    let firstAccounts: [Int64: Int64]
    private let weekStart: WeekStart

    init(ledger: Ledger) {
        categoryNames = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.name) })
        categoryKinds = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.kind) })
        bookNames = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.name) })
        let books = bookNames
        let current = ledger.currentBook.id
        let sharedNames = Dictionary(grouping: ledger.accounts, by: { Names.key($0.name) }).filter { $0.value.count > 1 }
        accountNames = Dictionary(uniqueKeysWithValues: ledger.accounts.map { account in
            let alone = account.bookID == current || sharedNames[Names.key(account.name)] == nil
            return (account.id, alone ? account.name : "\(books[account.bookID] ?? "?"):\(account.name)")
        })
        firstAccounts = ledger.firstAccountIDs
        weekStart = ledger.settings.weekStart
    }

    /// What orders a time dimension's groups: one number per group, worked
    /// out without making its label.
    func order(of day: Day, _ dimension: Dimension) -> Int {
        switch dimension {
        case .week where weekStart == .sunday: return Int(day.ordinal) - day.isoWeekday % 7
        case .week:
            let (year, week) = day.isoWeek
            return year * 100 + week
        case .month: return day.year * 100 + day.month
        case .quarter: return day.year * 10 + day.quarter
        case .year: return day.year
        case .weekday: return weekStart == .monday ? day.isoWeekday : day.isoWeekday % 7
        default: return Int(day.ordinal)
        }
    }

    /// The key of a time dimension.
    func key(of day: Day, _ dimension: Dimension) -> GroupKey {
        GroupKey(order: order(of: day, dimension), timeLabel: label(of: day, dimension))
    }

    private func label(of day: Day, _ dimension: Dimension) -> String {
        switch dimension {
        case .week where weekStart == .sunday:
            // Weeks from Sunday are not ISO weeks: each is named by its first day.
            return Dimension.weekOf + day.adding(days: -(day.isoWeekday % 7)).iso
        case .week:
            let (year, week) = day.isoWeek
            return "\(Day(year: year, month: 1, day: 1)?.yearText ?? String(year))-W\(Parser.twoDigits(week))"
        case .month: return String(day.iso.prefix(7))
        case .quarter: return "\(day.yearText)-Q\(day.quarter)"
        case .year: return day.yearText
        case .weekday: return Weekday.shortNames[day.isoWeekday - 1]
        default: return day.iso
        }
    }

    func category(_ id: Int64) -> GroupKey {
        GroupKey(order: 0, label: categoryNames[id] ?? "?")
    }

    func book(_ id: Int64) -> GroupKey {
        GroupKey(order: 0, label: bookNames[id] ?? "?")
    }

    func account(_ id: Int64) -> GroupKey {
        GroupKey(order: 0, label: accountNames[id] ?? "?")
    }

    /// A bill's account as an id in the ledger's accounts.
    @inline(__always)
    func account(held: Int64, book: Int64) -> Int64 {
        held != 0 ? held : firstAccounts[book] ?? 0
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
    /// For a time dimension, the slot of each group by its order.
    private var slotOfOrder: [[Int: Int32]]
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
        slotOfOrder = dimensions.map { _ in [:] }
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
    @inline(__always)
    mutating func slot(of row: Int, _ index: Int) -> Int32 {
        let value: Int
        switch dimensions[index] {
        case .day, .week, .month, .quarter, .year, .weekday: value = Int(bills.days[row] - firstDay)
        case .category, .kind: value = Int(bills.categoryIDs[row])
        case .book: value = Int(bills.bookIDs[row])
        case .account: value = Int(keyer.account(held: bills.accountIDs[row], book: bills.bookIDs[row]))
        case .place: value = Int(bills.places[row]) + 1
        case .tag: preconditionFailure("a bill has one value of every dimension but tag")
        }
        return slot(of: row, index, value: value)
    }

    /// The slot of each of `rows` in a dimension with one value per bill:
    /// the dimension is looked at once, not once a bill. Slots are the same
    /// as `slot(of:_:)` gives row by row, as each dimension numbers its own
    /// in the order its values are first met.
    mutating func slots(of rows: [Int], _ index: Int) -> [Int32] {
        let (days, firstDay) = (bills.days, firstDay)
        switch dimensions[index] {
        case .day, .week, .month, .quarter, .year, .weekday: return slots(of: rows, index) { Int(days[$0] - firstDay) }
        case .category, .kind:
            let categoryIDs = bills.categoryIDs
            return slots(of: rows, index) { Int(categoryIDs[$0]) }
        case .book:
            let bookIDs = bills.bookIDs
            return slots(of: rows, index) { Int(bookIDs[$0]) }
        case .account, .place: return rows.map { slot(of: $0, index) }
        case .tag: preconditionFailure("a bill has one value of every dimension but tag")
        }
    }

    @inline(__always)
    private mutating func slots(of rows: [Int], _ index: Int, value: (Int) -> Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: rows.count) { buffer, count in
            for (place, row) in rows.enumerated() { buffer[place] = slot(of: row, index, value: value(row)) }
            count = rows.count
        }
    }

    /// The slot of a value not seen in the array: kept aside when too large
    /// for it, else made the first time a bill has it.
    private mutating func newSlot(of row: Int, _ index: Int, value: Int) -> Int32 {
        if let slot = slotOfLargeValue[index][value] { return slot }
        let slot: Int32
        if dimensions[index].isTime {
            // Many days make one month: its key is made once, for the first of them.
            let day = Day(ordinal: bills.days[row])
            let order = keyer.order(of: day, dimensions[index])
            if let known = slotOfOrder[index][order] {
                slot = known
            } else {
                slot = self.slot(for: keyer.key(of: day, dimensions[index]), index)
                slotOfOrder[index][order] = slot
            }
        } else {
            slot = self.slot(for: key(of: row, dimensions[index]), index)
        }
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
        case .account: return keyer.account(keyer.account(held: bills.accountIDs[row], book: bills.bookIDs[row]))
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
/// Groups are compared through numbers worked out once: each slot's rank
/// among its dimension's keys, and each measure's value.
struct GroupOrdering {
    let dimensions: [Dimension]
    let order: Order?
    let top: Bool
    /// For each dimension, the rank of each slot's key.
    private let ranks: [[Int]]
    /// With two dimensions, the first one's groups sort by their overall
    /// aggregate: its value by slot, nil where there is none.
    private let firstTotals: [Int128?]
    /// The dimension `order by` names, if it names one.
    private let orderedDimension: Int?

    init(dimensions: [Dimension], order: Order?, top: Bool, keys: [[GroupKey]], firstTotals: [Int128?]) {
        self.dimensions = dimensions
        self.order = order
        self.top = top
        ranks = keys.map { keys in
            var ranks = [Int](repeating: 0, count: keys.count)
            for (rank, slot) in keys.indices.sorted(by: { GroupOrdering.compare(keys[$0], keys[$1]) < 0 }).enumerated() { ranks[slot] = rank }
            return ranks
        }
        self.firstTotals = firstTotals
        orderedDimension = order.flatMap { order in dimensions.firstIndex { $0.rawValue == order.key.value } }
    }

    /// A group as the ordering sees it: plain values, cheap to move while sorting.
    struct Group {
        let cell: CellKey
        /// The measure's value, nil for none.
        let value: Int128?
        /// Where the group's row is kept.
        let row: Int
    }

    func precedes(_ a: Group, _ b: Group) -> Bool {
        if top {
            let comparison = GroupOrdering.compare(a.value, b.value)
            if comparison != 0 { return comparison > 0 }
        } else if let order {
            let comparison = orderedDimension.map { compareKeys(a, b, $0) } ?? GroupOrdering.compare(a.value, b.value)
            if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
        }
        for (index, dimension) in dimensions.enumerated() {
            let comparison: Int
            if dimension.isTime {
                comparison = compareKeys(a, b, index)
            } else {
                let values = index == dimensions.count - 1 ? (a.value, b.value) : (firstTotal(a), firstTotal(b))
                let byValue = GroupOrdering.compare(values.0, values.1)
                comparison = byValue != 0 ? -byValue : compareKeys(a, b, index)
            }
            if comparison != 0 { return comparison < 0 }
        }
        // Currencies are numbered in the order of their codes; -1 (one currency) never meets another.
        return a.cell.currency < b.cell.currency
    }

    private func slot(_ group: Group, _ dimension: Int) -> Int {
        Int(dimension == 0 ? group.cell.first : group.cell.second)
    }

    private func compareKeys(_ a: Group, _ b: Group, _ dimension: Int) -> Int {
        let (x, y) = (ranks[dimension][slot(a, dimension)], ranks[dimension][slot(b, dimension)])
        return x < y ? -1 : (x == y ? 0 : 1)
    }

    private func firstTotal(_ group: Group) -> Int128? {
        let slot = Int(group.cell.first)
        return slot < firstTotals.count ? firstTotals[slot] : nil
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
        compare(value(of: a), value(of: b))
    }

    /// A measure as a number that compares across currencies; nil for none.
    static func value(of measure: Measure) -> Int128? {
        switch measure {
        case .money(let amount, let currency):
            let (scaled, overflow) = amount.multipliedReportingOverflow(by: Int128(Currency.finestScale / currency.scale))
            return overflow ? (amount < 0 ? Int128.min : Int128.max) : scaled
        case .count(let count): return Int128(count)
        case .none: return nil
        }
    }

    static func compare(_ a: Int128?, _ b: Int128?) -> Int {
        switch (a, b) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let x?, let y?): return x < y ? -1 : (x == y ? 0 : 1)
        }
    }
}
