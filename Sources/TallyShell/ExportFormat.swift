import TallyCore
import TallyLanguage
import TallyRender

/// The formats `export` writes, chosen by the file's extension.
enum ExportFormat: String, CaseIterable {
    case csv, json, journal, beancount

    /// Extensions each format answers to; hledger and ledger users name journals several ways.
    static let extensions: [String: ExportFormat] = [
        "csv": .csv, "json": .json, "journal": .journal, "ledger": .journal, "hledger": .journal, "beancount": .beancount, "bean": .beancount,
    ]

    init?(path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), let format = ExportFormat.extensions[name[name.index(after: dot)...].lowercased()] else {
            return nil
        }
        self = format
    }

    /// What the format is, for the confirmation.
    var title: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .journal: return "hledger/ledger journal"
        case .beancount: return "beancount file"
        }
    }

    /// The file's content: CSV and JSON exactly as `list` gives them.
    func render(_ bills: BillList, categories: [Category]) -> String {
        switch self {
        case .csv: return CSVRenderer().render(.bills(bills)) + "\n"
        case .json: return JSONRenderer().render(.bills(bills)) + "\n"
        case .journal: return LedgerJournal(bills: bills.rows).text
        case .beancount: return BeancountFile(bills: bills.rows, categories: categories).text
        }
    }
}
