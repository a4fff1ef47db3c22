import TallyCore
import TallyLanguage

/// Results as aligned text for a terminal.
struct TableRenderer {
    let style: Style

    func render(_ result: QueryResult) -> String {
        switch result {
        case .aggregate(let aggregate):
            // Two currencies may share a symbol (¥ is CNY and JPY): name each when there are several.
            let namesCurrency = aggregate.cells.count > 1
            return aggregate.cells.map { cell in
                let text = MeasureText.human(cell.measure, symbol: true)
                let shown = aggregate.aggregate == .count ? text : style.signed(MeasureText.value(cell.measure), text)
                return namesCurrency ? shown + "  " + (cell.currency?.code ?? "") : shown
            }.joined(separator: "\n")
        case .groups(let groups):
            return groups.dimensions.count == 2 && !groups.showsCurrency ? pivot(groups) : flat(groups)
        case .bills(let bills):
            return bills.isEmpty ? "no bills" : billTable(bills)
        case .bill(let verb, let bill):
            return verb + " " + line(for: bill)
        case .records(let records):
            var table = TextTable(headers: records.columns)
            table.rows = records.rows.map { $0.map(\.text) }
            return table.render(style: style)
        case .message(let message):
            return TerminalText.safe(message)
        }
    }

    /// `#1042  2016-07-01  expense  25.50  food  lunch with team`
    func line(for bill: BillRow) -> String {
        var parts = ["#\(bill.id)", bill.day.iso, bill.kind.rawValue,
                     style.kind(bill.kind, MoneyFormat.grouped(bill.amount, bill.currency)), TerminalText.safe(bill.category)]
        if !bill.remark.isEmpty { parts.append(TerminalText.safe(bill.remark)) }
        if let place = bill.place { parts.append("@" + TerminalText.safe(place)) }
        if !bill.tags.isEmpty { parts.append(bill.tags.map { "#" + TerminalText.safe($0) }.joined(separator: " ")) }
        return parts.joined(separator: "  ")
    }

    private func billTable(_ bills: [BillRow]) -> String {
        let showBook = Set(bills.map(\.book)).count > 1
        var headers = ["id", "date", "kind", "amount", "category"]
        if showBook { headers.append("book") }
        headers += ["remark", "place", "tags"]
        var table = TextTable(headers: headers)
        table.rightAligned = [0, 3]
        table.rows = bills.map { bill in
            var row = ["#\(bill.id)", bill.day.iso, bill.kind.rawValue, MoneyFormat.grouped(bill.amount, bill.currency), bill.category]
            if showBook { row.append(bill.book) }
            row += [bill.remark, bill.place ?? "", bill.tags.map { "#" + $0 }.joined(separator: " ")]
            return row
        }
        table.paint = { row, column, text in column == 3 ? style.kind(bills[row].kind, text) : text }
        return table.render(style: style)
    }

    private func flat(_ groups: GroupResult) -> String {
        var headers = groups.dimensions.map(\.rawValue)
        if groups.showsCurrency { headers.append("currency") }
        headers.append(groups.aggregate.rawValue)
        var table = TextTable(headers: headers)
        let valueColumn = headers.count - 1
        table.rightAligned = [valueColumn]
        table.rows = groups.rows.map { row in
            var cells = row.labels.map { $0 ?? "(none)" }
            if groups.showsCurrency { cells.append(row.currency?.code ?? "") }
            cells.append(MeasureText.human(row.measure, symbol: false))
            return cells
        }
        table.paint = { row, column, text in
            column == valueColumn && groups.aggregate != .count ? style.signed(MeasureText.value(groups.rows[row].measure), text) : text
        }
        return groups.rows.isEmpty ? "no bills" : table.render(style: style)
    }

    /// Two dimensions as a grid: the first down the side, the second across.
    private func pivot(_ groups: GroupResult) -> String {
        guard !groups.rows.isEmpty else { return "no bills" }
        var rowLabels: [String?] = []
        var cells: [String: Measure] = [:]
        for row in groups.rows {
            if !rowLabels.contains(row.labels[0]) { rowLabels.append(row.labels[0]) }
            cells[key(row.labels[0], row.labels[1])] = row.measure
        }
        let columnLabels = groups.columnOrder.filter { label in groups.rows.contains { $0.labels[1] == label } }
        var table = TextTable(headers: [groups.dimensions[0].rawValue] + columnLabels.map { $0 ?? "(none)" })
        table.rightAligned = Set(1...columnLabels.count)
        table.rows = rowLabels.map { rowLabel in
            [rowLabel ?? "(none)"] + columnLabels.map { columnLabel in
                cells[key(rowLabel, columnLabel)].map { MeasureText.human($0, symbol: false) } ?? ""
            }
        }
        return table.render(style: style)
    }

    private func key(_ a: String?, _ b: String?) -> String {
        (a ?? "\u{0}") + "\u{1}" + (b ?? "\u{0}")
    }
}
