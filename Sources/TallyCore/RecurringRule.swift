/// A bill that comes on a schedule (rent, salary, a subscription), posted as
/// an ordinary bill on each day it falls, from its start until its end. The
/// bill's fields are as a bill holds them: the amount in minor units of the
/// book's currency, below zero for a refund.
public struct RecurringRule: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var bookID: Int64
    public var categoryID: Int64
    public var amount: Int64
    public var remark: String
    public var place: String?
    public var tags: [String]
    public var schedule: Schedule
    /// The first day it may fall on.
    public var start: Day
    public var end: RecurrenceEnd
    /// Whether each day that comes waits in `due` to be accepted instead of being posted.
    public var asks: Bool
    /// The day it was paused, while it is: nothing falls due meanwhile.
    public var pausedOn: Day?
    /// The latest day posted, accepted or skipped: each posting changes the
    /// rule, so a change to it recorded before (its undo) is not replayed over one.
    public var lastHandled: Day?
    public var created: Int64
    /// The account its bills are in, as a bill holds it: 0 for the book's first.
    public var accountID: Int64

    public init(
        id: Int64, bookID: Int64, categoryID: Int64, amount: Int64, remark: String = "", place: String? = nil,
        tags: [String] = [], schedule: Schedule, start: Day, end: RecurrenceEnd = .never, asks: Bool = false,
        pausedOn: Day? = nil, lastHandled: Day? = nil, created: Int64 = 0, accountID: Int64 = 0
    ) {
        self.id = id
        self.bookID = bookID
        self.categoryID = categoryID
        self.amount = amount
        self.remark = remark
        self.place = place
        self.tags = tags
        self.schedule = schedule
        self.start = start
        self.end = end
        self.asks = asks
        self.pausedOn = pausedOn
        self.lastHandled = lastHandled
        self.created = created
        self.accountID = accountID
    }

    /// Every day it falls on, from its start to its end, through `last`.
    public func days(through last: Day, weekStart: WeekStart) -> [Day] {
        var days: [Day] = []
        for day in schedule.days(from: start, weekStart: weekStart) {
            guard day <= last, end.admits(day, after: days.count) else { break }
            days.append(day)
        }
        return days
    }

    /// The bill it posts on `day`.
    public func bill(id: Int64, on day: Day, amount: Int64? = nil, at time: Int64) -> Bill {
        Bill(id: id, bookID: bookID, categoryID: categoryID, amount: amount ?? self.amount, day: day,
             remark: remark, place: place, tags: tags, created: time, updated: time, accountID: accountID)
    }
}

/// Where a recurring bill stops: never, after a day, or after so many times.
extension RecurringRule {
    private enum CodingKeys: String, CodingKey {
        case id, bookID, categoryID, amount, remark, place, tags, schedule, start, end, asks, pausedOn, lastHandled, created, accountID
    }

    /// A rule the undo history kept before accounts were kept has none, and posts to its book's first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), bookID: try container.decode(Int64.self, forKey: .bookID),
            categoryID: try container.decode(Int64.self, forKey: .categoryID), amount: try container.decode(Int64.self, forKey: .amount),
            remark: try container.decode(String.self, forKey: .remark), place: try container.decodeIfPresent(String.self, forKey: .place),
            tags: try container.decode([String].self, forKey: .tags), schedule: try container.decode(Schedule.self, forKey: .schedule),
            start: try container.decode(Day.self, forKey: .start), end: try container.decode(RecurrenceEnd.self, forKey: .end),
            asks: try container.decode(Bool.self, forKey: .asks), pausedOn: try container.decodeIfPresent(Day.self, forKey: .pausedOn),
            lastHandled: try container.decodeIfPresent(Day.self, forKey: .lastHandled), created: try container.decode(Int64.self, forKey: .created),
            accountID: try container.decodeIfPresent(Int64.self, forKey: .accountID) ?? 0)
    }
}

public enum RecurrenceEnd: Hashable, Sendable, Codable {
    case never
    /// The last day it may fall on.
    case until(Day)
    case times(Int)

    /// Whether a day may still come when `count` days came before it.
    public func admits(_ day: Day, after count: Int) -> Bool {
        switch self {
        case .never: return true
        case .until(let last): return day <= last
        case .times(let times): return count < times
        }
    }
}

/// A day of a recurring bill that has been seen to: posted as bill
/// `billID`, or skipped (nil). Each rule's day is handled at most once.
public struct Occurrence: Hashable, Sendable, Codable {
    public let ruleID: Int64
    public let day: Day
    public let billID: Int64?

    public init(ruleID: Int64, day: Day, billID: Int64?) {
        self.ruleID = ruleID
        self.day = day
        self.billID = billID
    }

    public struct Key: Hashable, Sendable {
        public let ruleID: Int64
        public let day: Day

        public init(ruleID: Int64, day: Day) {
            self.ruleID = ruleID
            self.day = day
        }
    }

    public var key: Key { Key(ruleID: ruleID, day: day) }
}
