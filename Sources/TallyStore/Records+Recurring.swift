import TallyCore

// How recurring bills and the days they were posted map to their tables.

extension Connection {
    func insert(_ rule: RecurringRule) throws(StoreError) {
        let statement = try prepare(
            """
            INSERT INTO recurring (id, book_id, category_id, amount, remark, place, tags, unit, every, month, day, start, until,
                times, asks, paused_on, last_handled, created_at, account_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        defer { statement.reset() }
        try statement.bind([rule.id] + RecurringColumns(rule).values)
        while try statement.step() {}
    }

    /// Changes the rule only while the file holds exactly `old`.
    func update(_ rule: RecurringRule, wasThere old: RecurringRule) throws(StoreError) {
        let statement = try prepare(
            """
            UPDATE recurring SET book_id = ?, category_id = ?, amount = ?, remark = ?, place = ?, tags = ?, unit = ?, every = ?,
                month = ?, day = ?, start = ?, until = ?, times = ?, asks = ?, paused_on = ?, last_handled = ?, created_at = ?,
                account_id = ?
            WHERE id = ? AND book_id = ? AND category_id = ? AND amount = ? AND remark = ? AND place IS ? AND tags = ? AND unit = ?
                AND every = ? AND month IS ? AND day IS ? AND start = ? AND until IS ? AND times IS ? AND asks = ?
                AND paused_on IS ? AND last_handled IS ? AND created_at = ? AND account_id IS ?
            """)
        defer { statement.reset() }
        try statement.bind(RecurringColumns(rule).values + [old.id] + RecurringColumns(old).values)
        while try statement.step() {}
    }

    func delete(_ rule: RecurringRule) throws(StoreError) {
        let statement = try prepare(
            """
            DELETE FROM recurring
            WHERE id = ? AND book_id = ? AND category_id = ? AND amount = ? AND remark = ? AND place IS ? AND tags = ? AND unit = ?
                AND every = ? AND month IS ? AND day IS ? AND start = ? AND until IS ? AND times IS ? AND asks = ?
                AND paused_on IS ? AND last_handled IS ? AND created_at = ? AND account_id IS ?
            """)
        defer { statement.reset() }
        try statement.bind([rule.id] + RecurringColumns(rule).values)
        while try statement.step() {}
    }

    func insert(_ occurrence: Occurrence) throws(StoreError) {
        try run("INSERT INTO occurrences (rule_id, day, bill_id) VALUES (?, ?, ?)",
                occurrence.ruleID, occurrence.day.yyyymmdd, occurrence.billID)
    }

    func delete(_ occurrence: Occurrence) throws(StoreError) {
        try run("DELETE FROM occurrences WHERE rule_id = ? AND day = ? AND bill_id IS ?",
                occurrence.ruleID, occurrence.day.yyyymmdd, occurrence.billID)
    }

    func recurringRules() throws(StoreError) -> [RecurringRule] {
        var rules: [RecurringRule] = []
        try forEachRow(
            """
            SELECT id, book_id, category_id, amount, remark, place, tags, unit, every, month, day, start, until, times, asks,
                paused_on, last_handled, created_at, coalesce(account_id, 0)
            FROM recurring ORDER BY id
            """
        ) { row throws(StoreError) in
            guard let rule = RecurringColumns.rule(row) else {
                throw .corrupt(
                    doing: Translation.translated("reading recurring bills"),
                    Translation.translated("recurring #%d has no schedule or day that can be", row.int64(0)))
            }
            rules.append(rule)
        }
        return rules
    }

    func occurrences() throws(StoreError) -> [Occurrence] {
        var occurrences: [Occurrence] = []
        try forEachRow("SELECT rule_id, day, bill_id FROM occurrences ORDER BY rule_id, day") { row throws(StoreError) in
            guard let day = Day(yyyymmdd: Int(row.int64(1))) else {
                throw .corrupt(doing: Translation.translated("reading recurring bills"), Translation.translated("a day of recurring #%d is no day", row.int64(0)))
            }
            occurrences.append(Occurrence(ruleID: row.int64(0), day: day, billID: row.optionalInt64(2)))
        }
        return occurrences
    }
}

/// A rule's columns after its id, in the table's order.
private struct RecurringColumns {
    let values: [any Bindable]

    init(_ rule: RecurringRule) {
        var unit: String
        var month: Int?
        var day: Int?
        switch rule.schedule {
        case .days(_, let weekdaysOnly): unit = weekdaysOnly ? "weekday" : "day"
        case .weeks(_, let weekday): (unit, day) = ("week", weekday)
        case .months(_, let monthDay): (unit, day) = ("month", Self.written(monthDay))
        case .years(_, let inMonth, let monthDay): (unit, month, day) = ("year", inMonth, Self.written(monthDay))
        }
        var until: Int?
        var times: Int?
        switch rule.end {
        case .never: break
        case .until(let last): until = last.yyyymmdd
        case .times(let count): times = count
        }
        values = [
            rule.bookID, rule.categoryID, rule.amount, rule.remark, rule.place, rule.tags.joined(separator: " "),
            unit, rule.schedule.interval, month, day, rule.start.yyyymmdd, until, times, rule.asks,
            rule.pausedOn?.yyyymmdd, rule.lastHandled?.yyyymmdd, rule.created, rule.accountID == 0 ? nil : rule.accountID,
        ]
    }

    private static func written(_ monthDay: MonthDay) -> Int {
        switch monthDay {
        case .day(let day): return day
        case .last: return 0
        }
    }

    /// The rule a row of `recurring` holds, or nil when its columns make none.
    static func rule(_ row: Statement) -> RecurringRule? {
        let every = Int(row.int64(8))
        let month = row.optionalInt64(9).map(Int.init)
        let day = row.optionalInt64(10).map(Int.init)
        let monthDay = day.map { $0 == 0 ? MonthDay.last : .day($0) }
        let schedule: Schedule
        switch row.text(7) {
        case "day": schedule = .days(every: every, weekdaysOnly: false)
        case "weekday": schedule = .days(every: every, weekdaysOnly: true)
        case "week":
            guard day.map({ (1...7).contains($0) }) ?? true else { return nil }
            schedule = .weeks(every: every, on: day)
        case "month":
            guard let monthDay else { return nil }
            schedule = .months(every: every, on: monthDay)
        case "year":
            guard let month, let monthDay else { return nil }
            schedule = .years(every: every, month: month, on: monthDay)
        default: return nil
        }
        guard let start = Day(yyyymmdd: Int(row.int64(11))) else { return nil }
        var end = RecurrenceEnd.never
        if let until = row.optionalInt64(12) {
            guard let last = Day(yyyymmdd: Int(until)) else { return nil }
            end = .until(last)
        } else if let times = row.optionalInt64(13) {
            end = .times(Int(times))
        }
        let pausedOn = row.optionalInt64(15).flatMap { Day(yyyymmdd: Int($0)) }
        let lastHandled = row.optionalInt64(16).flatMap { Day(yyyymmdd: Int($0)) }
        let tags = row.text(6).split(separator: " ").map(String.init)
        return RecurringRule(
            id: row.int64(0), bookID: row.int64(1), categoryID: row.int64(2), amount: row.int64(3), remark: row.text(4),
            place: row.bytes(5).map { String(decoding: $0, as: UTF8.self) }, tags: tags, schedule: schedule, start: start, end: end, asks: row.int64(14) != 0,
            pausedOn: pausedOn, lastHandled: lastHandled, created: row.int64(17), accountID: row.int64(18))
    }
}
