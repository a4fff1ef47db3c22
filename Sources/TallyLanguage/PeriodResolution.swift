import TallyCore

extension PeriodSpec {
    /// The days this period covers, given *today* and where weeks start.
    public func resolve(today: Day, weekStart: WeekStart) -> DateRange {
        switch self {
        case .range(let range):
            return range
        case .monthOfCurrentYear(let month):
            return DateRange.month(today.year, month)!
        case .date(let date):
            return .day(date.resolve(today: today))
        case .this(let unit):
            return PeriodSpec.unit(unit, containing: today, weekStart: weekStart)
        case .last(let unit):
            return PeriodSpec.unit(unit, containing: PeriodSpec.step(today, unit, by: -1), weekStart: weekStart)
        case .lastCount(let count, let unit):
            let start = PeriodSpec.step(today, unit, by: -count).adding(days: 1)
            return DateRange(start: start, end: today)
        case .between(let from, let to):
            return DateRange(start: from.resolve(today: today), end: to.resolve(today: today))
        case .since(let from):
            return DateRange(start: from.resolve(today: today), end: DateRange.everything.end)
        case .until(let to):
            return DateRange(start: DateRange.everything.start, end: to.resolve(today: today))
        }
    }

    private static func unit(_ unit: PeriodUnit, containing day: Day, weekStart: WeekStart) -> DateRange {
        switch unit {
        case .day: return .day(day)
        case .week: return .week(containing: day, weekStart: weekStart)
        case .month: return .month(containing: day)
        case .quarter: return .quarter(containing: day)
        case .year: return .year(containing: day)
        }
    }

    /// `day` moved by `count` units; months clamp to the month's end.
    private static func step(_ day: Day, _ unit: PeriodUnit, by count: Int) -> Day {
        switch unit {
        case .day: return day.adding(days: count)
        case .week: return day.adding(days: count.multipliedReportingOverflow(by: 7).overflow ? Int.min : 7 * count)
        case .month: return day.adding(months: count)
        case .quarter: return day.adding(months: count.multipliedReportingOverflow(by: 3).overflow ? Int.min : 3 * count)
        case .year: return day.adding(months: count.multipliedReportingOverflow(by: 12).overflow ? Int.min : 12 * count)
        }
    }
}
