import TallyCore
import TallyLanguage

/// Bills as a journal that hledger and ledger both read, strictly: every
/// commodity, account, tag and payee declared first, then one transaction per
/// bill, the remark as its description, the category's account against the
/// book's (each as the ledger keeps it), amounts in the book's currency,
/// tags as hledger's tags, and the place, and a remark the description cannot
/// hold exactly, in comments. Recurring rules follow, each as the bill it
/// posts: where `periodic`, as hledger's periodic transactions (which ledger
/// cannot read) when hledger can say its days, and otherwise as comments.
/// Exchange rates are `P` directives, which both tools read. Where a book
/// keeps several accounts, each bill posts to its own account's; the
/// accounts' openings (against `equity:opening balances`) and transfers are
/// transactions among the bills, and each reconciled balance a balance
/// assertion after every posting of its day.
public struct LedgerJournal {
    let bills: [BillRow]
    let rules: [RecurringRow]
    let accounts: ExportAccounts
    let periodic: Bool
    let rates: [ExchangeRate]
    let entries: AccountEntries

    public init(
        bills: [BillRow], rules: [RecurringRow] = [], accounts: ExportAccounts, periodic: Bool = false, rates: [ExchangeRate] = [],
        entries: AccountEntries = .none
    ) {
        self.bills = bills
        self.rules = rules
        self.accounts = accounts
        self.periodic = periodic
        self.rates = rates
        self.entries = entries
    }

    /// The account the accounts' openings come from.
    static let openingBalances = "equity:opening balances"

    /// The first day ledger reads: it refuses a whole file with a year before 1400.
    public static let earliestDay = Day(year: 1400, month: 1, day: 1)!

    /// ledger stops on a description of 1,024 bytes or more.
    static let longestDescription = 1023

    /// ledger reads no line of more than 4,096 bytes; this leaves room for the key.
    static let longestCommentValue = 4000

    public var text: String {
        var declarations = Declarations()
        let dated = accountEntries(declaring: &declarations)
        var transactions = DayOrder.text(bills, among: dated) { bill in "\n" + entry(bill, after: bill.day.iso, declaring: &declarations) }
        if !rules.isEmpty {
            transactions += periodic
                ? "\n; Recurring rules, as periodic transactions where hledger can say their days.\n"
                : "\n; Recurring rules, as comments: ledger reads no hledger periodic transaction (a .hledger export writes them).\n"
        }
        for row in rules {
            transactions += "\n; recurring #\(row.rule.id): \(RecurringWording.rule(row, from: true))"
            if periodic, let expressions = PeriodicExpression.hledger(row) {
                transactions += "\n" + expressions.map { entry(row.bill, after: "~ \($0) ", declaring: &declarations) }.joined(separator: "\n")
            } else {
                var unused = Declarations()
                let bill = entry(row.bill, after: row.bill.day.iso, declaring: &unused)
                transactions += (periodic ? ", which hledger's periodic transactions cannot say" : "") + "; it posts:\n"
                    + bill.split(separator: "\n").map { "; " + $0 + "\n" }.joined()
            }
        }
        if !rates.isEmpty { transactions += "\n; Exchange rates.\n" }
        for rate in rates {
            guard let written = RateWording.decimal(rate) else { continue }
            for code in [rate.base, rate.quote] { declarations.commodities[code] = Currency(code: code) }
            transactions += "P \(rate.day.iso) \(rate.base) \(written) \(rate.quote)\n"
        }
        var header = "; Tally bills as an \(periodic ? "hledger" : "hledger/ledger") journal: expenses:CATEGORY or income:CATEGORY against assets:BOOK.\n"
        if !entries.isEmpty || bills.contains(where: { $0.account != nil }) {
            header += "; A book with several accounts posts to assets:BOOK:ACCOUNT (liabilities:BOOK:ACCOUNT for a credit card);\n"
                + "; openings, against \(LedgerJournal.openingBalances), and transfers are among the bills, and each reconciled\n"
                + "; balance is a balance assertion after every posting of its day.\n"
        }
        return header + declarations.text + transactions
    }

    /// The accounts' openings, transfers and reconciled balances, each with where it goes among the bills.
    private func accountEntries(declaring declarations: inout Declarations) -> [DayOrder.Dated] {
        var dated: [DayOrder.Dated] = []
        /// The posting's account, declared with its commodity.
        func holding(_ account: AccountRow) -> String {
            let name = accounts.holding(book: account.book, account: account.account).journal
            declarations.accounts.insert(name)
            declarations.commodities[account.currency.code] = account.currency
            return name
        }
        for opening in entries.openings {
            declarations.accounts.insert(LedgerJournal.openingBalances)
            let text = "\n" + LedgerJournal.heading(opening.day.iso, "opening balance", declaring: &declarations)
                + LedgerJournal.posting(holding(opening.account), opening.amount, opening.account.currency)
                + LedgerJournal.posting(LedgerJournal.openingBalances, -opening.amount, opening.account.currency)
            dated.append(DayOrder.Dated(day: opening.day, rank: .opening, text: text))
        }
        for move in entries.moves {
            // Across currencies the amount received is in its own commodity, and its price, the total paid, balances the transaction.
            let price = move.from.currency == move.to.currency ? "" : " @@ \(MoneyFormat.plain(move.amount, move.from.currency)) \(move.from.currency.code)"
            let text = "\n"
                + LedgerJournal.heading(move.day.iso, move.remark.trimmingSpaces.isEmpty ? "transfer" : move.remark, remark: move.remark, declaring: &declarations)
                + LedgerJournal.posting(holding(move.from), -move.amount, move.from.currency)
                + LedgerJournal.posting(holding(move.to), move.received, move.to.currency, after: price)
            dated.append(DayOrder.Dated(day: move.day, rank: .transfer, text: text))
        }
        for statement in entries.statements {
            let account = holding(statement.account)
            let balance = "\(MoneyFormat.plain(statement.balance, statement.account.currency)) \(statement.account.currency.code)"
            let text = statement.holds
                ? "\n" + LedgerJournal.heading(statement.day.iso, "reconciled balance", declaring: &declarations)
                    + LedgerJournal.posting(account, 0, statement.account.currency, after: " = " + balance)
                : "\n; \(account) was reconciled on \(statement.day.iso) at \(balance), but what it holds then is now "
                    + "\(MoneyFormat.plain(statement.held, statement.account.currency)) \(statement.account.currency.code): no assertion\n"
            dated.append(DayOrder.Dated(day: statement.day, rank: .reconciled, text: text))
        }
        return dated
    }

    /// A transaction's first line, described by `text`, then the remark in a
    /// `; remark:` comment where the description does not hold it exactly; its payee declared.
    private static func heading(
        _ head: String, _ text: String, remark: String = "", tags: [String] = [], declaring declarations: inout Declarations
    ) -> String {
        let description = LedgerJournal.description(of: text)
        declarations.payees.insert(LedgerJournal.payee(of: description))
        let code = description.first.map { "*!(".contains($0) } == true ? "() " : ""
        var line = "\(head) \(code)\(description)" + (tags.isEmpty ? "" : "  ; " + tags.map { $0 + ":" }.joined(separator: ", ")) + "\n"
        if !remark.trimmingSpaces.isEmpty && description != remark {
            declarations.tags.insert("remark")
            line += LedgerJournal.comment("remark", remark)
        }
        return line
    }

    private static func posting(_ account: String, _ amount: Int64, _ currency: Currency, after figures: String = "") -> String {
        "    \(account)  \(MoneyFormat.plain(amount, currency)) \(currency.code)\(figures)\n"
    }

    /// What a strict reading needs declared before the transactions.
    private struct Declarations {
        var commodities: [String: Currency] = [:]
        var accounts: Set<String> = []
        var payees: Set<String> = []
        var tags: Set<String> = []

        var text: String {
            [
                commodities.values.sorted { $0.code < $1.code }.map { currency in
                    // hledger reads `1,000 JPY` as three decimals after a comma, and ledger refuses `1,000. JPY`:
                    // a currency without decimals is shown as its amounts are written.
                    "commodity \(currency.code)\n"
                        + (currency.decimals > 0 ? "    format \(MoneyFormat.grouped(1000 * currency.scale, currency)) \(currency.code)\n" : "")
                },
                accounts.sorted().map { "account \($0)\n" },
                tags.sorted().map { "tag \($0)\n" },
                payees.sorted().map { "payee \($0)\n" },
            ].filter { !$0.isEmpty }.map { "\n" + $0.joined() }.joined()
        }
    }

    /// The transaction of `bill`, its first line beginning with `head` (its date, or `~ PERIOD `).
    private func entry(_ bill: BillRow, after head: String, declaring declarations: inout Declarations) -> String {
        let category = (bill.kind == .expense ? "expenses:" : "income:") + accounts.category(bill.category).journal
        let book = accounts.holding(book: bill.book, account: bill.account).journal
        declarations.commodities[bill.currency.code] = bill.currency
        declarations.accounts.formUnion([category, book])
        // A refund posts a negative expense: the money goes back into the book's account.
        let (into, from) = bill.kind == .expense ? (category, book) : (book, category)
        let tagNames = bill.tags.map(LedgerJournal.tagName)
        declarations.tags.formUnion(tagNames)
        var text = LedgerJournal.heading(
            head, bill.remark.trimmingSpaces.isEmpty ? bill.category : bill.remark, remark: bill.remark, tags: tagNames, declaring: &declarations)
        if let place = bill.place, !place.trimmingSpaces.isEmpty {
            declarations.tags.insert("place")
            text += LedgerJournal.comment("place", place)
        }
        text += LedgerJournal.posting(into, bill.amount, bill.currency) + LedgerJournal.posting(from, -bill.amount, bill.currency)
        return text
    }

    /// A remark (a bill's category's name when it has none) as the
    /// transaction's description: on one line, a `;` (which would start a
    /// comment) as a comma, and so is a `|` that would leave hledger's payee
    /// empty, cut short of ledger's limit between two characters.
    static func description(of text: String) -> String {
        let oneLine = String(String.UnicodeScalarView(text.unicodeScalars.map { TextSafety.isControl($0) ? " " : $0 }))
        var line = String(oneLine.trimmingSpaces).replacing(";", with: ",")
        if line.first == "|" { line.replaceSubrange(line.startIndex...line.startIndex, with: ",") }
        var bytes = 0
        var cut = ""
        for character in line {
            bytes += character.utf8.count
            if bytes > longestDescription { break }
            cut.append(character)
        }
        return String(cut.trimmingSpaces)
    }

    /// hledger's payee: the description up to its first `|`.
    static func payee(of description: String) -> String {
        String((description.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces)
    }

    /// A tag as hledger's (`work:`, after the description), which ledger reads as metadata.
    private static func tagName(_ tag: String) -> String {
        String(tag.map { $0.isWhitespace || $0 == ":" || $0 == "," || $0 == ";" ? "-" : $0 })
    }

    /// `    ; key: value` lines holding `text` exactly: a value too long for
    /// one line is cut between characters, never beside a space (which
    /// the tools would trim), over as many lines, each with the key, and is
    /// their values put together.
    static func comment(_ key: String, _ text: String) -> String {
        var lines = ""
        var rest = Substring(commentValue(text))
        while !rest.isEmpty {
            var end = rest.startIndex
            var bytes = 0
            var lastGoodCut: Substring.Index?
            while end < rest.endIndex, bytes + rest[end].utf8.count <= longestCommentValue {
                bytes += rest[end].utf8.count
                let next = rest.index(after: end)
                if next < rest.endIndex, !rest[end].isWhitespace, !rest[next].isWhitespace { lastGoodCut = next }
                end = next
            }
            if end < rest.endIndex, let lastGoodCut { end = lastGoodCut }
            lines += "    ; \(key): \(rest[..<end])\n"
            rest = rest[end...]
        }
        return lines
    }

    /// Text for a comment's `key: value`, exactly: as it is where hledger's
    /// tag value and ledger's metadata hold all of it (no comma, which would
    /// end hledger's value, no control character and no space at either end),
    /// else as a JSON string.
    private static func commentValue(_ text: String) -> String {
        let bare = !text.contains(",") && !text.hasPrefix("\"") && text.trimmingSpaces == text[...]
            && !text.unicodeScalars.contains(where: TextSafety.isControl)
        return bare ? text : JSONString.quoted(text, escaping: .readable)
    }
}
