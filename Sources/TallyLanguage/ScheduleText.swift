import TallyCore

extension Schedule {
    /// The schedule as `every` writes it, so what `recurring` shows can be typed again.
    public func written(weekStart: WeekStart) -> String {
        switch self {
        case .days(1, false): return "every day"
        case .days(let every, false): return "every \(every) days"
        case .days(1, true): return "every weekday"
        case .days(let every, true): return "every \(every) days on weekdays"
        case .weeks(let every, let weekday):
            let day = Weekday.longNames[(weekday ?? (weekStart == .monday ? 1 : 7)) - 1].prefix(3)
            return (every == 1 ? "every week" : "every \(every) weeks") + " on \(day)"
        case .months(let every, let day):
            return (every == 1 ? "every month" : "every \(every) months") + " on " + Schedule.written(day)
        case .years(let every, let month, let day):
            let date: String
            switch day {
            case .day(let day): date = Parser.twoDigits(month) + "-" + Parser.twoDigits(day)
            case .last: date = Parser.twoDigits(month) + "-" + Parser.twoDigits(Day.daysIn(month: month, year: 2000))
            }
            return (every == 1 ? "every year" : "every \(every) years") + " on " + date
        }
    }

    private static func written(_ day: MonthDay) -> String {
        switch day {
        case .day(let day): return String(day)
        case .last: return "last"
        }
    }
}

extension RecurringRule {
    /// Where it ends, as `every` writes it; empty when it goes on.
    public var writtenEnd: String {
        switch end {
        case .never: return ""
        case .until(let day): return "until \(day.iso)"
        case .times(let times): return "\(times) times"
        }
    }
}
