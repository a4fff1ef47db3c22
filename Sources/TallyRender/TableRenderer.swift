import TallyCore
import TallyLanguage

/// Results as aligned text for a terminal, no wider than `width`; lists and
/// grouped tables end with a total row.
struct TableRenderer {
    let style: Style
    let width: Int
    /// Ctrl-C, which stops a long list or view part way.
    var interruption: Interruption?

    func render(_ result: QueryResult) -> String {
        switch result {
        case .aggregate(let aggregate):
            // Two currencies may share a symbol (¥ is CNY and JPY): name each when there are several.
            let namesCurrency = aggregate.cells.count > 1
            return aggregate.cells.map { cell in
                // The smallest, largest or average of nothing is no number: say why there is none.
                guard cell.measure != .none else { return Translation.translated("no bills") }
                let text = MeasureText.human(cell.measure, symbol: true)
                let shown = aggregate.aggregate == .count ? text : style.signed(MeasureText.value(cell.measure), text)
                return namesCurrency ? shown + "  " + (cell.currency?.code ?? "") : shown
            }.joined(separator: "\n")
        case .groups(let groups):
            return groups.dimensions.count == 2 && !groups.showsCurrency ? pivot(groups) : flat(groups)
        case .bills(let bills):
            return bills.rows.isEmpty ? Translation.translated("no bills") : billTable(bills)
        case .bill(let verb, let bill):
            return line(for: bill, after: verb)
        case .records(let records):
            var table = TextTable(headers: records.columns)
            if records.columns.contains("account"), let balance = records.columns.firstIndex(of: "balance") {
                table.headers[balance] = TableWords.accountBalanceHeader
            }
            let all = records.rows + records.totals
            // A total row is headed by one of the tables' own words (`total`, `income`), shown in the reader's language.
            table.rows = all.enumerated().map { index, row in row.map { cell in
                TableRenderer.shown(cell) ?? (index < records.rows.count ? cell.text : TableWords.shown(cell.text))
            } }
            table.rightAligned = Set(records.columns.indices.filter { column in all.contains { $0[column].isNumeric } })
            // Free text gives up width first, so that names, times and numbers stay whole.
            table.shrinkFirst = records.columns.indices.filter { ["aliases", "change", "statement", "remark"].contains(records.columns[$0]) }
            table.droppable = table.shrinkFirst.filter { records.columns[$0] == "aliases" }
            table.uncut = Set(records.columns.indices.filter { ["id", "day", "next"].contains(records.columns[$0]) })
            return table.render(style: style, width: width)
        case .done(let done):
            return done.lines.map(TerminalText.safe).joined(separator: "\n")
        case .importPreview(let preview):
            var table = TextTable(headers: preview.rows.columns)
            table.rows = preview.rows.rows.map { row in row.map { cell in TableRenderer.shown(cell) ?? cell.text } }
            table.rightAligned = [0, 3]
            table.shrinkFirst = [5, 6]
            table.droppable = [6]
            return (preview.rows.rows.isEmpty ? "" : table.render(style: style, width: width) + "\n") + TerminalText.safe(preview.summary)
        case .timeline(let timeline): return views.render(timeline)
        case .pie(let pie): return views.render(pie)
        case .months(let months): return views.render(months)
        case .detail(let detail): return views.render(detail)
        case .billDetail(let detail): return views.render(detail)
        case .budgets(let report): return views.render(report)
        case .photos(let list): return views.render(list)
        case .search(let search):
            return search.bills.rows.isEmpty
                ? Translation.translated("no bills hold '%s'", TerminalText.safe(search.text)) : billTable(search.bills, marking: search.text)
        }
    }

    /// `added #1042  2016-07-01  expense  25.50  food  lunch with team`: the
    /// remark, place and tags cut so the line fits the width. Without a verb
    /// the line starts at the id.
    func line(for bill: BillRow, after verb: String) -> String {
        let amount = MoneyFormat.grouped(bill.amount, bill.currency)
        let id = TableRenderer.confirmed(verb, id: bill.id)
        let head = [id, bill.day.iso, bill.kind.words.shown].joined(separator: "  ") + "  "
        var rest = [TerminalText.safe(bill.category)]
        if !bill.remark.isEmpty { rest.append(TerminalText.safe(bill.remark)) }
        if let place = bill.place { rest.append("@" + TerminalText.safe(place)) }
        if !bill.tags.isEmpty { rest.append(bill.tags.map { "#" + TerminalText.safe($0) }.joined(separator: " ")) }
        if let account = bill.account { rest.append(Translation.translated("with %s", TerminalText.safe(account))) }
        let room = width - TerminalText.width(head) - TerminalText.width(amount) - 2
        return head + style.signed(Int128(bill.signedAmount), amount) + "  " + TerminalText.cut(rest.joined(separator: "  "), to: max(TextTable.narrowest, room))
    }

    /// `added #12`: what a statement did to the bill, in the reader's language.
    private static func confirmed(_ verb: String, id: Int64) -> String {
        switch verb {
        case "added": Translation.format(Translation.translated("added #%s"), id)
        case "edited": Translation.format(Translation.translated("edited #%s"), id)
        case "deleted": Translation.format(Translation.translated("deleted #%s"), id)
        default: (verb.isEmpty ? "" : verb + " ") + "#\(id)"
        }
    }

    private var views: ViewRenderer { ViewRenderer(style: style, width: width, interruption: interruption) }

    /// With `marking`, its matches in the text columns stand out when colour is on.
    private func billTable(_ list: BillList, marking: String? = nil) -> String {
        let bills = list.rows
        let showBook = Set(bills.map(\.book)).count > 1
        var headers = ["id", "date", "kind", "amount", "category"]
        if showBook { headers.append("book") }
        let showAccount = bills.contains { $0.account != nil }
        if showAccount { headers.append("account") }
        headers += ["remark", "place", "tags"]
        var table = TextTable(headers: headers)
        table.rightAligned = [0, 3]
        func columns(_ names: [String]) -> [Int] { names.compactMap { headers.firstIndex(of: $0) } }
        table.shrinkFirst = columns(["remark", "place", "tags"])
        table.droppable = columns(["tags", "place", "book", "account"])
        table.uncut = Set(columns(["date"]))
        // Looked up once, not for each of a million rows.
        let kinds = Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, $0.words.shown) })
        table.rows = bills.map(stoppingAt: interruption) { bill in
            // An expected bill has no id yet: `~` marks it.
            var row = [bill.isForecast ? "~" : "#\(bill.id)", bill.day.iso, kinds[bill.kind] ?? bill.kind.rawValue,
                       MoneyFormat.grouped(bill.amount, bill.currency), bill.category]
            if showBook { row.append(bill.book) }
            if showAccount { row.append(bill.account ?? "") }
            row += [bill.remark, bill.place ?? "", bill.tags.map { "#" + $0 }.joined(separator: " ")]
            return row
        }
        let namesCurrency = list.totals.cells.count > 1
        for cell in list.totals.cells {
            let count = bills.count { $0.currency == cell.currency }
            table.rows.append(["", TableWords.shown(list.net ? "net" : "total") + (namesCurrency ? " " + (cell.currency?.code ?? "") : ""),
                               Translation.plural("%d bill", "%d bills", count: count), MeasureText.human(cell.measure, symbol: false), ""])
        }
        let marked = Set(columns(["category", "remark", "place", "tags"]))
        table.paint = { row, column, text in
            if let marking, marked.contains(column) { return style.mark(marking, in: text) }
            guard column == 3 else { return text }
            guard row < bills.count else {
                let total = MeasureText.value(list.totals.cells[row - bills.count].measure)
                return style.signed(list.net ? total : total * Int128(bills[0].kind.signed(1)), text)
            }
            return style.signed(Int128(bills[row].signedAmount), text)
        }
        return table.render(style: style, width: width, stoppingAt: interruption)
    }

    private func flat(_ groups: GroupResult) -> String {
        guard !groups.rows.isEmpty else { return Translation.translated("no bills") }
        var headers = groups.dimensions.map(\.rawValue)
        if groups.showsCurrency { headers.append("currency") }
        headers.append(groups.aggregate.rawValue)
        var table = TextTable(headers: headers)
        let valueColumn = headers.count - 1
        table.rightAligned = [valueColumn]
        table.rows = groups.rows.map { row in
            var cells = zip(groups.dimensions, row.labels).map(TableRenderer.shown)
            if groups.showsCurrency { cells.append(row.currency?.code ?? "") }
            cells.append(MeasureText.human(row.measure, symbol: false))
            return cells
        }
        let measures = groups.rows.map(\.measure) + groups.totals.cells.map(\.measure)
        for cell in groups.totals.cells {
            var cells = [TableWords.shown("total")] + Array(repeating: "", count: groups.dimensions.count - 1)
            if groups.showsCurrency { cells.append(cell.currency?.code ?? "") }
            table.rows.append(cells + [MeasureText.human(cell.measure, symbol: false)])
        }
        table.paint = { row, column, text in
            column == valueColumn && groups.aggregate != .count ? style.signed(MeasureText.value(measures[row]), text) : text
        }
        return table.render(style: style, width: width)
    }

    /// Two dimensions as a grid: the first down the side, the second across,
    /// and each column's total at the foot.
    private func pivot(_ groups: GroupResult) -> String {
        guard !groups.rows.isEmpty else { return Translation.translated("no bills") }
        var rowLabels: [String?] = []
        var cells: [String: Measure] = [:]
        for row in groups.rows {
            if !rowLabels.contains(row.labels[0]) { rowLabels.append(row.labels[0]) }
            cells[key(row.labels[0], row.labels[1])] = row.measure
        }
        let shown = groups.columnOrder.indices.filter { index in groups.rows.contains { $0.labels[1] == groups.columnOrder[index] } }
        let columnLabels = shown.map { groups.columnOrder[$0] }
        var table = TextTable(headers: [groups.dimensions[0].rawValue], labels: columnLabels.map { TableRenderer.shown(groups.dimensions[1], $0) })
        table.rightAligned = Set(1...columnLabels.count)
        table.uncut = [0]
        // Too many columns to fit: the oldest times, or the smallest groups, are left out first.
        let columns = Array(1...columnLabels.count)
        table.droppable = groups.dimensions[1].isTime ? columns : columns.reversed()
        table.rows = rowLabels.map { rowLabel in
            [TableRenderer.shown(groups.dimensions[0], rowLabel)] + columnLabels.map { columnLabel in
                cells[key(rowLabel, columnLabel)].map { MeasureText.human($0, symbol: false) } ?? ""
            }
        }
        table.rows.append([TableWords.shown("total")] + shown.map { MeasureText.human(groups.columnTotals[$0], symbol: false) })
        let leftOut = table.headers.count - table.layout(width: width).shown.count
        guard leftOut > 0 else { return table.render(style: style, width: width) }
        return table.render(style: style, width: width) + "\n"
            + Translation.plural("(%d column left out to fit; 'as csv' shows them all)", "(%d columns left out to fit; 'as csv' shows them all)", count: leftOut)
    }

    /// A cell as only a table shows it: money grouped in thousands, words
    /// in the reader's language; nil for a cell shown as CSV shows it.
    static func shown(_ cell: RecordTable.Cell) -> String? {
        switch cell {
        case .money(let amount, let currency): MoneyFormat.grouped(amount, currency)
        case .phrase(let phrase): phrase.shown
        default: nil
        }
    }

    /// A group's label as a table shows it: a weekday or a kind in the
    /// reader's language, what no bill has as `(none)`, the rest as the ledger holds it.
    static func shown(_ dimension: Dimension, _ label: String?) -> String {
        guard let label else { return Translation.translated("(none)") }
        switch dimension {
        case .weekday: return DateWords.weekday(named: label)
        case .kind: return TableWords.shown(label)
        case .week where label.hasPrefix(Dimension.weekOf): return Translation.translated("week of %s", String(label.dropFirst(Dimension.weekOf.count)))
        default: return label
        }
    }

    private func key(_ a: String?, _ b: String?) -> String {
        (a ?? "\u{0}") + "\u{1}" + (b ?? "\u{0}")
    }
}
