import TallyCore

/// What an aggregate came to: money in a currency, a count, or nothing to
/// average (an empty selection's `avg`, `min` and `max`). Money is in minor
/// units, as wide as a total over any number of bills needs.
public enum Measure: Sendable, Equatable {
    case money(Int128, Currency)
    case count(Int)
    case none
}

/// One value of a result that has no `by`; a selection spanning currencies
/// has one cell per currency.
public struct AggregateCell: Sendable, Equatable {
    public let currency: Currency?
    public let measure: Measure
}

public struct AggregateResult: Sendable, Equatable {
    public let aggregate: Aggregate
    public let cells: [AggregateCell]
}

/// One group of a `by` query: a label per dimension (nil for bills with no
/// place or tag) and the aggregate.
public struct GroupRow: Sendable, Equatable {
    public let labels: [String?]
    public let currency: Currency?
    public let measure: Measure
}

public struct GroupResult: Sendable, Equatable {
    public let dimensions: [Dimension]
    public let aggregate: Aggregate
    /// True when the groups span currencies, so each row must say its own.
    public let showsCurrency: Bool
    /// With two dimensions, the second one's values in the default order: how
    /// a grid orders its columns.
    public let columnOrder: [String?]
    public let rows: [GroupRow]
    /// The aggregate over the bills of the groups shown, each bill once (a
    /// bill with two tags is in two groups): a table's total row.
    public let totals: AggregateResult
    /// With two dimensions and one currency, the aggregate of each column of
    /// `columnOrder` over the groups shown; else empty.
    public let columnTotals: [Measure]
}

/// The bills `list` shows, and what they come to: bills of one kind their
/// amounts added up, bills of both what `sum` gives, income less expense.
public struct BillList: Sendable, Equatable {
    public let rows: [BillRow]
    public let totals: AggregateResult
    /// Whether the bills are of both kinds, so the totals are net.
    public let net: Bool

    /// The same bills, last first.
    public func reversed() -> BillList {
        BillList(rows: rows.reversed(), totals: totals, net: net)
    }
}

/// A bill as results show it: names instead of ids, the kind spelled out.
public struct BillRow: Sendable, Equatable {
    public let id: Int64
    public let day: Day
    public let kind: Kind
    public let amount: Int64
    public let currency: Currency
    public let category: String
    public let icon: String
    public let book: String
    public let remark: String
    public let place: String?
    public let tags: [String]
    /// Nil while the bill's book keeps only one account: nothing mentions accounts until a book has several.
    public let account: String?
    /// A bill a recurring rule is expected to post, not one written: it has no id.
    public private(set) var isForecast = false

    /// The same bill as one a recurring rule is expected to post.
    public func asForecast() -> BillRow {
        var row = self
        row.isForecast = true
        return row
    }

    /// Money received above zero, money spent below: a refund, money back, is above zero.
    public var signedAmount: Int64 { kind.signed(amount) }

    /// Whether the bill is money back on an expense category.
    public var isRefund: Bool { amount < 0 }

    /// The columns of bills in CSV: the bill's id, as JSON gives it, then
    /// the ones `import` reads, so that a list or an export imports back as
    /// the same bills.
    public static let columns = ["id", "date", "kind", "amount", "category", "remark", "book", "place", "tags"]

    public init(_ bill: Bill, in ledger: Ledger) {
        let book = ledger.book(id: bill.bookID)
        let category = ledger.category(id: bill.categoryID)
        id = bill.id
        day = bill.day
        kind = category?.kind ?? .expense
        amount = bill.amount
        currency = book?.currency ?? .cny
        self.category = category?.name ?? "?"
        icon = category?.icon ?? ""
        self.book = book?.name ?? "?"
        remark = bill.remark
        place = bill.place
        tags = bill.tags
        account = ledger.keepsAccounts(inBook: bill.bookID) ? ledger.account(id: ledger.accountID(of: bill))?.name : nil
    }
}

/// Rows of named columns, for listings such as `books` and `categories`.
public struct RecordTable: Sendable, Equatable {
    public let columns: [String]
    public let rows: [[Cell]]
    /// Rows a table ends with, such as the totals over all books; CSV and
    /// JSON leave them out, where they would break the shape.
    public let totals: [[Cell]]

    public init(columns: [String], rows: [[Cell]], totals: [[Cell]] = []) {
        self.columns = columns
        self.rows = rows
        self.totals = totals
    }

    /// A value in a listing, typed so JSON can write numbers and flags as such.
    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(Int)
        case flag(Bool)
        case list([String])
        case money(Int128, Currency)
        case id(Int64)
        case ids([Int64])
        /// Words a table shows in the reader's language and CSV and JSON in English.
        case phrase(Phrase)
        case null

        /// Words of a cell: `template` filled with `values`, in the reader's
        /// language in a table. `make pot` finds the template by this name.
        public static func words(_ template: String, _ values: CustomStringConvertible...) -> Cell {
            .phrase(Phrase(.said(template, values: values.map(\.description))))
        }

        /// How a table or CSV shows it.
        public var text: String {
            switch self {
            case .text(let text): return text
            case .number(let number): return String(number)
            case .flag(let on): return on ? "*" : ""
            case .list(let items): return items.joined(separator: ", ")
            case .money(let amount, let currency): return MoneyFormat.plain(amount, currency)
            case .id(let id): return "#\(id)"
            case .ids(let ids): return ids.map { "#\($0)" }.joined(separator: ", ")
            case .phrase(let phrase): return phrase.english
            case .null: return ""
            }
        }

        /// Numbers and amounts line up on the right.
        public var isNumeric: Bool {
            switch self {
            case .number, .money: return true
            default: return false
            }
        }
    }
}

/// The value a statement produces; renderers draw it as a table, CSV, JSON or a chart.
public enum QueryResult: Sendable, Equatable {
    case aggregate(AggregateResult)
    case groups(GroupResult)
    case bills(BillList)
    /// `added #12 …`, `edited #12 …`: a bill a statement wrote.
    case bill(verb: String, BillRow)
    case records(RecordTable)
    case done(Done)
    case timeline(Timeline)
    case pie(Pie)
    case months(MonthTable)
    case detail(CategoryDetail)
    case billDetail(BillDetail)
    case search(SearchResult)
    case budgets(BudgetReport)
    case photos(PhotoList)
    /// `import … dry run`: each row and what would become of it.
    case importPreview(ImportPreview)
}

/// What an import would do, row by row, and how many rows come to each end.
public struct ImportPreview: Sendable, Equatable {
    /// How many rows would be added, are there already, changed, passed over, refused.
    public struct Counts: Sendable, Equatable {
        public var add = 0
        public var there = 0
        public var changed = 0
        public var passedOver = 0
        public var refused = 0

        public init(add: Int = 0, there: Int = 0, changed: Int = 0, passedOver: Int = 0, refused: Int = 0) {
            (self.add, self.there, self.changed, self.passedOver, self.refused) = (add, there, changed, passedOver, refused)
        }

        /// Each count by the name a JSON dry run gives it.
        public var named: [(name: String, count: Int)] {
            [("would_add", add), ("there_already", there), ("changed", changed), ("pass_over", passedOver), ("refuse", refused)]
        }
    }

    public let rows: RecordTable
    public let counts: Counts
    /// Rows left out of `rows`, which shows the first ones only.
    public let unshown: Int

    public init(rows: RecordTable, counts: Counts, unshown: Int) {
        self.rows = rows
        self.counts = counts
        self.unshown = unshown
    }

    /// `dry run: would add 7, there already 0, …; nothing was written`.
    public var summary: String {
        let each = [
            Translation.translated("would add %d", counts.add),
            Translation.translated("there already %d", counts.there),
            Translation.translated("changed %d", counts.changed),
            Translation.translated("pass over %d", counts.passedOver),
            Translation.translated("refuse %d", counts.refused),
        ]
        let more = unshown > 0 ? Translation.translated(" (%d more rows not shown)", unshown) : ""
        return Translation.translated("dry run: %s; nothing was written", Done.listed(each) + more)
    }
}

/// What a statement asks of the session: show a result, commit a change,
/// or something only the session can do.
public enum Outcome: Sendable {
    case result(QueryResult, format: OutputFormat?)
    /// Commit `change`, then show what was `done` and any `warnings`. When
    /// `asking`, ask that first (or, in a script, require `--yes`).
    case change(ChangeSet, done: QueryResult, asking: Confirmation?, warnings: [String] = [])
    case sessionSetting(SessionSetting)
    /// Write the photo's bytes, which only the store holds, to `file`.
    case extractPhoto(Photo, file: Located<String>, overwrites: Bool)
    /// Write `bills`, and the recurring rules the format holds, to the file, in the format its extension names.
    case exportFile(ExportOptions, bills: BillList, rules: [RecurringRow])
    /// Draw the report as a page and write it to the file.
    case reportFile(ReportOptions, PeriodReport)
}

/// Settings that last for the session only.
public enum SessionSetting: Sendable, Equatable {
    case format(OutputFormat)
    case color(Bool)
    /// Each statement printed before its result, so a script's output can be read.
    case echo(Bool)
    case pager(PagerMode)
}
