import TallyCore

extension LedgerStore {
    /// Runs `body` inside one read of the file: every `load` in it sees the
    /// ledger as it stood when the first began, whatever another process
    /// commits meanwhile, so what is read a stretch of days at a time adds up
    /// to one state of it. A file that can only be read is read as `load`
    /// reads it, each time afresh.
    public func readingOnce<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard readOnlyReason == nil, !isGathering, !isReadingOnce else { return try body() }
        return try connection.transaction(.deferred) { () throws(StoreError) -> T in
            isReadingOnce = true
            defer { isReadingOnce = false }
            return try body()
        }
    }

    /// The first and the last day of any bill, or nil when there is none.
    public func billDays() throws(StoreError) -> DateRange? {
        var days: DateRange?
        try connection.forEachRow("SELECT min(day), max(day) FROM bills WHERE day IS NOT NULL") { row throws(StoreError) in
            guard let first = row.optionalInt64(0), let last = row.optionalInt64(1) else { return }
            guard let start = Day(yyyymmdd: Int(first)), let end = Day(yyyymmdd: Int(last)) else {
                throw .corrupt(doing: Translation.translated("reading bills"), Translation.translated("a bill has no valid day"))
            }
            days = DateRange(start: start, end: end)
        }
        return days
    }
}
