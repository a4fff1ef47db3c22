import TallyCore

extension Ledger {
    /// The book a statement names; an unknown name is an error that suggests the nearest.
    func book(named name: Located<String>) throws(Diagnostic) -> Book {
        guard let book = book(named: name.value) else {
            throw Diagnostic(
                .unknownName(kind: "book", name: name.value, suggestion: Suggestion.nearest(to: name.value, among: books.map(\.name))),
                at: name.range)
        }
        return book
    }

    /// The category a statement names, by name or alias; an unknown name is an
    /// error that suggests the nearest, never a silent zero.
    func category(named name: Located<String>) throws(Diagnostic) -> Category {
        guard let category = category(named: name.value) else {
            throw Diagnostic(
                .unknownName(kind: "category", name: name.value, suggestion: Suggestion.nearest(to: name.value, among: categories.flatMap(\.allNames))),
                at: name.range)
        }
        return category
    }
}
