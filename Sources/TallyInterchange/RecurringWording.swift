import TallyCore
import TallyLanguage

/// A recurring rule in words, for the comments and directives that name it
/// in an export: `every month on 1`, `every 2 weeks on friday`, `until 2027-06-30`.
enum RecurringWording {
    static func schedule(_ schedule: Schedule, weekStart: WeekStart) -> String {
        switch schedule {
        case .days(let count, false):
            return every(count, "day")
        case .days(let count, true):
            return count == 1 ? "every weekday" : "every \(count) days on weekdays"
        case .weeks(let count, let weekday):
            return every(count, "week") + " on " + Weekday.longNames[(weekday ?? (weekStart == .monday ? 1 : 7)) - 1]
        case .months(let count, .day(let day)):
            return every(count, "month") + " on \(day)"
        case .months(let count, .last):
            return every(count, "month") + " on the last"
        case .years(let count, let month, .day(let day)):
            return every(count, "year") + " on \(monthName(month)) \(day)"
        case .years(let count, let month, .last):
            return every(count, "year") + " on the last of \(monthName(month))"
        }
    }

    /// ` until 2027-06-30` or `, 3 times`, to follow the schedule; empty when it never ends.
    static func end(_ end: RecurrenceEnd) -> String {
        switch end {
        case .never: return ""
        case .until(let day): return " until \(day.iso)"
        case .times(let times): return times == 1 ? ", once" : ", \(times) times"
        }
    }

    /// The schedule, its start when `from`, and its end: `every month on 1 from 2026-01-01 until 2027-06-30`.
    static func rule(_ row: RecurringRow, from: Bool) -> String {
        schedule(row.rule.schedule, weekStart: row.weekStart) + (from ? " from \(row.rule.start.iso)" : "") + end(row.rule.end)
    }

    private static func every(_ count: Int, _ unit: String) -> String {
        count == 1 ? "every \(unit)" : "every \(count) \(unit)s"
    }

    /// `jan` … `dec`, as dates are written in Tally.
    static func monthName(_ month: Int) -> String {
        Day.shortMonthNames[month - 1].lowercased()
    }
}
