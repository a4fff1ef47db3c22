import TallyCore

/// The bills a query or `delete where` reads: its books, period, kind and
/// condition, with every name resolved up front so scanning is cheap.
struct Selection {
    let range: DateRange
    let predicate: (Bill) -> Bool

    /// A query that names `book` covers every book; otherwise only the current one.
    init(
        evaluator: Evaluator, condition: Condition?, period: Located<PeriodSpec>?, kind: Kind?, allBooks: Bool
    ) throws(Diagnostic) {
        let ledger = evaluator.ledger
        if let period {
            let range = period.value.resolve(today: evaluator.today, weekStart: ledger.settings.weekStart)
            guard !range.isEmpty else {
                throw Diagnostic(.periodEndsBeforeItStarts, at: period.range)
            }
            self.range = range
        } else {
            range = .everything
        }
        let kinds = CategoryKinds(ledger.categories)
        var tests: [(Bill) -> Bool] = []
        if !allBooks {
            let current = ledger.currentBook.id
            tests.append { $0.bookID == current }
        }
        if let kind {
            tests.append { kinds[id: $0.categoryID] == kind }
        }
        if let condition {
            tests.append(try ConditionCompiler(ledger: ledger, today: evaluator.today).compile(condition))
        }
        predicate = Selection.all(tests)
    }

    /// One test that holds when every one of `tests` does. The usual one, two
    /// or three are called directly: going through the list for each bill
    /// costs more than most tests themselves.
    static func all(_ tests: [(Bill) -> Bool]) -> (Bill) -> Bool {
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
            return { bill in tests.allSatisfy { $0(bill) } }
        }
    }

    func bills(of ledger: Ledger) -> [Bill] {
        ledger.bills(in: range).filter(predicate)
    }

    /// How many bills are selected, counted where the ledger keeps them.
    func count(in ledger: Ledger) -> Int {
        var count = 0
        for bill in ledger.bills(in: range) where predicate(bill) { count += 1 }
        return count
    }
}

/// Turns a condition into a test on bills, failing on names that don't exist.
struct ConditionCompiler {
    let ledger: Ledger
    let today: Day

    func compile(_ condition: Condition) throws(Diagnostic) -> (Bill) -> Bool {
        switch condition {
        case .and(let terms):
            return Selection.all(try compile(terms))
        case .or(let terms):
            let tests = try compile(terms)
            return { bill in tests.contains { $0(bill) } }
        case .not(let a):
            let inner = try compile(a)
            return { !inner($0) }
        case .comparison(let comparison):
            return try compile(comparison)
        }
    }

    private func compile(_ terms: [Condition]) throws(Diagnostic) -> [(Bill) -> Bool] {
        var tests: [(Bill) -> Bool] = []
        tests.reserveCapacity(terms.count)
        for term in terms {
            tests.append(try compile(term))
        }
        return tests
    }

    private func compile(_ comparison: Comparison) throws(Diagnostic) -> (Bill) -> Bool {
        let op = comparison.op.value
        switch comparison.field.value {
        case .category:
            return try names(op, comparison.operands, lookup: { name throws(Diagnostic) in try ledger.category(named: name).id },
                             all: ledger.categories.map { ($0.id, $0.allNames) }, key: \.categoryID)
        case .book:
            return try names(op, comparison.operands, lookup: { name throws(Diagnostic) in try ledger.book(named: name).id },
                             all: ledger.books.map { ($0.id, [$0.name]) }, key: \.bookID)
        case .kind:
            let kinds = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.kind.rawValue) })
            return text(op, comparison.operands) { [kinds[$0.categoryID] ?? ""] }
        case .remark:
            return text(op, comparison.operands) { [$0.remark] }
        case .place:
            return text(op, comparison.operands) { [$0.place ?? ""] }
        case .tag:
            return tag(op, comparison.operands)
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
            return ordered(op, comparison.operands) { bill, operand in
                guard case .number(let number) = operand else { return 0 }
                return -number.compare(minorUnits: bill.amount, of: currencies[bill.bookID] ?? .cny)
            }
        case .id:
            return ordered(op, comparison.operands) { bill, operand in
                guard case .number(let number) = operand else { return 0 }
                return -number.compare(minorUnits: bill.id, of: Currency(code: "JPY"))
            }
        case .date:
            let today = self.today
            return ordered(op, comparison.operands) { bill, operand in
                guard case .date(let date) = operand else { return 0 }
                let day = date.resolve(today: today)
                return bill.day < day ? -1 : (bill.day == day ? 0 : 1)
            }
        case .weekday:
            // Weekdays are ordered from the first day of the week: with Sunday weeks, Sunday < Monday.
            let sundayFirst = ledger.settings.weekStart == .sunday
            let rank = { (weekday: Int) in sundayFirst ? weekday % 7 : weekday }
            return ordered(op, comparison.operands) { bill, operand in
                guard case .text(let text) = operand, let weekday = Weekday.parse(text) else { return 0 }
                return rank(bill.day.isoWeekday) - rank(weekday)
            }
        }
    }

    /// Fields that name a category or book: `=` and `in` need names that exist.
    private func names(
        _ op: ComparisonOperator, _ operands: [Located<Operand>],
        lookup: (Located<String>) throws(Diagnostic) -> Int64, all: [(Int64, [String])], key: KeyPath<Bill, Int64>
    ) throws(Diagnostic) -> (Bill) -> Bool {
        if op == .contains || op == .notContains {
            guard case .text(let text)? = operands.first?.value else { return { _ in false } }
            let needle = Names.key(text)
            let ids = Set(all.filter { $0.1.contains { Names.key($0).contains(needle) } }.map(\.0))
            return op == .contains ? { ids.contains($0[keyPath: key]) } : { !ids.contains($0[keyPath: key]) }
        }
        var ids = Set<Int64>()
        for operand in operands {
            guard case .text(let text) = operand.value else { continue }
            ids.insert(try lookup(Located(text, operand.range)))
        }
        let matches = op == .equal || op == .isIn
        return { ids.contains($0[keyPath: key]) == matches }
    }

    /// Free text: `=` ignores case, `~` looks for a part.
    private func text(_ op: ComparisonOperator, _ operands: [Located<Operand>], values: @escaping (Bill) -> [String]) -> (Bill) -> Bool {
        let needles = operands.compactMap { operand -> String? in
            if case .text(let text) = operand.value { return Names.key(text) }
            return nil
        }
        let matcher: TextMatcher
        let wanted: Bool
        switch op {
        case .contains, .notContains:
            wanted = op == .contains
            matcher = TextMatcher { value in needles.contains { Names.key(value).contains($0) } }
        default:
            wanted = op == .equal || op == .isIn
            let set = Set(needles)
            matcher = TextMatcher { set.contains(Names.key($0)) }
        }
        return { bill in values(bill).contains(where: matcher.matches) == wanted }
    }

    /// A bill matches `tag = x` when any of its tags is x; `tag != x` when none is.
    private func tag(_ op: ComparisonOperator, _ operands: [Located<Operand>]) -> (Bill) -> Bool {
        text(op, operands) { $0.tags }
    }

    /// Amounts, dates, ids and weekdays: `compare` says how the bill's value
    /// stands against an operand (negative: less).
    private func ordered(
        _ op: ComparisonOperator, _ operands: [Located<Operand>], compare: @escaping (Bill, Operand) -> Int
    ) -> (Bill) -> Bool {
        let values = operands.map(\.value)
        guard let first = values.first else { return { _ in false } }
        switch op {
        case .equal: return { compare($0, first) == 0 }
        case .notEqual: return { compare($0, first) != 0 }
        case .less: return { compare($0, first) < 0 }
        case .lessEqual: return { compare($0, first) <= 0 }
        case .greater: return { compare($0, first) > 0 }
        case .greaterEqual: return { compare($0, first) >= 0 }
        case .isIn: return { bill in values.contains { compare(bill, $0) == 0 } }
        case .notIn: return { bill in !values.contains { compare(bill, $0) == 0 } }
        case .contains, .notContains: return { _ in false }
        }
    }
}

/// Whether each distinct text matches, worked out once: a ledger repeats its
/// remarks, places and tags, and folding case costs more than looking one up.
private final class TextMatcher {
    /// Past this many distinct texts, each new one is tested without being kept.
    private static let capacity = 100_000
    private let test: (String) -> Bool
    private var known: [String: Bool] = [:]

    init(_ test: @escaping (String) -> Bool) {
        self.test = test
    }

    func matches(_ text: String) -> Bool {
        if let answer = known[text] { return answer }
        let answer = test(text)
        if known.count < TextMatcher.capacity { known[text] = answer }
        return answer
    }
}
