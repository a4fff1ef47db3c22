import TallyCore

/// Columns of text aligned by display width. Cells are plain text; `paint`
/// colours a cell after it is padded, so escape codes never skew the widths.
///
/// A table wider than it may be never wraps a row. Its free-text columns
/// (`shrinkFirst`, such as remarks and places) give up width first, the
/// widest first, their cells cut with `…`; when they would be left too narrow
/// to read, the `droppable` columns go, in order; then the other text columns
/// are cut too, each header wider than its cells before any cell. Numbers
/// (right-aligned columns) and `uncut` columns never are.
struct TextTable {
    var headers: [String]
    var rightAligned: Set<Int> = []
    var rows: [[String]] = []
    var paint: (_ row: Int, _ column: Int, _ text: String) -> String = { _, _, text in text }
    var shrinkFirst: [Int] = []
    var droppable: [Int] = []
    var uncut: Set<Int> = []

    /// `headers` are the table's own words, shown in the reader's language;
    /// `labels` follow them as they are, being what the ledger holds (a
    /// category's name, a month), and `before` comes first as it is.
    init(headers: [String], labels: [String] = [], before: [String] = []) {
        self.headers = before + headers.map(TableWords.shown) + labels
    }

    /// The narrowest a column is cut to: two characters and `…`.
    static let narrowest = 3
    /// Narrower than this, a free-text column says too little to keep.
    static let readable = 8

    /// The table as lines of text; Ctrl-C (`interruption`) may stop a long one part way, leaving it incomplete.
    func render(style: Style, width: Int = .max, stoppingAt interruption: Interruption? = nil) -> String {
        let safeHeaders = headers.map(TerminalText.safe)
        let safeRows = rows.map(stoppingAt: interruption) { $0.map(TerminalText.safe) }
        let (shown, widths) = layout(safeHeaders, safeRows, width: width)

        func line(_ cells: [String], painted: (Int, String) -> String) -> String {
            var parts: [String] = []
            for index in shown where index < cells.count {
                let cell = TerminalText.cut(cells[index], to: widths[index])
                let padded = rightAligned.contains(index) || index != shown.last
                    ? TerminalText.pad(cell, to: widths[index], right: rightAligned.contains(index))
                    : cell
                parts.append(painted(index, padded))
            }
            return trimTrailing(parts.joined(separator: "  "))
        }
        let body = safeRows.indices.map(stoppingAt: interruption) { rowIndex in
            line(safeRows[rowIndex]) { column, text in paint(rowIndex, column, text) }
        }
        return ([line(safeHeaders) { _, text in style.bold(text) }] + body).joined(separator: "\n")
    }

    /// The columns shown in a table at most `width` wide, and their widths.
    func layout(width: Int) -> (shown: [Int], widths: [Int]) {
        layout(headers.map(TerminalText.safe), rows.map { $0.map(TerminalText.safe) }, width: width)
    }

    private func layout(_ safeHeaders: [String], _ safeRows: [[String]], width: Int) -> (shown: [Int], widths: [Int]) {
        var cells = safeHeaders.map { _ in 0 }
        for row in safeRows {
            for (index, cell) in row.enumerated() where index < cells.count {
                cells[index] = max(cells[index], TerminalText.width(cell))
            }
        }
        let natural = zip(safeHeaders, cells).map { max(TerminalText.width($0), $1) }
        var shown = Array(headers.indices)
        var widths = natural
        for dropped in [nil] + droppable.map(Optional.some) {
            if let dropped { shown.removeAll { $0 == dropped } }
            widths = natural
            shrink(&widths, columns: shrinkFirst.filter(shown.contains), shown: shown, toFit: width)
            let tooNarrow = shrinkFirst.contains { shown.contains($0) && widths[$0] < min(natural[$0], TextTable.readable) }
            if fits(widths, shown: shown, width) && !tooNarrow { break }
        }
        shrinkHeaders(&widths, over: cells, shown: shown, toFit: width)
        let others = shown.filter { !rightAligned.contains($0) && !shrinkFirst.contains($0) && !uncut.contains($0) }
        shrink(&widths, columns: others, shown: shown, toFit: width)
        return (shown, widths)
    }

    /// Cuts the headers wider than every cell under them, no further than
    /// those cells, before any cell is cut: the columns of the narrowest
    /// cells first, such as one holding only `*`.
    private func shrinkHeaders(_ widths: inout [Int], over cells: [Int], shown: [Int], toFit width: Int) {
        var excess = shown.map { widths[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1) - width
        for column in shown.filter({ !uncut.contains($0) }).sorted(by: { cells[$0] != cells[$1] ? cells[$0] < cells[$1] : $0 < $1 }) where excess > 0 {
            let room = widths[column] - max(cells[column], TextTable.narrowest)
            guard room > 0 else { continue }
            widths[column] -= min(room, excess)
            excess -= min(room, excess)
        }
    }

    /// How wide the table is when drawn at most `width` wide: where a bar may start.
    func drawnWidth(within width: Int) -> Int {
        let (shown, widths) = layout(width: width)
        return shown.map { widths[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1)
    }

    private func fits(_ widths: [Int], shown: [Int], _ width: Int) -> Bool {
        shown.map { widths[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1) <= width
    }

    /// Narrows `columns` until the shown columns are at most `width` wide:
    /// the widest first, those of equal width together, none below `narrowest`.
    private func shrink(_ widths: inout [Int], columns: [Int], shown: [Int], toFit width: Int) {
        var excess = shown.map { widths[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1) - width
        while excess > 0 {
            let candidates = columns.filter { widths[$0] > TextTable.narrowest }
            guard let top = candidates.map({ widths[$0] }).max() else { return }
            let widest = candidates.filter { widths[$0] == top }
            let next = max(TextTable.narrowest, candidates.map { widths[$0] }.filter { $0 < top }.max() ?? 0)
            let room = (top - next) * widest.count
            guard room < excess else {
                for (order, column) in widest.enumerated() {
                    widths[column] -= excess / widest.count + (order < excess % widest.count ? 1 : 0)
                }
                return
            }
            for column in widest { widths[column] = next }
            excess -= room
        }
    }

    private func trimTrailing(_ text: String) -> String {
        var result = Substring(text)
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
