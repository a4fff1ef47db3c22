import TallyCore
import TallyLanguage

/// Groups as horizontal bars scaled to the largest, filling the width the
/// labels and values leave; other results as tables.
struct ChartRenderer {
    let style: Style
    let width: Int
    /// Ctrl-C, for a result drawn as a table instead.
    var interruption: Interruption?
    /// Bars get at least this many columns; labels are cut to leave them.
    static let narrowestBars = 10

    func render(_ result: QueryResult) -> String {
        guard case .groups(let groups) = result, !groups.rows.isEmpty else {
            return TableRenderer(style: style, width: width, interruption: interruption).render(result)
        }
        let values = groups.rows.map { MeasureText.human($0.measure, symbol: false) }
        let valueWidth = values.map(TerminalText.width).max() ?? 0
        let labelRoom = max(TextTable.narrowest, width - valueWidth - 4 - ChartRenderer.narrowestBars)
        let labels = groups.rows.map { row in
            TerminalText.cut(
                TerminalText.safe(zip(groups.dimensions, row.labels).map(TableRenderer.shown).joined(separator: " · ")
                    + (groups.showsCurrency ? " " + (row.currency?.code ?? "") : "")),
                to: labelRoom)
        }
        let largest = groups.rows.map { MeasureText.value($0.measure).magnitude }.max() ?? 0
        let labelWidth = labels.map(TerminalText.width).max() ?? 0
        let barWidth = max(1, width - labelWidth - valueWidth - 4)
        return groups.rows.indices.map { index in
            let magnitude = MeasureText.value(groups.rows[index].measure).magnitude
            let length = ChartRenderer.barLength(magnitude, largest: largest, columns: barWidth)
            let bar = String(repeating: "█", count: max(magnitude > 0 ? 1 : 0, length))
            return TerminalText.pad(labels[index], to: labelWidth) + "  "
                + TerminalText.pad(values[index], to: valueWidth, right: true) + "  " + style.dim(bar)
        }.joined(separator: "\n")
    }

    /// `magnitude` as a share of `columns`, rounded, where `largest` fills
    /// them all. When the product could overflow, whole columns are counted
    /// out of the largest's share per column instead.
    static func barLength(_ magnitude: UInt128, largest: UInt128, columns: Int) -> Int {
        guard largest > 0 else { return 0 }
        let width = UInt128(columns)
        let (product, overflow) = magnitude.multipliedReportingOverflow(by: width)
        if !overflow { return Int((product + largest / 2) / largest) }
        let column = largest / width
        let (whole, left) = magnitude.quotientAndRemainder(dividingBy: column)
        return Int(whole) + (left >= column - left ? 1 : 0)
    }
}
