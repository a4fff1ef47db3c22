import TallyCore
import TallyLanguage

/// Results as RFC 4180 CSV: a header row, then one row per result. A cell a
/// spreadsheet would run as a formula is guarded (`CSV.guarded`); other text
/// is written exactly, as data, except on a terminal, where each cell is
/// made safe as a table's are. Text a bill lacks (no remark, no place) is an
/// empty cell, as it is `null` in JSON.
public struct CSVRenderer {
    /// Whether the CSV is shown on a terminal rather than written to a file or a pipe.
    var forTerminal = false
    /// Ctrl-C, which stops a long list part way.
    var interruption: Interruption?

    public init(forTerminal: Bool = false, interruption: Interruption? = nil) {
        self.forTerminal = forTerminal
        self.interruption = interruption
    }

    public func render(_ result: QueryResult) -> String {
        switch result {
        case .aggregate(let aggregate):
            if aggregate.aggregate == .count {
                return lines([["count"]] + aggregate.cells.map { [MeasureText.plain($0.measure) ?? ""] })
            }
            return lines([[aggregate.aggregate.rawValue, "currency"]]
                + aggregate.cells.map { [MeasureText.plain($0.measure) ?? "", $0.currency?.code ?? ""] })
        case .groups(let groups):
            let header = groups.dimensions.map(\.rawValue) + (groups.showsCurrency ? ["currency"] : []) + [groups.aggregate.rawValue]
            return lines([header] + groups.rows.map { row in
                row.labels.map { $0 ?? "" } + (groups.showsCurrency ? [row.currency?.code ?? ""] : [])
                    + [MeasureText.plain(row.measure) ?? ""]
            })
        case .bills(let bills):
            return billLines(bills.rows)
        case .bill(_, let bill):
            return billLines([bill])
        case .records(let records):
            return lines([records.columns] + records.rows.map { $0.map(\.text) })
        case .done(let done):
            return done.lines.map(TerminalText.safe).joined(separator: "\n")
        case .importPreview(let preview):
            return lines([preview.rows.columns] + preview.rows.rows.map { $0.map(\.text) })
        case .timeline(let timeline):
            // The bills written: a CSV of them imports back, which expected bills must not.
            return billLines(timeline.days.flatMap(\.bills).filter { !$0.isForecast })
        case .pie(let pie):
            return lines([["category", "amount", "share", "bills"]] + pie.slices.map { slice in
                [slice.category, MoneyFormat.plain(slice.amount, pie.currency), slice.share, String(slice.count)]
            })
        case .months(let months):
            return lines([["month", "income", "expense", "balance", "bills"]] + months.months.map { line in
                [months.label(line)]
                    + [line.summary.income, line.summary.expense, line.summary.balance].map { MoneyFormat.plain($0, line.summary.currency) }
                    + [String(line.count)]
            })
        case .detail(let detail):
            return billLines(detail.months.flatMap(\.bills))
        case .billDetail(let detail):
            return billLines([detail.bill], times: [[String(detail.created), String(detail.updated)]])
        case .search(let search):
            return billLines(search.bills.rows)
        case .photos(let list):
            return lines([["bill", "photo", "name", "type", "size", "sha256", "added"]] + list.photos.map { photo in
                [String(photo.billID), String(photo.number), photo.name, photo.type, String(photo.size), photo.sha256, String(photo.added)]
            })
        case .budgets(let report):
            return lines([["month", "category", "budget", "spent", "left"]] + report.lines.map { line in
                [report.month, line.category ?? ""] + [line.budget, line.spent, line.left].map { MoneyFormat.plain($0, report.currency) }
            })
        }
    }

    /// Bills under their header; an `account` column only once a book keeps several, and `times` after each when given.
    private func billLines(_ bills: [BillRow], times: [[String]] = []) -> String {
        let withAccount = bills.contains { $0.account != nil }
        let header = BillRow.columns + (withAccount ? ["account"] : []) + (times.isEmpty ? [] : ["created", "updated"])
        return lines([header] + bills.enumerated().map(stoppingAt: interruption) { index, bill in
            cells(bill, withAccount: withAccount) + (index < times.count ? times[index] : [])
        })
    }

    /// The header of a list of bills written a part at a time, as `render` writes it for them all.
    public func billHeader(withAccount: Bool) -> String {
        lines([BillRow.columns + (withAccount ? ["account"] : [])])
    }

    /// One bill's line under `billHeader`.
    public func billLine(_ bill: BillRow, withAccount: Bool) -> String {
        lines([cells(bill, withAccount: withAccount)])
    }

    private func cells(_ bill: BillRow, withAccount: Bool) -> [String] {
        [bill.isForecast ? "" : String(bill.id), bill.day.iso, bill.kind.rawValue, MoneyFormat.plain(bill.amount, bill.currency),
         bill.category, bill.remark, bill.book, bill.place ?? "", bill.tags.joined(separator: " ")] + (withAccount ? [bill.account ?? ""] : [])
    }

    private func lines(_ rows: [[String]]) -> String {
        rows.map(stoppingAt: interruption) { row in
            let cells = row.map(CSV.guarded)
            return CSV.line(forTerminal ? cells.map(TerminalText.safe) : cells)
        }.joined(separator: "\n")
    }
}
