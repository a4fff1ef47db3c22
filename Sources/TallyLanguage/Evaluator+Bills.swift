import TallyCore

extension Evaluator {
    func add(_ add: AddBill) throws(Diagnostic) -> Outcome {
        let book = try add.book.map { name throws(Diagnostic) in try ledger.book(named: name) } ?? ledger.currentBook
        let category: Category
        do throws(Diagnostic) {
            category = try self.category(add.category, of: add.kind)
        } catch {
            throw ruleOffer(add, in: book).map { Diagnostic(error.problem, at: error.range, notes: [$0]) } ?? error
        }
        let bill = Bill(
            id: ledger.nextBillID, bookID: book.id, categoryID: category.id,
            amount: try amount(add.amount, in: book.currency),
            day: add.date?.value.resolve(today: today) ?? today,
            remark: add.remark ?? "", place: add.place, tags: add.tags, created: now, updated: now)
        return .change(
            ChangeSet(summary: "added #\(bill.id)", rows: [RowChange(before: nil, after: .bill(bill))]),
            done: .bill(verb: "added", BillRow(bill, in: ledger)), asking: nil, warnings: try budgetWarnings(adding: bill))
    }

    /// The category `name` names, when it is of `kind` (or any kind, for nil).
    public func category(_ name: Located<String>, of kind: Kind?) throws(Diagnostic) -> Category {
        let category = try ledger.category(named: name)
        if let kind, kind != category.kind {
            throw Diagnostic(.kindMismatch(category: category.name, kind: category.kind, wanted: kind), at: name.range)
        }
        return category
    }

    func edit(_ id: Located<Int64>, _ assignments: [Assignment]) throws(Diagnostic) -> Outcome {
        let original = try bill(id)
        var bill = original
        var currency = ledger.book(id: bill.bookID)?.currency ?? .cny
        // The book goes first: an amount is read in the currency of the book it lands in.
        for case .book(let name) in assignments {
            let book = try ledger.book(named: name)
            guard book.currency == currency else {
                throw Diagnostic(
                    .billInAnotherCurrency(book: book.name, keeps: book.currency.code, bill: bill.id, currency: currency.code),
                    at: name.range)
            }
            bill.bookID = book.id
            currency = book.currency
        }
        for assignment in assignments {
            switch assignment {
            case .amount(let expression): bill.amount = try amount(expression, in: currency)
            case .category(let name): bill.categoryID = try ledger.category(named: name).id
            case .remark(let remark): bill.remark = remark
            case .place(let place): bill.place = place
            case .date(let date): bill.day = date.value.resolve(today: today)
            case .tags(let tags): bill.tags = tags
            case .book: break
            }
        }
        // An edit that changes nothing is not a change: no message of one, no undo step.
        guard bill != original else {
            return .result(.done(.unchanged(bill: bill.id)), format: nil)
        }
        bill.updated = now
        return .change(
            ChangeSet(summary: "edited #\(bill.id)", rows: [RowChange(before: .bill(original), after: .bill(bill))]),
            done: .bill(verb: "edited", BillRow(bill, in: ledger)), asking: nil)
    }

    func deleteBills(_ ids: [Located<Int64>]) throws(Diagnostic) -> Outcome {
        var bills: [Bill] = []
        for id in ids where !bills.contains(where: { $0.id == id.value }) {
            bills.append(try bill(id))
        }
        let change = ChangeSet(
            summary: "deleted " + bills.map { "#\($0.id)" }.joined(separator: ", "),
            rows: photoRows(of: bills) + bills.map { RowChange(before: .bill($0), after: nil) })
        let done: QueryResult = bills.count == 1
            ? .bill(verb: "deleted", BillRow(bills[0], in: ledger))
            : .done(.deleted(ids: bills.map(\.id), namedByID: true))
        return .change(change, done: done, asking: nil)
    }

    func deleteWhere(_ condition: Condition?, _ period: Located<PeriodSpec>?) throws(Diagnostic) -> Outcome {
        let allBooks = condition?.mentions(.book) ?? false
        let bills = try Selection(evaluator: self, condition: condition, period: period, kind: nil, allBooks: allBooks)
            .bills(of: ledger)
        guard !bills.isEmpty else { return .result(.done(.nothingMatched), format: nil) }
        let what = Literal.count(bills.count, "bill")
        let change = ChangeSet(summary: "deleted \(what)", rows: photoRows(of: bills) + bills.map { RowChange(before: .bill($0), after: nil) })
        return .change(change, done: .done(.deleted(ids: bills.map(\.id), namedByID: false)), asking: "delete \(what)")
    }

    func bill(_ id: Located<Int64>) throws(Diagnostic) -> Bill {
        guard let bill = ledger.bill(id: id.value) else {
            throw Diagnostic(.noSuchBill(String(id.value)), at: id.range)
        }
        return bill
    }
}
