import TallyCore
import TallyLanguage
import TallyRender
import TallyInterchange

extension ExportFormat {
    /// The file's content: CSV and JSON exactly as `list` gives them (bills
    /// only, each with its account where its book keeps several), drawn here
    /// because TallyInterchange does not reach the renderers; journals, with
    /// the recurring rules and the accounts' entries, by its writers.
    func render(
        _ bills: BillList, rules: [RecurringRow], accounts: ExportAccounts, rates: [ExchangeRate] = [], entries: AccountEntries = .none
    ) -> String {
        switch self {
        case .csv: return CSVRenderer().render(.bills(bills)) + "\n"
        case .json: return JSONRenderer().render(.bills(bills)) + "\n"
        case .journal: return LedgerJournal(bills: bills.rows, rules: rules, accounts: accounts, rates: rates, entries: entries).text
        case .hledger: return LedgerJournal(bills: bills.rows, rules: rules, accounts: accounts, periodic: true, rates: rates, entries: entries).text
        case .beancount: return BeancountFile(bills: bills.rows, rules: rules, accounts: accounts, rates: rates, entries: entries).text
        }
    }

    /// Whether the file holds transfers, openings and reconciled balances: CSV and JSON hold only bills.
    var holdsAccountEntries: Bool { holdsRules }
}
