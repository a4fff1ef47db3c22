import TallyCore
import TallyLanguage

/// A statement's running balance column, checked row by row: each row's
/// balance is the one before's plus the row's money in or out, whichever
/// way the statement runs, oldest or newest first. What it leaves is the
/// account's balance at the end of the statement's last day.
struct RunningBalance {
    let bookID: Int64
    /// As a bill holds it: 0 for the book's first account.
    let accountID: Int64
    let day: Day
    let balance: Int64

    /// Nil when no row gives a balance; an error at the first row where the
    /// balances and the amounts part.
    init?(checking rows: [CSVImport.Row], file: Located<String>, in ledger: Ledger) throws(Diagnostic) {
        let given = rows.indices.filter { rows[$0].balance != nil }
        guard let first = given.first else { return nil }
        func flow(_ row: CSVImport.Row) -> Int64 { (row.kind ?? .expense).signed(row.amount) }
        /// The first row, by place in `given`, whose balance does not follow, reading oldest first or newest first.
        func firstParting(newestFirst: Bool) -> Int? {
            for (earlier, later) in zip(given, given.dropFirst()) {
                let between = (earlier + 1...later).reduce(Int64(0)) { $0 + flow(rows[$1]) }
                let betweenNewestFirst = (earlier..<later).reduce(Int64(0)) { $0 + flow(rows[$1]) }
                let (before, after) = (rows[earlier].balance!, rows[later].balance!)
                if newestFirst ? before != after + betweenNewestFirst : after != before + between { return later }
            }
            return nil
        }
        let oldestFirst = firstParting(newestFirst: false)
        let newestFirst = oldestFirst == nil ? nil : firstParting(newestFirst: true)
        if let parting = oldestFirst, newestFirst != nil {
            let index = given.firstIndex(of: parting)!
            let before = rows[given[index - 1]]
            let row = rows[parting]
            let moved = (given[index - 1] + 1...parting).reduce(Int64(0)) { $0 + flow(rows[$1]) }
            let currency = ledger.book(id: row.bookID)?.currency ?? .cny
            func money(_ minor: Int64) -> String { MoneyFormat.grouped(minor, currency) }
            throw Diagnostic(.csvUnreadable(
                file: file.value, line: row.line,
                reason: Translation.translated(
                    "the balance column says %s, but line %d's %s and the amounts since, %s, come to %s: the statement and its rows part here",
                    money(row.balance!), before.line, money(before.balance!), MoneyFormat.signed(moved, currency), money(before.balance! + moved))),
                at: file.range)
        }
        let last = oldestFirst == nil ? rows[given.last!] : rows[first]
        let books = Set(rows.map(\.bookID))
        let accounts = Set(rows.map(\.accountID))
        guard books.count == 1, accounts.count == 1 else { return nil }
        bookID = last.bookID
        accountID = last.accountID
        day = rows.map(\.day).max() ?? last.day
        balance = last.balance!
    }

    /// The reconciliation the statement's last balance makes once `ledger`
    /// holds the import, or, when the account holds something else then, why not.
    enum Agreement {
        case agrees(Reconciliation)
        case differs(String)
    }

    func reconciliation(in ledger: Ledger, id: Int64, at time: Int64) -> Agreement {
        guard let book = ledger.book(id: bookID),
              let account = accountID == 0 ? ledger.firstAccount(ofBook: bookID) : ledger.account(id: accountID) else {
            return .differs(Translation.translated("the statement's account is not in the ledger"))
        }
        let held = ledger.balance(of: account.id, through: day) ?? 0
        guard held == balance else {
            let written = MoneyFormat.plain(balance, book.currency)
            return .differs(Translation.translated(
                "the statement leaves %s at %s at the end of %s, but Tally has %s; 'reconcile %s %s on %s' lists what to look through",
                account.name, MoneyFormat.grouped(balance, book.currency), day.iso, MoneyFormat.grouped(held, book.currency),
                Literal.name(account.name), written, day.iso))
        }
        return .agrees(Reconciliation(id: id, accountID: account.id, day: day, balance: balance, created: time))
    }
}
