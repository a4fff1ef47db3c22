import TallyCore

/// `report`: a period at a glance, for a page. Every number in it is one the
/// language's own queries give for the same period and condition; the page
/// only draws them.
public struct PeriodReport: Sendable, Equatable {
    public let period: DateRange
    /// The books its bills are in: the current book unless the condition names books.
    public let books: [String]
    public let currency: Currency
    /// `where …` as typed, when the report leaves bills out.
    public let condition: String?
    public let summary: Balance
    public let count: Int
    /// The share of the income kept, in tenths of a percent (below zero when
    /// more was spent); nil without income.
    public let savingsPermille: Int?
    /// The period step by step, oldest first, with or without bills: its
    /// months, or past two years of them its quarters, or past as many
    /// quarters its years.
    public let spans: [ReportSpan]
    /// What each of `spans` is: `.month`, `.quarter` or `.year`.
    public let step: Dimension
    public let expense: ReportPie
    public let income: ReportPie
    /// Each expense category's spending in each month, or each year when the
    /// report spans more than a year.
    public let spending: SpendingGrid
    /// Each month's budgets as `budget MONTH` shows them, for the latest
    /// twelve months that have begun and lie wholly in the period; only when
    /// the report covers one whole book (its condition names nothing but books).
    public let budgets: [BudgetReport]
    /// Each account of its books at the end of `balancesDay`, as `balances`
    /// gives them; only when the report covers whole books (its condition
    /// names nothing but books) and one of them keeps several accounts.
    public let balances: [ReportBalance]
    /// The period's last day, or today while the period is under way.
    public let balancesDay: Day
    /// The latest month with bills, day by day.
    public let timeline: Timeline?
    /// The largest expenses, largest first, bills alike but for their day
    /// (a rent each month) as one.
    public let largest: [LargestExpense]
    /// The day it was made.
    public let made: Day

    /// How many categories each pie shows on their own; the rest are one slice.
    public static let slicesShown = 10
    /// The most months the grids of spending and budgets show side by side,
    /// as a page's width (and an A4 sheet's) holds them.
    public static let monthColumns = 12
    /// How many of the largest expenses are listed.
    public static let largestShown = 10
    /// The most spans the chart and the table of the period show: two years
    /// of months, then as many quarters, as bars that can be told apart and
    /// rows that can be taken in.
    public static let spansAtMost = 24
    /// The most months a report spans, fifty years: a lifetime of bills,
    /// while a page of more could be neither read nor written in good time.
    public static let monthsAtMost = 600
}

/// A month, quarter or year of the report.
public struct ReportSpan: Sendable, Equatable {
    /// `2016-07`, `2016-Q3` or `2016`, as `by month`, `by quarter` and `by year` label it.
    public let label: String
    public let summary: Balance
    public let count: Int
    /// The whole month, quarter or year.
    public let range: DateRange
    /// The days of it the report covers: fewer than the whole where the
    /// period begins or ends inside it, or where it is under way (up to
    /// today, when no bill of it is dated later).
    public let covered: DateRange
    /// What recurring bills will post in it after today, in none of its numbers; nil when nothing.
    public var expected: Balance? = nil

    /// Whether its numbers are of fewer days than the whole, and so not to be
    /// read against those of the others.
    public var isPartial: Bool { covered != range }
}

/// An account's balance for the report: what it held at the end of the
/// report's day, and when it last agreed with a statement up to then.
public struct ReportBalance: Sendable, Equatable {
    public let book: String
    public let account: String
    public let icon: String
    public let kind: AccountKind
    public let balance: Int64
    /// What is owed on it, for a credit card below zero.
    public let owing: Int64?
    public let reconciled: Day?
}

/// One of the largest expenses, or bills alike in all but their day, as one.
public struct LargestExpense: Sendable, Equatable {
    /// The latest of them.
    public let bill: BillRow
    /// How many bills there are alike.
    public let times: Int
    /// The earliest one's day.
    public let first: Day
}

/// Timi's pie for a page: the largest categories, then the rest as one slice.
/// The shares of all of them add up to exactly 100.0%.
public struct ReportPie: Sendable, Equatable {
    public let kind: Kind
    public let total: Int128
    public let slices: [PieSlice]
    /// The categories past the largest, as one slice whose category is empty.
    public let rest: PieSlice?
    /// How many categories `rest` holds.
    public let restCategories: Int
}

public struct SpendingGrid: Sendable, Equatable {
    /// `2016-07` for each month of the report, or `2016` for each of its years.
    public let columns: [String]
    /// What all the expenses came to in each column.
    public let totals: [Int128]
    /// Largest total first.
    public let categories: [CategorySpending]
}

public struct CategorySpending: Sendable, Equatable {
    public let category: String
    public let icon: String
    /// In the order of the grid's columns.
    public let amounts: [Int128]
    public let total: Int128
}
