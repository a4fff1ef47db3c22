extension BillColumns {
    /// The columns as plain arrays, for a store to keep in a file of its own
    /// and give back whole: each text once, in the order the columns number them.
    public struct Parts: Equatable, Sendable {
        public var ids: [Int64]
        public var days: [Int32]
        public var amounts: [Int64]
        public var categoryIDs: [Int64]
        public var bookIDs: [Int64]
        public var accountIDs: [Int64]
        /// Empty for columns without texts, as are the rest.
        public var remarks: [Int32]
        public var places: [Int32]
        public var tags: [Int32]
        public var created: [Int64]
        public var updated: [Int64]
        public var texts: [String]
        /// Each distinct list of tags, its tags joined by spaces.
        public var tagListKeys: [String]

        public init(
            ids: [Int64], days: [Int32], amounts: [Int64], categoryIDs: [Int64], bookIDs: [Int64], accountIDs: [Int64],
            remarks: [Int32] = [], places: [Int32] = [], tags: [Int32] = [], created: [Int64] = [], updated: [Int64] = [],
            texts: [String] = [], tagListKeys: [String] = []
        ) {
            (self.ids, self.days, self.amounts, self.categoryIDs, self.bookIDs, self.accountIDs) = (ids, days, amounts, categoryIDs, bookIDs, accountIDs)
            (self.remarks, self.places, self.tags, self.created, self.updated) = (remarks, places, tags, created, updated)
            (self.texts, self.tagListKeys) = (texts, tagListKeys)
        }
    }
}

extension BillColumns {
    /// Whether `ids` are distinct and each from 1 to `last`, as the ids a
    /// ledger gives are: columns from outside the ledger must name each of
    /// its bills once. False, unasked, when `last` is far beyond their count.
    public static func namesEachBillOnce(_ ids: [Int64], upTo last: Int64) -> Bool {
        guard last >= 0, last <= 4 * Int64(ids.count) + 1_000_000 else { return false }
        var seen = [UInt64](repeating: 0, count: Int(last) / 64 + 1)
        for id in ids {
            guard id >= 1, id <= last else { return false }
            let (word, bit) = (Int(id) / 64, UInt64(1) << UInt64(id % 64))
            guard seen[word] & bit == 0 else { return false }
            seen[word] |= bit
        }
        return true
    }
}

