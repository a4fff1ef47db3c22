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
/// `price` entries.
public struct BeancountFile {
    let bills: [BillRow]
    let rules: [RecurringRow]
    let accounts: ExportAccounts
    let rates: [ExchangeRate]

    public init(bills: [BillRow], rules: [RecurringRow] = [], accounts: ExportAccounts, rates: [ExchangeRate] = []) {
        self.bills = bills
        self.rules = rules
        self.accounts = accounts
        self.rates = rates
    }

    public var text: String {
        var transactions = ""
        var bookCurrencies: [String: String] = [:]
        var categoryAccounts: Set<String> = []
        var currencyUse: [String: Int] = [:]
        /// The accounts money goes to and comes from in `bill`, each opened.
        func postings(_ bill: BillRow) -> (into: String, from: String) {
            let categoryAccount = (bill.kind == .expense ? "Expenses:" : "Income:") + accounts.category(bill.category).beancount
            let bookAccount = "Assets:" + accounts.book(bill.book).beancount
            categoryAccounts.insert(categoryAccount)
            bookCurrencies[bookAccount] = bill.currency.code
            // A refund posts a negative expense: the money goes back into the book's account.
            return bill.kind == .expense ? (categoryAccount, bookAccount) : (bookAccount, categoryAccount)
        }
        for bill in bills {
            currencyUse[bill.currency.code, default: 0] += 1
            let (into, from) = postings(bill)
            let (tags, otherTags) = bill.tags.reduce(into: ([String](), [String]())) { split, tag in
                if BeancountFile.isTag(tag) { split.0.append("#" + tag) } else { split.1.append(tag) }
            }
            let payee = bill.place.map { BeancountFile.string($0) + " " } ?? ""
            transactions += "\n\(bill.day.iso) * \(payee)\(BeancountFile.string(bill.remark))" + tags.map { " " + $0 }.joined() + "\n"
            if !otherTags.isEmpty { transactions += "  tags: \(BeancountFile.string(otherTags.joined(separator: " ")))\n" }
            transactions += "  \(into)  \(MoneyFormat.plain(bill.amount, bill.currency)) \(bill.currency.code)\n"
            transactions += "  \(from)  \(MoneyFormat.plain(-bill.amount, bill.currency)) \(bill.currency.code)\n"
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
        let currencies = currencyUse.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        for currency in currencies { out += "option \"operating_currency\" \"\(currency)\"\n" }
        if let first = (bills.map(\.day) + rules.map(\.rule.start)).min() {
            // The day before, but never before the first day beancount and Tally both know.
            let opening = first.adding(days: -1).iso
            out += "\n"
            for account in (categoryAccounts.union(bookCurrencies.keys)).sorted() {
                out += "\(opening) open \(account)" + (bookCurrencies[account].map { " " + $0 } ?? "") + "\n"
            }
        }
        return out + transactions
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
