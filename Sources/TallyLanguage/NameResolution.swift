import TallyCore

extension Ledger {
    /// The book a statement names; an unknown name is an error that suggests the nearest.
    public func book(named name: Located<String>) throws(Diagnostic) -> Book {
        guard let book = book(named: name.value) else {
            let suggestion = Suggestion.nearest(to: name.value, among: books.map(\.name))
            throw Diagnostic(
                .unknownName(kind: .book, name: name.value, suggestion: suggestion), at: name.range,
                notes: suggestion == nil ? [Ledger.choices(Translation.translated("books"), books.map(\.name), listedBy: "books")] : [])
        }
        return book
    }

    /// With no near match to suggest, the names there are, the first few of
    /// them, and the statement that lists them all. `kind` is in the reader's language.
    static func choices(_ kind: String, _ names: [String], listedBy statement: String) -> String {
        let shown = Parser.listing(names.prefix(8) + (names.count > 8 ? ["…"] : []))
        return Translation.translated("%s: %s ('%s' lists them all)", kind, shown, statement)
    }

    /// The category a statement names, by name or alias; an unknown name is an
    /// error that suggests the nearest, never a silent zero.
    func category(named name: Located<String>) throws(Diagnostic) -> Category {
        guard let category = category(named: name.value) else { throw unknownCategory(name, among: categories) }
        return category
    }

    /// The category a bill is given, added or moved into it: as `category(named:)`,
    /// but an archived one is refused, and only those in use are suggested.
    func categoryTakingBills(named name: Located<String>) throws(Diagnostic) -> Category {
        guard let category = category(named: name.value) else { throw unknownCategory(name, among: activeCategories) }
        guard !category.archived else { throw Diagnostic(.categoryArchived(category.name), at: name.range) }
        return category
    }

    private func unknownCategory(_ name: Located<String>, among known: [Category]) -> Diagnostic {
        let suggestion = Suggestion.nearest(to: name.value, among: known.flatMap(\.allNames))
        return Diagnostic(
            .unknownName(kind: .category, name: name.value, suggestion: suggestion), at: name.range,
            notes: suggestion == nil ? [Ledger.choices(Translation.translated("categories"), known.map(\.name), listedBy: "categories")] : [])
    }
}
