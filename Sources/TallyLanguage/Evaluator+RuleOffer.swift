import TallyCore

extension Evaluator {
    /// What the rules would make of a quick entry whose category is not one:
    /// `25 starbucks`, read as a bill remarked `starbucks`, is offered the
    /// category a rule gives it.
    func ruleOffer(_ add: AddBill, in book: Book) -> String? {
        guard !ledger.rules.isEmpty, ledger.category(named: add.category.value) == nil, let rules = try? RuleBook(ledger.rules) else {
            return nil
        }
        let kind = add.kind ?? .expense
        let remark = ([add.category.value] + (add.remark.map { [$0] } ?? [])).joined(separator: " ")
        let bill = Bill(
            id: 0, bookID: book.id, categoryID: RuleBook.uncategorised(kind), amount: (try? amount(add.amount, in: book)) ?? 0,
            day: add.date?.value.resolve(today: today) ?? today, remark: remark, place: add.place, tags: add.tags, created: now, updated: now)
        guard let actions = try? rules.actions(for: [bill], in: ledger, today: today).first else { return nil }
        for case .category(let name) in actions {
            guard let category = ledger.category(named: name.value), category.kind == kind, !category.archived else { continue }
            let amount = add.amount.terms.map(\.value.text).joined(separator: "+")
            let sign = add.kind == .income ? "+" : add.kind == .expense ? "-" : ""
            return Translation.translated(
                "a rule gives a bill like this the category '%s': write %s%s %s %s", category.name, sign, amount, Literal.name(category.name), remark)
        }
        return nil
    }
}
