import Testing
import TallyCore
@testable import TallyInterchange

/// The one transaction of `text`, which must read.
private func onlyTransaction(_ text: String) throws -> PeerTransaction {
    let journal = try BeancountReader.read(text)
    guard journal.transactions.count == 1 else { throw TestFailure("\(journal.transactions.count) transactions in \(text)") }
    return journal.transactions[0]
}

/// Beancount's syntax, each construct read once.
@Suite struct BeancountReaderTests {
    @Test func aTransactionHasAFlagStringsTagsMetadataAndPostings() throws {
        let transaction = try onlyTransaction("""
            2016-07-01 ! "Cafe \\"Luckin\\"" "two\\\\coffees" #work ^receipt-12 #trip ; a comment
              book: "daily"
              count: 2
              empty: ""
              #late
              Expenses:Food  25.50 CNY ; the coffees
                note: "the posting's own"
              ! Assets:Cash

            """)
        #expect((transaction.flag, transaction.payee, transaction.narration) == ("!", "Cafe \"Luckin\"", "two\\coffees"))
        #expect(transaction.tags == ["work", "trip", "late"])
        #expect(transaction.metadata == ["book": "daily", "count": "2", "empty": ""])
        #expect(transaction.postings == [
            PeerPosting(line: 6, account: "Expenses:Food", amount: peer(2550, 2, "CNY")),
            PeerPosting(line: 8, account: "Assets:Cash", amount: peer(-2550, 2, "CNY"), inferred: true),
        ])
    }

    @Test func oneStringIsTheNarrationAndTxnIsACompletedTransaction() throws {
        let narrated = try onlyTransaction("2016-07-01 txn \"lunch\"\n  Expenses:Food  5 USD\n  Assets:Cash  -5 USD\n")
        #expect((narrated.flag, narrated.payee, narrated.narration) == ("*", "", "lunch"))
        let bare = try onlyTransaction("2016/07/01 *\n  Expenses:Food  5 USD\n  Assets:Cash  -5 USD\n")
        #expect((bare.day.iso, bare.narration) == ("2016-07-01", ""))
    }

    @Test func pushedTagsAndMetadataApplyToTheTransactionsBetween() throws {
        let journal = try BeancountReader.read("""
            pushtag #trip
            pushmeta book: "travel"
            2016-07-01 * "a"
              Expenses:Food  5 USD
              Assets:Cash
            poptag #trip
            popmeta book:
            2016-07-02 * "b" #home
              Expenses:Food  5 USD
              Assets:Cash

            """)
        #expect(journal.transactions.map(\.tags) == [["trip"], ["home"]])
        #expect(journal.transactions.map(\.metadata) == [["book": "travel"], [:]])
        #expect(beancountError("poptag #trip\n") == PeerJournalError(line: 1, column: 8, message: "#trip was not pushed"))
    }

    @Test func costsAndPricesGiveTheWeightTheTransactionBalancesBy() throws {
        let transaction = try onlyTransaction("""
            2016-07-01 * "trades"
              Assets:Stock  10 AAPL {1.50 USD}
              Assets:Stock  2 AAPL {{4 USD}}
              Assets:Stock  3 AAPL {2 # 1 USD, 2016-06-01, "lot"}
              Assets:Stock  -1 AAPL {1.50 USD, 2016-06-01} @ 9 USD
              Assets:Euro  5 EUR @ 1.10 USD
              Assets:Euro  -2 EUR @@ 2.30 USD
              Assets:Cash

            """)
        let postings = transaction.postings
        #expect(postings.map(\.hasCostOrPrice) == [true, true, true, true, true, true, false])
        #expect(postings.map(\.weight) == [
            peer(1500, 2, "USD"), peer(4, 0, "USD"), peer(7, 0, "USD"), peer(-150, 2, "USD"), peer(550, 2, "USD"), peer(-230, 2, "USD"),
            peer(-2770, 2, "USD"),
        ])
        #expect(postings[6].amount == peer(-2770, 2, "USD"))
    }

    @Test func aLotThatOnlyItsInventoryKnowsLeavesTheAmountLeftOutUnknown() throws {
        let sale = try onlyTransaction("2016-07-01 * \"sell\"\n  Assets:Stock  -10 AAPL {}\n  Assets:Stock  -1 AAPL {2016-06-01}\n  Assets:Cash\n")
        #expect(sale.postings.map(\.weight) == [nil, nil, nil])
        #expect(sale.postings[2].amount == nil)
        #expect(!sale.postings[2].inferred)
    }

    @Test func aSumWithinHalfTheLastDigitBalancesAndOneBeyondIsAnError() throws {
        #expect(beancountError("2016-07-01 * \"x\"\n  A:B  10.004 USD\n  A:C  -10.00 USD\n") == nil)
        #expect(beancountError("2016-07-01 * \"x\"\n  A:B  10.006 USD\n  A:C  -10.00 USD\n")
            == PeerJournalError(line: 1, column: 1, message: "the transaction does not balance: its postings add up to 0.006 USD"))
        #expect(beancountError("2016-07-01 * \"x\"\n  A:B  10 USD\n  A:C  -9 USD\n")
            == PeerJournalError(line: 1, column: 1, message: "the transaction does not balance: its postings add up to 1 USD"))
        #expect(beancountError("2016-07-01 * \"x\"\n  A:B  10 USD\n  A:C\n  A:D\n")
            == PeerJournalError(line: 4, column: 3, message: "only one posting may leave out its amount, and the one on line 3 does"))
    }

    @Test func entriesOfEachKindAreRead() throws {
        let journal = try BeancountReader.read("""
            option "title" "Books"
            2016-01-01 open Assets:Cash USD,CNY "STRICT"
              institution: "wallet"
            2016-01-01 open Assets:Bank
            2016-01-01 commodity USD
              name: "US Dollar"
            2016-07-01 price AAPL 150.25 USD
            2016-07-02 balance Assets:Cash  100.00 ~ 0.01 USD
            2016-07-03 balance Assets:Cash  -5 CNY
            2016-12-31 close Assets:Cash

            """)
        #expect(journal.options == [PeerOption(line: 1, name: "title", value: "Books")])
        #expect(journal.opens == [
            PeerOpen(line: 2, day: Day(iso: "2016-01-01")!, account: "Assets:Cash", currencies: ["USD", "CNY"]),
            PeerOpen(line: 4, day: Day(iso: "2016-01-01")!, account: "Assets:Bank"),
        ])
        #expect(journal.prices == [PeerPrice(line: 7, day: Day(iso: "2016-07-01")!, commodity: "AAPL", price: peer(15025, 2, "USD"))])
        #expect(journal.balances == [
            PeerBalance(line: 8, day: Day(iso: "2016-07-02")!, account: "Assets:Cash", amount: peer(10000, 2, "USD"), atStartOfDay: true,
                        tolerance: peer(1, 2, "USD")),
            PeerBalance(line: 9, day: Day(iso: "2016-07-03")!, account: "Assets:Cash", amount: peer(-5, 0, "CNY"), atStartOfDay: true),
        ])
        #expect(journal.closes == [PeerClose(line: 10, day: Day(iso: "2016-12-31")!, account: "Assets:Cash")])
        #expect(journal.skipped.isEmpty)
    }

    @Test func whatIsNotReadIsSkippedAtItsLineWithWhy() throws {
        let journal = try BeancountReader.read("""
            * Org heading
            ; comment
            include "other.beancount"
            plugin "beancount.plugins.auto_accounts"
            2016-07-01 pad Assets:Cash Equity:Opening
            2016-07-01 note Assets:Cash "called the bank"
            2016-07-01 document Assets:Cash "statement.pdf"
            2016-07-01 event "location" "Boston"
            2016-07-01 query "cash" "SELECT 1"
            2016-07-01 custom "budget" Expenses:Food "monthly" 500 USD
              note: "metadata of the skipped entry"
            2016-07-01 * "read"
              Expenses:Food  5 USD
              Assets:Cash
            lonely words

            """)
        #expect(journal.transactions.map(\.line) == [12])
        #expect(journal.skipped.map { "\($0.line) \($0.reason)" } == [
            "3 include is not followed", "4 plugins are not run",
            "5 pad is not read: the amount it stands for is left to the balance after it",
            "6 note entries carry no amount that is read", "7 document entries carry no amount that is read",
            "8 event entries carry no amount that is read", "9 query entries carry no amount that is read",
            "10 custom entries carry no amount that is read", "15 not an entry that is read",
        ])
    }

    @Test(arguments: [
        ("2016-02-30 * \"x\"\n", PeerJournalError(line: 1, column: 1, message: "'2016-02-30' is not a day of the calendar")),
        ("2016-07-01 opne Assets:Cash\n",
         PeerJournalError(line: 1, column: 12, message: "expected an entry such as open, balance or a transaction's flag after the date, found 'opne'")),
        ("2016-07-01 * \"x\n", PeerJournalError(line: 1, column: 16, message: "expected '\"' to close the string that opens at column 14")),
        ("2016-07-01 * \"x\"\n  Expenses:Food  (25/2) USD\n  Assets:Cash\n",
         PeerJournalError(line: 2, column: 18, message: "arithmetic in amounts is not read; write the number")),
        ("2016-07-01 * \"x\"\n  Expenses:Food  25 + 2 USD\n  Assets:Cash\n",
         PeerJournalError(line: 2, column: 18, message: "arithmetic in amounts is not read; write the number")),
        ("2016-07-01 * \"x\"\n  Expenses:Food  25\n  Assets:Cash\n", PeerJournalError(line: 2, column: 20, message: "expected a currency such as USD, found the end of the line")),
        ("2016-07-01 * \"x\"\n  food  25 USD\n", PeerJournalError(line: 2, column: 3, message: "expected a key such as name:, found 'food'")),
        ("2016-07-01 * \"x\"\n  Food  25 USD\n", PeerJournalError(line: 2, column: 3, message: "expected an account such as Assets:Cash, found 'Food'")),
        ("2016-07-01 * \"x\"\n  Assets:Cash  25 USD {25 USD\n", PeerJournalError(line: 2, column: 30, message: "expected ',' or '}' to close the cost that opens at column 23, found the end of the line")),
        ("2016-07-01 * \"x\"\n  Assets:Cash  25 USD USD\n", PeerJournalError(line: 2, column: 23, message: "expected '{', '@' or a comment after the amount, found 'USD'")),
        ("2016-07-01 balance Assets:Cash 25 usd\n", PeerJournalError(line: 1, column: 35, message: "expected a currency such as USD, found 'usd'")),
        ("2016-07-01 open Assets:Cash USD extra\n", PeerJournalError(line: 1, column: 33, message: "expected the end of the line after the account's currencies, found 'extra'")),
        ("2016-07-01 * \"a\" \"b\" \"c\"\n", PeerJournalError(line: 1, column: 22, message: "a transaction has at most a payee and a narration before its tags")),
        ("2016-07-01 * \"x\"\n  Assets:Cash  1,5 USD\n", PeerJournalError(line: 2, column: 19, message: "'1,5' has a digit group mark not followed by three digits")),
    ])
    func badInputIsAnErrorWhereItStands(text: String, error: PeerJournalError) {
        #expect(beancountError(text) == error)
    }
}
