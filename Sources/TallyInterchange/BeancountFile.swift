import TallyCore
import TallyLanguage

/// Bills as a beancount file: the operating currencies, an `open` for every
/// account the day before the first bill, then one transaction per bill,
/// `Expenses:Category` or `Income:Category` against `Assets:Book`.
public struct BeancountFile {
    let bills: [BillRow]
    /// To name a category whose name can't start an account by an alias that can.
    let categories: [Category]

    public init(bills: [BillRow], categories: [Category]) {
        self.bills = bills
        self.categories = categories
    }

    public var text: String {
        var accounts = AccountNames(clean: component)
        var transactions = ""
        var bookCurrencies: [String: String] = [:]
        var currencyUse: [String: Int] = [:]
        for bill in bills {
            let categoryAccount = accounts.name(bill.kind == .expense ? "Expenses" : "Income", bill.category)
            let bookAccount = accounts.name("Assets", bill.book)
            bookCurrencies[bookAccount] = bill.currency.code
            currencyUse[bill.currency.code, default: 0] += 1
            let amount = MoneyFormat.plain(bill.amount, bill.currency)
            let (into, from) = bill.kind == .expense ? (categoryAccount, bookAccount) : (bookAccount, categoryAccount)
            let (tags, otherTags) = bill.tags.reduce(into: ([String](), [String]())) { split, tag in
                if BeancountFile.isTag(tag) { split.0.append("#" + tag) } else { split.1.append(tag) }
            }
            let payee = bill.place.map { BeancountFile.string($0) + " " } ?? ""
            transactions += "\n\(bill.day.iso) * \(payee)\(BeancountFile.string(bill.remark))" + tags.map { " " + $0 }.joined() + "\n"
            if !otherTags.isEmpty { transactions += "  tags: \(BeancountFile.string(otherTags.joined(separator: " ")))\n" }
            transactions += "  \(into)  \(amount) \(bill.currency.code)\n"
            transactions += "  \(from)  -\(amount) \(bill.currency.code)\n"
        }
        var out = "; Tally bills for beancount: Expenses:Category or Income:Category against Assets:Book.\n"
        let currencies = currencyUse.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        for currency in currencies { out += "option \"operating_currency\" \"\(currency)\"\n" }
        if let first = bills.map(\.day).min() {
            let opening = first.adding(days: -1).iso
            out += "\n"
            for account in accounts.all {
                out += "\(opening) open \(account)" + (bookCurrencies[account].map { " " + $0 } ?? "") + "\n"
            }
        }
        return out + transactions
    }

    /// An account component beancount accepts: it starts with an upper-case
    /// letter or a digit and holds letters, digits and dashes. A name that
    /// starts otherwise (`餐饮`) is led by an alias of the category that can
    /// (`Food-餐饮`), or by `X-`; books have no aliases.
    private func component(root: String, _ name: String) -> String {
        let part = BeancountFile.cleaned(name)
        if BeancountFile.startsWell(part) { return part }
        let category = root == "Assets" ? nil : categories.first { $0.name == name }
        let alias = category?.aliases.map(BeancountFile.cleaned).first(where: BeancountFile.startsWell)
        return (alias ?? "X") + "-" + part
    }

    private static func cleaned(_ name: String) -> String {
        var part = ""
        for scalar in name.unicodeScalars {
            if BeancountFile.letterOrDigit.contains(scalar.properties.generalCategory) {
                part.unicodeScalars.append(scalar)
            } else if !part.isEmpty && part.last != "-" {
                part.append("-")
            }
        }
        while part.last == "-" { part.removeLast() }
        guard let first = part.first, first.isLowercase else { return part.isEmpty ? "X" : part }
        let upper = first.uppercased()
        return upper.count == 1 ? upper + part.dropFirst() : part
    }

    /// Unicode's \p{L} and \p{Nd}, what beancount allows in an account.
    private static let letterOrDigit: Set<Unicode.GeneralCategory> = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
    ]

    private static func startsWell(_ part: String) -> Bool {
        guard let scalar = part.unicodeScalars.first else { return false }
        return scalar.properties.generalCategory == .uppercaseLetter || scalar.properties.generalCategory == .decimalNumber
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
