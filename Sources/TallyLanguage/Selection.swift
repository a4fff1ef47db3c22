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
