import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// Tally's own beancount files read back: one `export` wrote, and what the
/// writer writes of bills whose text beancount must escape.
@Suite struct BeancountExportReadingTests {
    /// `export t.beancount` of the ledger `JournalExportReadingTests.hledger` is of.
    static let exported = """
        ; Tally bills for beancount: Expenses:Category or Income:Category against Assets:Book.
        option "operating_currency" "CNY"
        option "operating_currency" "USD"

        2024-12-01 open Assets:Daily CNY
        2024-12-01 open Assets:Travel USD
        2024-12-01 open Expenses:Food
        2024-12-01 open Income:Salary

        2024-12-02 * "Luckin, 5th Ave" "lunch; with team" #work #weekend
          Expenses:Food  25.50 CNY
          Assets:Daily  -25.50 CNY

        2024-12-03 * "New York" "hot dog" #trip
          Expenses:Food  12.00 USD
          Assets:Travel  -12.00 USD

        2024-12-04 * "*metro"
          Expenses:Transport  3.20 CNY
          Assets:Daily  -3.20 CNY

        2024-12-10 * "monthly pay"
          Assets:Daily  12800.00 CNY
          Income:Salary  -12800.00 CNY

        2024-12-15 custom "recurring" "every month on 15" 59.00 CNY Expenses:Topup Assets:Daily "phone plan"
          rule: 1

        2024-12-02 price USD 7.12 CNY
        2024-12-02 price JPY 0.0485 CNY

        """

    @Test func eachBillIsATransactionWithItsPlaceAsPayee() throws {
        let journal = try BeancountReader.read(Self.exported)
        #expect(journal.transactions.map(\.line) == [10, 14, 18, 22])
        let lunch = journal.transactions[0]
        #expect((lunch.flag, lunch.payee, lunch.narration, lunch.tags) == ("*", "Luckin, 5th Ave", "lunch; with team", ["work", "weekend"]))
        #expect(lunch.postings == [
            PeerPosting(line: 11, account: "Expenses:Food", amount: peer(2550, 2, "CNY")),
            PeerPosting(line: 12, account: "Assets:Daily", amount: peer(-2550, 2, "CNY")),
        ])
        #expect((journal.transactions[2].payee, journal.transactions[2].narration) == ("", "*metro"))
        #expect(journal.transactions[1].postings.map(\.amount) == [peer(1200, 2, "USD"), peer(-1200, 2, "USD")])
    }

    @Test func optionsOpensAndPricesAreReadAndTheRecurringRuleSkipped() throws {
        let journal = try BeancountReader.read(Self.exported)
        #expect(journal.options.map(\.value) == ["CNY", "USD"])
        #expect(journal.opens == [
            PeerOpen(line: 5, day: Day(iso: "2024-12-01")!, account: "Assets:Daily", currencies: ["CNY"]),
            PeerOpen(line: 6, day: Day(iso: "2024-12-01")!, account: "Assets:Travel", currencies: ["USD"]),
            PeerOpen(line: 7, day: Day(iso: "2024-12-01")!, account: "Expenses:Food"),
            PeerOpen(line: 8, day: Day(iso: "2024-12-01")!, account: "Income:Salary"),
        ])
        #expect(journal.prices == [
            PeerPrice(line: 29, day: Day(iso: "2024-12-02")!, commodity: "USD", price: peer(712, 2, "CNY")),
            PeerPrice(line: 30, day: Day(iso: "2024-12-02")!, commodity: "JPY", price: peer(485, 4, "CNY")),
        ])
        #expect(journal.skipped == [PeerSkipped(
            line: 26, text: "2024-12-15 custom \"recurring\" \"every month on 15\" 59.00 CNY Expenses:Topup Assets:Daily \"phone plan\"",
            reason: "custom entries carry no amount that is read")])
    }

    /// Bills whose remarks have quotes, backslashes and control characters,
    /// and tags beancount's `#` cannot hold: what the writer writes of them
    /// reads back as the same amounts, remark, place and tags.
    @Test func whatTheWriterWritesReadsBackAsTheBills() throws {
        let bills = [
            FoodBill(remark: "say \"cheese\"", place: "Luckin, 5th Ave", tags: ["work", "c++"], amount: 2550),
            FoodBill(remark: "back\\slash", tags: [], amount: 800),
            FoodBill(remark: "", place: "家", tags: ["家"], amount: 12345),
            FoodBill(remark: "refund", tags: [], amount: -100),
        ]
        let ledger = foodLedger(books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], bills: bills)
        let text = BeancountFile(bills: ledger.bills.map { BillRow($0, in: ledger) }, accounts: ledger.exportAccounts).text
        let journal = try BeancountReader.read(text)
        #expect(journal.transactions.count == bills.count)
        for (bill, transaction) in zip(bills, journal.transactions) {
            #expect(transaction.postings.map(\.amount) == [peer(Int128(bill.amount), 2, "CNY"), peer(-Int128(bill.amount), 2, "CNY")])
            #expect(transaction.narration == bill.remark)
            #expect(transaction.payee == bill.place ?? "")
            let otherTags = transaction.metadata["tags"].map { $0.split(separator: " ").map(String.init) } ?? []
            #expect(Set(transaction.tags + otherTags) == Set(bill.tags))
        }
    }
}
