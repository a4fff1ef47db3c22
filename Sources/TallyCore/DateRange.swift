/// The days from `start` through `end`, both included.
public struct DateRange: Hashable, Sendable {
    public let start: Day
    public let end: Day

    public init(start: Day, end: Day) {
        self.start = start
        self.end = end
    }

    public static let everything = DateRange(start: Day(ordinal: Int32.min), end: Day(ordinal: Int32.max))
    public static let nothing = DateRange(start: Day(ordinal: Int32.max), end: Day(ordinal: Int32.min))

    public func contains(_ day: Day) -> Bool {
        day >= start && day <= end
    }

    public var isEmpty: Bool { end < start }

    /// How many days it holds.
    public var dayCount: Int { isEmpty ? 0 : Int(end.ordinal) - Int(start.ordinal) + 1 }

    public static func year(_ year: Int) -> DateRange? {
        guard let start = Day(year: year, month: 1, day: 1), let end = Day(year: year, month: 12, day: 31) else { return nil }
        return DateRange(start: start, end: end)
    }

    public static func month(_ year: Int, _ month: Int) -> DateRange? {
        guard let start = Day(year: year, month: month, day: 1) else { return nil }
        return DateRange(start: start, end: Day(year: year, month: month, day: Day.daysIn(month: month, year: year))!)
    }

    public static func quarter(_ year: Int, _ quarter: Int) -> DateRange? {
        guard (1...4).contains(quarter), let start = Day(year: year, month: quarter * 3 - 2, day: 1) else { return nil }
        return DateRange(start: start, end: Day(year: year, month: quarter * 3, day: Day.daysIn(month: quarter * 3, year: year))!)
    }

    public static func isoWeek(_ year: Int, _ week: Int) -> DateRange? {
        guard let start = Day.startOfISOWeek(year: year, week: week) else { return nil }
        return DateRange(start: start, end: start.adding(days: 6))
    }

    public static func day(_ day: Day) -> DateRange {
        DateRange(start: day, end: day)
    }

    /// The week holding `day`, starting on `weekStart`.
    public static func week(containing day: Day, weekStart: WeekStart) -> DateRange {
        let offset = weekStart == .monday ? day.isoWeekday - 1 : day.isoWeekday % 7
        let start = day.adding(days: -offset)
        return DateRange(start: start, end: start.adding(days: 6))
    }

    public static func month(containing day: Day) -> DateRange {
        month(day.year, day.month)!
    }

    public static func quarter(containing day: Day) -> DateRange {
        quarter(day.year, day.quarter)!
    }

    public static func year(containing day: Day) -> DateRange {
        year(day.year)!
    }
}
