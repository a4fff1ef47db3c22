import Testing
@testable import TallyCore

/// Balances come to what adding up every bill and transfer of each account
/// one by one comes to, on generated ledgers of three books in three
/// currencies, with openings on their own days, bills held as 0 for a
/// book's first account, and transfers within and across books.
@Suite("Balances against a plain sum")
struct BalancesAgainstPlainSumTests {
    struct Generated {
        let ledger: Ledger
        let bills: [Bill]
        let accounts: [Account]
        let transfers: [Transfer]
    }

    static func generated(seed: UInt64) -> Generated {
        var random = SeededRandom(seed: seed)
        func below(_ bound: Int) -> Int { Int(random.next(upTo: UInt64(bound))) }
        let books = [Book(id: 1, name: "daily", currency: .cny, position: 1), Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2),
                     Book(id: 3, name: "japan", currency: Currency(code: "JPY"), position: 3)]
        let categories = DefaultCategories.make(chinese: false)
        let start = Day(iso: "2020-01-01")!
        var accounts: [Account] = []
        for book in books {
            for number in 0..<3 {
                let id = book.id * 10 + Int64(number)
                let opens = number > 0 && below(2) == 0
                accounts.append(Account(
                    id: id, bookID: book.id, name: "a\(number)", kind: number == 2 ? .credit : .bank, opening: Int64(below(200_000)) - 50_000,
                    openingDay: opens ? start.adding(days: below(300)) : nil, position: number))
            }
        }
        var bills: [Bill] = []
        for id in 1...3_000 {
            let book = books[below(3)]
            let number = below(3)
            bills.append(Bill(
                id: Int64(id), bookID: book.id, categoryID: categories[below(categories.count)].id, amount: Int64(below(50_000)) + 1,
                day: start.adding(days: below(730)), accountID: number == 0 ? 0 : book.id * 10 + Int64(number)))
        }
        var transfers: [Transfer] = []
        for id in 1...400 {
            let from = accounts[below(accounts.count)]
            var to = accounts[below(accounts.count)]
            while to.id == from.id { to = accounts[below(accounts.count)] }
            let amount = Int64(below(90_000)) + 1
            transfers.append(Transfer(id: Int64(id), day: start.adding(days: below(730)), from: from.id, amount: amount, to: to.id,
                                      received: from.bookID == to.bookID ? amount : Int64(below(90_000)) + 1))
        }
        let ledger = Ledger(books: books, categories: categories, bills: bills, settings: Settings(currentBookID: 1),
                            accounts: accounts, transfers: transfers)
        return Generated(ledger: ledger, bills: bills, accounts: accounts, transfers: transfers)
    }

    /// The balance of `account` through `day`, from the bills and transfers as generated.
    static func plain(_ account: Account, through day: Day, in generated: Generated) -> Int64 {
        let kinds = Dictionary(uniqueKeysWithValues: generated.ledger.categories.map { ($0.id, $0.kind) })
        let from = account.openingDay ?? Day(iso: "1900-01-01")!
        var balance = account.opening
        for bill in generated.bills where bill.day >= from && bill.day <= day {
            // A book's first account is its id times ten, as generated.
            let held = bill.accountID == 0 ? bill.bookID * 10 : bill.accountID
            guard held == account.id else { continue }
            balance += kinds[bill.categoryID] == .income ? bill.amount : -bill.amount
        }
        for transfer in generated.transfers where transfer.day >= from && transfer.day <= day {
            if transfer.fromAccountID == account.id { balance -= transfer.fromAmount }
            if transfer.toAccountID == account.id { balance += transfer.toAmount }
        }
        return balance
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func everyAccountsBalanceOnEveryDayAskedIsThePlainSum(seed: UInt64) {
        let generated = Self.generated(seed: seed)
        var compared = 0
        for offset in stride(from: -10, through: 760, by: 37) {
            let day = Day(iso: "2020-01-01")!.adding(days: offset)
            let balances = generated.ledger.balances(through: day)
            for account in generated.accounts {
                let expected = Self.plain(account, through: day, in: generated)
                let found = balances.first { $0.account.id == account.id }?.balance ?? 0
                #expect(found == expected, "\(account.name) of book \(account.bookID) on \(day.iso)")
                compared += 1
            }
        }
        #expect(compared == 21 * 9)
        #expect(generated.ledger.balances(through: nil).map(\.balance)
            == generated.accounts.map { Self.plain($0, through: Day(iso: "2099-12-31")!, in: generated) })
    }
}
