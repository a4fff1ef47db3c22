import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// Books daily (CNY) with accounts cash, bank (opening 1,000.00 on
/// 2016-07-01) and card (a credit card owing 200.00 then), and travel (USD)
/// with its one account; a bill on the bank before its opening day, which
/// its balance leaves out; the card paid off from the bank; 710.00 CNY
/// changed into 100.00 USD for travel; the bank reconciled on 2016-07-05,
/// the card on 2016-07-06 after that day's dinner, and cash on 2016-07-02
/// at a balance its bills no longer give.
private enum Accounts {
    static let cash: Int64 = 1, bank: Int64 = 2, card: Int64 = 3, travelCash: Int64 = 4

    static let books = [Book(id: 1, name: "daily", currency: .cny, position: 1), Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2)]
    static let categories = [
        Category(id: 1, name: "food", kind: .expense, icon: "", aliases: [], position: 1),
        Category(id: 2, name: "salary", kind: .income, icon: "", aliases: [], position: 2),
    ]
    static let accounts = [
        Account(id: cash, bookID: 1, name: "cash", position: 0),
        Account(id: bank, bookID: 1, name: "bank", kind: .bank, opening: 100_000, openingDay: day("2016-07-01"), position: 1),
        Account(id: card, bookID: 1, name: "card", kind: .credit, opening: -20_000, openingDay: day("2016-07-01"), position: 2),
        Account(id: travelCash, bookID: 2, name: "cash", position: 0),
    ]
    static let bills = [
        Bill(id: 1, bookID: 1, categoryID: 1, amount: 500, day: day("2016-06-20"), remark: "early", accountID: bank),
        Bill(id: 2, bookID: 1, categoryID: 1, amount: 2_500, day: day("2016-07-02"), remark: "lunch", accountID: card),
        Bill(id: 3, bookID: 1, categoryID: 1, amount: 1_000, day: day("2016-07-02"), remark: "snack"),
        Bill(id: 4, bookID: 1, categoryID: 2, amount: 300_000, day: day("2016-07-03"), remark: "pay", accountID: bank),
        Bill(id: 5, bookID: 2, categoryID: 1, amount: 300, day: day("2016-07-06"), remark: "hot dog"),
        Bill(id: 6, bookID: 1, categoryID: 1, amount: 4_000, day: day("2016-07-06"), remark: "dinner", accountID: card),
    ]
    static let transfers = [
        Transfer(id: 1, day: day("2016-07-04"), from: bank, amount: 22_500, to: card, remark: "pay off"),
        Transfer(id: 2, day: day("2016-07-05"), from: bank, amount: 71_000, to: travelCash, received: 10_000),
    ]
    static let reconciliations = [
        Reconciliation(id: 1, accountID: cash, day: day("2016-07-02"), balance: 0),
        Reconciliation(id: 2, accountID: bank, day: day("2016-07-05"), balance: 306_500),
        Reconciliation(id: 3, accountID: card, day: day("2016-07-06"), balance: -4_000),
    ]

    static let ledger = Ledger(
        books: books, categories: categories, bills: bills, settings: Settings(currentBookID: 1),
        accounts: accounts, transfers: transfers, reconciliations: reconciliations)

    /// The bills and entries `statement` exports, as the session gets them.
    static func exported(_ statement: String) throws -> (bills: [BillRow], entries: AccountEntries) {
        let parsed = try parseOne(statement)
        let evaluator = Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
        guard case .ledger(let ledgerStatement) = parsed.statement, case .export(let options) = ledgerStatement,
              case .exportFile(_, let bills, _) = try evaluator.evaluate(ledgerStatement, at: parsed.range)
        else { throw TestFailure("not an export: \(statement)") }
        return (bills.rows, evaluator.accountEntries(options))
    }

    static func journal(_ statement: String = "export x.journal") throws -> String {
        let (bills, entries) = try exported(statement)
        return LedgerJournal(bills: bills, accounts: ledger.exportAccounts, entries: entries).text
    }

    static func beancount(_ statement: String = "export x.beancount") throws -> String {
        let (bills, entries) = try exported(statement)
        return BeancountFile(bills: bills, accounts: ledger.exportAccounts, entries: entries).text
    }

    /// Tally's balance of each account at the end, by the name each export gives it.
    static func balances(beancount: Bool) -> [String: [String: String]] {
        let names = [
            cash: ("assets:daily:cash", "Assets:Daily:Cash"), bank: ("assets:daily:bank", "Assets:Daily:Bank"),
            card: ("liabilities:daily:card", "Liabilities:Daily:Card"), travelCash: ("assets:travel", "Assets:Travel"),
        ]
        var balances: [String: [String: String]] = [:]
        for entry in ledger.balances(through: nil) {
            let currency = ledger.book(id: entry.account.bookID)!.currency
            let name = names[entry.account.id]!
            balances[beancount ? name.1 : name.0] = [currency.code: MoneyFormat.plain(entry.balance, currency)]
        }
        return balances
    }
}

@Suite struct AccountExportTests {
    @Test func aBillPostsToItsAccountAndACreditCardsIsALiability() throws {
        let text = try Accounts.journal()
        #expect(text.contains("\n2016-07-02 lunch\n    expenses:food  25.00 CNY\n    liabilities:daily:card  -25.00 CNY\n"), "\(text)")
        #expect(text.contains("\n2016-07-02 snack\n    expenses:food  10.00 CNY\n    assets:daily:cash  -10.00 CNY\n"), "\(text)")
        #expect(text.contains("\n2016-07-03 pay\n    assets:daily:bank  3000.00 CNY\n    income:salary  -3000.00 CNY\n"), "\(text)")
        // A book of one account posts to the book's, as before accounts were kept.
        #expect(text.contains("\n2016-07-06 hot dog\n    expenses:food  3.00 USD\n    assets:travel  -3.00 USD\n"), "\(text)")
        for account in ["assets:daily:bank", "assets:daily:cash", "assets:travel", "equity:opening balances", "liabilities:daily:card"] {
            #expect(text.contains("\naccount \(account)\n"), "\(account) in \(text)")
        }
        let beancount = try Accounts.beancount()
        #expect(beancount.contains("\n2016-07-02 * \"lunch\"\n  Expenses:Food  25.00 CNY\n  Liabilities:Daily:Card  -25.00 CNY\n"), "\(beancount)")
        #expect(beancount.contains("\n2016-07-06 * \"hot dog\"\n  Expenses:Food  3.00 USD\n  Assets:Travel  -3.00 USD\n"), "\(beancount)")
        for open in ["Assets:Daily:Bank CNY", "Assets:Daily:Cash CNY", "Assets:Travel USD", "Equity:Opening-Balances", "Liabilities:Daily:Card CNY"] {
            #expect(beancount.contains("\n2016-06-19 open \(open)\n"), "\(open) in \(beancount)")
        }
    }

    @Test func anOpeningIsAgainstEquityAndMakesUpForBillsBeforeTheOpeningDay() throws {
        let text = try Accounts.journal()
        // The early bill takes 5.00 from the bank in the file, which Tally's balance leaves out: the opening gives it back.
        #expect(text.contains("\n2016-07-01 opening balance\n    assets:daily:bank  1005.00 CNY\n    equity:opening balances  -1005.00 CNY\n"), "\(text)")
        #expect(text.contains("\n2016-07-01 opening balance\n    liabilities:daily:card  -200.00 CNY\n    equity:opening balances  200.00 CNY\n"), "\(text)")
        #expect(!text.contains("opening balance\n    assets:daily:cash"), "an account opening at nothing has no opening: \(text)")
        let beancount = try Accounts.beancount()
        #expect(beancount.contains("\n2016-07-01 * \"opening balance\"\n  Assets:Daily:Bank  1005.00 CNY\n  Equity:Opening-Balances  -1005.00 CNY\n"),
                "\(beancount)")
    }

    @Test func aTransferHasTwoPostingsAndAcrossCurrenciesATotalPrice() throws {
        let text = try Accounts.journal()
        #expect(text.contains("\n2016-07-04 pay off\n    assets:daily:bank  -225.00 CNY\n    liabilities:daily:card  225.00 CNY\n"), "\(text)")
        #expect(text.contains("\n2016-07-05 transfer\n    assets:daily:bank  -710.00 CNY\n    assets:travel  100.00 USD @@ 710.00 CNY\n"), "\(text)")
        #expect(text.contains("\npayee pay off\n") && text.contains("\npayee transfer\n"), "\(text)")
        let beancount = try Accounts.beancount()
        #expect(beancount.contains("\n2016-07-05 * \"transfer\"\n  Assets:Daily:Bank  -710.00 CNY\n  Assets:Travel  100.00 USD @@ 710.00 CNY\n"), "\(beancount)")
    }

    @Test func aReconciliationIsAnAssertionAfterEveryPostingOfItsDay() throws {
        let text = try Accounts.journal()
        let bank = "\n2016-07-05 reconciled balance\n    assets:daily:bank  0.00 CNY = 3065.00 CNY\n"
        let card = "\n2016-07-06 reconciled balance\n    liabilities:daily:card  0.00 CNY = -40.00 CNY\n"
        #expect(text.contains(bank) && text.contains(card), "\(text)")
        let cardAssertion = try #require(text.range(of: card))
        for sameDay in ["\n2016-07-06 dinner\n", "\n2016-07-06 hot dog\n"] {
            #expect(try #require(text.range(of: sameDay)).lowerBound < cardAssertion.lowerBound, "\(sameDay) before \(card) in \(text)")
        }
        #expect(try #require(text.range(of: "\n2016-07-05 transfer\n")).lowerBound < (try #require(text.range(of: bank))).lowerBound)
        #expect(text.contains("\n; assets:daily:cash was reconciled on 2016-07-02 at 0.00 CNY, but what it holds then is now -10.00 CNY: no assertion\n"),
                "a statement the bills no longer agree with would make the tools refuse the file: \(text)")
        let beancount = try Accounts.beancount()
        #expect(beancount.contains("\n2016-07-06 balance Assets:Daily:Bank  3065.00 ~ 0 CNY\n"), "\(beancount)")
        #expect(beancount.contains("\n2016-07-07 balance Liabilities:Daily:Card  -40.00 ~ 0 CNY\n"), "\(beancount)")
        #expect(!beancount.contains("balance Assets:Daily:Cash"), "\(beancount)")
    }

    @Test func readBackEachAccountHoldsWhatTallysBalanceSaysAndEachAssertionIsRead() throws {
        let journal = try JournalReader.read(try Accounts.journal())
        for (account, balance) in Accounts.balances(beancount: false) {
            #expect(try total(of: account, in: journal) == balance, "\(account)")
        }
        #expect(journal.balances.map { "\($0.day.iso) \($0.account) \($0.amount.text)" }
            == ["2016-07-05 assets:daily:bank 3065.00 CNY", "2016-07-06 liabilities:daily:card -40.00 CNY"])
        let beancount = try BeancountReader.read(try Accounts.beancount())
        for (account, balance) in Accounts.balances(beancount: true) {
            #expect(try total(of: account, in: beancount) == balance, "\(account)")
        }
        #expect(beancount.balances.map { "\($0.day.iso) \($0.account) \($0.amount.text) \($0.atStartOfDay)" }
            == ["2016-07-06 Assets:Daily:Bank 3065.00 CNY true", "2016-07-07 Liabilities:Daily:Card -40.00 CNY true"])
    }

    @Test func aPeriodOpensEachAccountAtWhatItHeldWhenThePeriodBegins() throws {
        let text = try Accounts.journal("export x.journal since 2016-07-05")
        #expect(text.contains("\n2016-07-05 opening balance\n    assets:daily:bank  3775.00 CNY\n    equity:opening balances  -3775.00 CNY\n"), "\(text)")
        #expect(text.contains("\n2016-07-05 opening balance\n    assets:daily:cash  -10.00 CNY\n"), "\(text)")
        #expect(!text.contains("pay off"), "a transfer before the period is in its openings: \(text)")
        #expect(text.contains("assets:travel  100.00 USD @@ 710.00 CNY"), "\(text)")
        let journal = try JournalReader.read(text)
        for (account, balance) in Accounts.balances(beancount: false) {
            #expect(try total(of: account, in: journal) == balance, "\(account)")
        }
        let before = try Accounts.journal("export x.journal until 2016-06-30")
        #expect(!before.contains("opening balance\n    "), "an account opened after the period has no opening: \(before)")
    }

    @Test func aConditionSelectsBillsAloneAndWritesNoAccountEntries() throws {
        let (bills, entries) = try Accounts.exported("export x.journal where category = food")
        #expect(bills.count == 5)
        #expect(entries == .none)
    }

    @Test func accountNamesAreMadeValidAndUniqueWithinTheirBook() {
        let ledger = Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: [], bills: [], settings: Settings(currentBookID: 1),
            accounts: [
                Account(id: 1, bookID: 1, name: "Bank card", position: 0), Account(id: 2, bookID: 1, name: "bank-card", position: 1),
                Account(id: 3, bookID: 1, name: "a:b", kind: .credit, position: 2), Account(id: 4, bookID: 1, name: "支付宝", kind: .wallet, position: 3),
            ])
        let accounts = ledger.exportAccounts
        let names = ["Bank card", "BANK-CARD", "a:b", "支付宝"].map { accounts.holding(book: "daily", account: $0) }
        #expect(names.map(\.journal) == ["assets:daily:Bank card", "assets:daily:bank-card", "liabilities:daily:a-b", "assets:daily:支付宝"])
        #expect(names.map(\.beancount) == ["Assets:Daily:Bank-card", "Assets:Daily:Bank-card-2", "Liabilities:Daily:A-b", "Assets:Daily:X-支付宝"])
        let book = accounts.holding(book: "daily", account: nil)
        #expect([book.journal, book.beancount] == ["assets:daily", "Assets:Daily"])
    }
}
