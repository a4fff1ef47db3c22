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
/// Exchange rates are `P` directives, which both tools read.
public struct LedgerJournal {
    let bills: [BillRow]
    let rules: [RecurringRow]
    let accounts: ExportAccounts
    let periodic: Bool
    let rates: [ExchangeRate]

    public init(bills: [BillRow], rules: [RecurringRow] = [], accounts: ExportAccounts, periodic: Bool = false, rates: [ExchangeRate] = []) {
        self.bills = bills
        self.rules = rules
        self.accounts = accounts
        self.periodic = periodic
        self.rates = rates
    }

    /// The first day ledger reads: it refuses a whole file with a year before 1400.
    public static let earliestDay = Day(year: 1400, month: 1, day: 1)!

    /// ledger stops on a description of 1,024 bytes or more.
    static let longestDescription = 1023

    /// ledger reads no line of more than 4,096 bytes; this leaves room for the key.
    static let longestCommentValue = 4000

    public var text: String {
        var declarations = Declarations()
        var transactions = ""
        for bill in bills {
            transactions += "\n" + entry(bill, after: bill.day.iso, declaring: &declarations)
        }
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
        let header = "; Tally bills as an \(periodic ? "hledger" : "hledger/ledger") journal: expenses:CATEGORY or income:CATEGORY against assets:BOOK.\n"
        return header + declarations.text + transactions
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
        let book = "assets:" + accounts.book(bill.book).journal
        declarations.commodities[bill.currency.code] = bill.currency
        declarations.accounts.formUnion([category, book])
        let description = LedgerJournal.description(of: bill)
        declarations.payees.insert(LedgerJournal.payee(of: description))
        // A refund posts a negative expense: the money goes back into the book's account.
        let (into, from) = bill.kind == .expense ? (category, book) : (book, category)
        let code = description.first.map { "*!(".contains($0) } == true ? "() " : ""
        let tagNames = bill.tags.map(LedgerJournal.tagName)
        declarations.tags.formUnion(tagNames)
        var text = "\(head) \(code)\(description)" + (tagNames.isEmpty ? "" : "  ; " + tagNames.map { $0 + ":" }.joined(separator: ", ")) + "\n"
        if !bill.remark.trimmingSpaces.isEmpty && description != bill.remark {
            declarations.tags.insert("remark")
            text += LedgerJournal.comment("remark", bill.remark)
        }
        if let place = bill.place, !place.trimmingSpaces.isEmpty {
            declarations.tags.insert("place")
            text += LedgerJournal.comment("place", place)
        }
        text += "    \(into)  \(MoneyFormat.plain(bill.amount, bill.currency)) \(bill.currency.code)\n"
        text += "    \(from)  \(MoneyFormat.plain(-bill.amount, bill.currency)) \(bill.currency.code)\n"
        return text
    }

    /// The remark (the category's name when there is none) as the
    /// transaction's description: on one line, a `;` (which would start a
    /// comment) as a comma, and so is a `|` that would leave hledger's payee
    /// empty, cut short of ledger's limit between two characters.
    static func description(of bill: BillRow) -> String {
        let text = bill.remark.trimmingSpaces.isEmpty ? bill.category : bill.remark
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
