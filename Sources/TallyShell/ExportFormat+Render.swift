import TallyCore
import TallyLanguage
import TallyRender
import TallyInterchange

extension ExportFormat {
    /// The file's content: CSV and JSON exactly as `list` gives them (bills
    /// only), drawn here because TallyInterchange does not reach the
    /// renderers; journals, with the recurring rules, by its writers.
    func render(_ bills: BillList, rules: [RecurringRow], accounts: ExportAccounts, rates: [ExchangeRate] = []) -> String {
        switch self {
        case .csv: return CSVRenderer().render(.bills(bills)) + "\n"
        case .json: return JSONRenderer().render(.bills(bills)) + "\n"
        case .journal: return LedgerJournal(bills: bills.rows, rules: rules, accounts: accounts, rates: rates).text
        case .hledger: return LedgerJournal(bills: bills.rows, rules: rules, accounts: accounts, periodic: true, rates: rates).text
        case .beancount: return BeancountFile(bills: bills.rows, rules: rules, accounts: accounts, rates: rates).text
        }
    }
}
