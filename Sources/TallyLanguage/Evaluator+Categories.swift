import TallyCore

extension Evaluator {
    /// Each category with its bills and their total in the current book;
    /// archived ones only when `listing` asks for them, and then marked.
    func categoriesTable(kind: Kind?, listing: CategoryListing) throws(Diagnostic) -> RecordTable {
        let counts = try grouped(Query.view(.count, period: nil, by: .category, at: .nowhere))
        let expenses = try grouped(Query.view(.sum, .expense, period: nil, by: .category, at: .nowhere))
        let incomes = try grouped(Query.view(.sum, .income, period: nil, by: .category, at: .nowhere))
        let currency = ledger.currentBook.currency
        let shown = ledger.categories.filter { category in
            (kind == nil || category.kind == kind) && (listing == .all || category.archived == (listing == .archived))
        }
        let marked = listing != .inUse
        return RecordTable(
            columns: ["icon", "category", "kind", "aliases", "bills", "total"] + (marked ? ["archived"] : []),
            rows: shown.map { category in
                let sum = (category.kind == .expense ? expenses : incomes)[category.name]
                return [.text(category.icon), .text(category.name), .phrase(category.kind.words), .list(category.aliases),
                        .number(count(counts[category.name])), .money(sum.map(money) ?? 0, currency)]
                    + (marked ? [.flag(category.archived)] : [])
            })
    }

    func categoryIcon(_ name: Located<String>, _ icon: Located<String>) throws(Diagnostic) -> Outcome {
        let category = try ledger.category(named: name)
        guard category.icon != icon.value else { return unchanged(category, .icon(icon.value)) }
        var changed = category
        changed.icon = icon.value
        return .change(
            ChangeSet(summary: Phrase.said("gave category '%s' the icon %s", category.name, icon.value),
                      rows: [RowChange(before: .category(category), after: .category(changed))]),
            done: .done(.categoryIcon(category.name, icon: icon.value)), asking: nil)
    }

    /// Adds aliases to a category, or drops some. An alias is a name like
    /// any other: no other category may have it.
    func categoryAliases(_ name: Located<String>, _ given: [Located<String>], adding: Bool) throws(Diagnostic) -> Outcome {
        let category = try ledger.category(named: name)
        var seen: Set<String> = []
        for alias in given {
            guard seen.insert(Names.key(alias.value)).inserted else { throw Diagnostic(.givenTwice(alias.value), at: alias.range) }
            if Names.key(category.name) == Names.key(alias.value) { throw Diagnostic(.aliasIsTheName(category.name), at: alias.range) }
        }
        let isAlias = { (text: String) in category.aliases.contains { Names.key($0) == Names.key(text) } }
        var changed = category
        let words: [String]
        if adding {
            for alias in given { try ensureCategoryNameFree(alias, except: category.id) }
            words = given.map(\.value).filter { !isAlias($0) }
            guard !words.isEmpty else { return unchanged(category, .aliases(given.map(\.value))) }
            changed.aliases += words
        } else {
            for alias in given where !isAlias(alias.value) {
                throw Diagnostic(.notAnAlias(alias: alias.value, category: category.name, aliases: category.aliases), at: alias.range)
            }
            words = given.map(\.value)
            changed.aliases.removeAll { alias in seen.contains(Names.key(alias)) }
        }
        let list = words.joined(separator: ", ")
        let summary = switch (adding, words.count == 1) {
        case (true, true): Phrase.said("added alias %s to category '%s'", list, category.name)
        case (true, false): Phrase.said("added aliases %s to category '%s'", list, category.name)
        case (false, true): Phrase.said("dropped alias %s from category '%s'", list, category.name)
        case (false, false): Phrase.said("dropped aliases %s from category '%s'", list, category.name)
        }
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: .category(category), after: .category(changed))]),
            done: .done(.categoryAliases(category.name, given: words, added: adding, aliases: changed.aliases)), asking: nil)
    }

    /// Takes a category out of use, or back: an archived category's bills stay
    /// and count in every total, but no bill is added to it or moved into it,
    /// and the lists a new bill's category is chosen from leave it out.
    func categoryArchive(_ name: Located<String>, archiving: Bool) throws(Diagnostic) -> Outcome {
        let category = try ledger.category(named: name)
        guard category.archived != archiving else { return unchanged(category, archiving ? .archived : .inUse) }
        if archiving, !ledger.categories.contains(where: { $0.kind == category.kind && !$0.archived && $0.id != category.id }) {
            throw Diagnostic(.lastCategoryOfKind(category.name, kind: category.kind), at: name.range)
        }
        var changed = category
        changed.archived = archiving
        let bills = ledger.bills.categoryIDs.count { $0 == category.id }
        let summary = archiving ? Phrase.said("archived category '%s'", category.name) : Phrase.said("unarchived category '%s'", category.name)
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: .category(category), after: .category(changed))]),
            done: .done(.categoryArchived(category.name, archived: archiving, bills: bills)), asking: nil)
    }

    /// Makes a category the `place`th of those of its kind in use (the last,
    /// past their number), numbering every category again so the others keep their order.
    func categoryPosition(_ name: Located<String>, to place: Located<Int>) throws(Diagnostic) -> Outcome {
        let category = try ledger.category(named: name)
        guard !category.archived else { throw Diagnostic(.categoryArchived(category.name), at: name.range) }
        let peers = ledger.categories.filter { $0.kind == category.kind && !$0.archived }
        let others = peers.filter { $0.id != category.id }
        let index = min(place.value, peers.count) - 1
        guard peers[index].id != category.id else {
            return unchanged(category, .place(index + 1, of: category.kind))
        }
        var order = ledger.categories.filter { $0.id != category.id }
        // Before the one that has the place now, or else just after the last of its kind.
        let at = index < others.count
            ? order.firstIndex { $0.id == others[index].id }!
            : order.firstIndex { $0.id == others[others.count - 1].id }! + 1
        order.insert(category, at: at)
        return .change(
            ChangeSet(summary: Phrase.said("moved category '%s' to place %d", category.name, index + 1),
                      rows: renumbering(order, at: \.position, as: Record.category)),
            done: .done(.categoryPositioned(category.name, kind: category.kind, position: index + 1)), asking: nil)
    }

    /// A category statement that would change nothing: no change, no undo step.
    private func unchanged(_ category: Category, _ already: CategoryState) -> Outcome {
        .result(.done(.categoryUnchanged(category.name, already: already)), format: nil)
    }
}
