import TallyCore

/// `export FILE [where COND] [PERIOD] [overwrite]`
public struct ExportOptions: Sendable {
    public var file: Located<String>
    public var condition: Condition?
    public var period: Located<PeriodSpec>?
    /// An existing file is replaced instead of refused.
    public var overwrites = false

    public init(file: Located<String>) {
        self.file = file
    }
}

/// `report [PERIOD] [where COND] to FILE`
public struct ReportOptions: Sendable {
    public var file: Located<String>
    /// From `where` to the condition's end.
    public var condition: Located<Condition>?
    /// `where category != housing` as typed: the page says what it leaves out.
    public var conditionText: String?
    /// `defaultPeriod` when nil.
    public var period: Located<PeriodSpec>?
    /// An existing file is replaced instead of refused.
    public var overwrites = false

    public static let defaultPeriod = PeriodSpec.this(.year)

    public init(file: Located<String>, condition: Located<Condition>?, conditionText: String? = nil, period: Located<PeriodSpec>?) {
        self.file = file
        self.condition = condition
        self.conditionText = conditionText
        self.period = period
    }

    /// The file as given, with `.html` added when its name does not end in it.
    public var path: String { ReportOptions.path(named: file.value) }

    /// `name`, with `.html` added when it does not end in it.
    public static func path(named name: String) -> String {
        let lower = name.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm") ? name : name + ".html"
    }
}

/// What a budget limits: one expense category, or all the book's spending.
public enum BudgetTarget: Sendable {
    case category(Located<String>)
    case total(SourceRange)
}

public enum Aggregate: String, Sendable, CaseIterable {
    case sum, count, avg, min, max, list
}

/// Which bills an aggregate reads. `net` and no kind both read every bill,
/// income counted positive and expense negative.
public enum KindSelector: String, Sendable, CaseIterable {
    case expense, income, net

    public var kind: Kind? {
        switch self {
        case .expense: return .expense
        case .income: return .income
        case .net: return nil
        }
    }
}

public enum Dimension: String, Sendable, CaseIterable {
    case category, book, place, tag, kind, day, week, month, quarter, year, weekday, account

    /// How a week from Sunday is named, by its first day (`week of 2016-07-03`):
    /// the label JSON gives, which a table shows in the reader's words.
    public static let weekOf = "week of "

    /// Time dimensions sort by time; the others by their aggregate.
    public var isTime: Bool {
        switch self {
        case .day, .week, .month, .quarter, .year, .weekday: return true
        default: return false
        }
    }
}

public enum OutputFormat: String, Sendable, CaseIterable {
    case table, csv, json, chart
}

/// `AGG [KIND] [where COND] [PERIOD] [by DIM[, DIM]] [order by KEY [asc|desc]] [limit N | top N] [as FORMAT]`
public struct Query: Sendable {
    public var aggregate: Aggregate
    public var kind: KindSelector?
    public var condition: Condition?
    public var period: Located<PeriodSpec>?
    public var dimensions: [Located<Dimension>] = []
    public var order: Order?
    public var limit: Int?
    public var top: Int?
    public var format: OutputFormat?
    /// `with forecast`: the bills recurring rules will post in the period are counted as if posted.
    public var withForecast = false
    /// `in CNY`: every bill's amount in that currency, at its day's rate.
    public var currency: Located<String>?
    /// Set by statements that read every book whatever the query says, as `export` does.
    var readsEveryBook = false

    public init(aggregate: Aggregate) {
        self.aggregate = aggregate
    }

    /// Whether the query reads remarks, places or tags: it lists bills,
    /// groups by place or tag, or tests one of them. Other queries are
    /// answered from the bills' numbers alone.
    public var readsTexts: Bool {
        aggregate == .list || dimensions.contains { $0.value == .place || $0.value == .tag }
            || [Field.remark, .place, .tag].contains { condition?.mentions($0) ?? false }
    }

    /// A query that names `book` covers every book; otherwise only the current one.
    public var coversAllBooks: Bool {
        readsEveryBook || dimensions.contains { $0.value == .book } || (condition?.mentions(.book) ?? false)
    }
}

public struct Order: Sendable {
    /// An aggregate name, a dimension, or for `list` a bill field.
    public let key: Located<String>
    public let descending: Bool
}

/// A condition as a tree whose `and` and `or` hold all their terms side by
/// side: a chain of any length is one level deep, so nothing that walks the
/// tree recurses further than parentheses and `not` nest (`Parser.maximumDepth`).
public indirect enum Condition: Sendable {
    /// At least two terms, all of which hold.
    case and([Condition])
    /// At least two terms, one of which holds.
    case or([Condition])
    case not(Condition)
    case comparison(Comparison)

    /// `field = name`, as a statement Tally makes for itself (a view, a
    /// budget, the books table) would have written it.
    static func naming(_ field: Field, _ name: String, at range: SourceRange = .nowhere) -> Condition {
        .comparison(Comparison(field: Located(field, range), op: Located(.equal, range), operands: [Located(.text(name), range)]))
    }

    /// The books named by `book =` and `book in (…)`, anywhere in the condition.
    public var bookNames: [String] {
        switch self {
        case .and(let terms), .or(let terms): return terms.flatMap(\.bookNames)
        case .not(let a): return a.bookNames
        case .comparison(let comparison):
            guard comparison.field.value == .book, [.equal, .isIn].contains(comparison.op.value) else { return [] }
            return comparison.operands.compactMap { operand in
                if case .text(let name) = operand.value { return name }
                return nil
            }
        }
    }

    public func mentions(_ field: Field) -> Bool {
        switch self {
        case .and(let terms), .or(let terms): return terms.contains { $0.mentions(field) }
        case .not(let a): return a.mentions(field)
        case .comparison(let comparison): return comparison.field.value == field
        }
    }
}

public enum Field: String, Sendable, CaseIterable {
    case category, amount, remark, place, book, tag, date, kind, id, weekday
    /// How many photos a bill has.
    case photos
    case account

    /// The field `word` names: `cat`, `note`, `tags`, `day` and `photo` too.
    public init?(named word: String) {
        guard let field = Synonyms.resolve(word, Field.self, also: ["tags": "tag", "day": "date", "photo": "photos"]) else { return nil }
        self = field
    }
}

public enum ComparisonOperator: String, Sendable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case contains = "~"
    case notContains = "!~"
    case isIn = "in"
    case notIn = "not in"
}

public struct Comparison: Sendable {
    public let field: Located<Field>
    public let op: Located<ComparisonOperator>
    /// One operand, or the list of `in (…)`.
    public let operands: [Located<Operand>]
}

/// A value on the right of a comparison, read the way its field wants it.
public enum Operand: Sendable, Equatable {
    case text(String)
    case number(ExactNumber)
    case date(DateSpec)
}

/// `2016-07-01`, `nov 5`, `today`, `昨天`: resolved against *today* by the evaluator.
public enum DateSpec: Sendable, Equatable {
    case day(Day)
    /// A month and day without their year: `dec 30`, `12-30`. Never
    /// February 29, which not every year has.
    case dayWithoutYear(month: Int, day: Int)
    /// A day counted from today: `today` 0, `yesterday` -1, `tomorrow` 1, `前天` -2.
    case fromToday(days: Int)

    public static let today = DateSpec.fromToday(days: 0)
    public static let yesterday = DateSpec.fromToday(days: -1)

    /// The day meant: a day without its year is the latest such day up to
    /// today, so on January 2 `dec 30` is three days ago, not a year ahead.
    public func resolve(today: Day) -> Day {
        switch self {
        case .day(let day): return day
        case .dayWithoutYear(let month, let day):
            let thisYear = Day(year: today.year, month: month, day: day)!
            // Before the calendar's first year there is none earlier to take.
            return thisYear <= today ? thisYear : Day(year: today.year - 1, month: month, day: day) ?? thisYear
        case .fromToday(let days): return today.adding(days: days)
        }
    }

    /// The day meant as a period's last, given its first: a day without its
    /// year is the first such day on or after `start`, so `from dec 1 to jan 5`
    /// runs into the new year.
    public func resolve(today: Day, from start: Day) -> Day {
        guard case .dayWithoutYear(let month, let day) = self else { return resolve(today: today) }
        let sameYear = Day(year: start.year, month: month, day: day)!
        return sameYear >= start ? sameYear : Day(year: start.year + 1, month: month, day: day) ?? sameYear
    }
}

public enum PeriodUnit: String, Sendable {
    case day, week, month, quarter, year
}

/// A period as written; `resolve` turns it into days once *today* is known.
public enum PeriodSpec: Sendable, Equatable {
    case range(DateRange)
    /// A month without its year, `in dec`: the latest such month that has begun.
    case monthWithoutYear(Int)
    case date(DateSpec)
    case this(PeriodUnit)
    case last(PeriodUnit)
    case lastCount(Int, PeriodUnit)
    case next(PeriodUnit)
    /// So many units from tomorrow on: `next 30 days`.
    case nextCount(Int, PeriodUnit)
    case between(DateSpec, DateSpec)
    case since(DateSpec)
    case until(DateSpec)
}

/// `amount = 12+8.5-3`: terms with their signs, summed once the currency is known.
public struct AmountExpression: Sendable {
    public let terms: [Located<ExactNumber>]
    public let negated: [Bool]
    public let range: SourceRange
    /// The currency's symbol written with it, `¥` of `¥25` or `元` of `25元`,
    /// which must be one the book's currency is written with.
    public var currencySign: Located<Character>?
}

public struct AddBill: Sendable {
    public var kind: Kind?
    public var amount: AmountExpression
    public var category: Located<String>
    public var remark: String?
    public var date: Located<DateSpec>?
    public var place: String?
    public var tags: [String] = []
    public var book: Located<String>?
    /// `with card`: the account, when the book has one so named; otherwise
    /// the words stay where they were written, as ever (`lunch with team`).
    public var account: WithAccount?

    public init(kind: Kind?, amount: AmountExpression, category: Located<String>, remark: String? = nil,
                date: Located<DateSpec>? = nil, place: String? = nil, tags: [String] = [], book: Located<String>? = nil,
                account: WithAccount? = nil) {
        self.kind = kind
        self.amount = amount
        self.category = category
        self.remark = remark
        self.date = date
        self.place = place
        self.tags = tags
        self.book = book
        self.account = account
    }
}

/// `FIELD=VALUE` in `edit`.
public enum Assignment: Sendable {
    case amount(AmountExpression)
    case category(Located<String>)
    case remark(String)
    case place(String?)
    case date(Located<DateSpec>)
    case tags(Located<TagChange>)
    case account(AccountReference)
    case book(Located<String>)
}

/// What `tags=` does to a bill's tags.
public enum TagChange: Sendable, Equatable {
    /// `tags=#a #b`, `tags=()`: these tags and no others.
    case replace([String])
    /// `tags=+#a -#b`: these added and those taken off, the others kept.
    case adjust(adding: [String], removing: [String])
}

/// `with NAME` in a bill, which names an account only when its book has one so named.
public struct WithAccount: Sendable, Equatable {
    public let name: Located<String>
    /// Whether the words came after the place, to which they go back when no account is meant.
    public let afterPlace: Bool

    public init(name: Located<String>, afterPlace: Bool) {
        self.name = name
        self.afterPlace = afterPlace
    }

    /// The words as written, for the remark or place they then belong to.
    public var words: String { "with \(name.value)" }
}

/// An account by name, in the current book unless its book is given: `card`, `travel:card`.
public struct AccountReference: Sendable, Equatable {
    public let book: Located<String>?
    public let name: Located<String>

    public init(book: Located<String>?, name: Located<String>) {
        self.book = book
        self.name = name
    }

    public var range: SourceRange { book.map { $0.range.through(name.range) } ?? name.range }
}
