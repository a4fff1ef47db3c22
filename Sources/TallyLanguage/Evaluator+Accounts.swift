import TallyCore

extension Evaluator {
    func accounts(_ statement: AccountStatement) throws(Diagnostic) -> Outcome {
        switch statement {
        case .add(let name, let kind, let opening, let negative, let openingDay):
            return try accountAdd(name, kind: kind, opening: opening, negative: negative, openingDay: openingDay)
        case .list(let allBooks):
            return .result(.records(accountsTable(allBooks: allBooks)), format: nil)
        case .rename(let reference, let new):
            let account = try self.account(reference, inBook: nil)
            try ensureAccountNameFree(new, inBook: account.bookID, except: account.id)
            var renamed = account
            renamed.name = new.value
            return changing(account, to: renamed, Phrase.said("renamed account '%s' to '%s'", account.name, new.value),
                            .accountRenamed(from: account.name, to: new.value))
        case .archive(let reference, let archiving):
            let account = try self.account(reference, inBook: nil)
            if archiving, ledger.defaultAccount(ofBook: account.bookID)?.id == account.id,
               ledger.accounts(ofBook: account.bookID).contains(where: { !$0.archived && $0.id != account.id }) == false {
                throw Diagnostic(.defaultAccountArchived(account.name), at: reference.range)
            }
            var changed = account
            changed.archived = archiving
            let summary = archiving ? Phrase.said("archived account '%s'", account.name) : Phrase.said("unarchived account '%s'", account.name)
            return changing(account, to: changed, summary,
                            .accountArchived(name: account.name, archiving: archiving))
        case .makeDefault(let reference):
            let account = try self.account(reference, inBook: nil)
            guard !account.archived else { throw Diagnostic(.accountArchived(account.name), at: reference.range) }
            var first = account
            first.position = (ledger.accounts(ofBook: account.bookID).map(\.position).min() ?? 0) - 1
            let book = ledger.book(id: account.bookID)?.name ?? ""
            return changing(account, to: first, Phrase.said("made '%s' the default account", account.name), .accountDefault(name: account.name, book: book))
        case .icon(let reference, let icon):
            let account = try self.account(reference, inBook: nil)
            var changed = account
            changed.icon = icon.value
            return changing(
                account, to: changed, Phrase.said("gave account '%s' the icon %s", account.name, icon.value), .accountIcon(name: account.name, icon: icon.value))
        case .transfer(let spec):
            return try transfer(spec)
        case .balances(let day):
            return .result(.records(try balancesTable(through: day?.value.resolve(today: today) ?? today)), format: nil)
        case .reconcile(let reference, let balance, let negative, let day, let adjust):
            return try reconcile(reference, balance, negative: negative, day: day, adjust: adjust)
        }
    }

    private func changing(_ account: Account, to changed: Account, _ summary: Phrase, _ done: Done) -> Outcome {
        .change(ChangeSet(summary: summary, rows: [RowChange(before: .account(account), after: .account(changed))]), done: .done(done), asking: nil)
    }

    private func accountAdd(
        _ name: Located<String>, kind: AccountKind?, opening: AmountExpression?, negative: Bool, openingDay: Located<DateSpec>?
    ) throws(Diagnostic) -> Outcome {
        let book = ledger.currentBook
        try ensureAccountNameFree(name, inBook: book.id, except: nil)
        let amount = try opening.map { expression throws(Diagnostic) in try self.amount(expression, in: book) } ?? 0
        let account = Account(
            id: ledger.nextAccountID, bookID: book.id, name: name.value, kind: kind ?? .cash, opening: negative ? -amount : amount,
            openingDay: openingDay?.value.resolve(today: today),
            position: (ledger.accounts(ofBook: book.id).map(\.position).max() ?? 0) + 1)
        return .change(
            ChangeSet(summary: Phrase.said("added account '%s'", account.name), rows: [RowChange(before: nil, after: .account(account))]),
            done: .done(.accountAdded(name: account.name, book: book.name, kind: account.kind)), asking: nil)
    }

    private func ensureAccountNameFree(_ name: Located<String>, inBook bookID: Int64, except id: Int64?) throws(Diagnostic) {
        if let problem = Names.problem(with: name.value) { throw Diagnostic(.badName(problem), at: name.range) }
        if let taken = ledger.account(named: name.value, inBook: bookID), taken.id != id {
            throw Diagnostic(.accountNameTaken(taken.name, book: ledger.book(id: bookID)?.name ?? ""), at: name.range)
        }
    }

    /// The account `reference` names: in its book when it names one, else in `book`, else in the current book.
    func account(_ reference: AccountReference, inBook book: Book?) throws(Diagnostic) -> Account {
        let owner = try reference.book.map { name throws(Diagnostic) in try ledger.book(named: name) } ?? book ?? ledger.currentBook
        guard let account = ledger.account(named: reference.name.value, inBook: owner.id) else {
            let names = ledger.accounts(ofBook: owner.id).map(\.name)
            let suggestion = Suggestion.nearest(to: reference.name.value, among: names)
            throw Diagnostic(
                .unknownName(kind: .account, name: reference.name.value, suggestion: suggestion), at: reference.name.range,
                notes: suggestion == nil ? [Ledger.choices(Translation.translated("accounts of '%s'", owner.name), names, listedBy: "accounts")] : [])
        }
        return account
    }

    /// How messages name an account: by itself in the current book, else after its book (`travel:card`).
    public func label(_ account: Account) -> String {
        guard account.bookID != ledger.currentBook.id, let book = ledger.book(id: account.bookID) else { return account.name }
        return "\(book.name):\(account.name)"
    }

    /// The account a new bill's `with` names in `book`, or nil when the words
    /// are a remark's (`lunch with team`); a near miss of an account's name in
    /// a book that keeps several is refused as a typo.
    public func account(of with: WithAccount?, inBook book: Book) throws(Diagnostic) -> Account? {
        guard let with else { return nil }
        if let account = ledger.account(named: with.name.value, inBook: book.id) {
            guard !account.archived else { throw Diagnostic(.accountArchived(account.name), at: with.name.range) }
            return account
        }
        let names = ledger.accounts(ofBook: book.id).filter { !$0.archived }.map(\.name)
        if names.count > 1, let suggestion = Suggestion.nearest(to: with.name.value, among: names) {
            throw Diagnostic(.unknownName(kind: .account, name: with.name.value, suggestion: suggestion), at: with.name.range)
        }
        return nil
    }

    /// A change to a bill on or before the day its account was last
    /// reconciled changes a balance the statement agreed with: said, not refused.
    func reconciledWarnings(_ bills: [Bill]) -> [String] {
        var warned = Set<Int64>()
        var warnings: [String] = []
        for bill in bills {
            let id = ledger.accountID(of: bill)
            guard !warned.contains(id), let last = ledger.lastReconciliation(of: id), bill.day <= last.day,
                  let account = ledger.account(id: id) else { continue }
            warned.insert(id)
            warnings.append(reconciledWarning(account, through: last.day))
        }
        return warnings
    }

    /// That a change dated on or before `day` changes what `account` held when its statement agreed.
    func reconciledWarning(_ account: Account, through day: Day) -> String {
        Translation.translated("%s was reconciled through %s; its balance then no longer agrees with the statement", label(account), day.iso)
    }
}
