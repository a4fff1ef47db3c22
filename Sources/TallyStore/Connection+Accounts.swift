import TallyCore

extension Connection {
    /// Gives every book and category that has no account yet its own, by
    /// the rule a new one is given it (`ExportAccount.give`), oldest first:
    /// a ledger from before accounts were kept gets them once, as it is brought up to date.
    func giveAccounts() throws(StoreError) {
        var books: [(id: Int64, name: String, aliases: [String])] = []
        var given: [ExportAccount] = []
        try forEachRow("SELECT id, name, journal_account, beancount_account FROM books ORDER BY id") { row in
            if let account = row.account(2) { given.append(account) } else { books.append((row.int64(0), row.text(1), [])) }
        }
        for (book, account) in zip(books, ExportAccount.give(to: books.map { ($0.name, $0.aliases) }, besides: given)) {
            try run("UPDATE books SET journal_account = ?, beancount_account = ? WHERE id = ?", account.journal, account.beancount, book.id)
        }
        var categories: [(id: Int64, name: String, aliases: [String])] = []
        given = []
        try forEachRow("SELECT id, name, aliases, journal_account, beancount_account FROM categories ORDER BY id") { row in
            if let account = row.account(3) {
                given.append(account)
            } else {
                categories.append((row.int64(0), row.text(1), row.text(2).split(separator: "\n").map(String.init)))
            }
        }
        for (category, account) in zip(categories, ExportAccount.give(to: categories.map { ($0.name, $0.aliases) }, besides: given)) {
            try run(
                "UPDATE categories SET journal_account = ?, beancount_account = ? WHERE id = ?", account.journal, account.beancount, category.id)
        }
    }
}
