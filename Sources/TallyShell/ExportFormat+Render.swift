import TallyCore
import TallyLanguage
import TallyRender
import TallyInterchange

extension ExportFormat {
    /// The file's content: CSV and JSON exactly as `list` gives them, drawn
    /// here because TallyInterchange does not reach the renderers; journals
    /// by its writers.
    func render(_ bills: BillList, accounts: ExportAccounts) -> String {
        switch self {
        case .csv: return CSVRenderer().render(.bills(bills)) + "\n"
        case .json: return JSONRenderer().render(.bills(bills)) + "\n"
        case .journal: return LedgerJournal(bills: bills.rows, accounts: accounts).text
        case .beancount: return BeancountFile(bills: bills.rows, accounts: accounts).text
        }
    }
}
