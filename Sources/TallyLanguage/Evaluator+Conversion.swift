import TallyCore

extension Evaluator {
    /// The ledger's amounts with those of `rows` in `target`, each at the
    /// rate of its own day; the first bill without one stops it, naming its
    /// currency and day.
    func converted(_ rows: [Int], to target: Located<String>) throws(Diagnostic) -> [Int64] {
        var amounts = ledger.bills.amounts
        let books = ByID(ledger.books.map { ($0.id, $0.currency) })
        let to = Currency(code: target.value)
        var last: (code: String, day: Int32, rate: ExactRate)?
        for row in rows {
            let from = books[ledger.bills.bookIDs[row]] ?? .cny
            guard from.code != to.code else { continue }
            let ordinal = ledger.bills.days[row]
            // Bills come in day order: a day's rate is looked up once a currency.
            let rate: ExactRate
            if let last, last.code == from.code, last.day == ordinal {
                rate = last.rate
            } else {
                let day = Day(ordinal: ordinal)
                guard let found = ledger.rate(of: from.code, in: to.code, on: day) else {
                    throw Diagnostic(.noRate(from: from.code, to: to.code, day: day), at: target.range)
                }
                rate = found
                last = (from.code, ordinal, found)
            }
            let amount = rate.convert(Int128(amounts[row]), fromDecimals: from.decimals, toDecimals: to.decimals)
            guard let exact = Int64(exactly: amount) else { throw Diagnostic(.badAmount(String(amounts[row]), .tooLarge), at: target.range) }
            amounts[row] = exact
        }
        return amounts
    }
}

extension Evaluator {
    /// This evaluator over the ledger with the current book in `target`:
    /// its bills of the days `view` shows, each at its own day's rate.
    func converting(_ view: LedgerStatement, to target: Located<String>) throws(Diagnostic) -> Evaluator {
        let book = ledger.currentBook
        let days: DateRange
        switch view {
        case .timeline(let period), .pie(_, let period):
            days = period.map(resolve) ?? DateRange.month(containing: today)
        case .months(let year):
            days = DateRange.year(year?.value ?? today.year) ?? .everything
        default:
            days = .everything
        }
        return try converting(ledger.bills.indices(in: days).filter { ledger.bills.bookIDs[$0] == book.id }, to: target)
    }

    /// This evaluator over the ledger with the bills of `rows` in `target`,
    /// each at its own day's rate, and their books in it. Only amounts
    /// change, so every bill keeps its row.
    func converting(_ rows: [Int], to target: Located<String>) throws(Diagnostic) -> Evaluator {
        let amounts = try converted(rows, to: target)
        let currency = Currency(code: target.value)
        let books = Set(rows.map { ledger.bills.bookIDs[$0] } + [ledger.currentBook.id])
        var changes = ledger.books.filter { books.contains($0.id) && $0.currency != currency }.map { book -> RowChange in
            var changed = book
            changed.currency = currency
            return RowChange(before: .book(book), after: .book(changed))
        }
        changes += rows.map { row -> RowChange in
            var bill = ledger.bills[row]
            bill.amount = amounts[row]
            return RowChange(before: .bill(ledger.bills[row]), after: .bill(bill))
        }
        var shown = ledger
        shown.apply(ChangeSet(summary: "in \(target.value)", rows: changes, undoable: false))
        var evaluator = Evaluator(ledger: shown, today: today, now: now, defaultCurrency: defaultCurrency)
        evaluator.interruption = interruption
        return evaluator
    }
}
