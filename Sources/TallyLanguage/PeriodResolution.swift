import TallyCore

extension PeriodSpec {
    /// The days this period covers, given *today* and where weeks start.
    public func resolve(today: Day, weekStart: WeekStart) -> DateRange {
        switch self {
        case .range(let range):
            return range
        case .monthWithoutYear(let month):
            return DateRange.month(month <= today.month ? today.year : today.year - 1, month) ?? DateRange.month(today.year, month)!
        case .date(let date):
            return .day(date.resolve(today: today))
        case .this(let unit):
            return PeriodSpec.unit(unit, containing: today, weekStart: weekStart)
        case .last(let unit):
            return PeriodSpec.unit(unit, containing: PeriodSpec.step(today, unit, by: -1), weekStart: weekStart)
        case .lastCount(let count, let unit):
            // Reaching back past the calendar's first day, the period holds all of it, that day too.
            let start = PeriodSpec.reachesBeforeCalendar(today, unit, count)
                ? Day.first : PeriodSpec.step(today, unit, by: -count).adding(days: 1)
            return DateRange(start: start, end: today)
        case .next(let unit):
            return PeriodSpec.unit(unit, containing: PeriodSpec.step(today, unit, by: 1), weekStart: weekStart)
        case .nextCount(let count, let unit):
            let start = today.adding(days: 1)
            return DateRange(start: start, end: max(start, PeriodSpec.step(today, unit, by: count)))
        case .between(let from, let to):
            let start = from.resolve(today: today)
            return DateRange(start: start, end: to.resolve(today: today, from: start))
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

    /// Whether `count` units before `day` lies before 0001-01-01.
    private static func reachesBeforeCalendar(_ day: Day, _ unit: PeriodUnit, _ count: Int) -> Bool {
        let (daysPerUnit, monthsPerUnit) = switch unit {
        case .day: (1, 0)
        case .week: (7, 0)
        case .month: (0, 1)
        case .quarter: (0, 3)
        case .year: (0, 12)
        }
        if daysPerUnit > 0 {
            let (days, overflow) = count.multipliedReportingOverflow(by: daysPerUnit)
            return overflow || Int(day.ordinal) - Int(Day.first.ordinal) < days
        }
        let (months, overflow) = count.multipliedReportingOverflow(by: monthsPerUnit)
        return overflow || (day.year - 1) * 12 + day.month - 1 < months
    }

    /// `day` moved by `count` units; months clamp to the month's end.
    private static func step(_ day: Day, _ unit: PeriodUnit, by count: Int) -> Day {
        switch unit {
        case .day: return day.adding(days: count)
        case .week: return day.adding(days: count.multipliedReportingOverflow(by: 7).overflow ? (count < 0 ? Int.min : Int.max) : 7 * count)
        case .month: return day.adding(months: count)
        case .quarter: return day.adding(months: count.multipliedReportingOverflow(by: 3).overflow ? (count < 0 ? Int.min : Int.max) : 3 * count)
        case .year: return day.adding(months: count.multipliedReportingOverflow(by: 12).overflow ? (count < 0 ? Int.min : Int.max) : 12 * count)
        }
    }
}
