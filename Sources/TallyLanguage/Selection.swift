import TallyCore

/// The bills a query or `delete where` reads: its books, period, kind and
/// condition, with every name resolved up front so scanning is cheap. Bills
/// are named by their row in the ledger's columns. The book (the current one,
/// or `book` conditions) and the category (the kind, and `category`
/// conditions) are tested in the scanning loop itself, on plain integers;
/// only other conditions are called as tests.
struct Selection {
    /// The rows of the period.
    let rows: Range<Int>
    private let bills: BillColumns
    /// The books whose bills may be selected; nil when any may.
    private let books: IDMask?
    /// The categories whose bills may be selected; nil when any may.
    private let categories: IDMask?
    /// What else a selected bill satisfies; nil when nothing else.
    private let test: ((Int) -> Bool)?
    /// The one book every selected bill is in, when there is one.
    let onlyBook: Int64?

    /// A query that names `book` covers every book; otherwise only the current one.
    init(
        evaluator: Evaluator, condition: Condition?, period: Located<PeriodSpec>?, kind: Kind?, allBooks: Bool
    ) throws(Diagnostic) {
        let ledger = evaluator.ledger
        let range: DateRange
        if let period {
            range = period.value.resolve(today: evaluator.today, weekStart: ledger.settings.weekStart)
            guard !range.isEmpty else {
                throw Diagnostic(.periodEndsBeforeItStarts, at: period.range)
            }
        } else {
            range = .everything
        }
        bills = ledger.bills
        rows = bills.indices(in: range)
        var bookTests: [(Int64) -> Bool] = []
        if !allBooks {
            let current = ledger.currentBook.id
            bookTests.append { $0 == current }
        }
        var categoryTests: [(Int64) -> Bool] = []
        if let kind {
            let kinds = ByID(kindsOf: ledger.categories)
            categoryTests.append { kinds[$0] == kind }
        }
        var tests: [(Int) -> Bool] = []
        if let condition {
            let compiler = ConditionCompiler(ledger: ledger, today: evaluator.today, scanning: rows.count)
            let terms = if case .and(let terms) = condition { terms } else { [condition] }
            for term in terms {
                switch term {
                case .comparison(let comparison) where comparison.field.value == .category:
                    categoryTests.append(try compiler.categoryTest(comparison).holds)
                case .comparison(let comparison) where comparison.field.value == .book:
                    bookTests.append(try compiler.bookTest(comparison).holds)
                default:
                    tests.append(try compiler.compile(term))
                }
            }
        }
        books = IDMask(bookTests, largestID: ledger.books.map(\.id).max() ?? 0)
        categories = IDMask(categoryTests, largestID: ledger.categories.map(\.id).max() ?? 0)
        // Ids too large for a mask are tested with the others.
        if categories == nil && !categoryTests.isEmpty {
            let column = bills.categoryIDs
            tests.insert({ row in categoryTests.allSatisfy { $0(column[row]) } }, at: 0)
        }
        if books == nil && !bookTests.isEmpty {
            let column = bills.bookIDs
            tests.insert({ row in bookTests.allSatisfy { $0(column[row]) } }, at: 0)
        }
        test = tests.isEmpty ? nil : Selection.all(tests)
        onlyBook = books?.onlyID
    }

    /// Calls `body` with each selected row, in day order.
    @inline(__always)
    func forEach(_ body: (Int) -> Void) {
        let (bookIDs, categoryIDs) = (bills.bookIDs, bills.categoryIDs)
        let test = self.test
        if categories == nil && test == nil && (books == nil || onlyBook != nil) {
            // The usual `count` or `sum … in PERIOD`: a loop the compiler can make tight.
            if let onlyBook {
                for row in rows where bookIDs[row] == onlyBook { body(row) }
            } else {
                for row in rows { body(row) }
            }
            return
        }
        let (books, categories) = (self.books ?? IDMask.all, self.categories ?? IDMask.all)
        func isOfBookAndCategory(_ row: Int) -> Bool {
            books.contains(bookIDs[row]) && categories.contains(categoryIDs[row])
        }
        // Unwrapped once: an optional closure unwrapped for each row is retained for each row.
        guard let test else {
            for row in rows where isOfBookAndCategory(row) { body(row) }
            return
        }
        for row in rows where isOfBookAndCategory(row) && test(row) { body(row) }
    }

    /// One test that holds when every one of `tests` does. The usual one, two
    /// or three are called directly: going through the list for each bill
    /// costs more than most tests themselves.
    static func all(_ tests: [(Int) -> Bool]) -> (Int) -> Bool {
        switch tests.count {
        case 0: return { _ in true }
        case 1: return tests[0]
        case 2:
            let (a, b) = (tests[0], tests[1])
            return { a($0) && b($0) }
        case 3:
            let (a, b, c) = (tests[0], tests[1], tests[2])
            return { a($0) && b($0) && c($0) }
        default:
            return { row in tests.allSatisfy { $0(row) } }
        }
    }

    /// The rows selected, in day order.
    var selectedRows: [Int] {
        // Written straight into an array as large as the period, with no check of it for each row.
        [Int](unsafeUninitializedCapacity: rows.count) { buffer, count in
            var selected = 0
            if test == nil {
                // Every row is written and the count moves on only past those kept: no
                // branch to mispredict when income and expense alternate at random.
                let (bookIDs, categoryIDs) = (bills.bookIDs, bills.categoryIDs)
                let (books, categories) = (self.books ?? IDMask.all, self.categories ?? IDMask.all)
                for row in rows {
                    buffer[selected] = row
                    selected += (books.contains(bookIDs[row]) ? 1 : 0) & (categories.contains(categoryIDs[row]) ? 1 : 0)
                }
            } else {
                forEach { row in
                    buffer[selected] = row
                    selected += 1
                }
            }
            count = selected
        }
    }

    func bills(of ledger: Ledger) -> [Bill] {
        selectedRows.map { ledger.bills[$0] }
    }

    /// How many bills are selected, counted without listing them.
    var count: Int {
        if categories == nil && test == nil {
            if books == nil { return rows.count }
            // A plain count of one book's bills: a loop the compiler makes wide.
            if let onlyBook { return bills.bookIDs[rows].reduce(0) { $0 + ($1 == onlyBook ? 1 : 0) } }
        }
        var count = 0
        forEach { _ in count += 1 }
        return count
    }
}

/// Which ids (of books or of categories) a selection keeps, as an array of
/// answers by id: ledgers number them from 1, so the array is short.
struct IDMask {
    private let kept: [Bool]
    /// Whether an id past the array, which names nothing, is kept.
    private let unknown: Bool
    private static let largestID: Int64 = 65_535

    static let all = IDMask(kept: [], unknown: true)

    private init(kept: [Bool], unknown: Bool) {
        self.kept = kept
        self.unknown = unknown
    }

    /// The ids every one of `tests` keeps; nil when there is no test, or
    /// when ids run too high for an array.
    init?(_ tests: [(Int64) -> Bool], largestID: Int64) {
        guard !tests.isEmpty, largestID <= IDMask.largestID else { return nil }
        kept = (0...max(0, largestID)).map { id in tests.allSatisfy { $0(id) } }
        unknown = tests.allSatisfy { $0(largestID + 1) }
    }

    @inline(__always)
    func contains(_ id: Int64) -> Bool {
        id >= 0 && id < kept.count ? kept[Int(id)] : unknown
    }

    /// The one id kept, when there is only one.
    var onlyID: Int64? {
        guard !unknown, kept.count(where: { $0 }) == 1 else { return nil }
        return kept.firstIndex(of: true).map(Int64.init)
    }
}

/// Turns a condition into a test on bills, failing on names that don't exist.
struct ConditionCompiler {
    let ledger: Ledger
    let today: Day
    /// How many bills the test will be asked about, at most.
    let scanning: Int
    private var bills: BillColumns { ledger.bills }

    init(ledger: Ledger, today: Day, scanning: Int = Int.max) {
        self.ledger = ledger
        self.today = today
        self.scanning = scanning
    }

    func compile(_ condition: Condition) throws(Diagnostic) -> (Int) -> Bool {
        switch condition {
        case .and(let terms):
            return Selection.all(try compile(terms))
        case .or(let terms):
            let tests = try compile(terms)
            return { row in tests.contains { $0(row) } }
        case .not(let a):
            let inner = try compile(a)
            return { !inner($0) }
        case .comparison(let comparison):
            return try compile(comparison)
        }
    }

    private func compile(_ terms: [Condition]) throws(Diagnostic) -> [(Int) -> Bool] {
        var tests: [(Int) -> Bool] = []
        tests.reserveCapacity(terms.count)
        for term in terms {
            tests.append(try compile(term))
        }
        return tests
    }

    private func compile(_ comparison: Comparison) throws(Diagnostic) -> (Int) -> Bool {
        let op = comparison.op.value
        switch comparison.field.value {
        case .category:
            let (test, categories) = (try categoryTest(comparison), bills.categoryIDs)
            return { test.holds(categories[$0]) }
        case .book:
            let (test, books) = (try bookTest(comparison), bills.bookIDs)
            return { test.holds(books[$0]) }
        case .kind:
            let kinds = ByID(kindsOf: ledger.categories)
            let categories = bills.categoryIDs
            let matches = textMatcher(op, comparison.operands)
            let byKind = Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, matches.test($0.rawValue)) })
            let unknown = matches.test("")
            return { row in kinds[categories[row]].map { byKind[$0]! } ?? unknown }
        case .remark:
            let (texts, remarks) = (bills.texts, bills.remarks)
            let matches = textMatcher(op, comparison.operands)
            if let answers = answers(matches, texts) { return { row in answers[Int(remarks[row])] } }
            return { row in matches.test(remarks[row], texts) }
        case .place:
            let (texts, places) = (bills.texts, bills.places)
            let matches = textMatcher(op, comparison.operands)
            let none = matches.test("")
            if let answers = answers(matches, texts) { return { row in places[row] < 0 ? none : answers[Int(places[row])] } }
            return { row in places[row] < 0 ? none : matches.test(places[row], texts) }
        case .tag:
            let (lists, tags) = (bills.tagLists, bills.tags)
            let matches = textMatcher(op, comparison.operands)
            if lists.count <= scanning {
                let answers = lists.indices.map { matches.test(list: Int32($0), lists) }
                return { row in answers[Int(tags[row])] }
            }
            return { row in matches.test(list: tags[row], lists) }
        case .amount:
            let currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
            let decimals = ledger.books.map(\.currency.decimals).max() ?? 2
            for operand in comparison.operands {
                guard case .number(let number) = operand.value else { continue }
                // Tried against the finest currency: trailing zeros are harmless, a third decimal in CNY is a typo.
                do {
                    _ = try number.minorUnits(decimals: decimals)
                } catch {
                    throw Diagnostic(.badAmount(number.text, error), at: operand.range)
                }
            }
            let (books, amounts) = (bills.bookIDs, bills.amounts)
            let currencyOfBook = ByID(currencies.map { ($0.key, $0.value) })
            return ordered(op, comparison.operands) { row, operand in
                guard case .number(let number) = operand else { return 0 }
                return -number.compare(minorUnits: amounts[row], of: currencyOfBook[books[row]] ?? .cny)
            }
        case .id:
            let ids = bills.ids
            return ordered(op, comparison.operands) { row, operand in
                guard case .number(let number) = operand else { return 0 }
                return -number.compare(minorUnits: ids[row], of: Currency(code: "JPY"))
            }
        case .date:
            let today = self.today
            let days = bills.days
            return ordered(op, comparison.operands) { row, operand in
                guard case .date(let date) = operand else { return 0 }
                let day = date.resolve(today: today).ordinal
                return days[row] < day ? -1 : (days[row] == day ? 0 : 1)
            }
        case .weekday:
            // Weekdays are ordered from the first day of the week: with Sunday weeks, Sunday < Monday.
            let sundayFirst = ledger.settings.weekStart == .sunday
            let rank = { (weekday: Int) in sundayFirst ? weekday % 7 : weekday }
            let days = bills.days
            return ordered(op, comparison.operands) { row, operand in
                guard case .text(let text) = operand, let weekday = Weekday.parse(text) else { return 0 }
                return rank(Day(ordinal: days[row]).isoWeekday) - rank(weekday)
            }
        }
    }

    /// A `category` comparison, as a test on a category's id.
    func categoryTest(_ comparison: Comparison) throws(Diagnostic) -> IDTest {
        try names(comparison.op.value, comparison.operands, lookup: { name throws(Diagnostic) in try ledger.category(named: name).id },
                  all: ledger.categories.map { ($0.id, $0.allNames) })
    }

    /// A `book` comparison, as a test on a book's id.
    func bookTest(_ comparison: Comparison) throws(Diagnostic) -> IDTest {
        try names(comparison.op.value, comparison.operands, lookup: { name throws(Diagnostic) in try ledger.book(named: name).id },
                  all: ledger.books.map { ($0.id, [$0.name]) })
    }

    /// Fields that name a category or book: `=` and `in` need names that exist.
    private func names(
        _ op: ComparisonOperator, _ operands: [Located<Operand>],
        lookup: (Located<String>) throws(Diagnostic) -> Int64, all: [(Int64, [String])]
    ) throws(Diagnostic) -> IDTest {
        if op == .contains || op == .notContains {
            guard case .text(let text)? = operands.first?.value else { return IDTest(named: ByID([]), wanted: true) }
            let needle = Names.key(text)
            return IDTest(named: ByID(all.map { ($0.0, $0.1.contains { Names.key($0).contains(needle) }) }), wanted: op == .contains)
        }
        var ids: [(Int64, Bool)] = []
        for operand in operands {
            guard case .text(let text) = operand.value else { continue }
            ids.append((try lookup(Located(text, operand.range)), true))
        }
        return IDTest(named: ByID(ids), wanted: op == .equal || op == .isIn)
    }

    /// Whether a bill with each of the ledger's texts is selected, worked out
    /// before scanning when the texts are no more than the bills to scan:
    /// the scan then reads an answer from an array and asks nothing more.
    private func answers(_ matches: TextMatcher, _ texts: DistinctTexts) -> [Bool]? {
        texts.count <= scanning ? texts.texts.map(matches.test) : nil
    }

    /// Free text: `=` ignores case, `~` looks for a part; `!=`, `!~` and
    /// `not in` hold where the others do not.
    private func textMatcher(_ op: ComparisonOperator, _ operands: [Located<Operand>]) -> TextMatcher {
        let needles = operands.compactMap { operand -> String? in
            if case .text(let text) = operand.value { return Names.key(text) }
            return nil
        }
        switch op {
        case .contains, .notContains:
            return TextMatcher(wanted: op == .contains) { value in needles.contains { Names.key(value).contains($0) } }
        default:
            let set = Set(needles)
            return TextMatcher(wanted: op == .equal || op == .isIn) { set.contains(Names.key($0)) }
        }
    }

    /// Amounts, dates, ids and weekdays: `compare` says how the bill's value
    /// stands against an operand (negative: less).
    private func ordered(
        _ op: ComparisonOperator, _ operands: [Located<Operand>], compare: @escaping (Int, Operand) -> Int
    ) -> (Int) -> Bool {
        let values = operands.map(\.value)
        guard let first = values.first else { return { _ in false } }
        switch op {
        case .equal: return { compare($0, first) == 0 }
        case .notEqual: return { compare($0, first) != 0 }
        case .less: return { compare($0, first) < 0 }
        case .lessEqual: return { compare($0, first) <= 0 }
        case .greater: return { compare($0, first) > 0 }
        case .greaterEqual: return { compare($0, first) >= 0 }
        case .isIn: return { row in values.contains { compare(row, $0) == 0 } }
        case .notIn: return { row in !values.contains { compare(row, $0) == 0 } }
        case .contains, .notContains: return { _ in false }
        }
    }
}

/// A test on a category's or book's id: whether it is one of those named, or not.
struct IDTest {
    let named: ByID<Bool>
    let wanted: Bool

    func holds(_ id: Int64) -> Bool {
        (named[id] ?? false) == wanted
    }
}

/// Whether each distinct text of the ledger matches, worked out the first
/// time a bill has it: a ledger repeats its remarks, places and tags, and
/// folding case costs far more than reading an answer from an array.
private final class TextMatcher {
    private let matches: (String) -> Bool
    /// Whether a bill is selected when one of its texts matches.
    private let wanted: Bool
    /// By number in the ledger's texts: 0 not yet known, 1 matches, 2 doesn't.
    private var known: [UInt8] = []
    private var knownLists: [UInt8] = []

    init(wanted: Bool, _ matches: @escaping (String) -> Bool) {
        self.wanted = wanted
        self.matches = matches
    }

    /// Whether a bill whose text is `text` is selected.
    func test(_ text: String) -> Bool {
        matches(text) == wanted
    }

    /// Whether a bill whose text is number `index` in `texts` is selected.
    func test(_ index: Int32, _ texts: DistinctTexts) -> Bool {
        let index = Int(index)
        if index >= known.count { known += [UInt8](repeating: 0, count: texts.count - known.count) }
        if known[index] == 0 { known[index] = matches(texts.texts[index]) ? 1 : 2 }
        return (known[index] == 1) == wanted
    }

    /// Whether a bill with tag list number `index` is selected: one of its tags matches.
    func test(list index: Int32, _ lists: [[String]]) -> Bool {
        let index = Int(index)
        if index >= knownLists.count { knownLists += [UInt8](repeating: 0, count: lists.count - knownLists.count) }
        if knownLists[index] == 0 { knownLists[index] = lists[index].contains(where: matches) ? 1 : 2 }
        return (knownLists[index] == 1) == wanted
    }
}
