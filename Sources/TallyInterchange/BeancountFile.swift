import TallyCore
import TallyLanguage

/// Bills as a beancount file: the operating currencies, an `open` for every
/// account on the day before the first bill or rule, then one transaction
/// per bill, `Expenses:Category` or `Income:Category` against `Assets:Book`,
/// each account as the ledger keeps it. Each recurring rule follows as a
/// `custom "recurring"` directive dated its start: its schedule in words, the
/// amount of the bill it posts, the account that amount goes to and the one
/// it comes from (as the bill's first and second postings), and its remark,
/// with the rule's number, place and tags as metadata. Exchange rates are
/// `price` entries. Where a book keeps several accounts, each bill posts to
/// its own account's; the accounts' openings (against
/// `Equity:Opening-Balances`) and transfers are transactions, and each
/// reconciled balance a `balance` entry dated the day after, as beancount
/// checks one at the start of its day.
public struct BeancountFile {
    let bills: [BillRow]
    let rules: [RecurringRow]
    let accounts: ExportAccounts
    let rates: [ExchangeRate]
    let entries: AccountEntries

    public init(bills: [BillRow], rules: [RecurringRow] = [], accounts: ExportAccounts, rates: [ExchangeRate] = [], entries: AccountEntries = .none) {
        self.bills = bills
        self.rules = rules
        self.accounts = accounts
        self.rates = rates
        self.entries = entries
    }

    /// The account the accounts' openings come from.
    static let openingBalances = "Equity:Opening-Balances"

    public var text: String {
        var transactions = ""
        var bookCurrencies: [String: String] = [:]
        var categoryAccounts: Set<String> = []
        var currencyUse: [String: Int] = [:]
        /// The accounts money goes to and comes from in `bill`, each opened.
        /// The account money is held in, opened in its currency.
        func holding(_ book: String, _ account: String?, _ currency: Currency) -> String {
            let name = accounts.holding(book: book, account: account).beancount
            bookCurrencies[name] = currency.code
            return name
        }
        func postings(_ bill: BillRow) -> (into: String, from: String) {
            let categoryAccount = (bill.kind == .expense ? "Expenses:" : "Income:") + accounts.category(bill.category).beancount
            let bookAccount = holding(bill.book, bill.account, bill.currency)
            categoryAccounts.insert(categoryAccount)
            // A refund posts a negative expense: the money goes back into the book's account.
            return bill.kind == .expense ? (categoryAccount, bookAccount) : (bookAccount, categoryAccount)
        }
        var dated: [DayOrder.Dated] = []
        for opening in entries.openings {
            categoryAccounts.insert(BeancountFile.openingBalances)
            let account = holding(opening.account.book, opening.account.account, opening.account.currency)
            dated.append(DayOrder.Dated(day: opening.day, rank: .opening, text: "\n\(opening.day.iso) * \"opening balance\"\n"
                + BeancountFile.posting(account, opening.amount, opening.account.currency)
                + BeancountFile.posting(BeancountFile.openingBalances, -opening.amount, opening.account.currency)))
        }
        for move in entries.moves {
            // Across currencies the amount received is in its own commodity, at a total price (not a cost,
            // which would make it a lot to book): the price is what balances the transaction.
            let price = move.from.currency == move.to.currency ? "" : " @@ \(MoneyFormat.plain(move.amount, move.from.currency)) \(move.from.currency.code)"
            let from = holding(move.from.book, move.from.account, move.from.currency)
            let to = holding(move.to.book, move.to.account, move.to.currency)
            dated.append(DayOrder.Dated(day: move.day, rank: .transfer, text: "\n\(move.day.iso) * \(BeancountFile.string(move.remark.trimmingSpaces.isEmpty ? "transfer" : move.remark))\n"
                + BeancountFile.posting(from, -move.amount, move.from.currency) + BeancountFile.posting(to, move.received, move.to.currency, after: price)))
        }
        for statement in entries.statements {
            let account = holding(statement.account.book, statement.account.account, statement.account.currency)
            let currency = statement.account.currency
            let balance = MoneyFormat.plain(statement.balance, currency)
            // `~ 0`: the balance exactly, where beancount would let a balance off by the last digit pass.
            dated.append(DayOrder.Dated(day: statement.day, rank: .reconciled, text: statement.holds
                ? "\n\(statement.day.adding(days: 1).iso) balance \(account)  \(balance) ~ 0 \(currency.code)\n"
                : "\n; \(account) was reconciled on \(statement.day.iso) at \(balance) \(currency.code), but what it holds then is now "
                    + "\(MoneyFormat.plain(statement.held, currency)) \(currency.code): no balance entry\n"))
        }
        transactions += DayOrder.text(bills, among: dated) { bill in
            currencyUse[bill.currency.code, default: 0] += 1
            let (into, from) = postings(bill)
            let (tags, otherTags) = bill.tags.reduce(into: ([String](), [String]())) { split, tag in
                if BeancountFile.isTag(tag) { split.0.append("#" + tag) } else { split.1.append(tag) }
            }
            let payee = bill.place.map { BeancountFile.string($0) + " " } ?? ""
            var text = "\n\(bill.day.iso) * \(payee)\(BeancountFile.string(bill.remark))" + tags.map { " " + $0 }.joined() + "\n"
            if !otherTags.isEmpty { text += "  tags: \(BeancountFile.string(otherTags.joined(separator: " ")))\n" }
            return text + BeancountFile.posting(into, bill.amount, bill.currency) + BeancountFile.posting(from, -bill.amount, bill.currency)
        }
        for row in rules {
            let bill = row.bill
            let (into, from) = postings(bill)
            transactions += "\n\(row.rule.start.iso) custom \"recurring\" \(BeancountFile.string(RecurringWording.rule(row, from: false))) "
                + "\(MoneyFormat.plain(bill.amount, bill.currency)) \(bill.currency.code) \(into) \(from) \(BeancountFile.string(bill.remark))\n"
            transactions += "  rule: \(row.rule.id)\n"
            if let place = bill.place { transactions += "  place: \(BeancountFile.string(place))\n" }
            if !bill.tags.isEmpty { transactions += "  tags: \(BeancountFile.string(bill.tags.joined(separator: " ")))\n" }
        }
        if !rates.isEmpty { transactions += "\n" }
        for rate in rates {
            guard let written = RateWording.decimal(rate) else { continue }
            transactions += "\(rate.day.iso) price \(rate.base) \(written) \(rate.quote)\n"
        }
        var out = "; Tally bills for beancount: Expenses:Category or Income:Category against Assets:Book.\n"
        if !entries.isEmpty || bills.contains(where: { $0.account != nil }) {
            out += "; A book with several accounts posts to Assets:Book:Account (Liabilities:Book:Account for a credit card);\n"
                + "; openings are against \(BeancountFile.openingBalances), and each reconciled balance is a balance entry\n"
                + "; dated the day after, as beancount checks one at the start of its day.\n"
        }
        let currencies = currencyUse.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        for currency in currencies { out += "option \"operating_currency\" \"\(currency)\"\n" }
        let entryDays = entries.openings.map(\.day) + entries.moves.map(\.day) + entries.statements.map(\.day)
        if let first = (bills.map(\.day) + rules.map(\.rule.start) + entryDays).min() {
            // The day before, but never before the first day beancount and Tally both know.
            let opening = first.adding(days: -1).iso
            out += "\n"
            for account in (categoryAccounts.union(bookCurrencies.keys)).sorted() {
                out += "\(opening) open \(account)" + (bookCurrencies[account].map { " " + $0 } ?? "") + "\n"
            }
        }
        return out + transactions
    }

    private static func posting(_ account: String, _ amount: Int64, _ currency: Currency, after price: String = "") -> String {
        "  \(account)  \(MoneyFormat.plain(amount, currency)) \(currency.code)\(price)\n"
    }

    /// Beancount's tags are ASCII letters, digits and `-_/.`; others go in metadata.
    private static func isTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_/.".unicodeScalars.contains($0)) }
    }

    /// A beancount string: quotes and backslashes escaped, control characters as spaces.
    private static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(TextSafety.isControl(scalar) ? " " : scalar)
            }
        }
        return result + "\""
    }
}
