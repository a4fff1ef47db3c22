/// Columns of text aligned by display width. Cells are plain text; `paint`
/// colours a cell after it is padded, so escape codes never skew the widths.
struct TextTable {
    var headers: [String]
    var rightAligned: Set<Int> = []
    var rows: [[String]] = []
    var paint: (_ row: Int, _ column: Int, _ text: String) -> String = { _, _, text in text }

    init(headers: [String]) {
        self.headers = headers
    }

    func render(style: Style) -> String {
        let safeHeaders = headers.map(TerminalText.safe)
        let safeRows = rows.map { $0.map(TerminalText.safe) }
        var widths = safeHeaders.map(TerminalText.width)
        for row in safeRows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.width(cell))
            }
        }
        func line(_ cells: [String], painted: (Int, String) -> String) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                let padded = rightAligned.contains(index) || !isLast
                    ? TerminalText.pad(cell, to: widths[index], right: rightAligned.contains(index))
                    : cell
                parts.append(painted(index, padded))
            }
            return trimTrailing(parts.joined(separator: "  "))
        }
        var lines = [line(safeHeaders) { _, text in style.bold(text) }]
        for (rowIndex, row) in safeRows.enumerated() {
            lines.append(line(row) { column, text in paint(rowIndex, column, text) })
        }
        return lines.joined(separator: "\n")
    }

    private func trimTrailing(_ text: String) -> String {
        var result = Substring(text)
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
