/// What an account held at the end of a day: its opening, plus what came in
/// and less what went out from its opening day on, and what was moved in or out.
public struct AccountBalance: Hashable, Sendable {
    public let account: Account
    public let balance: Int64

    /// What is owed on a credit card below zero; nil for every other balance.
    public var owing: Int64? { account.kind.isLiability && balance < 0 ? -balance : nil }
}

extension Ledger {
    /// Every account's balance at the end of `day` (nil: everything), in
    /// the accounts' order; archived accounts only when they hold something.
    public func balances(through day: Day?) -> [AccountBalance] {
        var totals: [Int64: Int64] = [:]
        for account in accounts { totals[account.id] = account.opening }
        let opening = Dictionary(accounts.map { ($0.id, $0.openingDay?.ordinal ?? Int32.min) }, uniquingKeysWith: { first, _ in first })
        let kinds = Dictionary(categories.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let firstAccounts = firstAccountIDs
        let end = day.map { day in bills.firstIndex { bills.days[$0] > day.ordinal } } ?? bills.count
        for index in 0..<end {
            let account = accountID(ofBillAt: index, firstAccounts: firstAccounts)
            guard bills.days[index] >= opening[account] ?? Int32.min, let kind = kinds[bills.categoryIDs[index]] else { continue }
            totals[account]? += kind.signed(bills.amounts[index])
        }
        for transfer in transfers where day.map({ transfer.day <= $0 }) ?? true {
            // The two accounts always differ: the schema refuses a transfer to itself.
            for id in [transfer.fromAccountID, transfer.toAccountID] where transfer.day.ordinal >= opening[id] ?? Int32.min {
                totals[id]? += transfer.change(to: id)
            }
        }
        return accounts.compactMap { account in
            guard let total = totals[account.id] else { return nil }
            if account.archived && total == 0 { return nil }
            return AccountBalance(account: account, balance: total)
        }
    }

    public func balance(of accountID: Int64, through day: Day?) -> Int64? {
        balances(through: day).first { $0.account.id == accountID }?.balance
            ?? account(id: accountID).map { _ in 0 }
    }
}
