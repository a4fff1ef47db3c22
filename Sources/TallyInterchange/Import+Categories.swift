import TallyCore
import TallyLanguage

extension CSVImport {
    /// Gives each row what its columns left out: the rules' fields first,
    /// then the settings' constant category, then (with `learn`) the category
    /// bills like it were given most, then the fallback; a row still without
    /// a category is refused, never dropped.
    /// `learned` is what the ledger's bills teach, once learned for any part of the file.
    func categorise(_ checked: inout Checked, learned: inout LearnedCategories?) throws(Diagnostic) {
        let ledger = evaluator.ledger
        let rules = try RuleBook(ledger.rules)
        var refused: [Int: String] = [:]
        if !rules.isEmpty {
            let bills = checked.good.map { row in
                Bill(id: 0, bookID: row.bookID, categoryID: row.categoryID, amount: row.amount, day: row.day, remark: row.remark,
                     place: row.place, tags: row.tags, created: 0, updated: 0)
            }
            let actions = try rules.actions(for: bills, in: ledger, today: evaluator.today)
            for index in checked.good.indices where !actions[index].isEmpty {
                do throws(RowProblem) {
                    try apply(actions[index], to: &checked.good[index], resolver: &checked.resolver)
                } catch {
                    refused[index] = error.reason
                }
            }
        }
        let constantCategory = settings.constants.first { $0.field.value == .category }?.value.value
        // Learned without `learn` too, for a dry run to show and a refused row's error to offer.
        if learned == nil, constantCategory == nil, checked.good.contains(where: { !$0.categorised }),
           options.learns || options.mode == .dryRun || settings.fallback == nil {
            learned = LearnedCategories(ledger, besides: settings.fallback.map { [$0.value, "\($0.value) income"] } ?? [])
        }
        for index in checked.good.indices where !checked.good[index].categorised && refused[index] == nil {
            var row = checked.good[index]
            do throws(RowProblem) {
                if let constantCategory {
                    try give(try checked.resolver.category(named: constantCategory, kind: row.kind), to: &row, by: .constant)
                } else if let suggestion = learned?.category(for: row) {
                    checked.suggestions[row.line] = suggestion.name
                    if options.learns { try give(suggestion, to: &row, by: .learned) }
                }
                if !row.categorised, let fallback = settings.fallback {
                    try give(try checked.resolver.fallback(named: fallback.value, kind: row.kind ?? .expense), to: &row, by: .fallback)
                }
                guard row.categorised else {
                    let hint = checked.suggestions[row.line].map {
                        Translation.translated("; bills like it are '%s', which 'import … learn' gives it", $0)
                    } ?? ""
                    let reason = columns.has(.category)
                        ? Translation.translated("nothing gives this row a category: its category is empty, and no rule matches it; add a rule such as rule remark ~ coffee => category drinks, or say set category=NAME or otherwise NAME")
                        : Translation.translated("nothing gives this row a category: its file has no category column, and no rule matches it; add a rule such as rule remark ~ coffee => category drinks, or say set category=NAME or otherwise NAME")
                    throw RowProblem(reason + hint)
                }
                checked.good[index] = row
            } catch {
                refused[index] = error.reason
            }
        }
        guard !refused.isEmpty else { return }
        for index in refused.keys.sorted() {
            checked.refuse(checked.good[index].line, refused[index]!, in: options.file.value)
        }
        checked.bad.sort { $0.line < $1.line }
        checked.good = checked.good.indices.filter { refused[$0] == nil }.map { checked.good[$0] }
    }

    /// A rule's fields on a row: its category when the row has none, place
    /// and remark when the row's are empty, its book when the row names
    /// none, and its tags besides the row's.
    private func apply(_ actions: [RuleAction], to row: inout Row, resolver: inout NameResolver) throws(RowProblem) {
        for action in actions {
            switch action {
            case .category(let name):
                if !row.categorised { try give(try resolver.category(named: name.value, kind: row.kind), to: &row, by: .rule) }
            case .book(let name):
                if !row.namesBook {
                    row.bookID = try resolver.book(named: name.value).id
                    if !row.namesAccount { row.accountID = evaluator.ledger.billAccountID(evaluator.ledger.defaultAccount(ofBook: row.bookID)) }
                }
            case .place(let place):
                if row.place == nil { row.place = place }
            case .remark(let remark):
                if row.remark.isEmpty { row.remark = remark }
            case .account(let name):
                guard !row.namesAccount else { continue }
                let ledger = evaluator.ledger
                guard let account = ledger.account(named: name.value, inBook: row.bookID) else {
                    throw RowProblem(Translation.translated(
                        "a rule puts it in account '%s', which its book '%s' has not", name.value, ledger.book(id: row.bookID)?.name ?? ""))
                }
                row.accountID = ledger.billAccountID(account)
            case .tags(let tags):
                var list = TagList()
                for tag in row.tags + tags.map({ try? resolver.tag(Substring($0)) }).compactMap({ $0 }) {
                    if let problem = list.add(name: tag) { throw RowProblem(problem.text) }
                }
                row.tags = list.names
            }
        }
    }

    /// What gives a row its category, when its own columns do not.
    private enum Source {
        case rule, constant, learned, fallback
    }

    private func give(_ category: Category, to row: inout Row, by source: Source) throws(RowProblem) {
        if let kind = row.kind, kind != category.kind {
            throw RowProblem(CSVImport.mismatch(category.name, by: source, rowIsIncome: kind == .income))
        }
        row.kind = category.kind
        row.categoryID = category.id
    }

    /// Why a row can't take the category `name` `source` gives it, which is
    /// an expense category for an income row, an income one for an expense.
    private static func mismatch(_ name: String, by source: Source, rowIsIncome: Bool) -> String {
        switch (source, rowIsIncome) {
        case (.rule, true): Translation.translated("a rule gives it '%s', an expense category, but the row is income", name)
        case (.rule, false): Translation.translated("a rule gives it '%s', an income category, but the row is an expense", name)
        case (.constant, true): Translation.translated("set category gives it '%s', an expense category, but the row is income", name)
        case (.constant, false): Translation.translated("set category gives it '%s', an income category, but the row is an expense", name)
        case (.learned, true): Translation.translated("what was learned gives it '%s', an expense category, but the row is income", name)
        case (.learned, false): Translation.translated("what was learned gives it '%s', an income category, but the row is an expense", name)
        case (.fallback, true): Translation.translated("otherwise gives it '%s', an expense category, but the row is income", name)
        case (.fallback, false): Translation.translated("otherwise gives it '%s', an income category, but the row is an expense", name)
        }
    }
}

/// The category bills were given most, by their place and by the words of
/// their remark: what a new row like them is likely to be.
struct LearnedCategories {
    private var byPlace: [String: [Int64: Int]] = [:]
    private var byWord: [String: [Int64: Int]] = [:]
    private let categories: [Int64: Category]

    /// Learned from the ledger's bills, but for those in the categories named
    /// `fallbacks`, which hold what nothing categorised: they teach nothing.
    init(_ ledger: Ledger, besides fallbacks: [String]) {
        let unsorted = Set(fallbacks.map(Names.key))
        categories = Dictionary(ledger.categories.filter { !unsorted.contains(Names.key($0.name)) }.map { ($0.id, $0) }) { first, _ in first }
        for bill in ledger.bills where categories[bill.categoryID] != nil {
            if let place = bill.place, !place.isEmpty { byPlace[Names.key(place), default: [:]][bill.categoryID, default: 0] += 1 }
            for word in LearnedCategories.words(bill.remark) { byWord[word, default: [:]][bill.categoryID, default: 0] += 1 }
        }
    }

    /// The words of a remark worth learning from: lower-cased, two letters or more.
    static func words(_ remark: String) -> Set<String> {
        Set(remark.lowercased().split { !$0.isLetter && !$0.isNumber }.filter { $0.count >= 2 }.map(String.init))
    }

    /// The likeliest category of the row's kind: its place's, else its remark words'; ties go to the lower id.
    func category(for row: CSVImport.Row) -> Category? {
        var counts: [Int64: Int] = [:]
        if let place = row.place, let seen = byPlace[Names.key(place)] {
            counts = seen
        } else {
            for word in LearnedCategories.words(row.remark) {
                for (category, count) in byWord[word] ?? [:] { counts[category, default: 0] += count }
            }
        }
        let fitting = counts.filter { id, _ in row.kind == nil || categories[id]?.kind == row.kind }
        guard let best = fitting.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) else { return nil }
        return categories[best.key]
    }
}
