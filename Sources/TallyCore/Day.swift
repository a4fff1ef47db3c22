/// A calendar day with no time and no time zone, counted from 1970-01-01.
/// Comparison, ranges and differences are plain integer arithmetic.
public struct Day: Hashable, Comparable, Sendable, Codable {
    public let ordinal: Int32

    public init(ordinal: Int32) {
        self.ordinal = ordinal
    }

    /// The day with these civil fields, or nil when there is no such day (2016-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.ordinal = Int32(Day.ordinal(year: year, month: month, day: day))
    }

    /// Reads exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `20160701` ⇄ 2016-07-01: the store's compact, still readable form.
    public init?(yyyymmdd: Int) {
        self.init(year: yyyymmdd / 10000, month: yyyymmdd / 100 % 100, day: yyyymmdd % 100)
    }

    public var yyyymmdd: Int {
        let (y, m, d) = civil
        return y * 10000 + m * 100 + d
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var dayOfMonth: Int { civil.day }
    public var quarter: Int { (month - 1) / 3 + 1 }

    /// `(year, month, day)`, by Howard Hinnant's days-to-civil algorithm.
    public var civil: (year: Int, month: Int, day: Int) {
        let z = Int(ordinal) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Monday is 1 … Sunday is 7, as in ISO 8601.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (Int(ordinal) + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The ISO 8601 week-numbering year and week: 2016-01-03 is in 2015-W53.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - isoWeekday)
        let firstOfYear = Day(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, Int(thursday.ordinal - firstOfYear.ordinal) / 7 + 1)
    }

    /// The Monday that starts ISO week `week` of `year`, or nil past the year's last week.
    public static func startOfISOWeek(year: Int, week: Int) -> Day? {
        guard week >= 1, week <= isoWeeks(in: year), let january4 = Day(year: year, month: 1, day: 4) else { return nil }
        return january4.adding(days: 1 - january4.isoWeekday + (week - 1) * 7)
    }

    /// 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday.
    public static func isoWeeks(in year: Int) -> Int {
        guard let december28 = Day(year: year, month: 12, day: 28) else { return 52 }
        return december28.isoWeek.week
    }

    /// The first and last days Tally can name: 0001-01-01 and 9999-12-31.
    public static let first = Day(year: 1, month: 1, day: 1)!
    public static let last = Day(year: 9999, month: 12, day: 31)!

    /// Moving past the calendar's ends stops at them.
    public func adding(days: Int) -> Day {
        let (target, overflow) = Int(ordinal).addingReportingOverflow(days)
        if overflow { return days < 0 ? Day.first : Day.last }
        return Day(ordinal: Int32(clamping: min(max(target, Int(Day.first.ordinal)), Int(Day.last.ordinal))))
    }

    /// Same day of month `months` later, clamped to the month's end (Mar 31 − 1 month = Feb 29).
    public func adding(months: Int) -> Day {
        let (y, m, d) = civil
        let (index, overflow) = (y * 12 + (m - 1)).addingReportingOverflow(months)
        if overflow || index < 12 { return months < 0 ? Day.first : Day.last }
        if index >= 10000 * 12 { return Day.last }
        let year = index / 12
        let month = index % 12 + 1
        return Day(year: year, month: month, day: min(d, Day.daysIn(month: month, year: year)))!
    }

    /// The year as four digits, as in `iso`: `0999`, `2016`.
    public var yearText: String { Day.pad(year, 4) }

    public var iso: String {
        let (y, m, d) = civil
        return Day.pad(y, 4) + "-" + Day.pad(m, 2) + "-" + Day.pad(d, 2)
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Howard Hinnant's days-from-civil.
    private static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// The day a week starts on: Monday by default, Sunday on request.
public enum WeekStart: String, Sendable, Codable, CaseIterable {
    case monday, sunday
}

extension Day {
    /// `Jan` … `Dec`, indexed by month 1…12 less one.
    public static let shortMonthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

public enum Weekday {
    /// `Mon` … `Sun`, indexed by ISO weekday 1…7.
    public static let shortNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    public static let longNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// ISO weekday of `mon`, `Monday`, `tue`…; nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let lower = text.lowercased()
        for (index, long) in longNames.enumerated() where lower == long || lower == String(long.prefix(3)) {
            return index + 1
        }
        return nil
    }
}
