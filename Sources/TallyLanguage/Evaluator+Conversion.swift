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
