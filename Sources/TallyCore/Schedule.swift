/// When a recurring bill falls: every N days (or only on weekdays), weeks on
/// a weekday, months on a day of the month, or years on a date. A day that a
/// month lacks falls on its last day, and the next month goes back to the day
/// asked for, so a schedule never drifts.
public enum Schedule: Hashable, Sendable, Codable {
    case days(every: Int, weekdaysOnly: Bool)
    /// An ISO weekday 1…7; nil for the first day of the week `set weekstart` names.
    case weeks(every: Int, on: Int?)
    case months(every: Int, on: MonthDay)
    case years(every: Int, month: Int, on: MonthDay)

    public var interval: Int {
        switch self {
        case .days(let every, _), .weeks(let every, _), .months(let every, _), .years(let every, _, _): return every
        }
    }

    /// The days it falls on from `start` on, in order, up to the calendar's end.
    public func days(from start: Day, weekStart: WeekStart) -> ScheduleDays {
        ScheduleDays(schedule: self, start: start, weekStart: weekStart)
    }
}

/// A day of the month: a number, which a shorter month clamps to its last day, or the last.
public enum MonthDay: Hashable, Sendable, Codable {
    case day(Int)
    case last

    public func day(inMonth month: Int, year: Int) -> Int {
        let length = Day.daysIn(month: month, year: year)
        switch self {
        case .day(let day): return min(day, length)
        case .last: return length
        }
    }
}

/// The days a schedule falls on, found one at a time: the first on or after
/// the start, then each interval on from that one.
public struct ScheduleDays: Sequence, IteratorProtocol, Sendable {
    private let schedule: Schedule
    private var upcoming: Day?
    /// Months since year 0 of the next day, for schedules by the month or year.
    private var monthIndex = 0

    init(schedule: Schedule, start: Day, weekStart: WeekStart) {
        self.schedule = schedule
        switch schedule {
        case .days(_, let weekdaysOnly):
            // Weekdays are counted from the first weekday on or after the
            // start: from a Sunday, every other weekday begins on Monday.
            upcoming = weekdaysOnly && start.isoWeekday > 5 ? Self.later(start, by: 8 - start.isoWeekday) : start
        case .weeks(_, let weekday):
            let target = weekday ?? (weekStart == .monday ? 1 : 7)
            upcoming = Self.later(start, by: (target - start.isoWeekday + 7) % 7)
        case .months(_, let monthDay):
            monthIndex = start.year * 12 + start.month - 1
            if let first = Self.day(monthIndex: monthIndex, monthDay), first < start { monthIndex += 1 }
            upcoming = Self.day(monthIndex: monthIndex, monthDay)
        case .years(_, let month, let monthDay):
            monthIndex = start.year * 12 + month - 1
            if let first = Self.day(monthIndex: monthIndex, monthDay), first < start { monthIndex += 12 }
            upcoming = Self.day(monthIndex: monthIndex, monthDay)
        }
        skipWeekends()
    }

    public mutating func next() -> Day? {
        guard let day = upcoming else { return nil }
        switch schedule {
        case .days(let every, _):
            upcoming = Self.later(day, by: every)
        case .weeks(let every, _):
            upcoming = Self.later(day, by: 7 * every)
        case .months(let every, let monthDay):
            monthIndex += every
            upcoming = Self.day(monthIndex: monthIndex, monthDay)
        case .years(let every, _, let monthDay):
            monthIndex += 12 * every
            upcoming = Self.day(monthIndex: monthIndex, monthDay)
        }
        skipWeekends()
        return day
    }

    private mutating func skipWeekends() {
        guard case .days(let every, true) = schedule else { return }
        while let day = upcoming, day.isoWeekday > 5 {
            upcoming = Self.later(day, by: every)
        }
    }

    /// Nil past the calendar's end, where `adding` would stop instead and give a day off the schedule.
    private static func later(_ day: Day, by days: Int) -> Day? {
        days > Int(Day.last.ordinal) - Int(day.ordinal) ? nil : day.adding(days: days)
    }

    private static func day(monthIndex: Int, _ monthDay: MonthDay) -> Day? {
        let year = monthIndex / 12
        let month = monthIndex % 12 + 1
        guard (1...9999).contains(year) else { return nil }
        return Day(year: year, month: month, day: monthDay.day(inMonth: month, year: year))
    }
}
