import TallyCore

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
        case .account:
            let (test, books, accounts, first) = (try accountTest(comparison), bills.bookIDs, bills.accountIDs, ledger.firstAccountIDs)
            return { row in test.holds(accounts[row] != 0 ? accounts[row] : first[books[row]] ?? 0) }
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
        case .photos:
            // Each bill's count is found once, before the scan, in an array by id (a byte a bill
            // up to the last with a photo), and whether each count is selected too:
            // the scan then reads two arrays and compares nothing.
            var counts = [UInt8](repeating: 0, count: Int(max(0, ledger.photos.map(\.billID).max() ?? 0)) + 1)
            for photo in ledger.photos where photo.billID >= 0 && counts[Int(photo.billID)] < .max { counts[Int(photo.billID)] += 1 }
            let holds = ordered(op, comparison.operands) { count, operand in
                guard case .number(let number) = operand else { return 0 }
                return -number.compare(minorUnits: Int64(count), of: Currency(code: "JPY"))
            }
            let answers = (0...Int(counts.max() ?? 0)).map(holds)
            let ids = bills.ids
            return { row in
                let id = ids[row]
                return answers[id >= 0 && id < counts.count ? Int(counts[Int(id)]) : 0]
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

    /// Accounts by name in any book, as a condition reads every book's bills: `account=card`.
    func accountTest(_ comparison: Comparison) throws(Diagnostic) -> IDTest {
        let op = comparison.op.value
        if op == .contains || op == .notContains {
            return try names(op, comparison.operands, lookup: { _ throws(Diagnostic) in 0 }, all: ledger.accounts.map { ($0.id, [$0.name]) })
        }
        var ids: [(Int64, Bool)] = []
        for operand in comparison.operands {
            guard case .text(let text) = operand.value else { continue }
            let named = ledger.accounts.filter { $0.isNamed(text) }
            guard !named.isEmpty else {
                let names = Array(Set(ledger.accounts.map(\.name))).sorted()
                let suggestion = Suggestion.nearest(to: text, among: names)
                throw Diagnostic(.unknownName(kind: .account, name: text, suggestion: suggestion), at: operand.range,
                                 notes: suggestion == nil ? [Ledger.choices(Translation.translated("accounts"), names, listedBy: "accounts all")] : [])
            }
            ids += named.map { ($0.id, true) }
        }
        return IDTest(named: ByID(ids), wanted: op == .equal || op == .isIn)
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

    /// Amounts, dates, ids, weekdays and photo counts: `compare` says how the bill's value
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
