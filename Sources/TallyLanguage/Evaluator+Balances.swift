import TallyCore

extension Evaluator {
    /// The current book's accounts, or every book's: each one's kind, opening and whether it is the default.
    func accountsTable(allBooks: Bool) -> RecordTable {
        let books = allBooks ? ledger.books : [ledger.currentBook]
        var rows: [[RecordTable.Cell]] = []
        for book in books {
            let defaultID = ledger.defaultAccount(ofBook: book.id)?.id
            for account in ledger.accounts(ofBook: book.id) {
                rows.append([
                    .flag(account.id == defaultID), .text(book.name), .text(account.name), .phrase(account.kind.words),
                    .money(Int128(account.opening), book.currency), account.openingDay.map { .text($0.iso) } ?? .null,
                    account.archived ? .words("archived") : .text(""),
                ])
            }
        }
        return RecordTable(columns: ["default", "book", "account", "kind", "opening", "since", "state"], rows: rows)
    }

    /// Each account's balance at the end of `day`: a credit card's debt said
    /// as such, the last reconciliation, and totals per currency, then in
    /// the home currency at that day's rates when one is set.
    func balancesTable(through day: Day) throws(Diagnostic) -> RecordTable {
        var rows: [[RecordTable.Cell]] = []
        var totals: [Currency: Int128] = [:]
        for entry in ledger.balances(through: day) {
            guard let book = ledger.book(id: entry.account.bookID) else { continue }
            totals[book.currency, default: 0] += Int128(entry.balance)
            let reconciled = ledger.lastReconciliation(of: entry.account.id, through: day)
            rows.append([
                .text(book.name), .text(entry.account.name), .phrase(entry.account.kind.words),
                .money(Int128(entry.balance), book.currency),
                entry.owing.map { .words("owing %s", MoneyFormat.grouped($0, book.currency)) } ?? .text(""),
                reconciled.map { .text($0.day.iso) } ?? .null,
            ])
        }
        var totalRows: [[RecordTable.Cell]] = totals.sorted { $0.key.code < $1.key.code }.map { currency, total in
            [.text("total"), .text(""), .text(currency.code), .money(total, currency), .text(""), .null]
        }
        if let home = ledger.settings.homeCurrency, totals.keys.contains(where: { $0.code != home }) {
            let currency = Currency(code: home)
            var sum: Int128 = 0
            var missing: RecordTable.Cell?
            for (from, total) in totals.sorted(by: { $0.key.code < $1.key.code }) {
                if from.code == home {
                    sum += total
                } else if let rate = ledger.rate(of: from.code, in: home, on: day) {
                    sum += rate.convert(total, fromDecimals: from.decimals, toDecimals: currency.decimals)
                } else if missing == nil {
                    missing = .words("no rate of %s on %s", from.code, day.iso)
                }
            }
            totalRows.append([.words("in %s", home), .text(""), .text(home), missing == nil ? .money(sum, currency) : .null,
                              missing ?? .text(""), .null])
        }
        return RecordTable(columns: ["book", "account", "kind", "balance", "note", "reconciled"], rows: rows, totals: totalRows)
    }

    func transfer(_ spec: TransferSpec) throws(Diagnostic) -> Outcome {
        let from = try account(spec.from, inBook: nil)
        let to = try account(spec.to, inBook: nil)
        guard from.id != to.id else { throw Diagnostic(.transferToItself(from.name), at: spec.to.range) }
        for (account, reference) in [(from, spec.from), (to, spec.to)] where account.archived {
            throw Diagnostic(.accountArchived(account.name), at: reference.range)
        }
        guard let fromBook = ledger.book(id: from.bookID), let toBook = ledger.book(id: to.bookID) else {
            throw Diagnostic(.transferToItself(from.name), at: spec.to.range)
        }
        if let code = spec.currency, code.value != fromBook.currency.code {
            throw Diagnostic(.transferCurrency(written: code.value, account: label(from), keeps: fromBook.currency.code), at: code.range)
        }
        let amount = try self.amount(spec.amount, in: fromBook)
        let received: Int64
        if let written = spec.received {
            received = try self.amount(written, in: toBook)
        } else {
            guard fromBook.currency == toBook.currency else {
                throw Diagnostic(.transferNeedsReceived(from: label(from), to: label(to)), at: spec.to.range)
            }
            received = amount
        }
        let day = spec.date?.value.resolve(today: today) ?? today
        let transfer = Transfer(
            id: ledger.nextTransferID, day: day, from: from.id, amount: amount, to: to.id, received: received, remark: spec.remark ?? "", created: now)
        var warnings: [String] = []
        for account in [from, to] {
            if let last = ledger.lastReconciliation(of: account.id), day <= last.day {
                warnings.append(reconciledWarning(account, through: last.day))
            }
        }
        let differs = fromBook.currency != toBook.currency || received != amount
        return .change(
            ChangeSet(summary: Phrase.said("transferred %s from %s to %s", MoneyFormat.plain(amount, fromBook.currency), label(from), label(to)),
                      rows: [RowChange(before: nil, after: .transfer(transfer))]),
            done: .done(.transferred(
                id: transfer.id, day: day, amount: MoneyFormat.withSymbol(amount, fromBook.currency), from: label(from), to: label(to),
                received: differs ? MoneyFormat.withSymbol(received, toBook.currency) : nil)),
            asking: nil, warnings: warnings)
    }

    /// The category an adjustment is made in, made with it when the ledger has none.
    static let adjustmentCategory = "balance adjustment"

    func reconcile(
        _ reference: AccountReference, _ written: AmountExpression, negative: Bool, day: Located<DateSpec>?, adjust: Bool
    ) throws(Diagnostic) -> Outcome {
        let account = try self.account(reference, inBook: nil)
        guard let book = ledger.book(id: account.bookID) else { throw Diagnostic(.accountArchived(account.name), at: reference.range) }
        let statement = try amount(written, in: book) * (negative ? -1 : 1)
        let on = day?.value.resolve(today: today) ?? today
        let held = ledger.balance(of: account.id, through: on) ?? 0
        let difference = statement - held
        var rows: [RowChange] = []
        var adjustment: Int64?
        if difference != 0 {
            guard adjust else {
                throw Diagnostic(
                    .balanceDiffers(
                        account: label(account), day: on, held: MoneyFormat.grouped(held, book.currency),
                        statement: MoneyFormat.grouped(statement, book.currency),
                        difference: difference > 0
                            ? Translation.translated("%s more than Tally has", MoneyFormat.grouped(abs(difference), book.currency))
                            : Translation.translated("%s less than Tally has", MoneyFormat.grouped(abs(difference), book.currency))),
                    at: written.range, notes: reconcileNotes(account, book: book, through: on, statement: statement, written: written))
            }
            var category = ledger.category(named: Evaluator.adjustmentCategory)
            if category == nil {
                let made = Category(
                    id: ledger.nextCategoryID, name: Evaluator.adjustmentCategory, kind: .expense, icon: "⚖️", aliases: [],
                    position: (ledger.categories.map(\.position).max() ?? 0) + 1,
                    account: ledger.categoryAccount(Evaluator.adjustmentCategory, aliases: []))
                rows.append(RowChange(before: nil, after: .category(made)))
                category = made
            }
            guard let category else { throw Diagnostic(.accountArchived(account.name), at: reference.range) }
            // An expense lowers a balance, so the statement's excess is money back.
            let amount = category.kind == .expense ? -difference : difference
            let bill = Bill(
                id: ledger.nextBillID, bookID: book.id, categoryID: category.id, amount: amount, day: on,
                remark: "to agree with the statement", created: now, updated: now, accountID: ledger.billAccountID(account))
            rows.append(RowChange(before: nil, after: .bill(bill)))
            adjustment = bill.id
        }
        let reconciliation = Reconciliation(id: ledger.nextReconciliationID, accountID: account.id, day: on, balance: statement, created: now)
        rows.append(RowChange(before: nil, after: .reconciliation(reconciliation)))
        return .change(
            ChangeSet(summary: Phrase.said("reconciled %s on %s", label(account), on.iso), rows: rows),
            done: .done(.reconciled(account: label(account), day: on, balance: MoneyFormat.grouped(statement, book.currency), adjustment: adjustment)),
            asking: nil)
    }

    /// The bills and transfers since the last reconciliation, to look through, and the statement that adjusts.
    private func reconcileNotes(_ account: Account, book: Book, through day: Day, statement: Int64, written: AmountExpression) -> [String] {
        let since = ledger.lastReconciliation(of: account.id, through: day)
        let firstAccounts = ledger.firstAccountIDs
        let start = since.map { $0.day.adding(days: 1) } ?? account.openingDay
        var lines: [String] = []
        let range = ledger.bills.indices(in: DateRange(start: start ?? Day(ordinal: ledger.bills.days.first ?? day.ordinal), end: day))
        var (bills, transfers) = (0, 0)
        for index in range where ledger.accountID(ofBillAt: index, firstAccounts: firstAccounts) == account.id {
            bills += 1
            guard lines.count < 20 else { continue }
            let bill = ledger.bills[index]
            let kind = ledger.category(id: bill.categoryID)?.kind ?? .expense
            let name = ledger.category(id: bill.categoryID)?.name ?? ""
            lines.append("#\(bill.id)  \(bill.day.iso)  \(MoneyFormat.signed(kind.signed(bill.amount), book.currency))  \(name)"
                         + (bill.remark.isEmpty ? "" : "  \(bill.remark)"))
        }
        for transfer in ledger.transfers where transfer.day <= day && start.map({ transfer.day >= $0 }) ?? true {
            let change = transfer.change(to: account.id)
            guard change != 0 else { continue }
            transfers += 1
            guard lines.count < 20 else { continue }
            let other = ledger.account(id: change > 0 ? transfer.fromAccountID : transfer.toAccountID).map(label) ?? ""
            let direction = change > 0 ? Translation.translated("transfer from %s", other) : Translation.translated("transfer to %s", other)
            lines.append("&\(transfer.id)  \(transfer.day.iso)  \(MoneyFormat.signed(change, book.currency))  \(direction)")
        }
        let count = bills + transfers
        let what = Done.enumerated([
            bills > 0 ? Translation.plural("%1$d bill", "%1$d bills", count: bills) : nil,
            transfers > 0 ? Translation.plural("%d transfer", "%d transfers", count: transfers) : nil,
        ].compactMap { $0 })
        var notes = [Evaluator.lookThrough(what, sinceReconciled: since?.day, since: start)] + lines
        if count > lines.count {
            notes.append(Translation.translated("… and %d more: 'list where account=%s'", count - lines.count, Literal.name(account.name)))
        }
        let amount = MoneyFormat.plain(statement, book.currency)
        notes.append(Translation.translated(
            "to add a balance adjustment and agree: reconcile %s %s on %s adjust", Literal.name(label(account)), amount, day.iso))
        return notes
    }

    /// What to look through for a difference: `what` (empty for nothing), since the last reconciliation, else since `start`.
    private static func lookThrough(_ what: String, sinceReconciled reconciled: Day?, since start: Day?) -> String {
        switch (what.isEmpty, reconciled, start) {
        case (true, let day?, _): Translation.translated("to look through: nothing since the last reconciliation, on %s", day.iso)
        case (true, nil, let day?): Translation.translated("to look through: nothing since %s", day.iso)
        case (true, nil, nil): Translation.translated("to look through: nothing")
        case (false, let day?, _): Translation.translated("to look through: %s since the last reconciliation, on %s", what, day.iso)
        case (false, nil, let day?): Translation.translated("to look through: %s since %s", what, day.iso)
        case (false, nil, nil): Translation.translated("to look through: %s", what)
        }
    }
}
