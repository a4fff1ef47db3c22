extension Ledger {
    /// In the books' order, then each book's own, then as made.
    static func ordered(_ accounts: [Account], books: [Book]) -> [Account] {
        let bookOrder = Dictionary(books.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return accounts.sorted { a, b in
            (bookOrder[a.bookID] ?? Int.max, a.position, a.id) < (bookOrder[b.bookID] ?? Int.max, b.position, b.id)
        }
    }

    public func account(id: Int64) -> Account? {
        accounts.first { $0.id == id }
    }

    /// The book's accounts in their order, archived ones included.
    public func accounts(ofBook bookID: Int64) -> [Account] {
        accounts.filter { $0.bookID == bookID }
    }

    public func account(named name: String, inBook bookID: Int64) -> Account? {
        accounts.first { $0.bookID == bookID && $0.isNamed(name) }
    }

    /// The account made with the book, which a bill's account 0 means.
    public func firstAccount(ofBook bookID: Int64) -> Account? {
        // Asked once for each bill a list shows: no array made for it.
        var first: Account?
        for account in accounts where account.bookID == bookID && first.map({ account.id < $0.id }) ?? true { first = account }
        return first
    }

    /// Whether the book has more than one account, found without making a collection: asked for each bill a list shows.
    public func keepsAccounts(inBook bookID: Int64) -> Bool {
        var seen = false
        for account in accounts where account.bookID == bookID {
            if seen { return true }
            seen = true
        }
        return false
    }

    /// Where a bill that names no account goes: the book's first account in
    /// its order that is not archived.
    public func defaultAccount(ofBook bookID: Int64) -> Account? {
        accounts.first { $0.bookID == bookID && !$0.archived } ?? firstAccount(ofBook: bookID)
    }

    /// The id a new bill in `account` holds: 0 for its book's first account,
    /// as every bill written before accounts were kept holds.
    public func billAccountID(_ account: Account?) -> Int64 {
        guard let account, account.id != firstAccount(ofBook: account.bookID)?.id else { return 0 }
        return account.id
    }

    /// Whether any of `books` has more than one account: until one does, no
    /// list, export or message mentions accounts.
    public func keepsAccounts(inBooks bookIDs: some Sequence<Int64>) -> Bool {
        // A ledger has a few books and accounts, and every statement asks: no set is worth making.
        bookIDs.contains { keepsAccounts(inBook: $0) }
    }

    public var keepsAccounts: Bool { books.contains { keepsAccounts(inBook: $0.id) } }

    /// Each book's first account by book id, which a bill's account 0 means.
    public var firstAccountIDs: [Int64: Int64] {
        var first: [Int64: Int64] = [:]
        for account in accounts where first[account.bookID].map({ account.id < $0 }) ?? true {
            first[account.bookID] = account.id
        }
        return first
    }

    /// The account of the bill at `index`, as an id in `accounts`.
    public func accountID(ofBillAt index: Int, firstAccounts: [Int64: Int64]) -> Int64 {
        let held = bills.accountIDs[index]
        return held != 0 ? held : firstAccounts[bills.bookIDs[index]] ?? 0
    }

    public func accountID(of bill: Bill) -> Int64 {
        bill.accountID != 0 ? bill.accountID : firstAccount(ofBook: bill.bookID)?.id ?? 0
    }

    public var nextAccountID: Int64 { (accounts.map(\.id).max() ?? 0) + 1 }
    public var nextTransferID: Int64 { (transfers.map(\.id).max() ?? 0) + 1 }
    public var nextReconciliationID: Int64 { (reconciliations.map(\.id).max() ?? 0) + 1 }

    /// The last time `account` was reconciled, if ever.
    public func lastReconciliation(of accountID: Int64, through day: Day? = nil) -> Reconciliation? {
        reconciliations.last { reconciliation in
            reconciliation.accountID == accountID && day.map { reconciliation.day <= $0 } ?? true
        }
    }
}
