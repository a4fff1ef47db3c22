import Foundation
import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// Tally's own journals read back: a file `export` wrote, and what the writer
/// writes of bills whose remarks and places a journal cannot hold as they are.
@Suite struct JournalExportReadingTests {
    /// `export t.hledger` of a ledger made with `book add travel currency USD`,
    /// `-25.50 food "lunch; with team" on 2024-12-02 at "Luckin, 5th Ave" #work #weekend`,
    /// `+12800 salary "monthly pay" on 2024-12-10`, in travel `-12 food "hot dog" on 2024-12-03
    /// at "New York" #trip`, `-3.20 transport "*metro" on 2024-12-04`, `-8 food "a|b" on 2024-12-05`,
    /// `rate USD 7.12 CNY on 2024-12-02`, `rate JPY 0.0485 CNY on 2024-12-02` and
    /// `every month on 15 -59 topup "phone plan" from 2024-12-15`; its declarations cut short.
    static let hledger = """
        ; Tally bills as an hledger journal: expenses:CATEGORY or income:CATEGORY against assets:BOOK.

        commodity CNY
            format 1,000.00 CNY
        commodity JPY
        commodity USD
            format 1,000.00 USD

        account assets:daily
        account income:salary

        tag place
        tag remark

        payee *metro
        payee a

        2024-12-02 lunch, with team  ; work:, weekend:
            ; remark: lunch; with team
            ; place: "Luckin, 5th Ave"
            expenses:food  25.50 CNY
            assets:daily  -25.50 CNY

        2024-12-03 hot dog  ; trip:
            ; place: New York
            expenses:food  12.00 USD
            assets:travel  -12.00 USD

        2024-12-04 () *metro
            expenses:transport  3.20 CNY
            assets:daily  -3.20 CNY

        2024-12-05 a|b
            expenses:food  8.00 CNY
            assets:daily  -8.00 CNY

        2024-12-10 monthly pay
            assets:daily  12800.00 CNY
            income:salary  -12800.00 CNY

        2024-12-15 phone plan
            expenses:topup  59.00 CNY
            assets:daily  -59.00 CNY

        ; Recurring rules, as periodic transactions where hledger can say their days.

        ; recurring #1: every month on 15 from 2024-12-15
        ~ every 15th day of month from 2024-12-15  phone plan
            expenses:topup  59.00 CNY
            assets:daily  -59.00 CNY

        ; Exchange rates.
        P 2024-12-02 USD 7.12 CNY
        P 2024-12-02 JPY 0.0485 CNY

        """

    /// The end of `export t.journal` (and `t.ledger`) of the same ledger: the rule as comments.
    static let journal = """
        2024-12-15 phone plan
            expenses:topup  59.00 CNY
            assets:daily  -59.00 CNY

        ; Recurring rules, as comments: ledger reads no hledger periodic transaction (a .hledger export writes them).

        ; recurring #1: every month on 15 from 2024-12-15; it posts:
        ; 2024-12-15 phone plan
        ;     expenses:topup  59.00 CNY
        ;     assets:daily  -59.00 CNY

        ; Exchange rates.
        P 2024-12-02 USD 7.12 CNY

        """

    @Test func eachBillIsATransactionOfTwoPostings() throws {
        let journal = try JournalReader.read(Self.hledger)
        #expect(journal.transactions.map(\.line) == [18, 24, 29, 33, 37, 41])
        #expect(journal.transactions.map(\.day.iso) == ["2024-12-02", "2024-12-03", "2024-12-04", "2024-12-05", "2024-12-10", "2024-12-15"])
        let lunch = journal.transactions[0]
        #expect(lunch.postings == [
            PeerPosting(line: 21, account: "expenses:food", amount: peer(2550, 2, "CNY")),
            PeerPosting(line: 22, account: "assets:daily", amount: peer(-2550, 2, "CNY")),
        ])
        #expect(journal.transactions[1].postings.map(\.amount) == [peer(1200, 2, "USD"), peer(-1200, 2, "USD")])
        #expect(journal.transactions[4].postings.map(\.account) == ["assets:daily", "income:salary"])
        #expect(journal.transactions.flatMap(\.postings).allSatisfy { !$0.inferred && !$0.hasCostOrPrice && $0.assertion == nil })
        #expect(journal.balances.isEmpty)
    }

    @Test func theRemarkPlaceAndTagsAreInTheComments() throws {
        let journal = try JournalReader.read(Self.hledger)
        let lunch = journal.transactions[0]
        #expect((lunch.payee, lunch.narration) == ("", "lunch, with team"))
        #expect(lunch.tags == ["work", "weekend"])
        #expect(lunch.metadata == ["remark": "lunch; with team", "place": "\"Luckin, 5th Ave\""])
        #expect(journal.transactions[1].metadata == ["place": "New York"])
        #expect(journal.transactions[1].tags == ["trip"])
        let metro = journal.transactions[2]
        #expect((metro.code, metro.narration) == ("", "*metro"))
        #expect((journal.transactions[3].payee, journal.transactions[3].narration) == ("a", "b"))
    }

    @Test func ratesArePricesAndPeriodicRulesAreSkipped() throws {
        let journal = try JournalReader.read(Self.hledger)
        #expect(journal.prices == [
            PeerPrice(line: 53, day: Day(iso: "2024-12-02")!, commodity: "USD", price: peer(712, 2, "CNY")),
            PeerPrice(line: 54, day: Day(iso: "2024-12-02")!, commodity: "JPY", price: peer(485, 4, "CNY")),
        ])
        #expect(journal.skipped == [
            PeerSkipped(line: 48, text: "~ every 15th day of month from 2024-12-15  phone plan", reason: "periodic transactions are not read"),
        ])
    }

    @Test func aJournalForLedgerHasItsRulesInCommentsAndSkipsNothing() throws {
        let journal = try JournalReader.read(Self.journal)
        #expect(journal.transactions.map(\.narration) == ["phone plan"])
        #expect(journal.prices.map(\.line) == [13])
        #expect(journal.skipped.isEmpty)
    }

    /// Bills whose remarks, places and tags a journal cannot hold as they
    /// are, in each book's currency: what the writer writes of them reads
    /// back as the same amounts, remark, place and tags.
    @Test func whatTheWriterWritesReadsBackAsTheBills() throws {
        let long = (1...600).map { "word\($0)," }.joined(separator: " ")
        let bills = [
            FoodBill(remark: "lunch; with team", place: "Luckin, 5th Ave", tags: ["work", "day off"], amount: 2550),
            FoodBill(remark: "a|b", tags: [], amount: 800),
            FoodBill(remark: "*metro", place: "\"quoted\" place", tags: [], amount: 320),
            FoodBill(remark: "sushi", place: "Tokyo", tags: ["trip"], amount: 1500, book: 2),
            FoodBill(remark: long, tags: [], amount: -100),
            FoodBill(remark: "价格, 100元", place: "上海", tags: ["家"], amount: 12345),
        ]
        let books = [Book(id: 1, name: "daily", currency: .cny, position: 1), Book(id: 2, name: "japan", currency: Currency(code: "JPY"), position: 2)]
        let ledger = foodLedger(books: books, bills: bills)
        let text = LedgerJournal(bills: ledger.bills.map { BillRow($0, in: ledger) }, accounts: ledger.exportAccounts).text
        let journal = try JournalReader.read(text)
        #expect(journal.transactions.count == bills.count)
        for (bill, transaction) in zip(bills, journal.transactions) {
            let currency = books[Int(bill.book) - 1].currency
            #expect(transaction.postings.map(\.amount) == [peer(Int128(bill.amount), currency.decimals, currency.code),
                                                           peer(-Int128(bill.amount), currency.decimals, currency.code)])
            let remark = try transaction.metadata["remark"].map(Self.value) ?? transaction.narration
            #expect(remark == (bill.remark == "a|b" ? "b" : bill.remark))
            #expect(try transaction.metadata["place"].map(Self.value) == bill.place)
            #expect(transaction.tags == bill.tags.map { $0.replacing(" ", with: "-") })
        }
    }

    /// A comment's value as the writer means it: JSON where it is in quotes.
    static func value(_ written: String) throws -> String {
        written.hasPrefix("\"") ? try JSONDecoder().decode(String.self, from: Data(written.utf8)) : written
    }
}
