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
        let day = bill.day
        switch dimension {
        case .day:
            return [GroupKey(order: Int(day.ordinal), label: day.iso)]
        case .week where weekStart == .sunday:
            // Weeks from Sunday are not ISO weeks: each is named by its first day.
            let start = day.adding(days: -(day.isoWeekday % 7))
            return [GroupKey(order: Int(start.ordinal), label: "week of \(start.iso)")]
        case .week:
            let (year, week) = day.isoWeek
            return [GroupKey(order: year * 100 + week, label: "\(Day(year: year, month: 1, day: 1)?.yearText ?? String(year))-W\(Parser.twoDigits(week))")]
        case .month:
            return [GroupKey(order: day.year * 100 + day.month, label: String(day.iso.prefix(7)))]
        case .quarter:
            return [GroupKey(order: day.year * 10 + day.quarter, label: "\(day.yearText)-Q\(day.quarter)")]
        case .year:
            return [GroupKey(order: day.year, label: day.yearText)]
        case .weekday:
            let weekday = day.isoWeekday
            let order = weekStart == .monday ? weekday : weekday % 7
            return [GroupKey(order: order, label: Weekday.shortNames[weekday - 1])]
        case .category:
            return [GroupKey(order: 0, label: categoryNames[bill.categoryID] ?? "?")]
        case .book:
            return [GroupKey(order: 0, label: bookNames[bill.bookID] ?? "?")]
        case .kind:
            return [GroupKey(order: 0, label: categoryKinds[bill.categoryID]?.rawValue ?? "?")]
        case .place:
            return [GroupKey(order: 0, label: bill.place)]
        case .tag:
            return bill.tags.isEmpty ? [GroupKey(order: 0, label: nil)] : bill.tags.map { GroupKey(order: 0, label: $0) }
        }
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
/// dimension (a month, a category id, a place) is made into its `GroupKey`
/// once, the first time a bill has it, not once for every bill.
final class GroupSlots {
    let dimensions: [Dimension]
    /// For each dimension, the key of each slot.
    private(set) var keys: [[GroupKey]]
    private let keyer: GroupKeyer
    private var slotOfKey: [[GroupKey: Int32]]
    private var slotOfCode: [[Int: Int32]]
    private var slotOfText: [[String?: Int32]]

    init(keyer: GroupKeyer, dimensions: [Dimension]) {
        self.keyer = keyer
        self.dimensions = dimensions
        keys = dimensions.map { _ in [] }
        slotOfKey = dimensions.map { _ in [:] }
        slotOfCode = dimensions.map { _ in [:] }
        slotOfText = dimensions.map { _ in [:] }
    }

    /// Calls `body` with each group `bill` belongs to: once, unless a dimension is `tag` and it has several.
    func forEachCell(of bill: Bill, currency: Int32, _ body: (CellKey) -> Void) {
        if dimensions.contains(.tag) {
            let firsts = slots(of: bill, 0)
            let seconds = dimensions.count > 1 ? slots(of: bill, 1) : [-1]
            for first in firsts {
                for second in seconds { body(CellKey(first: first, second: second, currency: currency)) }
            }
        } else {
            let second = dimensions.count > 1 ? slot(of: bill, 1) : -1
            body(CellKey(first: slot(of: bill, 0), second: second, currency: currency))
        }
    }

    /// The keys of a cell, one per dimension.
    func keys(of cell: CellKey) -> [GroupKey] {
        dimensions.count > 1 ? [keys[0][Int(cell.first)], keys[1][Int(cell.second)]] : [keys[0][Int(cell.first)]]
    }

    private func slots(of bill: Bill, _ index: Int) -> [Int32] {
        guard dimensions[index] == .tag else { return [slot(of: bill, index)] }
        return bill.tags.isEmpty ? [slot(forText: nil, of: bill, index)] : bill.tags.map { slot(forText: $0, of: bill, index) }
    }

    /// The slot of a dimension with one value per bill.
    private func slot(of bill: Bill, _ index: Int) -> Int32 {
        let code: Int
        let day = bill.day
        switch dimensions[index] {
        case .day: code = Int(day.ordinal)
        case .week, .month, .quarter, .year, .weekday:
            // One code per day: the key is worked out from the day, the first time.
            code = Int(day.ordinal)
        case .category, .kind: code = Int(bill.categoryID)
        case .book: code = Int(bill.bookID)
        case .place: return slot(forText: bill.place, of: bill, index)
        case .tag: preconditionFailure("a bill has one value of every dimension but tag")
        }
        if let slot = slotOfCode[index][code] { return slot }
        let slot = self.slot(for: keyer.keys(of: bill, dimensions[index])[0], index)
        slotOfCode[index][code] = slot
        return slot
    }

    private func slot(forText text: String?, of bill: Bill, _ index: Int) -> Int32 {
        if let slot = slotOfText[index][text] { return slot }
        let slot = self.slot(for: GroupKey(order: 0, label: text), index)
        slotOfText[index][text] = slot
        return slot
    }

    private func slot(for key: GroupKey, _ index: Int) -> Int32 {
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
