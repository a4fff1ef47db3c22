import TallyCore

// What the views (Timi's screens) show: values built from the language's own
// queries over the current book, drawn by the renderers.

/// Income, expense and what is left, over some bills of one currency.
public struct Balance: Sendable, Equatable {
    public let income: Int128
    public let expense: Int128
    public let currency: Currency

    public var balance: Int128 { income - expense }
}

/// `timeline`: the period at a glance, then its days, newest first.
public struct Timeline: Sendable, Equatable {
    public let period: DateRange
    public let summary: Balance
    public let days: [TimelineDay]
}

extension Timeline {
    /// How many days the timeline covers: its period's, but an end the
    /// period leaves open (`since`, `until`) reaches only as far as its
    /// bills; nil when the period is open and holds no bills.
    public var dayCount: Int? {
        let first = period.start < Day.first ? days.last?.day : period.start
        let last = period.end > Day.last ? days.first?.day : period.end
        guard let first, let last else { return nil }
        return Int(last.ordinal - first.ordinal) + 1
    }

    /// The bills written, not those expected.
    public var billCount: Int {
        days.reduce(0) { $0 + $1.bills.count { !$0.isForecast } }
    }

    public var expectedCount: Int {
        days.reduce(0) { $0 + $1.bills.count(where: \.isForecast) }
    }
}

public struct TimelineDay: Sendable, Equatable {
    public let day: Day
    public let summary: Balance
    /// The expenses, then the income, each in the order written down: the
    /// two sides of the timeline's centre line.
    public let bills: [BillRow]
    /// Money moved between the book's accounts that day, on neither side.
    public var transfers: [TransferRow] = []
}

/// A transfer as the timeline shows it: the accounts named as messages name them.
public struct TransferRow: Sendable, Equatable {
    public let id: Int64
    public let day: Day
    /// What left `from`, with its currency's symbol; and what arrived, when the currencies differ.
    public let amount: String
    public let received: String?
    public let from: String
    public let to: String
    public let remark: String
}

/// `pie`: each category's share of a kind's total, largest first.
public struct Pie: Sendable, Equatable {
    public let kind: Kind
    public let period: DateRange
    public let total: Int128
    public let currency: Currency
    public let slices: [PieSlice]
}

public struct PieSlice: Sendable, Equatable {
    public let category: String
    public let icon: String
    public let amount: Int128
    /// How many bills: Timi's "N笔".
    public let count: Int
    /// The share in tenths of a percent; the slices' shares add up to exactly 1000.
    public let permille: Int
}

/// `months`: Timi's month carousel for one year.
public struct MonthTable: Sendable, Equatable {
    public let year: Int
    /// The months with bills, January first.
    public let months: [MonthLine]
    public let total: Balance
    public let count: Int
}

public struct MonthLine: Sendable, Equatable {
    public let month: Int
    public let summary: Balance
    public let count: Int
    /// What recurring rules will post in the month after today; nil when nothing.
    public var expected: Balance?

    public init(month: Int, summary: Balance, count: Int, expected: Balance? = nil) {
        self.month = month
        self.summary = summary
        self.count = count
        self.expected = expected
    }
}

extension MonthTable {
    /// `2016-07`: how a month of the table is named in CSV and JSON.
    public func label(_ line: MonthLine) -> String {
        String(DateRange.month(year, line.month)?.start.iso.prefix(7) ?? "")
    }

    /// `2016`, four digits as dates write it.
    public var yearText: String {
        DateRange.year(year)?.start.yearText ?? String(year)
    }
}

/// `detail`: one category's bills, month by month.
public struct CategoryDetail: Sendable, Equatable {
    public let category: String
    public let icon: String
    public let kind: Kind
    public let currency: Currency
    /// Oldest first.
    public let months: [DetailMonth]
    public let total: Int128
    public let count: Int
}

public struct DetailMonth: Sendable, Equatable {
    /// `2016-07`.
    public let label: String
    public let subtotal: Int128
    public let bills: [BillRow]
}

/// `show`: one bill in full.
public struct BillDetail: Sendable, Equatable {
    public let bill: BillRow
    /// Seconds since 1970: when the bill was written down and last changed.
    public let created: Int64
    public let updated: Int64
    public let photos: [Photo]
}

/// `search`: the bills that hold `text`, newest first.
public struct SearchResult: Sendable, Equatable {
    public let text: String
    public let bills: BillList
}

extension PieSlice {
    /// `38.7`: the share in percent, to a tenth.
    public var share: String { "\(permille / 10).\(permille % 10)" }

    /// Shares of the amounts' total in tenths of a percent that add up to
    /// exactly 1000: each rounded down, then the tenths left over go to the
    /// largest remainders. A category refunded more than was spent on it has
    /// no share, and the others share what was spent.
    static func shares(of amounts: [Int128]) -> [Int] {
        let parts = amounts.map { max(0, $0) }
        let total = parts.reduce(0, +)
        guard total > 0 else { return amounts.map { _ in 0 } }
        var shares = parts.map { Int($0 * 1000 / total) }
        let remainders = parts.map { $0 * 1000 % total }
        let left = 1000 - shares.reduce(0, +)
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(left) { shares[index] += 1 }
        return shares
    }
}

/// `budget`: a month's budgets in the current book, and what was spent.
public struct BudgetReport: Sendable, Equatable {
    /// `2016-07`.
    public let month: String
    public let currency: Currency
    /// The category budgets in the categories' order, then the total budget.
    public let lines: [BudgetLine]
}

public struct BudgetLine: Sendable, Equatable {
    /// Nil for the total budget.
    public let category: String?
    public let icon: String
    public let budget: Int128
    public let spent: Int128
    /// In the month under way, how it looks ahead; nil for a month before or after.
    public var outlook: BudgetOutlook? = nil

    /// Below zero when over budget.
    public var left: Int128 { budget - spent }
}

/// A budget of the month under way, looked at ahead: what recurring bills
/// will still post in it, and what the month comes to when the rest of the
/// spending goes on at its pace so far.
public struct BudgetOutlook: Sendable, Equatable {
    /// Still to be posted this month by recurring bills.
    public let scheduled: Int128
    /// The spending not posted by recurring bills, carried to the month's end
    /// at its pace so far, plus every recurring bill of the month.
    public let projected: Int128
    /// The month's last day.
    public let end: Day
}
