import TallyCore
import TallyLanguage

/// hledger's period expressions for a recurring rule, for its periodic
/// transactions. Each starts on a day the rule falls on: hledger counts its
/// days from the start it is given (and generates one before a start that
/// is not among them), and refuses a start that is not a week's, month's or
/// year's first day for intervals of weeks, months or years. Each ends on
/// the day after the rule's last, as hledger's ends are exclusive.
enum PeriodicExpression {
    /// Expressions whose days together are exactly the rule's, or nil when
    /// hledger cannot say them (every 2 months on the 15th, every 2 years on a day other than jan 1).
    static func hledger(_ row: RecurringRow) -> [String]? {
        let first = row.firstDay
        let end = row.stopsBefore
        switch row.rule.schedule {
        case .days(let count, false):
            return [expression(count == 1 ? "daily" : "every \(count) days", from: first, to: end)]
        case .days(1, true) where first.isoWeekday == 1:
            // hledger counts its weekdays from the week's first day, so only a start on a monday is said so.
            return [expression("every weekday", from: first, to: end)]
        case .days(let count, true):
            // The weekdays among every N days come again after lcm(N, 7) days: one expression for each.
            let cycle = count % 7 == 0 ? count : 7 * count
            return row.days(through: first.adding(days: cycle - 1)).map { expression("every \(cycle) days", from: $0, to: end) }
        case .weeks(let count, _):
            return [expression("every \(7 * count) days", from: first, to: end)]
        case .months(1, let monthDay):
            // hledger, as Tally, puts a day a month lacks on its last: the last is the 31st, as in january.
            let day = monthDay.day(inMonth: 1, year: 2000)
            return anchored("every \(ordinal(day)) day of month", on: day, row)
        case .months(let count, .day(1)):
            return [expression("every \(count) months", from: first, to: end)]
        case .years(1, let month, let monthDay):
            // As in a leap year: hledger's feb 29th is feb 28th in the other years, as Tally's last of feb is.
            let day = monthDay.day(inMonth: month, year: 2000)
            return anchored("every \(ordinal(day)) \(RecurringWording.monthName(month))", on: day, row)
        case .years(let count, 1, .day(1)):
            return [expression("every \(count) years", from: first, to: end)]
        case .months, .years:
            return nil
        }
    }

    /// hledger takes the day of the month it starts from for the one asked,
    /// so a rule starting in a month too short for its day (feb 28 for the
    /// 31st) starts from its first day that is the day asked, and each day
    /// before that is an expression of its own.
    private static func anchored(_ interval: String, on day: Int, _ row: RecurringRow) -> [String] {
        var before: [String] = []
        for (count, falls) in row.rule.schedule.days(from: row.rule.start, weekStart: row.weekStart).enumerated() {
            guard row.rule.end.admits(falls, after: count) else { break }
            if falls.dayOfMonth == day { return before + [expression(interval, from: falls, to: row.stopsBefore)] }
            before.append(expression("daily", from: falls, to: falls < .last ? falls.adding(days: 1) : nil))
        }
        return before
    }

    private static func expression(_ interval: String, from: Day, to end: Day?) -> String {
        "\(interval) from \(from.iso)" + (end.map { " to \($0.iso)" } ?? "")
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][number % 10]
        return "\(number)\(suffix)"
    }
}
