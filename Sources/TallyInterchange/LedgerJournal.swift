import TallyCore
import TallyLanguage

/// Bills as a journal that hledger and ledger both read: one transaction per
/// bill, the remark as its description, the category's account against the
/// book's, amounts in the book's currency, place and tags as hledger tags.
public struct LedgerJournal {
    let bills: [BillRow]

    public init(bills: [BillRow]) {
        self.bills = bills
    }

    public var text: String {
        var accounts = AccountNames { _, name in LedgerJournal.accountPart(name) }
        var out = "; Tally bills as an hledger/ledger journal: expenses:CATEGORY or income:CATEGORY against assets:BOOK.\n"
        for bill in bills {
            let categoryAccount = accounts.name(bill.kind == .expense ? "expenses" : "income", bill.category)
            let bookAccount = accounts.name("assets", bill.book)
            let amount = MoneyFormat.plain(bill.amount, bill.currency)
            let (into, from) = bill.kind == .expense ? (categoryAccount, bookAccount) : (bookAccount, categoryAccount)
            out += "\n\(bill.day.iso) \(description(of: bill))\(tags(of: bill))\n"
            out += "    \(into)  \(amount) \(bill.currency.code)\n"
            out += "    \(from)  -\(amount) \(bill.currency.code)\n"
        }
        return out
    }

    /// The remark (the category's name when there is none) on one line; a
    /// `;` would start a comment, so it becomes a comma.
    private func description(of bill: BillRow) -> String {
        let text = bill.remark.trimmingSpaces.isEmpty ? bill.category : bill.remark
        return LedgerJournal.oneLine(text).replacing(";", with: ",")
    }

    /// `  ; place: Cafe, work:, team:`: hledger's tags, which ledger reads as a note.
    private func tags(of bill: BillRow) -> String {
        var tags: [String] = []
        if let place = bill.place, !place.trimmingSpaces.isEmpty {
            // A comma would end the tag's value.
            tags.append("place: " + LedgerJournal.oneLine(place).replacing(",", with: ";"))
        }
        tags += bill.tags.map { LedgerJournal.tagName($0) + ":" }
        return tags.isEmpty ? "" : "  ; " + tags.joined(separator: ", ")
    }

    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { TextSafety.isControl($0) ? " " : $0 })).trimmingSpaces.description
    }

    private static func tagName(_ tag: String) -> String {
        String(tag.map { $0.isWhitespace || $0 == ":" || $0 == "," || $0 == ";" ? "-" : $0 })
    }

    /// One part of an account name: no `:` (it would nest), no `;` and no
    /// run of spaces (either would end the name). The root before it keeps
    /// brackets and marks at its start from meaning anything.
    static func accountPart(_ name: String) -> String {
        var part = ""
        for character in oneLine(name) {
            if character == ":" || character == ";" || character == "\t" {
                part.append("-")
            } else if character != " " || part.last != " " {
                part.append(character)
            }
        }
        return part.isEmpty ? "-" : part
    }
}
