import TallyCore

extension Evaluator {
    /// A rate for a day, replacing the one that pair was given for that day.
    func rateSet(_ base: Located<String>, _ rate: Located<ExactNumber>, _ quote: Located<String>, _ day: Located<DateSpec>?) throws(Diagnostic) -> Outcome {
        guard base.value != quote.value else { throw Diagnostic(.rateOfItself(base.value), at: quote.range) }
        guard rate.value.units > 0 else { throw Diagnostic(.rateNotPositive, at: rate.range) }
        let on = day?.value.resolve(today: today) ?? today
        let given = ExchangeRate(id: ledger.nextRateID, base: base.value, quote: quote.value, day: on,
                                 rate: ExactRate(units: rate.value.units, scale: rate.value.scale))
        let replaced = ledger.rate(given: base.value, quote.value, on: on)
        let rows = (replaced.map { [RowChange(before: .rate($0), after: nil)] } ?? []) + [RowChange(before: nil, after: .rate(given))]
        return .change(
            ChangeSet(summary: "rate of \(base.value) in \(quote.value) on \(on.iso)", rows: rows),
            done: .done(.rateSet(base: base.value, quote: quote.value, day: on, rate: rate.value.written, replaced: replaced != nil)),
            asking: nil)
    }

    /// Every rate given, by day.
    func ratesTable() -> RecordTable {
        RecordTable(
            columns: ["date", "currency", "rate", "in"],
            rows: ledger.rates.map { rate in
                let decimal = rate.rate.decimal.map { ExactNumber(units: $0.units, scale: $0.scale) }
                return [.text(rate.day.iso), .text(rate.base), .text(decimal?.written ?? ""), .text(rate.quote)]
            })
    }

    /// `set currency CNY`: the currency totals across books are given in.
    func homeCurrency(_ value: Located<String>) throws(Diagnostic) -> Outcome {
        let code = value.value.uppercased()
        guard Currency.isValidCode(code) else {
            throw Diagnostic(.unknownCurrency(value.value, suggestion: Suggestion.nearest(to: code, among: Currency.codes)), at: value.range)
        }
        var settings = ledger.settings
        settings.homeCurrency = code
        return .change(
            ChangeSet(summary: "the home currency is \(code)", rows: [RowChange(before: .settings(ledger.settings), after: .settings(settings))],
                      undoable: false),
            done: .done(.homeCurrency(code)), asking: nil)
    }
}
