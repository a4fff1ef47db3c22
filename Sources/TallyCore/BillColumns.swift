/// The ledger's bills in day order, kept as columns: one array per field,
/// with remarks, places and tags as numbers in tables of distinct texts.
/// A query reads the few columns it needs as plain integers and copies no
/// bill; a `Bill` is made only where one is asked for by position.
public struct BillColumns: RandomAccessCollection, Sendable, Equatable {
    public private(set) var ids: [Int64] = []
    /// Each bill's `Day.ordinal`.
    public private(set) var days: [Int32] = []
    public private(set) var amounts: [Int64] = []
    public private(set) var categoryIDs: [Int64] = []
    public private(set) var bookIDs: [Int64] = []
    /// As bills hold them: 0 for the book's first account.
    public private(set) var accountIDs: [Int64] = []
    /// Numbers in `texts`.
    public private(set) var remarks: [Int32] = []
    /// Numbers in `texts`; -1 for a bill without a place.
    public private(set) var places: [Int32] = []
    /// Numbers in `tagLists`.
    public private(set) var tags: [Int32] = []
    private var created: [Int64] = []
    private var updated: [Int64] = []
    /// Every remark and place.
    public private(set) var texts = DistinctTexts()
    /// Each distinct list of tags, as the store writes it: the tags joined by spaces.
    private var tagListKeys = DistinctTexts()
    /// The tags of each list in `tagListKeys`.
    public private(set) var tagLists: [[String]] = []
    /// False for bills read without their remarks, places, tags and times,
    /// for a query that reads none of them: no `Bill` can be made of those.
    public let hasTexts: Bool

    /// Columns to fill; without `texts`, only with the bills' numbers.
    public init(texts: Bool = true) {
        hasTexts = texts
    }

    /// `bills`, kept in the order given.
    public init(_ bills: some Collection<Bill>) {
        hasTexts = true
        reserveCapacity(bills.count)
        for bill in bills { append(bill) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(index: Int) -> Bill {
        precondition(hasTexts, "a bill read without its texts is never made whole")
        return Bill(
            id: ids[index], bookID: bookIDs[index], categoryID: categoryIDs[index], amount: amounts[index],
            day: Day(ordinal: days[index]), remark: texts[remarks[index]], place: place(at: index),
            tags: tagLists[Int(tags[index])], created: created[index], updated: updated[index], accountID: accountIDs[index])
    }

    /// Bytes the columns and their tables of texts hold, room kept for more included.
    public var bytesHeld: Int {
        let eightByteColumns = [ids.capacity, accountIDs.capacity, amounts.capacity, categoryIDs.capacity, bookIDs.capacity, created.capacity, updated.capacity]
        let fourByteColumns = [days.capacity, remarks.capacity, places.capacity, tags.capacity]
        let texts = (texts.texts + tagListKeys.texts).reduce(0) { $0 + MemoryLayout<String>.stride + $1.utf8.count }
        return eightByteColumns.reduce(0, +) * 8 + fourByteColumns.reduce(0, +) * 4 + texts
    }

    public func place(at index: Int) -> String? {
        places[index] < 0 ? nil : texts[places[index]]
    }

    public static func == (a: BillColumns, b: BillColumns) -> Bool {
        guard a.hasTexts == b.hasTexts, a.count == b.count else { return false }
        guard a.hasTexts else {
            return a.ids == b.ids && a.days == b.days && a.amounts == b.amounts && a.categoryIDs == b.categoryIDs && a.bookIDs == b.bookIDs
                && a.accountIDs == b.accountIDs
        }
        return a.indices.allSatisfy { a[$0] == b[$0] }
    }

    public mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        days.reserveCapacity(count)
        amounts.reserveCapacity(count)
        categoryIDs.reserveCapacity(count)
        bookIDs.reserveCapacity(count)
        accountIDs.reserveCapacity(count)
        guard hasTexts else { return }
        remarks.reserveCapacity(count)
        places.reserveCapacity(count)
        tags.reserveCapacity(count)
        created.reserveCapacity(count)
        updated.reserveCapacity(count)
    }

    // MARK: Texts

    public mutating func text(_ text: String) -> Int32 {
        texts.index(of: text)
    }

    /// The number of the text whose UTF-8 bytes are `bytes`, made into a String only when new.
    public mutating func text(bytes: UnsafeBufferPointer<UInt8>, make: () -> String) -> Int32 {
        texts.index(ofBytes: bytes, make: make)
    }

    public mutating func tagList(_ list: [String]) -> Int32 {
        var key = list.joined(separator: " ")
        return key.withUTF8 { tagList(bytes: $0) { list } }
    }

    /// The number of the tag list written as `bytes`, split by `split` only when new.
    public mutating func tagList(bytes: UnsafeBufferPointer<UInt8>, split: () -> [String]) -> Int32 {
        let before = tagListKeys.count
        let index = tagListKeys.index(ofBytes: bytes) { String(decoding: bytes, as: UTF8.self) }
        if tagListKeys.count > before { tagLists.append(split()) }
        return index
    }

    // MARK: Rows

    public mutating func append(_ bill: Bill) {
        append(
            id: bill.id, bookID: bill.bookID, categoryID: bill.categoryID, amount: bill.amount, day: bill.day,
            remark: text(bill.remark), place: bill.place.map { text($0) } ?? -1, tags: tagList(bill.tags),
            created: bill.created, updated: bill.updated, accountID: bill.accountID)
    }

    /// A row whose texts are already numbers in this table's `texts` and tag lists.
    public mutating func append(
        id: Int64, bookID: Int64, categoryID: Int64, amount: Int64, day: Day,
        remark: Int32, place: Int32, tags: Int32, created: Int64, updated: Int64, accountID: Int64
    ) {
        ids.append(id)
        bookIDs.append(bookID)
        accountIDs.append(accountID)
        categoryIDs.append(categoryID)
        amounts.append(amount)
        days.append(day.ordinal)
        remarks.append(remark)
        places.append(place)
        self.tags.append(tags)
        self.created.append(created)
        self.updated.append(updated)
    }

    /// A row of the numbers alone, for columns without texts: the bill's
    /// remark, place, tags and times are neither read nor kept.
    public mutating func append(id: Int64, bookID: Int64, categoryID: Int64, amount: Int64, day: Day, accountID: Int64) {
        ids.append(id)
        bookIDs.append(bookID)
        accountIDs.append(accountID)
        categoryIDs.append(categoryID)
        amounts.append(amount)
        days.append(day.ordinal)
    }

    /// Puts `bills`, in day order and none of them here yet, where they
    /// belong: each column grows once and its rows move up in one pass from
    /// the end, so a thousand back-dated bills cost one move of the rows
    /// after the first of them, not a thousand.
    public mutating func insert(contentsOf bills: [Bill]) {
        guard !bills.isEmpty else { return }
        var positions: [Int] = []
        positions.reserveCapacity(bills.count)
        var low = 0
        for bill in bills {
            low = firstIndex(from: low) { !precedes($0, bill) }
            positions.append(low)
        }
        BillColumns.spread(bills.map(\.id), at: positions, into: &ids)
        BillColumns.spread(bills.map(\.bookID), at: positions, into: &bookIDs)
        BillColumns.spread(bills.map(\.accountID), at: positions, into: &accountIDs)
        BillColumns.spread(bills.map(\.categoryID), at: positions, into: &categoryIDs)
        BillColumns.spread(bills.map(\.amount), at: positions, into: &amounts)
        BillColumns.spread(bills.map(\.day.ordinal), at: positions, into: &days)
        guard hasTexts else { return }
        let remarkNumbers = bills.map { text($0.remark) }
        let placeNumbers = bills.map { bill in bill.place.map { text($0) } ?? -1 }
        let tagNumbers = bills.map { tagList($0.tags) }
        BillColumns.spread(remarkNumbers, at: positions, into: &remarks)
        BillColumns.spread(placeNumbers, at: positions, into: &places)
        BillColumns.spread(tagNumbers, at: positions, into: &tags)
        BillColumns.spread(bills.map(\.created), at: positions, into: &created)
        BillColumns.spread(bills.map(\.updated), at: positions, into: &updated)
    }

    /// Makes `values[i]` the row before the one now at `positions[i]`,
    /// for positions in ascending order.
    private static func spread<Value>(_ values: [Value], at positions: [Int], into column: inout [Value]) {
        var end = column.count
        column.append(contentsOf: values)
        column.withUnsafeMutableBufferPointer { rows in
            let base = rows.baseAddress!
            for index in values.indices.reversed() {
                let start = positions[index]
                (base + start + index + 1).update(from: base + start, count: end - start)
                base[start + index] = values[index]
                end = start
            }
        }
    }

    public mutating func remove(at index: Int) {
        ids.remove(at: index)
        bookIDs.remove(at: index)
        accountIDs.remove(at: index)
        categoryIDs.remove(at: index)
        amounts.remove(at: index)
        days.remove(at: index)
        remarks.remove(at: index)
        places.remove(at: index)
        tags.remove(at: index)
        created.remove(at: index)
        updated.remove(at: index)
    }

    /// No rows, with the same tables of texts: where rebuilt columns start.
    private func withoutRows() -> BillColumns {
        var empty = BillColumns(texts: hasTexts)
        empty.texts = texts
        empty.tagListKeys = tagListKeys
        empty.tagLists = tagLists
        return empty
    }

    /// Keeps the rows at `order`, in that order, one column at a time: a
    /// million rows need room for one more column, not for all of them again.
    private mutating func gather(_ order: some Collection<Int>) {
        ids = order.map { ids[$0] }
        bookIDs = order.map { bookIDs[$0] }
        accountIDs = order.map { accountIDs[$0] }
        categoryIDs = order.map { categoryIDs[$0] }
        amounts = order.map { amounts[$0] }
        days = order.map { days[$0] }
        guard hasTexts else { return }
        remarks = order.map { remarks[$0] }
        places = order.map { places[$0] }
        tags = order.map { tags[$0] }
        created = order.map { created[$0] }
        updated = order.map { updated[$0] }
    }

    // MARK: Day order

    /// Whether the row at `index` comes before `bill` in day order.
    public func precedes(_ index: Int, _ bill: Bill) -> Bool {
        days[index] != bill.day.ordinal ? days[index] < bill.day.ordinal : ids[index] < bill.id
    }

    /// Puts the rows in day order, then entry order. Rows that arrive in order, as
    /// a ledger's usually do, are checked in one pass and not moved; others
    /// are counted into their days, each day's few put in id order, and each
    /// column gathered once.
    public mutating func sortChronologically() {
        // Through the buffers: a million rows read in order are looked at on every load.
        let inOrder = days.withUnsafeBufferPointer { days in
            ids.withUnsafeBufferPointer { ids in
                days.indices.dropFirst().allSatisfy { index in
                    days[index - 1] != days[index] ? days[index - 1] < days[index] : ids[index - 1] < ids[index]
                }
            }
        }
        if inOrder { return }
        gather(BillColumns.chronologicalOrder(days: days, ids: ids))
    }

    /// The row numbers in day order, then id order: a counting sort by day
    /// when the days span no more than a few times as many as there are
    /// rows, as in any real ledger; a comparison sort otherwise.
    static func chronologicalOrder(days: [Int32], ids: [Int64]) -> [Int] {
        guard let first = days.min(), let last = days.max() else { return [] }
        let span = Int(last) - Int(first) + 1
        guard span <= 4 * days.count + 1024 else {
            return days.indices.sorted { a, b in days[a] != days[b] ? days[a] < days[b] : ids[a] < ids[b] }
        }
        var starts = [Int](repeating: 0, count: span + 1)
        for day in days { starts[Int(day - first) + 1] += 1 }
        for bucket in 0..<span { starts[bucket + 1] += starts[bucket] }
        var order = [Int](repeating: 0, count: days.count)
        var next = starts
        for (row, day) in days.enumerated() {
            order[next[Int(day - first)]] = row
            next[Int(day - first)] += 1
        }
        for bucket in 0..<span where starts[bucket + 1] - starts[bucket] > 1 {
            let sameDay = starts[bucket]..<starts[bucket + 1]
            if !order[sameDay].indices.dropFirst().allSatisfy({ ids[order[$0 - 1]] < ids[order[$0]] }) {
                order[sameDay].sort { ids[$0] < ids[$1] }
            }
        }
        return order
    }

    /// These rows without those whose id is in `removed`, and with the
    /// `count` bills `added` gives, first to last in day order, merged in: a
    /// change to many bills in one linear pass.
    public func replacing(_ removed: Set<Int64>, with count: Int, _ added: (Int) -> Bill) -> BillColumns {
        var result = withoutRows()
        result.reserveCapacity(self.count - removed.count + count)
        var next = 0
        var pending = count > 0 ? added(0) : nil
        func takePending(_ bill: Bill) {
            result.append(bill)
            next += 1
            pending = next < count ? added(next) : nil
        }
        for index in indices where !removed.contains(ids[index]) {
            while let bill = pending, !precedes(index, bill) { takePending(bill) }
            result.append(
                id: ids[index], bookID: bookIDs[index], categoryID: categoryIDs[index], amount: amounts[index],
                day: Day(ordinal: days[index]), remark: remarks[index], place: places[index], tags: tags[index],
                created: created[index], updated: updated[index], accountID: accountIDs[index])
        }
        while let bill = pending { takePending(bill) }
        return result
    }

    /// The first row from `start` on for which `isPast` holds, given that it
    /// holds for every row after that one too: a binary search over the day order.
    public func firstIndex(from start: Int = 0, where isPast: (Int) -> Bool) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The rows whose day lies in `range`.
    public func indices(in range: DateRange) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        let (start, end) = (range.start.ordinal, range.end.ordinal)
        let first = firstIndex { days[$0] >= start }
        return first..<Swift.max(first, firstIndex { days[$0] > end })
    }
}

// Here rather than beside `Parts`: these reach the columns' private arrays.
extension BillColumns {
    public var parts: Parts {
        Parts(
            ids: ids, days: days, amounts: amounts, categoryIDs: categoryIDs, bookIDs: bookIDs, accountIDs: accountIDs,
            remarks: remarks, places: places, tags: tags, created: created, updated: updated,
            texts: texts.texts, tagListKeys: tagListKeys.texts)
    }

    /// Columns made of `parts`, with their texts when `texts`; nil when the
    /// parts do not fit together: columns of unequal length, a text named
    /// that is not there, a text or tag list given twice, or a day outside
    /// the calendar Tally keeps.
    public init?(parts: Parts, texts: Bool) {
        let count = parts.ids.count
        let numbers = [parts.days.count, parts.amounts.count, parts.categoryIDs.count, parts.bookIDs.count, parts.accountIDs.count]
        guard numbers.allSatisfy({ $0 == count }) else { return nil }
        let (first, last) = (Day.first.ordinal, Day.last.ordinal)
        guard parts.days.allSatisfy({ (first...last).contains($0) }) else { return nil }
        self.init(texts: texts)
        (ids, days, amounts, categoryIDs, bookIDs, accountIDs) = (parts.ids, parts.days, parts.amounts, parts.categoryIDs, parts.bookIDs, parts.accountIDs)
        guard texts else { return }
        let textual = [parts.remarks.count, parts.places.count, parts.tags.count, parts.created.count, parts.updated.count]
        guard textual.allSatisfy({ $0 == count }) else { return nil }
        for (number, text) in parts.texts.enumerated() where self.text(text) != number { return nil }
        for (number, key) in parts.tagListKeys.enumerated() {
            var bytes = key
            let made = bytes.withUTF8 { tagList(bytes: $0) { key.split(separator: " ").map(String.init) } }
            guard made == number else { return nil }
        }
        let (textCount, listCount) = (Int32(parts.texts.count), Int32(parts.tagListKeys.count))
        guard parts.remarks.allSatisfy({ 0 <= $0 && $0 < textCount }), parts.places.allSatisfy({ -1 <= $0 && $0 < textCount }),
              parts.tags.allSatisfy({ 0 <= $0 && $0 < listCount }) else { return nil }
        (remarks, places, tags, created, updated) = (parts.remarks, parts.places, parts.tags, parts.created, parts.updated)
    }
}
