import TallyCore
import TallyLanguage

extension CSVImport {
    /// The most rows a dry run lists; the totals under them count every row.
    static let previewRows = 200

    /// A dry run: each row and what would become of it, written nowhere.
    /// What would become of a row is one of a few words, English in CSV and
    /// JSON and translated where a table shows it, as are the columns; a
    /// row's note explains, in the reader's language, as an error would.
    func preview(_ checked: Checked) -> Outcome {
        let ledger = evaluator.ledger
        let fates = self.fates(of: checked.good)
        let categories = Dictionary((ledger.categories + checked.resolver.created).map { ($0.id, $0) }) { first, _ in first }
        let books = Dictionary(ledger.books.map { ($0.id, $0) }) { first, _ in first }
        var lines: [(line: Int, cells: [RecordTable.Cell])] = []
        var counts = ImportPreview.Counts(passedOver: checked.skipped.count, refused: checked.badCount)
        for (row, fate) in zip(checked.good, fates) {
            let would: RecordTable.Cell
            switch fate {
            case .add:
                counts.add += 1
                would = .words("add")
            case .there(let bill):
                counts.there += 1
                would = .words("there: #%d", bill)
            case .duplicate(let bill):
                counts.there += 1
                would = .words("there: #%d, equal", bill)
            case .changed(let bill, _):
                counts.changed += 1
                would = options.updates ? .words("update #%d", bill) : .words("changed: #%d", bill)
            }
            let currency = books[row.bookID]?.currency ?? .cny
            let amount = Int128(row.amount) * (row.kind == .income ? 1 : -1)
            let note = checked.suggestions[row.line].map { Translation.translated("learn gives %s", $0) } ?? ""
            lines.append((row.line, [
                .number(row.line), would, .text(row.day.iso), .money(amount, currency),
                .text(categories[row.categoryID]?.name ?? ""), .text(row.remark), row.place.map { .text($0) } ?? .null, .text(note),
            ]))
        }
        for skipped in checked.skipped {
            lines.append((skipped.line, [.number(skipped.line), .words("pass over"), .null, .null, .null, .null, .null, .text(skipped.why.shown)]))
        }
        for bad in checked.bad {
            let reason = bad.text.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? bad.text
            lines.append((bad.line, [.number(bad.line), .words("refuse"), .null, .null, .null, .null, .null, .text(reason)]))
        }
        lines.sort { $0.line < $1.line }
        let shown = Array(lines.prefix(CSVImport.previewRows).map(\.cells))
        return .result(.importPreview(ImportPreview(
            rows: RecordTable(columns: ["line", "would", "date", "amount", "category", "remark", "place", "note"], rows: shown),
            counts: counts,
            unshown: checked.badCount - checked.bad.count + lines.count - shown.count)), format: nil)
    }
}
