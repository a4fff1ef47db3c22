import TallyCore

/// A recurring rule as an export writes it: the rule, the bill it posts
/// (its category, book and currency by name, as a listed bill has them),
/// and the days it falls on, counted from the week's first day the ledger sets.
public struct RecurringRow: Sendable {
    public let rule: RecurringRule
    /// The bill as it is posted on `firstDay`.
    public let bill: BillRow
    public let weekStart: WeekStart
    /// The first day it falls on at all.
    public let firstDay: Day

    public init(_ rule: RecurringRule, bill: BillRow, weekStart: WeekStart, firstDay: Day) {
        self.rule = rule
        self.bill = bill
        self.weekStart = weekStart
        self.firstDay = firstDay
    }

    /// The days it falls on, in order, from its first through `last`.
    public func days(through last: Day) -> [Day] {
        rule.days(through: last, weekStart: weekStart)
    }

    /// The day after the last it may fall on, or nil when only the
    /// calendar's end stops it: the end as tools that stop before a day take it.
    public var stopsBefore: Day? {
        let last: Day?
        switch rule.end {
        case .never: last = nil
        case .until(let day): last = day
        case .times(let times):
            let days = days(through: .last)
            last = times > 0 && days.count == times ? days.last : nil
        }
        return last.flatMap { $0 < .last ? $0.adding(days: 1) : nil }
    }

    /// The first day `rule` falls on within `range`, if any.
    static func firstDay(of rule: RecurringRule, in range: DateRange, weekStart: WeekStart) -> Day? {
        var count = 0
        for day in rule.schedule.days(from: rule.start, weekStart: weekStart) {
            guard day <= range.end, rule.end.admits(day, after: count) else { return nil }
            if day >= range.start { return day }
            count += 1
        }
        return nil
    }
}
