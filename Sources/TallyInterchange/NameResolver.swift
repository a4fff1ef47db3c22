import TallyCore
import TallyLanguage

/// Books and categories by any of their names, looked up once per distinct
/// name however many rows use it; and the categories an import makes.
struct NameResolver {
    let ledger: Ledger
    let createsCategories: Bool
    /// By the key of each name, and by each name as rows wrote it, so most rows need no lower-casing.
    private var books: [String: Book] = [:]
    private var categories: [String: Category] = [:]
    private var booksAsWritten: [String: Book] = [:]
    private var categoriesAsWritten: [String: Category] = [:]
    private(set) var created: [Category] = []
    /// Each tag as rows wrote it, `#` or not, and the tag it is.
    private var tags: [Substring: String] = [:]

    init(ledger: Ledger, createsCategories: Bool) {
        self.ledger = ledger
        self.createsCategories = createsCategories
        for book in ledger.books { books[Names.key(book.name)] = book }
        for category in ledger.categories {
            for name in category.allNames { categories[Names.key(name)] = category }
        }
    }

    mutating func book(named name: String) throws(RowProblem) -> Book {
        if let book = booksAsWritten[name] { return book }
        guard let book = books[Names.key(name)] else {
            let suggestion = Suggestion.nearest(to: name, among: ledger.books.map(\.name))
            throw RowProblem(Problem.unknownName(kind: .book, name: name, suggestion: suggestion).text
                + (suggestion == nil ? Translation.translated("; make it first with 'book add %s'", Diagnostic.clipped(name)) : ""))
        }
        booksAsWritten[name] = book
        return book
    }

    /// The category of that name; with `create categories`, a new one of
    /// `kind` (expense when the row does not say) when there is none.
    mutating func category(named name: String, kind: Kind?) throws(RowProblem) -> Category {
        if let category = categoriesAsWritten[name] { return category }
        let key = Names.key(name)
        if let category = categories[key] {
            categoriesAsWritten[name] = category
            return category
        }
        guard createsCategories else {
            let suggestion = Suggestion.nearest(to: name, among: ledger.categories.flatMap(\.allNames))
            throw RowProblem(Problem.unknownName(kind: .category, name: name, suggestion: suggestion).text
                + (suggestion == nil ? Translation.translated("; add 'create categories' to the import to make it") : ""))
        }
        if let problem = Names.problem(with: name) { throw RowProblem(Translation.translated("category '%s': %s", Diagnostic.clipped(name), problem)) }
        return make(name, kind: kind ?? .expense)
    }

    /// The category of rows nothing else categorises: `name` when there is
    /// one of `kind`, else `name income` for income; made when first needed.
    mutating func fallback(named name: String, kind: Kind) throws(RowProblem) -> Category {
        if let category = categories[Names.key(name)], category.kind == kind { return category }
        let named = kind == .income ? "\(name) income" : name
        if let category = categories[Names.key(named)] {
            guard category.kind == kind else {
                throw RowProblem(kind == .income
                    ? Translation.translated("'%s' is an expense category, so it can't take incomes nothing categorises", Diagnostic.clipped(named))
                    : Translation.translated("'%s' is an income category, so it can't take expenses nothing categorises", Diagnostic.clipped(named)))
            }
            return category
        }
        if let problem = Names.problem(with: named) { throw RowProblem(Translation.translated("category '%s': %s", Diagnostic.clipped(named), problem)) }
        return make(named, kind: kind)
    }

    private mutating func make(_ name: String, kind: Kind) -> Category {
        let position = (ledger.categories.map(\.position).max() ?? 0) + 1 + created.count
        let category = Category(
            id: ledger.nextCategoryID + Int64(created.count), name: name, kind: kind, icon: "🏷", aliases: [], position: position,
            account: ExportAccount.give(to: [(name, [])], besides: (ledger.categories + created).compactMap(\.account))[0])
        created.append(category)
        categories[Names.key(name)] = category
        categoriesAsWritten[name] = category
        return category
    }

    /// The tag `written` names, checked by `add`'s rule once however many rows carry it.
    mutating func tag(_ written: Substring) throws(RowProblem) -> String {
        if let name = tags[written] { return name }
        let text = String(written.hasPrefix("#") ? written.dropFirst() : written)
        if let problem = TagList.problem(with: text) {
            throw RowProblem(Translation.translated("tag '%s': %s", Diagnostic.clipped(String(written)), problem.text))
        }
        let name = Names.key(text)
        tags[written] = name
        return name
    }
}
