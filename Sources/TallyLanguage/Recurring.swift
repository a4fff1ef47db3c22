import TallyCore

/// The statements of recurring bills.
public enum RecurringStatement: Sendable {
    /// `every month on 1 -3000 housing rent from 2026-01 until 2027-06`.
    case add(RecurringSpec)
    /// `recurring`: every rule, with the day it falls next.
    case list
    /// `recurring #R`: one rule, with the days it was posted or skipped.
    case show(id: Located<Int64>)
    /// `edit recurring #R amount=3200`: the bills it posts from now on.
    case edit(id: Located<Int64>, assignments: [Assignment])
    /// `pause recurring #R` (pausing) and `resume recurring #R`.
    case pause(id: Located<Int64>, pausing: Bool)
    /// `delete recurring #R`: the rule, not the bills it posted.
    case delete(id: Located<Int64>)
    /// `due`: days of rules that ask first, come and waiting.
    case due
    /// `accept [#R [on DATE]] [AMOUNT]` (accepting) and `skip [#R [on DATE]]`.
    case handle(OccurrencePick, accepting: Bool)
    /// `upcoming [PERIOD]`: what the rules will post, by day.
    case upcoming(period: Located<PeriodSpec>?)

    public var changesLedger: Bool {
        switch self {
        case .add, .edit, .pause, .delete, .handle: return true
        case .list, .show, .due, .upcoming: return false
        }
    }
}

/// A recurring bill as written: its schedule, its bill as quick entry writes
/// one, and when it starts and ends.
public struct RecurringSpec: Sendable {
    public var schedule: Located<Schedule>
    public var bill: AddBill
    /// The period whose first day is the first the rule may fall on; today when nil.
    public var from: Located<PeriodSpec>?
    public var end: Located<RecurrenceEndSpec>?
    /// `on weekdays` after the bill: only Monday to Friday.
    public var weekdaysOnly: SourceRange?
    /// `ask`: each day waits in `due` to be accepted.
    public var asks: Bool

    public init(schedule: Located<Schedule>, bill: AddBill, from: Located<PeriodSpec>? = nil,
                end: Located<RecurrenceEndSpec>? = nil, weekdaysOnly: SourceRange? = nil, asks: Bool = false) {
        self.schedule = schedule
        self.bill = bill
        self.from = from
        self.end = end
        self.weekdaysOnly = weekdaysOnly
        self.asks = asks
    }
}

/// `until PERIOD` (its last day is the rule's last) or `N times`.
public enum RecurrenceEndSpec: Sendable {
    case until(PeriodSpec)
    case times(Int)
}

/// Which waiting days `accept` or `skip` means: all of them, a rule's, or one
/// day of one rule; and for `accept`, the amount the real bill came to.
public struct OccurrencePick: Sendable {
    public var rule: Located<Int64>?
    public var day: Located<DateSpec>?
    public var amount: AmountExpression?

    public init(rule: Located<Int64>? = nil, day: Located<DateSpec>? = nil, amount: AmountExpression? = nil) {
        self.rule = rule
        self.day = day
        self.amount = amount
    }
}

/// The clauses after a recurring bill, gathered while its remark is read.
struct RecurrenceClauses {
    var from: Located<PeriodSpec>?
    var end: Located<RecurrenceEndSpec>?
    var weekdaysOnly: SourceRange?
    var asks = false
}

/// The words that end a recurring bill's remark.
public enum RecurrenceClauseWord: String, CaseIterable, Sendable {
    case from, until, times, on, ask

    public static let words = allCases.map(\.rawValue)
}
