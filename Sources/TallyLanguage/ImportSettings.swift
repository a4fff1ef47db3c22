import TallyCore

/// A field of a bill that an import reads from a column; `in` and `out` are
/// an amount that comes in or goes out, as banks write debit and credit, and
/// `transaction` the file's own id of the row.
public enum ImportField: String, Sendable, CaseIterable {
    case date, kind, amount, category, remark, book, place, tags
    case amountIn = "in", amountOut = "out", transaction, account
    /// The account's balance after the row, as banks print it: checked row by row.
    case balance

    /// The field `word` names, in statements and headers alike: `type`, `cat`, `note` and `tag` too.
    public init?(named word: String) {
        guard let field = Synonyms.resolve(word, ImportField.self, also: ["type": "kind", "tag": "tags"]) else { return nil }
        self = field
    }

    /// Every spelling that names a field.
    public static let spellings = ["type", "cat", "note", "tag"] + allCases.map(\.rawValue)

    /// The fields a constant can be given for: what a bill has.
    public static let constants: [ImportField] = [.category, .remark, .book, .place, .tags, .account]
}

/// Which column of the file a field is read from.
public enum ColumnReference: Sendable, Equatable {
    /// The column whose header is this text.
    case header(String)
    /// The column at this position, counted from 1.
    case number(Int)
}

/// `FIELD=HEADER` in `import … columns (…)`.
public struct ColumnMapping: Sendable {
    public let field: Located<ImportField>
    public let column: Located<ColumnReference>
}

/// What a word in a kind column means: `kinds (支出=expense, 不计收支=skip)`.
public enum KindMeaning: String, Sendable, CaseIterable {
    case expense, income
    /// A row that moves no money of one's own: neither spent nor earned.
    case skip
}

/// `WORD=MEANING` in `kinds (…)`.
public struct KindWord: Sendable {
    public let word: String
    public let meaning: KindMeaning
}

/// How a file signs its amounts: `expense is negative` as banks write, or
/// `expense is positive` as credit-card statements and receipts do.
public enum ExpenseSign: String, Sendable {
    case negative, positive
}

/// `FIELD=VALUE` in `set …`: the same value for every row.
public struct ConstantField: Sendable {
    public let field: Located<ImportField>
    public let value: Located<String>
}

/// `COLUMN = TEXT` or `COLUMN ~ TEXT` in `skip where …`: rows the import
/// passes over, such as a closed or neutral transaction.
public struct SkipTest: Sendable {
    public let column: Located<ColumnReference>
    /// Whether the cell need only contain the text, ignoring case; else it must be it.
    public let contains: Bool
    public let text: String
}

/// How a file is read: everything an import profile can say. Each is nil or
/// empty when unsaid, so a statement's own settings can be laid over a
/// profile's.
public struct ImportSettings: Sendable {
    /// The book of rows that name none; else the current book.
    public var book: Located<String>?
    public var columns: [ColumnMapping] = []
    /// Lines before the header, such as a bank's preamble; when unsaid, a
    /// profile's header is looked for, else it is the first line.
    public var skip: Int?
    /// False when the file's first row is already a bill: its columns are numbered.
    public var hasHeader: Bool?
    public var separator: Located<String>?
    public var encoding: Located<String>?
    public var dates: Located<String>?
    public var decimalComma: Bool?
    /// The currency the file's amounts are in: rows go only into books that keep it.
    public var currency: Located<String>?
    public var expenseSign: ExpenseSign?
    public var kinds: [KindWord] = []
    public var constants: [ConstantField] = []
    public var skipping: [SkipTest] = []
    /// Rows from the first whose first cell starts with one of these are a footer, not bills.
    public var footers: [String] = []
    /// The category of a row nothing else categorises.
    public var fallback: Located<String>?
    /// Unknown categories are made, of the kind their rows say, instead of refused.
    public var createsCategories: Bool?
    /// Rows equal to bills already there are imported too, instead of skipped.
    public var allowsDuplicates: Bool?

    public init() {}

    /// These settings over `base`: what these say, and what they leave unsaid from `base`.
    public func over(_ base: ImportSettings) -> ImportSettings {
        var merged = self
        merged.book = book ?? base.book
        merged.columns = base.columns.filter { old in !columns.contains { $0.field.value == old.field.value } } + columns
        merged.skip = skip ?? base.skip
        merged.hasHeader = hasHeader ?? base.hasHeader
        merged.separator = separator ?? base.separator
        merged.encoding = encoding ?? base.encoding
        merged.dates = dates ?? base.dates
        merged.decimalComma = decimalComma ?? base.decimalComma
        merged.currency = currency ?? base.currency
        merged.expenseSign = expenseSign ?? base.expenseSign
        merged.kinds = base.kinds + kinds
        merged.constants = base.constants.filter { old in !constants.contains { $0.field.value == old.field.value } } + constants
        merged.skipping = base.skipping + skipping
        merged.footers = base.footers + footers
        merged.fallback = fallback ?? base.fallback
        merged.createsCategories = createsCategories ?? base.createsCategories
        merged.allowsDuplicates = allowsDuplicates ?? base.allowsDuplicates
        return merged
    }

    /// The column headers these settings name: a file whose header has them all is one they are made for.
    public var headers: [String] {
        let mapped = columns.compactMap { mapping -> String? in
            if case .header(let name) = mapping.column.value { return name }
            return nil
        }
        let tested = skipping.compactMap { test -> String? in
            if case .header(let name) = test.column.value { return name }
            return nil
        }
        return mapped + tested
    }
}

/// What `import` does with what it reads.
public enum ImportMode: Sendable, Equatable {
    /// Adds the new bills.
    case write
    /// Shows what would be added, what is there already and what is refused, writing nothing.
    case dryRun
}

/// `import FILE [with PROFILE] [SETTING …] [dry run | preview] [update] [learn]`
public struct ImportOptions: Sendable {
    public var file: Located<String>
    /// The profile named by `with`.
    public var profile: Located<String>?
    /// What the statement itself says, laid over the profile's.
    public var settings = ImportSettings()
    public var mode = ImportMode.write
    /// Bills whose source row changed since they were imported are changed to match.
    public var updates = false
    /// Rows nothing categorises take the category bills like them were given most.
    public var learns = false

    public init(file: Located<String>) {
        self.file = file
    }

    /// The book of rows that name none.
    public var book: Located<String>? { settings.book }
}
