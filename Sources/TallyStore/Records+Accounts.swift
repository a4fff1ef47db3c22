import TallyCore

// How accounts, transfers and reconciliations map to their tables.

extension Connection {
    /// A book made without an account, as the seed makes a new ledger's,
    /// gets its first: every book holds its bills somewhere.
    func giveFirstAccounts() throws(StoreError) {
        try run(
            """
            INSERT INTO accounts (book_id, name, kind, icon, opening, opening_day, archived, position)
            SELECT id, ?, 'cash', ?, 0, NULL, 0, 0 FROM books WHERE id NOT IN (SELECT book_id FROM accounts) ORDER BY id
            """, Account.firstName, AccountKind.cash.icon)
    }

    func insert(_ account: Account) throws(StoreError) {
        try run(
            """
            INSERT INTO accounts (id, book_id, name, kind, icon, opening, opening_day, archived, position)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            account.id, account.bookID, account.name, account.kind.rawValue, account.icon, account.opening,
            account.openingDay?.yyyymmdd, account.archived, account.position)
    }

    func update(_ account: Account, wasThere old: Account) throws(StoreError) {
        try run(
            """
            UPDATE accounts SET name = ?, kind = ?, icon = ?, opening = ?, opening_day = ?, archived = ?, position = ?
            WHERE id = ? AND book_id = ? AND name = ? AND kind = ? AND icon = ? AND opening = ? AND opening_day IS ? AND archived = ?
                AND position = ?
            """,
            account.name, account.kind.rawValue, account.icon, account.opening, account.openingDay?.yyyymmdd, account.archived,
            account.position,
            old.id, old.bookID, old.name, old.kind.rawValue, old.icon, old.opening, old.openingDay?.yyyymmdd, old.archived, old.position)
    }

    func delete(_ account: Account) throws(StoreError) {
        try run(
            """
            DELETE FROM accounts
            WHERE id = ? AND book_id = ? AND name = ? AND kind = ? AND icon = ? AND opening = ? AND opening_day IS ? AND archived = ?
                AND position = ?
            """,
            account.id, account.bookID, account.name, account.kind.rawValue, account.icon, account.opening,
            account.openingDay?.yyyymmdd, account.archived, account.position)
    }

    func accounts() throws(StoreError) -> [Account] {
        var accounts: [Account] = []
        try forEachRow(
            "SELECT id, book_id, name, kind, icon, opening, opening_day, archived, position FROM accounts ORDER BY position, id"
        ) { row throws(StoreError) in
            guard let kind = AccountKind(rawValue: row.text(3)) else {
                throw .corrupt(doing: Translation.translated("reading accounts"), Translation.translated("account %d has an unknown kind", row.int64(0)))
            }
            let openingDay = try row.optionalInt64(6).map { value throws(StoreError) in
                guard let day = Day(yyyymmdd: Int(value)) else {
                    throw .corrupt(doing: Translation.translated("reading accounts"), Translation.translated("account %d has no valid opening day", row.int64(0)))
                }
                return day
            }
            accounts.append(Account(
                id: row.int64(0), bookID: row.int64(1), name: row.text(2), kind: kind, icon: row.text(4), opening: row.int64(5),
                openingDay: openingDay, archived: row.int64(7) != 0, position: Int(row.int64(8))))
        }
        return accounts
    }

    func insert(_ transfer: Transfer) throws(StoreError) {
        try run(
            """
            INSERT INTO transfers (id, day, from_account, from_amount, to_account, to_amount, remark, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            transfer.id, transfer.day.yyyymmdd, transfer.fromAccountID, transfer.fromAmount, transfer.toAccountID, transfer.toAmount,
            transfer.remark, transfer.created)
    }

    func delete(_ transfer: Transfer) throws(StoreError) {
        try run(
            """
            DELETE FROM transfers
            WHERE id = ? AND day = ? AND from_account = ? AND from_amount = ? AND to_account = ? AND to_amount = ? AND remark = ?
                AND created_at = ?
            """,
            transfer.id, transfer.day.yyyymmdd, transfer.fromAccountID, transfer.fromAmount, transfer.toAccountID, transfer.toAmount,
            transfer.remark, transfer.created)
    }

    func transfers() throws(StoreError) -> [Transfer] {
        var transfers: [Transfer] = []
        try forEachRow(
            "SELECT id, day, from_account, from_amount, to_account, to_amount, remark, created_at FROM transfers ORDER BY day, id"
        ) { row throws(StoreError) in
            guard let day = Day(yyyymmdd: Int(row.int64(1))) else { throw .corrupt(doing: Translation.translated("reading transfers"), Translation.translated("transfer %d has no valid day", row.int64(0))) }
            transfers.append(Transfer(
                id: row.int64(0), day: day, from: row.int64(2), amount: row.int64(3), to: row.int64(4), received: row.int64(5),
                remark: row.text(6), created: row.int64(7)))
        }
        return transfers
    }

    func insert(_ reconciliation: Reconciliation) throws(StoreError) {
        try run(
            "INSERT INTO reconciliations (id, account_id, day, balance, created_at) VALUES (?, ?, ?, ?, ?)",
            reconciliation.id, reconciliation.accountID, reconciliation.day.yyyymmdd, reconciliation.balance, reconciliation.created)
    }

    func delete(_ reconciliation: Reconciliation) throws(StoreError) {
        try run(
            "DELETE FROM reconciliations WHERE id = ? AND account_id = ? AND day = ? AND balance = ? AND created_at = ?",
            reconciliation.id, reconciliation.accountID, reconciliation.day.yyyymmdd, reconciliation.balance, reconciliation.created)
    }

    func reconciliations() throws(StoreError) -> [Reconciliation] {
        var reconciliations: [Reconciliation] = []
        try forEachRow("SELECT id, account_id, day, balance, created_at FROM reconciliations ORDER BY day, id") { row throws(StoreError) in
            guard let day = Day(yyyymmdd: Int(row.int64(2))) else {
                throw .corrupt(doing: Translation.translated("reading reconciliations"), Translation.translated("reconciliation %d has no valid day", row.int64(0)))
            }
            reconciliations.append(Reconciliation(
                id: row.int64(0), accountID: row.int64(1), day: day, balance: row.int64(3), created: row.int64(4)))
        }
        return reconciliations
    }
}
