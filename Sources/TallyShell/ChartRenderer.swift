import TallyCore
import TallyLanguage

/// Groups as horizontal bars scaled to the largest; other results as tables.
struct ChartRenderer {
    let style: Style
    static let barWidth = 40

    func render(_ result: QueryResult) -> String {
        guard case .groups(let groups) = result, !groups.rows.isEmpty else {
            return TableRenderer(style: style).render(result)
        }
        let labels = groups.rows.map { row in
            TerminalText.safe(row.labels.map { $0 ?? "(none)" }.joined(separator: " · ")
                + (groups.showsCurrency ? " " + (row.currency?.code ?? "") : ""))
        }
        let values = groups.rows.map { MeasureText.human($0.measure, symbol: false) }
        let largest = groups.rows.map { MeasureText.value($0.measure).magnitude }.max() ?? 0
        let labelWidth = labels.map(TerminalText.width).max() ?? 0
        let valueWidth = values.map(TerminalText.width).max() ?? 0
        return groups.rows.indices.map { index in
            let magnitude = MeasureText.value(groups.rows[index].measure).magnitude
            let length = ChartRenderer.barLength(magnitude, largest: largest)
            let bar = String(repeating: "█", count: max(magnitude > 0 ? 1 : 0, length))
            return TerminalText.pad(labels[index], to: labelWidth) + "  "
                + TerminalText.pad(values[index], to: valueWidth, right: true) + "  " + style.dim(bar)
        }.joined(separator: "\n")
    }

    /// `magnitude` as a share of `barWidth` columns, rounded, where `largest`
    /// fills them all. Whole columns are counted out of the largest's
    /// fortieths, so no product can overflow however large the totals.
    static func barLength(_ magnitude: UInt128, largest: UInt128) -> Int {
        guard largest > 0 else { return 0 }
        let width = UInt128(barWidth)
        let (product, overflow) = magnitude.multipliedReportingOverflow(by: width)
        if !overflow { return Int((product + largest / 2) / largest) }
        let column = largest / width
        let (whole, left) = magnitude.quotientAndRemainder(dividingBy: column)
        return Int(whole) + (left >= column - left ? 1 : 0)
    }
}
