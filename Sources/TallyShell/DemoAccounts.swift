import TallyCore

/// Where the demo's everyday money is: cash in hand, a bank card that
/// takes the salary and pays the rent, a credit card paid off on the 5th
/// from the bank, and Alipay topped up from the bank each month. Each bill's
/// account follows from what it was for, so the bills themselves stay
/// those the demo always had.
struct DemoAccounts {
    let cash: Account
    let bank: Account
    let credit: Account
    let alipay: Account

    init?(book: Book, in ledger: Ledger, from firstDay: Day) {
        guard let cash = ledger.firstAccount(ofBook: book.id) else { return nil }
        let next = ledger.nextAccountID
        self.cash = cash
        bank = Account(id: next, bookID: book.id, name: "bank", kind: .bank, opening: 3_000_000, openingDay: firstDay, position: 1)
        credit = Account(id: next + 1, bookID: book.id, name: "card", kind: .credit, openingDay: firstDay, position: 2)
        alipay = Account(id: next + 2, bookID: book.id, name: "alipay", kind: .wallet, openingDay: firstDay, position: 3)
    }

    var added: [Account] { [bank, credit, alipay] }

    /// The account a bill of the demo is paid from or into, as a bill holds it (0 for cash).
    func accountID(category: String, remark: String) -> Int64 {
        switch (category, remark) {
        case ("housing", _), ("salary", _), ("bonus", _), ("redpacket", _): return bank.id
        case ("topup", _), ("drinks", _), ("transport", "metro"), ("transport", "taxi home"), ("food", "lunch"), ("food", "lunch with team"),
             ("food", "noodles"), ("food", "dumplings"):
            return alipay.id
        case ("household", _), ("clothes", _), ("online", _), ("entertainment", _), ("food", "dinner out"): return credit.id
        default: return 0
        }
    }

    /// Cash drawn and Alipay topped up from the bank on each month's 2nd,
    /// and on its 5th the credit card paid off from the bank: what was spent
    /// on it in the month before.
    func transfers(of bills: [Bill], kinds: [Int64: Kind], from firstDay: Day, through today: Day, firstID: Int64, now: Int64) -> [Transfer] {
        var transfers: [Transfer] = []
        func add(_ day: Day, from: Account, _ amount: Int64, to: Account, _ remark: String) {
            guard day >= firstDay, day <= today, amount > 0 else { return }
            transfers.append(Transfer(id: firstID + Int64(transfers.count), day: day, from: from.id, amount: amount, to: to.id,
                                      remark: remark, created: now))
        }
        var month = Day(year: firstDay.year, month: firstDay.month, day: 1) ?? firstDay
        while month <= today {
            add(month.adding(days: 1), from: bank, 80_000, to: cash, "cash machine")
            add(month.adding(days: 1), from: bank, 130_000, to: alipay, "top up")
            let before = DateRange(start: month.adding(months: -1), end: month.adding(days: -1))
            let owed = bills.filter { $0.accountID == credit.id && before.contains($0.day) }
                .reduce(Int64(0)) { $0 - (kinds[$1.categoryID] ?? .expense).signed($1.amount) }
            add(month.adding(days: 4), from: bank, owed, to: credit, "card bill")
            // Adding a month stops at the calendar's last day, where the loop would never end.
            let next = month.adding(months: 1)
            guard next > month else { break }
            month = next
        }
        return transfers
    }

    /// The bank card agreeing with its statement at the end of last month.
    func reconciliation(of bills: [Bill], _ transfers: [Transfer], kinds: [Int64: Kind], today: Day, id: Int64, now: Int64) -> Reconciliation {
        let day = (Day(year: today.year, month: today.month, day: 1) ?? today).adding(days: -1)
        let moved = bills.filter { $0.accountID == bank.id && $0.day <= day }.reduce(Int64(0)) { $0 + (kinds[$1.categoryID] ?? .expense).signed($1.amount) }
        let transferred = transfers.filter { $0.day <= day }.reduce(Int64(0)) { $0 + $1.change(to: bank.id) }
        return Reconciliation(id: id, accountID: bank.id, day: day, balance: bank.opening + moved + transferred, created: now)
    }
}
