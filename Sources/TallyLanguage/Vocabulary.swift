import TallyCore

// The words of the language, each set in one place: the parser reads them,
// completion offers them, and "did you mean" chooses among them.

/// The words a statement starts with.
public enum StatementWord: String, CaseIterable, Sendable {
    case sum, count, avg, min, max, list
    case add, edit, delete, undo, redo, changes, history
    case books, categories, book, use, category, tag
    case set, help, quit, exit
    case save, saved, forget, run, about, check
    case timeline, pie, months, detail, show, search, budget
    case attach, attachments, extract, detach
    case `import`, export, report, backup, profiles, profile, rules, rule
    case every, recurring, pause, resume, due, accept, skip, upcoming
    case rate, rates
    case account, accounts, transfer, balances, reconcile

    public static let words = allCases.map(\.rawValue)
}

/// Chinese words for the statements people type most, in Simplified and
/// Traditional script, each taken where the English word it stands for is:
/// `饼图` is `pie`, `支出` is `expense`, `撤销` is `undo`. The periods among
/// them are `PeriodWord`s. A category, book or remark of the same name is
/// written in quotes, as one named like an English word is.
public enum ChineseWords {
    public static let meanings: [String: String] = [
        "饼图": "pie", "餅圖": "pie",
        "时间线": "timeline", "時間線": "timeline",
        "月份": "months",
        "预算": "budget", "預算": "budget",
        "搜索": "search", "搜尋": "search",
        "账本": "books", "賬本": "books", "帳本": "books",
        "类别": "categories", "類別": "categories",
        "支出": "expense", "收入": "income",
        "撤销": "undo", "撤銷": "undo", "重做": "redo",
    ]

    /// Each Chinese statement word, for completion and "did you mean".
    public static let statementWords = meanings.filter { StatementWord(rawValue: $0.value) != nil }.keys.sorted()

    /// What may start a statement, English and Chinese, as completion offers it at every statement's start.
    public static let startingAStatement = StatementWord.words + statementWords
}

/// The words that start a period; those that name a day are dates too.
public enum PeriodWord: String, CaseIterable, Sendable {
    case `in`, on, from, since, until, today, yesterday, this, last, next
    case tomorrow, jintian = "今天", zuotian = "昨天", qiantian = "前天", mingtian = "明天", houtian = "后天", houtianTraditional = "後天"
    /// This month, last month and this year, each one word in Chinese.
    case benyue = "本月", shangyue = "上月", jinnian = "今年"

    public static let words = allCases.map(\.rawValue)

    /// The words that name a day counted from today.
    public static let dayWords = allCases.filter { $0.daysFromToday != nil }.map(\.rawValue)

    /// How many days from today the day this word names is: `昨天` -1, `前天` -2.
    public var daysFromToday: Int? {
        switch self {
        case .today, .jintian: 0
        case .yesterday, .zuotian: -1
        case .qiantian: -2
        case .tomorrow, .mingtian: 1
        case .houtian, .houtianTraditional: 2
        case .in, .on, .from, .since, .until, .this, .last, .next, .benyue, .shangyue, .jinnian: nil
        }
    }

    /// The words that name a period whole.
    public static let wholePeriodWords = allCases.filter { $0.period != nil }.map(\.rawValue)

    /// The period a Chinese word names whole: `本月` this month.
    public var period: PeriodSpec? {
        switch self {
        case .benyue: .this(.month)
        case .shangyue: .last(.month)
        case .jinnian: .this(.year)
        default: nil
        }
    }

    /// The day `word` names, counted from today: `yesterday` is -1.
    public static func daysFromToday(_ word: String) -> Int? {
        PeriodWord(rawValue: word.lowercased())?.daysFromToday
    }
}

/// The clauses of a query after its aggregate and kind; a period is one clause
/// however it starts.
public enum ClauseWord: String, CaseIterable, Sendable {
    case `where`, period, by, order, limit, top, with, `as`

    /// The clause `word` starts, if any.
    public init?(starting word: String) {
        let lower = word.lowercased()
        if PeriodWord(rawValue: lower) != nil {
            self = .period
        } else if lower != "period", let clause = ClauseWord(rawValue: lower) {
            self = clause
        } else {
            return nil
        }
    }

    /// The words that start this clause.
    public var words: [String] {
        self == .period ? PeriodWord.words : [rawValue]
    }

    /// Every word that starts a clause, in the order completion offers them.
    public static let words = allCases.flatMap(\.words)
}

/// The clauses of `import` after its file: the settings a profile can hold,
/// then what only the statement says.
public enum ImportClauseWord: String, CaseIterable, Sendable {
    case book, columns, skip, no, separator, encoding, dates, decimal, currency, expense, kinds, set, footer, otherwise
    case create, allow
    case with, dry, preview, update, learn

    public static let words = allCases.map(\.rawValue)

    /// The words of the settings a profile keeps.
    public static let settings = allCases.filter(\.isSetting)

    public var isSetting: Bool {
        switch self {
        case .with, .dry, .preview, .update, .learn: false
        default: true
        }
    }
}

/// The clauses of `export` after its file; a period is one clause however it starts.
public enum ExportClause: String, CaseIterable, Sendable {
    case `where`, period, overwrite

    public init?(starting word: String) {
        switch ClauseWord(starting: word) {
        case .where?: self = .where
        case .period?: self = .period
        default:
            guard word.lowercased() == "overwrite" else { return nil }
            self = .overwrite
        }
    }

    public static let words = ["where", "overwrite"] + PeriodWord.words
}

/// The clauses of a bill after its amount, category and remark.
public enum BillClauseWord: String, CaseIterable, Sendable {
    case on, at, book, with

    public static let words = allCases.map(\.rawValue)
}

/// The fields `edit` may change.
public enum EditField: String, CaseIterable, Sendable {
    case amount, category, remark, place, date, tags, book, account

    public static let words = allCases.map(\.rawValue)

    /// `edit #1 cat=food`, `note=…`, `tag=…`, `day=…`.
    public init?(named word: String) {
        guard let field = Synonyms.resolve(word, EditField.self, also: ["tag": "tags", "day": "date"]) else { return nil }
        self = field
    }
}

/// The settings `set` changes, and the values each takes.
public enum Setting: String, CaseIterable, Sendable {
    case weekstart, format, color, echo, pager, currency

    public static let words = allCases.map(\.rawValue)

    public init?(named word: String) {
        guard let setting = Synonyms.resolve(word, Setting.self, also: ["colour": "color"]) else { return nil }
        self = setting
    }

    /// Whether the setting is kept in the ledger's file; the output format,
    /// colour, echo and pager are the session's own.
    public var isLedgers: Bool {
        self == .weekstart || self == .currency
    }

    public var values: [String] {
        switch self {
        case .weekstart: return WeekStart.allCases.map(\.rawValue)
        case .format: return OutputFormat.allCases.filter { $0 != .chart }.map(\.rawValue)
        case .color, .echo: return ["on", "off"]
        case .pager: return PagerMode.allCases.map(\.rawValue)
        case .currency: return Currency.codes
        }
    }
}

/// When results at the terminal go through a pager (`set pager`): when
/// they are taller than the screen, always, or never.
public enum PagerMode: String, CaseIterable, Sendable {
    case on, off, always
}

/// Other spellings of a word, taken wherever the word is: `cat` for
/// `category`, `note` for `remark`.
public enum Synonyms {
    static let everywhere = ["cat": "category", "note": "remark"]

    /// `text` in lower case, as the word it is another spelling of.
    public static func canonical(_ text: String) -> String {
        let lower = text.lowercased()
        return everywhere[lower] ?? lower
    }

    /// The word of `Word` that `text` spells, with the spellings of this place (`also`) first.
    public static func resolve<Word: RawRepresentable>(_ text: String, _ type: Word.Type, also: [String: String] = [:]) -> Word?
    where Word.RawValue == String {
        let lower = text.lowercased()
        return Word(rawValue: also[lower] ?? everywhere[lower] ?? lower)
    }
}
