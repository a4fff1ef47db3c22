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
            ChangeSet(summary: Phrase.said("rate of %s in %s on %s", base.value, quote.value, on.iso), rows: rows),
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

extension Evaluator {
    /// The rates of a file as one change: each new one added, one differing
    /// from the rate its pair has that day put in its place, one the ledger
    /// has already left out, so the same file twice adds nothing.
    public func importingRates(_ rows: [RateRow], file: Located<String>) throws(Diagnostic) -> Outcome {
        var changes: [RowChange] = []
        var given: [String: ExchangeRate] = [:]
        var (added, replaced, unchanged) = (0, 0, 0)
        var nextID = ledger.nextRateID
        for row in rows {
            func refuse(_ reason: String) -> Diagnostic {
                Diagnostic(.csvUnreadable(file: file.value, line: row.line, reason: reason), at: file.range)
            }
            guard let quote = row.quote ?? ledger.settings.homeCurrency else {
                throw refuse(Translation.translated("no 'in' column says what %s is priced in, and no home currency is set ('set currency CNY')", row.base))
            }
            guard quote != row.base else { throw refuse(Translation.translated("a rate prices one currency in another; %s is worth 1 %s", quote, quote)) }
            guard row.rate.units > 0 else { throw refuse(Translation.translated("a rate is above zero")) }
            let rate = ExchangeRate(id: nextID, base: row.base, quote: quote, day: row.day, rate: ExactRate(units: row.rate.units, scale: row.rate.scale))
            let key = "\(row.base) \(quote) \(row.day.iso)"
            if let twice = given[key] {
                guard twice.rate == rate.rate else {
                    throw refuse(Translation.translated("%s in %s on %s is given twice, at two rates", row.base, quote, row.day.iso))
                }
                continue
            }
            given[key] = rate
            if let kept = ledger.rate(given: row.base, quote, on: row.day) {
                guard kept.rate != rate.rate else {
                    unchanged += 1
                    continue
                }
                changes.append(RowChange(before: .rate(kept), after: nil))
                replaced += 1
            } else {
                added += 1
            }
            changes.append(RowChange(before: nil, after: .rate(rate)))
            nextID += 1
        }
        let done = Done.ratesImported(file: file.value, added: added, replaced: replaced, unchanged: unchanged)
        guard !changes.isEmpty else { return .result(.done(done), format: nil) }
        return .change(ChangeSet(summary: Phrase.said("imported rates from %s", file.value), rows: changes), done: .done(done), asking: nil)
    }
}
