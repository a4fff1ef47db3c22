import TallyCore

extension Evaluator {
    func add(_ add: AddBill) throws(Diagnostic) -> Outcome {
        let bill = try newBill(add)
        return .change(
            ChangeSet(summary: Phrase.said("added #%s", bill.id), rows: [RowChange(before: nil, after: .bill(bill))]),
            done: .bill(verb: "added", BillRow(bill, in: ledger)), asking: nil,
            warnings: aheadNote(bill) + reconciledWarnings([bill]) + (try budgetWarnings(adding: bill)))
    }

    /// The bill quick entry or `add` writes, numbered next and dated today unless it says.
    func newBill(_ add: AddBill) throws(Diagnostic) -> Bill {
        let book = try add.book.map { name throws(Diagnostic) in try ledger.book(named: name) } ?? ledger.currentBook
        let category: Category
        do throws(Diagnostic) {
            // Money in on an expense category is a refund; money out on an income category has no such meaning.
            category = try self.category(add.category, of: add.kind == .expense ? .expense : nil)
        } catch {
            throw ruleOffer(add, in: book).map { Diagnostic(error.problem, at: error.range, notes: [$0]) } ?? error
        }
        let amount = try self.amount(add.amount, in: book)
        let account = try self.account(of: add.account, inBook: book)
        var remark = add.remark
        var place = add.place
        if let with = add.account, account == nil {
            if with.afterPlace { place = [place, with.words].compactMap { $0 }.joined(separator: " ") } else {
                remark = [remark, with.words].compactMap { $0 }.joined(separator: " ")
            }
        }
        return Bill(
            id: ledger.nextBillID, bookID: book.id, categoryID: category.id,
            amount: add.kind == .income && category.kind == .expense ? -amount : amount,
            day: add.date?.value.resolve(today: today) ?? today,
            remark: remark ?? "", place: place, tags: add.tags, created: now, updated: now,
            accountID: ledger.billAccountID(account ?? ledger.defaultAccount(ofBook: book.id)))
    }

    /// A bill dated after today is taken as written, and said to be: a
    /// date mistyped by a year shows at once.
    private func aheadNote(_ bill: Bill) -> [String] {
        let ahead = Int(bill.day.ordinal) - Int(today.ordinal)
        guard ahead > 0 else { return [] }
        return [Translation.plural("#%2$d is dated %3$s, %1$d day ahead", "#%2$d is dated %3$s, %1$d days ahead", count: ahead, bill.id, bill.day.iso)]
    }

    /// The category `name` names for a new bill, when it is of `kind` (or any kind, for nil) and in use.
    public func category(_ name: Located<String>, of kind: Kind?) throws(Diagnostic) -> Category {
        let category = try ledger.categoryTakingBills(named: name)
        if let kind, kind != category.kind {
            throw Diagnostic(.kindMismatch(category: category.name, kind: category.kind, wanted: kind), at: name.range)
        }
        return category
    }

    func edit(_ id: Located<Int64>, _ assignments: [Assignment]) throws(Diagnostic) -> Outcome {
        let original = try bill(id)
        var bill = try BillEdit(assignments, evaluator: self).applied(to: original, keepingKind: false)
        // An edit that changes nothing is not a change: no message of one, no undo step.
        guard bill != original else {
            return .result(.done(.unchanged(bill: bill.id)), format: nil)
        }
        bill.updated = now
        return .change(
            ChangeSet(summary: Phrase.said("edited #%s", bill.id), rows: [RowChange(before: .bill(original), after: .bill(bill))]),
            done: .bill(verb: "edited", BillRow(bill, in: ledger)), asking: nil, warnings: reconciledWarnings([original, bill]))
    }

    /// One change of every bill picked that the fields change; bills that
    /// have those values already are left out of it.
    func editWhere(_ condition: Condition?, _ period: Located<PeriodSpec>?, _ assignments: [Assignment]) throws(Diagnostic) -> Outcome {
        let bills = try selected(condition, period)
        let edit = try BillEdit(assignments, evaluator: self)
        guard !bills.isEmpty else { return .result(.done(.nothingMatched(.edit)), format: nil) }
        if let amount = edit.amount {
            let codes = Set(bills.map { ledger.book(id: $0.bookID)?.currency.code ?? Currency.cny.code })
            guard codes.count == 1 else {
                let book = ledger.book(id: bills[0].bookID)?.name ?? ledger.currentBook.name
                throw Diagnostic(.amountAcrossCurrencies(codes: codes.sorted(), book: book), at: amount.range)
            }
        }
        var rows: [RowChange] = []
        var changed: [Bill] = []
        for bill in bills {
            var edited = try edit.applied(to: bill, keepingKind: true)
            guard edited != bill else { continue }
            edited.updated = now
            rows.append(RowChange(before: .bill(bill), after: .bill(edited)))
            changed.append(bill)
        }
        guard !rows.isEmpty else { return .result(.done(.allUnchanged(count: bills.count)), format: nil) }
        return .change(
            ChangeSet(summary: Phrase.counted("edited %d bill", "edited %d bills", count: changed.count), rows: rows),
            done: .done(.edited(ids: changed.map(\.id), unchanged: bills.count - changed.count)),
            asking: Confirmation(.edit, changed, in: ledger))
    }

    func deleteBills(_ ids: [Located<Int64>]) throws(Diagnostic) -> Outcome {
        var bills: [Bill] = []
        for id in ids where !bills.contains(where: { $0.id == id.value }) {
            bills.append(try bill(id))
        }
        let change = ChangeSet(
            summary: Phrase.said("deleted %s", bills.map { "#\($0.id)" }.joined(separator: ", ")),
            rows: photoRows(of: bills) + bills.map { RowChange(before: .bill($0), after: nil) })
        let done: QueryResult = bills.count == 1
            ? .bill(verb: "deleted", BillRow(bills[0], in: ledger))
            : .done(.deleted(ids: bills.map(\.id), namedByID: true))
        return .change(change, done: done, asking: nil, warnings: reconciledWarnings(bills))
    }

    func deleteWhere(_ condition: Condition?, _ period: Located<PeriodSpec>?) throws(Diagnostic) -> Outcome {
        let bills = try selected(condition, period)
        guard !bills.isEmpty else { return .result(.done(.nothingMatched(.delete)), format: nil) }
        let change = ChangeSet(
            summary: Phrase.counted("deleted %d bill", "deleted %d bills", count: bills.count),
            rows: photoRows(of: bills) + bills.map { RowChange(before: .bill($0), after: nil) })
        return .change(change, done: .done(.deleted(ids: bills.map(\.id), namedByID: false)), asking: Confirmation(.delete, bills, in: ledger),
                       warnings: reconciledWarnings(bills))
    }

    /// The bills `delete where` and `edit where` change: of the current
    /// book, unless the condition names books.
    private func selected(_ condition: Condition?, _ period: Located<PeriodSpec>?) throws(Diagnostic) -> [Bill] {
        let allBooks = condition?.mentions(.book) ?? false
        return try Selection(evaluator: self, condition: condition, period: period, kind: nil, allBooks: allBooks).bills(of: ledger)
    }

    func bill(_ id: Located<Int64>) throws(Diagnostic) -> Bill {
        guard let bill = ledger.bill(id: id.value) else {
            throw Diagnostic(.noSuchBill(String(id.value)), at: id.range)
        }
        return bill
    }
}
