import TallyCore

/// The lines of a CSV or JSON export written straight from a ledger's
/// columns, byte for byte as `CSVRenderer` and `JSONRenderer` write the
/// same bills as rows: each name and text is quoted once, the first time a
/// bill has it, not once for each of a million bills.
public struct ExportLines {
    public enum Format: Sendable {
        case csv(withAccount: Bool)
        case json
    }

    private let ledger: Ledger
    /// Kept aside, so no row copies the ledger's columns to reach them.
    private let bills: BillColumns
    private let format: Format
    private let firstAccounts: [Int64: Int64]
    private var categories: [Int64: (kind: [UInt8], name: [UInt8])] = [:]
    private var books: [Int64: (name: [UInt8], currency: Currency, keepsAccounts: Bool)] = [:]
    private var accounts: [Int64: [UInt8]] = [:]
    private var texts: [Int32: [UInt8]] = [:]
    private var places: [Int32: [UInt8]] = [:]
    private var tagLists: [Int32: [UInt8]] = [:]
    private var days: [Int32: [UInt8]] = [:]

    public init(_ ledger: Ledger, _ format: Format) {
        self.ledger = ledger
        bills = ledger.bills
        self.format = format
        firstAccounts = ledger.firstAccountIDs
    }

    /// The bill at `row` of the ledger's columns, as the next line (CSV) or
    /// element of the list (JSON, without the comma between elements).
    public mutating func append(row: Int, to bytes: inout [UInt8]) {
        let category = self.category(bills.categoryIDs[row])
        let book = self.book(bills.bookIDs[row])
        let amount = field(MoneyFormat.plain(bills.amounts[row], book.currency))
        let account = book.keepsAccounts ? self.account(ledger.accountID(ofBillAt: row, firstAccounts: firstAccounts)) : nil
        switch format {
        case .csv(let withAccount):
            func cell(_ value: [UInt8]) {
                bytes.append(UInt8(ascii: ","))
                bytes += value
            }
            bytes += String(bills.ids[row]).utf8
            cell(day(bills.days[row]))
            cell(category.kind)
            cell(amount)
            cell(category.name)
            cell(text(bills.remarks[row]))
            cell(book.name)
            cell(place(bills.places[row]))
            cell(tags(bills.tags[row]))
            if withAccount { cell(account ?? []) }
            bytes.append(UInt8(ascii: "\n"))
        case .json:
            func member(_ key: StaticString, _ value: [UInt8]) {
                key.withUTF8Buffer { bytes += $0 }
                bytes += value
            }
            member("{\"id\": ", Array(String(bills.ids[row]).utf8))
            member(", \"date\": ", day(bills.days[row]))
            member(", \"kind\": ", category.kind)
            member(", \"amount\": ", amount)
            member(", \"category\": ", category.name)
            member(", \"book\": ", book.name)
            member(", \"remark\": ", text(bills.remarks[row]))
            member(", \"place\": ", place(bills.places[row]))
            member(", \"tags\": ", tags(bills.tags[row]))
            if let account { member(", \"account\": ", account) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Fields, each written once

    /// A cell as the format writes text: CSV guarded against formulas and
    /// quoted where it must be, JSON as a readable string.
    private func field(_ text: String) -> [UInt8] {
        switch format {
        case .csv: Array(CSV.field(CSV.guarded(text)).utf8)
        case .json: Array(JSONString.quoted(text, escaping: .readable).utf8)
        }
    }

    /// Text a bill may lack: an empty CSV cell, or JSON's `null`.
    private func optional(_ text: String) -> [UInt8] {
        if case .json = format, text.isEmpty { return Array("null".utf8) }
        return field(text)
    }

    private mutating func category(_ id: Int64) -> (kind: [UInt8], name: [UInt8]) {
        if let known = categories[id] { return known }
        let category = ledger.category(id: id)
        let made = (field((category?.kind ?? .expense).rawValue), field(category?.name ?? "?"))
        categories[id] = made
        return made
    }

    private mutating func book(_ id: Int64) -> (name: [UInt8], currency: Currency, keepsAccounts: Bool) {
        if let known = books[id] { return known }
        let book = ledger.book(id: id)
        let made = (field(book?.name ?? "?"), book?.currency ?? .cny, ledger.keepsAccounts(inBook: id))
        books[id] = made
        return made
    }

    private mutating func account(_ id: Int64) -> [UInt8]? {
        if let known = accounts[id] { return known }
        guard let account = ledger.account(id: id) else { return nil }
        let made = field(account.name)
        accounts[id] = made
        return made
    }

    private mutating func text(_ number: Int32) -> [UInt8] {
        if let known = texts[number] { return known }
        let made = optional(bills.texts[number])
        texts[number] = made
        return made
    }

    private mutating func place(_ number: Int32) -> [UInt8] {
        if let known = places[number] { return known }
        let made = optional(number < 0 ? "" : bills.texts[number])
        places[number] = made
        return made
    }

    private mutating func tags(_ number: Int32) -> [UInt8] {
        if let known = tagLists[number] { return known }
        let tags = bills.tagLists[Int(number)]
        let made: [UInt8] = switch format {
        case .csv: field(tags.joined(separator: " "))
        case .json: Array(("[" + tags.map { JSONString.quoted($0, escaping: .readable) }.joined(separator: ", ") + "]").utf8)
        }
        tagLists[number] = made
        return made
    }

    private mutating func day(_ ordinal: Int32) -> [UInt8] {
        if let known = days[ordinal] { return known }
        let made = field(Day(ordinal: ordinal).iso)
        days[ordinal] = made
        return made
    }
}
