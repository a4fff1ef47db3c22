import TallyCore
import TallyLanguage

/// Timi's screens as text no wider than `width`: every piece of stored text
/// is made safe and cut to the room it has, amounts are never cut.
struct ViewRenderer {
    let style: Style
    let width: Int
    /// Ctrl-C, which stops a long timeline or detail part way.
    var interruption: Interruption?

    // MARK: timeline

    /// How many days and bills the period holds, its totals, then each day:
    /// its date and totals once, its expenses left of the centre line and
    /// its income right of it.
    func render(_ timeline: Timeline) -> String {
        let currency = timeline.summary.currency
        let written = timeline.billCount == 0
            ? Translation.translated("no bills") : Translation.plural("%d bill", "%d bills", count: timeline.billCount)
        let expected = Translation.format(Translation.translated(", %d expected (~)"), timeline.expectedCount)
        let bills = written + (timeline.expectedCount == 0 ? "" : expected)
        let size = timeline.dayCount.map { Translation.format(Translation.translated("%s, %s"), Translation.plural("%d day", "%d days", count: $0), bills) } ?? bills
        let heading = Translation.format(Translation.translated("timeline of %s:"), timeline.period.label)
        // Too narrow for both, the size goes on a line of its own rather than be cut.
        let gap = Sentences.gap(after: heading)
        let title = TerminalText.width(heading) + gap.count + TerminalText.width(size) <= width
            ? heading + gap + size : TerminalText.cut(heading, to: width) + "\n" + size
        guard !timeline.days.isEmpty else { return title }
        var lines = [title, flow(summary(timeline.summary, currency))]
        let half = (width - 3) / 2
        /// Text on the left with an expense at the centre line; an income just
        /// after it, then its text. `flow` is the money the expense's amount
        /// stands for, which colours it: a refund is money back.
        func row(_ left: String, expense: String, flow: Int128 = -1, income: String, _ right: String) -> String {
            let leftText = TerminalText.cut(left, to: max(0, half - (expense.isEmpty ? 0 : TerminalText.width(expense) + 1)))
            let gap = String(repeating: " ", count: max(0, half - TerminalText.width(leftText) - TerminalText.width(expense)))
            var line = leftText + gap + (expense.isEmpty ? "" : style.signed(flow, expense)) + " │"
            if !income.isEmpty || !right.isEmpty {
                let room = half - TerminalText.width(income) - (right.isEmpty || income.isEmpty ? 0 : 2)
                let words = room > 1 && !right.isEmpty ? (income.isEmpty ? "" : "  ") + TerminalText.cut(right, to: room) : ""
                line += " " + (income.isEmpty ? "" : style.income(income)) + words
            }
            return line
        }
        for (index, day) in timeline.days.enumerated() {
            if index > 0, interruption?.stops() == true { break }
            lines.append("")
            // Each side's total as the money it moved: spending out, income in, refunds back in.
            let expense = day.summary.expense == 0 ? "" : MoneyFormat.signed(-day.summary.expense, currency)
            let income = day.summary.income == 0 ? "" : MoneyFormat.signed(day.summary.income, currency)
            // The weekday goes before the date would be cut.
            let weekday = " " + DateWords.weekday(day.day)
            let roomy = TerminalText.width(day.day.iso + weekday) + TerminalText.width(expense) + 1 <= half
            lines.append(row(day.day.iso + (roomy ? weekday : ""), expense: expense, flow: -day.summary.expense, income: income, ""))
            for bill in day.bills {
                // An expected bill is marked, and dimmed where colour is on.
                let mark = bill.isForecast ? "~" : ""
                let amount = mark + MoneyFormat.grouped(bill.amount, bill.currency)
                let line = bill.kind == .expense
                    ? row("  " + describe(bill), expense: amount, flow: Int128(bill.signedAmount), income: "", "")
                    : row("", expense: "", income: amount, describe(bill))
                lines.append(bill.isForecast ? style.dim(line) : line)
            }
            for transfer in day.transfers {
                // Neither spent nor received: on neither side of the centre line.
                let moved = transfer.amount + (transfer.received.map { " → \($0)" } ?? "")
                let words = ["⇄ \(moved) \(TerminalText.safe(transfer.from)) → \(TerminalText.safe(transfer.to))"]
                    + (transfer.remark.isEmpty ? [] : [TerminalText.safe(transfer.remark)])
                lines.append(TerminalText.cut("  " + words.joined(separator: "  "), to: width))
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: pie

    /// Each category's amount, share and bills, largest first, with a bar.
    func render(_ pie: Pie) -> String {
        let count = pie.slices.reduce(0) { $0 + $1.count }
        let title = flow(["\(pie.kind.words.shown) \(pie.period.label)", MoneyFormat.withSymbol(pie.total, pie.currency),
                          Translation.plural("%d bill", "%d bills", count: count)])
        guard !pie.slices.isEmpty else { return title + "\n" + Translation.translated("no bills") }
        var table = TextTable(headers: ["category", "amount", "share", "bills"])
        table.rightAligned = [1, 2, 3]
        table.rows = pie.slices.map { slice in
            [icon(slice.icon) + slice.category, MoneyFormat.grouped(slice.amount, pie.currency), slice.share + "%", String(slice.count)]
        }
        table.rows.append([TableWords.shown("total"), MoneyFormat.grouped(pie.total, pie.currency), "100.0%", String(pie.slices.reduce(0) { $0 + $1.count })])
        // A category refunded more than was spent on it has no bar, as it has no share.
        return title + "\n" + withBars(table, scaling: pie.slices.map { max(0, $0.amount).magnitude })
    }

    // MARK: months

    /// Each month with bills: income, expense, balance and bills, a bar of
    /// its spending, and the year's total.
    func render(_ months: MonthTable) -> String {
        guard !months.months.isEmpty else { return months.yearText + "  " + Translation.translated("no bills") }
        let currency = months.total.currency
        var table = TextTable(headers: [months.yearText, "income", "expense", "balance", "bills"])
        table.uncut = [0]
        table.rightAligned = [1, 2, 3, 4]
        var balances: [Int128] = []
        var expectedRows: Set<Int> = []
        var spending: [UInt128] = []
        for line in months.months {
            if line.count > 0 || line.expected == nil {
                table.rows.append([DateWords.month(line.month)] + amounts(line.summary, currency) + [String(line.count)])
                balances.append(line.summary.balance)
                spending.append(max(0, line.summary.expense).magnitude)
            }
            // What recurring bills will post after today, on a line of its own, in no total.
            if let expected = line.expected {
                expectedRows.insert(table.rows.count)
                let name = line.count > 0 ? "~" : "~" + DateWords.month(line.month)
                table.rows.append([name] + amounts(expected, currency).map { "~" + $0 } + [""])
                balances.append(expected.balance)
                spending.append(0)
            }
        }
        table.rows.append([TableWords.shown("total")] + amounts(months.total, currency) + [String(months.count)])
        balances.append(months.total.balance)
        table.paint = { row, column, text in
            if expectedRows.contains(row) { return style.dim(text) }
            switch column {
            case 1: return style.income(text)
            case 2: return style.expense(text)
            case 3: return style.signed(balances[row], text)
            default: return text
            }
        }
        return withBars(table, scaling: spending)
    }

    // MARK: detail

    /// The category's bills under a line for each month with its subtotal.
    func render(_ detail: CategoryDetail) -> String {
        let name = Translation.translated("%s (%s)", icon(detail.icon) + TerminalText.safe(detail.category), detail.kind.words.shown)
        let title = flow([name, MoneyFormat.withSymbol(detail.total, detail.currency), Translation.plural("%d bill", "%d bills", count: detail.count)])
        guard !detail.months.isEmpty else { return title + "\n" + Translation.translated("no bills") }
        var table = TextTable(headers: ["month", "date", "id", "amount", "remark", "place", "tags"])
        table.rightAligned = [2, 3]
        table.shrinkFirst = [4, 5, 6]
        table.droppable = [6, 5]
        table.uncut = [0, 1]
        // Each row's money as it moved, which colours its amount: a refund is money back.
        var flows: [Int128] = []
        for month in detail.months {
            table.rows.append([month.label, "", "", MoneyFormat.grouped(month.subtotal, detail.currency), "", "", ""])
            flows.append(month.subtotal * Int128(detail.kind.signed(1)))
            table.rows += month.bills.map { bill in
                ["", bill.day.iso, "#\(bill.id)", MoneyFormat.grouped(bill.amount, bill.currency), bill.remark, bill.place ?? "",
                 bill.tags.map { "#" + $0 }.joined(separator: " ")]
            }
            flows += month.bills.map { Int128($0.signedAmount) }
        }
        table.rows.append([TableWords.shown("total"), "", "", MoneyFormat.grouped(detail.total, detail.currency), "", "", ""])
        flows.append(detail.total * Int128(detail.kind.signed(1)))
        let subtotalRows = Set(table.rows.indices.filter { !table.rows[$0][0].isEmpty })
        table.paint = { row, column, text in
            let painted = column == 3 ? style.signed(flows[row], text) : text
            return subtotalRows.contains(row) ? style.bold(painted) : painted
        }
        return title + "\n" + table.render(style: style, width: width, stoppingAt: interruption)
    }

    // MARK: budget

    /// Each budget: what it allows, what was spent, what is left (or how far
    /// over), and a bar filled as far as the budget is used.
    func render(_ report: BudgetReport) -> String {
        guard !report.lines.isEmpty else {
            return Translation.translated("no budgets; set one with 'budget food 1500'")
        }
        var table = TextTable(headers: ["budget", "spent", "left"], before: [Translation.format(Translation.translated("budget %s"), report.month)])
        table.rightAligned = [1, 2, 3]
        table.rows = report.lines.map { line in
            [line.category.map { icon(line.icon) + $0 } ?? TableWords.shown("total")]
                + [line.budget, line.spent, line.left].map { MoneyFormat.grouped($0, report.currency) }
        }
        table.paint = { row, column, text in
            column == 3 && report.lines[row].left < 0 ? style.expense(text) : text
        }
        let drawn = withBars(table, maximum: 30) { row, room in
            let line = report.lines[row]
            let filled = line.left <= 0 ? room : ChartRenderer.barLength(max(0, line.spent).magnitude, largest: line.budget.magnitude, columns: room)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: room - filled)
            return line.left < 0 ? style.expense(bar) : style.dim(bar)
        }
        let ahead = report.lines.compactMap { line in line.outlook.map { outlook(line, $0, report.currency) } }
        return ([drawn] + ahead).joined(separator: "\n")
    }

    /// `total: 59.00 still scheduled; at this pace 6,629.24 by the 31st, on track`,
    /// broken between its parts where the width asks.
    private func outlook(_ line: BudgetLine, _ outlook: BudgetOutlook, _ currency: Currency) -> String {
        let name = Translation.translated("%s:", line.category.map(TerminalText.safe) ?? TableWords.shown("total"))
        let scheduled = outlook.scheduled == 0 ? [] : [Translation.translated("%s still scheduled;", MoneyFormat.grouped(outlook.scheduled, currency))]
        let over = outlook.projected - line.budget
        let pace = ViewRenderer.pace(MoneyFormat.grouped(outlook.projected, currency), by: outlook.end.dayOfMonth)
        let verdict = over > 0
            ? Translation.translated("over the budget by %s", MoneyFormat.withSymbol(over, currency)) : Translation.translated("on track")
        return flow([name] + scheduled + [pace, verdict], separator: " ")
    }

    /// `at this pace 6,629.24 by the 31st,`: a sentence for each of English's
    /// ordinal endings, as another language writes the day its own way.
    static func pace(_ amount: String, by day: Int) -> String {
        switch (11...13).contains(day % 100) ? 0 : day % 10 {
        case 1: Translation.translated("at this pace %s by the %dst,", amount, day)
        case 2: Translation.translated("at this pace %s by the %dnd,", amount, day)
        case 3: Translation.translated("at this pace %s by the %drd,", amount, day)
        default: Translation.translated("at this pace %s by the %dth,", amount, day)
        }
    }

    // MARK: show

    /// Every field of the bill, one to a line.
    func render(_ detail: BillDetail) -> String {
        let bill = detail.bill
        let fields = [
            (TableWords.shown("date"), bill.day.iso + " " + DateWords.weekday(bill.day)),
            (TableWords.shown("kind"), bill.kind.words.shown + (bill.isRefund ? Translation.translated(": a refund, money back") : "")),
            (TableWords.shown("amount"), MoneyFormat.withSymbol(bill.amount, bill.currency) + " " + bill.currency.code),
            (TableWords.shown("category"), icon(bill.icon) + TerminalText.safe(bill.category)),
            (TableWords.shown("book"), TerminalText.safe(bill.book)),
            (TableWords.shown("remark"), TerminalText.safe(bill.remark)),
            (TableWords.shown("place"), bill.place.map(TerminalText.safe) ?? ""),
            (TableWords.shown("tags"), bill.tags.map { "#" + TerminalText.safe($0) }.joined(separator: " ")),
            (Translation.translated("created"), Timestamp.local(detail.created)),
            (Translation.translated("updated"), Timestamp.local(detail.updated)),
        ] + detail.photos.map { photo in
            (Translation.translated("photo %d", photo.number), "\(TerminalText.safe(photo.name))  \(photo.type)  \(PhotoList.size(photo.size))")
        }
        let room = max(1, width - 10)
        return (["#\(bill.id)"] + fields.map { name, value in
            value.isEmpty ? name : TerminalText.pad(name, to: 8) + "  " + TerminalText.cut(value, to: room)
        }).joined(separator: "\n")
    }

    // MARK: attachments

    func render(_ list: PhotoList) -> String {
        guard !list.photos.isEmpty else { return Translation.translated("#%s has no photos; add one with 'attach #%s FILE'", list.billID, list.billID) }
        var table = TextTable(headers: ["photo", "name", "type", "size", "sha256", "added"])
        table.rightAligned = [0, 3]
        table.shrinkFirst = [1, 4]
        table.droppable = [4, 5]
        table.rows = list.photos.map { photo in
            [String(photo.number), photo.name, photo.type, PhotoList.size(photo.size), photo.sha256, Timestamp.local(photo.added)]
        }
        return table.render(style: style, width: width)
    }

    // MARK: Pieces

    private func summary(_ balance: Balance, _ currency: Currency) -> [String] {
        [TableWords.shown("income") + " " + MoneyFormat.withSymbol(balance.income, currency),
         TableWords.shown("expense") + " " + MoneyFormat.withSymbol(balance.expense, currency),
         TableWords.shown("balance") + " " + MoneyFormat.withSymbol(balance.balance, currency)]
    }

    /// `pieces` two spaces apart, going on to a new line rather than past the
    /// width: an amount is never cut. A piece wider than a whole line is cut.
    private func flow(_ pieces: [String], separator: String = "  ") -> String {
        var lines: [String] = []
        for piece in pieces.map({ TerminalText.cut($0, to: width) }) {
            if let last = lines.last, case let gap = Sentences.gap(after: last, separator),
               TerminalText.width(last) + gap.count + TerminalText.width(piece) <= width {
                lines[lines.count - 1] = last + gap + piece
            } else {
                lines.append(piece)
            }
        }
        return lines.joined(separator: "\n")
    }

    private func amounts(_ balance: Balance, _ currency: Currency) -> [String] {
        [balance.income, balance.expense, balance.balance].map { MoneyFormat.grouped($0, currency) }
    }

    /// `🍜 food  lunch with team`: what a timeline shows of a bill beside its amount.
    private func describe(_ bill: BillRow) -> String {
        icon(bill.icon) + TerminalText.safe(bill.category) + (bill.remark.isEmpty ? "" : "  " + TerminalText.safe(bill.remark))
    }

    private func icon(_ glyph: String) -> String {
        glyph.isEmpty ? "" : TerminalText.safe(glyph) + " "
    }

    /// The table, with a bar after each of its first rows scaled to the
    /// largest of `values`, in the width the table leaves.
    private func withBars(_ table: TextTable, scaling values: [UInt128]) -> String {
        let largest = values.max() ?? 0
        return withBars(table) { row, room in
            guard row < values.count, values[row] > 0 else { return "" }
            return style.dim(String(repeating: "█", count: max(1, ChartRenderer.barLength(values[row], largest: largest, columns: room))))
        }
    }

    /// The table with `bar(row, room)` after each row but the header, lined
    /// up after the table in the room it leaves, up to `maximum` columns.
    private func withBars(_ table: TextTable, maximum: Int = .max, bar: (Int, Int) -> String) -> String {
        var lines = table.render(style: style, width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let plain = table.render(style: Style(color: false), width: width).split(separator: "\n", omittingEmptySubsequences: false)
        let used = table.drawnWidth(within: width)
        let room = min(maximum, width - used - 2)
        guard room >= 3 else { return lines.joined(separator: "\n") }
        for index in lines.indices.dropFirst() {
            let drawn = bar(index - 1, room)
            guard !drawn.isEmpty else { continue }
            lines[index] += String(repeating: " ", count: max(0, used - TerminalText.width(String(plain[index])))) + "  " + drawn
        }
        return lines.joined(separator: "\n")
    }
}
