import TallyCore

extension Evaluator {
    /// The report's months as the chart and table show them: each month up
    /// to two years of them, else each quarter up to as many quarters, else
    /// each year; each with the days of it the report covers, which the
    /// period's ends may cut short, and today, unless bills are dated later.
    func spans(
        of labels: [String], _ period: Located<PeriodSpec>, where condition: Condition?, covering days: DateRange, in currency: Currency,
        at range: SourceRange
    ) throws(Diagnostic) -> (Dimension, [ReportSpan]) {
        let months = labels.compactMap(DateRange.init(monthLabel:))
        var step = Dimension.month
        var wholes = months
        for coarser in [Dimension.quarter, .year] where wholes.count > PeriodReport.spansAtMost {
            step = coarser
            wholes = []
            for month in months {
                let whole = coarser == .quarter ? DateRange.quarter(containing: month.start) : DateRange.year(containing: month.start)
                if wholes.last != whole { wholes.append(whole) }
            }
        }
        let income = try grouped(Query.view(.sum, .income, period: period, where: condition, by: step, at: range))
        let expense = try grouped(Query.view(.sum, .expense, period: period, where: condition, by: step, at: range))
        let counts = try grouped(Query.view(.count, period: period, where: condition, by: step, at: range))
        var underWay: DateRange?
        if let whole = wholes.first(where: { $0.contains(today) && today < min($0.end, days.end) }) {
            let later = DateRange(start: today.adding(days: 1), end: min(whole.end, days.end))
            if count(try measure(Query.view(.count, period: Located(.range(later), range), where: condition))) == 0 { underWay = whole }
        }
        let expected = try self.expected(Query.view(.list, period: period, where: condition))
        return (step, wholes.map { whole in
            let label = switch step {
            case .quarter: "\(whole.start.yearText)-Q\(whole.start.quarter)"
            case .year: whole.start.yearText
            default: String(whole.start.iso.prefix(7))
            }
            let end = whole == underWay ? min(whole.end, days.end, today) : min(whole.end, days.end)
            let coming = expected.filter { whole.contains($0.day) && days.contains($0.day) }
            return ReportSpan(
                label: label, summary: balance(income[label], expense[label], in: currency), count: count(counts[label]),
                range: whole, covered: DateRange(start: max(whole.start, days.start), end: end),
                expected: coming.isEmpty ? nil : Balance(
                    income: coming.filter { $0.kind == .income }.reduce(0) { $0 + Int128($1.amount) },
                    expense: coming.filter { $0.kind == .expense }.reduce(0) { $0 + Int128($1.amount) }, currency: currency))
        })
    }
}
