import Testing
import TallyCore
@testable import TallyInterchange

/// The one transaction of `text`, which must read.
private func onlyTransaction(_ text: String) throws -> PeerTransaction {
    let journal = try JournalReader.read(text)
    guard journal.transactions.count == 1 else { throw TestFailure("\(journal.transactions.count) transactions in \(text)") }
    return journal.transactions[0]
}

/// The amount of the first posting of `amount` against an elided second.
private func firstAmount(_ amount: String, directives: String = "") throws -> PeerAmount? {
    try onlyTransaction(directives + "2016-07-01 x\n    a  \(amount)\n    b\n").postings[0].amount
}

/// hledger's and ledger's journal syntax, each construct read once.
@Suite struct JournalReaderTests {
    @Test(arguments: [
        ("$25.00", peer(2500, 2, "$")), ("-$25", peer(-25, 0, "$")), ("$-25", peer(-25, 0, "$")), ("$ 25", peer(25, 0, "$")),
        ("25.00 USD", peer(2500, 2, "USD")), ("USD 25.00", peer(2500, 2, "USD")), ("USD -25.00", peer(-2500, 2, "USD")),
        ("¥1,000.00", peer(100000, 2, "¥")), ("1,234,567.891 BTC", peer(1234567891, 3, "BTC")), ("25€", peer(25, 0, "€")),
        ("\"AAPL 2\" 10", peer(10, 0, "AAPL 2")), ("10 \"AAPL 2\"", peer(10, 0, "AAPL 2")), (".5 EUR", peer(5, 1, "EUR")),
        ("25", peer(25, 0, "")), ("+3 USD", peer(3, 0, "USD")),
    ])
    func amountsAreReadExactly(written: String, amount: PeerAmount) throws {
        #expect(try firstAmount(written) == amount)
    }

    @Test func aCommaIsTheDecimalMarkOnlyWhereADirectiveSaysSo() throws {
        #expect(try firstAmount("1.000,00 EUR", directives: "commodity 1.000,00 EUR\n") == peer(100000, 2, "EUR"))
        #expect(try firstAmount("EUR 1.000,5", directives: "commodity EUR\n    format 1.000,00 EUR\n") == peer(10005, 1, "EUR"))
        #expect(try firstAmount("1.000,00 EUR", directives: "decimal-mark ,\n") == peer(100000, 2, "EUR"))
        // The directive of one commodity leaves the others as they were.
        #expect(try firstAmount("1,000.00 USD", directives: "commodity 1.000,00 EUR\n") == peer(100000, 2, "USD"))
        #expect(try firstAmount("1000", directives: "D 1.000,00 EUR\n") == peer(1000, 0, "EUR"))

        let error = journalError("2016-07-01 x\n    a  1.000,00 EUR\n    b\n")
        #expect(error?.line == 2)
        #expect(error?.column == 13)
        #expect(error?.message.hasPrefix("'1.000,00' has ',' after its decimal mark '.'") == true)
        #expect(journalError("2016-07-01 x\n    a  1,5 EUR\n    b\n")
            == PeerJournalError(line: 2, column: 11, message: "'1,5' has a digit group mark not followed by three digits"
                + " (a comma is the decimal mark only where a `decimal-mark ,` or `commodity` directive says so)"))
    }

    @Test func anAmountThatCannotBeReadIsAnErrorWhereItStands() {
        #expect(journalError("2016-07-01 x\n    a  abc\n    b\n")
            == PeerJournalError(line: 2, column: 8, message: "expected an amount after the account, found 'abc'"))
        #expect(journalError("2016-07-01 x\n    a  ($10 * 2)\n    b\n")
            == PeerJournalError(line: 2, column: 8, message: "amount expressions such as (…) are not read; write the amount"))
        #expect(journalError("2016-07-01 x\n    a  $10 USD\n    b\n")
            == PeerJournalError(line: 2, column: 12, message: "expected '@', '=' or a comment after the amount, found 'USD'"))
        #expect(journalError("2016-07-01 x\n    a  \"AAPL 10\n    b\n")
            == PeerJournalError(line: 2, column: 8, message: "expected '\"' to close the commodity's name"))
        #expect(journalError("2016-07-01 x\n    a  1234567890123456789 USD\n    b\n")?.message == "'1234567890123456789' has more than 18 digits")
    }

    @Test func datesAreReadInEachFormAndAnImpossibleOneIsAnError() throws {
        let journal = try JournalReader.read("""
            2016-07-01 a
            2016/7/2 b
            2016.07.03 c
            Y 2017
            07/04 d
            2018-01-05=01/06 e

            """)
        #expect(journal.transactions.map(\.day.iso) == ["2016-07-01", "2016-07-02", "2016-07-03", "2017-07-04", "2018-01-05"])
        #expect(journal.transactions.map(\.line) == [1, 2, 3, 5, 6])
        #expect(journalError("2016-02-30 x\n") == PeerJournalError(line: 1, column: 1, message: "'2016-02-30' is not a day of the calendar"))
        #expect(journalError("\n2016-13-01 x\n") == PeerJournalError(line: 2, column: 1, message: "'2016-13-01' is not a day of the calendar"))
        #expect(journalError("07/01 x\n")
            == PeerJournalError(line: 1, column: 1, message: "'07/01' has no year, and no `Y` or `year` directive before it gives one"))
        #expect(journalError("2016-07/01 x\n") == PeerJournalError(line: 1, column: 1, message: "expected a date such as 2016-07-01, found '2016-07/01'"))
        #expect(journalError("2016-07-01=2016-02-30 x\n") == PeerJournalError(line: 1, column: 12, message: "'2016-02-30' is not a day of the calendar"))
    }

    @Test func theHeaderGivesStatusCodePayeeNoteAndTags() throws {
        let tagged = try onlyTransaction("2016-07-01 * (#12) Cafe | two coffees  ; work:, trip: japan\n    ; place: Luckin\n    a  $5\n    b\n")
        #expect((tagged.flag, tagged.code, tagged.payee, tagged.narration) == ("*", "#12", "Cafe", "two coffees"))
        #expect(tagged.tags == ["work"])
        #expect(tagged.metadata == ["trip": "japan", "place": "Luckin"])
        let plain = try onlyTransaction("2016-07-01 ! lunch with team\n    a  $5\n    b\n")
        #expect((plain.flag, plain.payee, plain.narration) == ("!", "", "lunch with team"))
        let ledgerTags = try onlyTransaction("2016-07-01 x\n    ; :food:work:\n    a  $5  ; posting: not the transaction's\n    b\n")
        #expect(ledgerTags.tags == ["food", "work"])
        #expect(ledgerTags.metadata.isEmpty)
        #expect(try onlyTransaction("2016-07-01 x\n    a  $5\n    ; below: a posting\n    b\n").metadata.isEmpty)
    }

    @Test func aQuotedValueKeepsItsCommasAndGoesOnOverTheLinesOfItsKey() throws {
        let transaction = try onlyTransaction("""
            2016-07-01 x
                ; remark: "one, tw
                ; remark: o, three"
                ; place: "a, b", then: c
                a  $5
                b

            """)
        #expect(transaction.metadata == ["remark": "\"one, two, three\"", "place": "\"a, b\", then: c"])
        let tags = try onlyTransaction("2016-07-01 x  ; first:, second:, a: b, c, d: e f, g\n    a  $5\n    b\n")
        #expect(tags.tags == ["first", "second"])
        #expect(tags.metadata == ["a": "b, c", "d": "e f, g"])
    }

    @Test func costsAndPricesGiveTheWeightTheTransactionBalancesBy() throws {
        let transaction = try onlyTransaction("""
            2016-07-01 trades
                a  10 AAPL @ $1.50
                a  -2 AAPL @@ $4
                a  3 AAPL {$2} [2016-06-01] (lot)
                a  1 AAPL {{$7}} @ $8
                a  5 AAPL {=$2} = 17 AAPL
                cash

            """)
        let postings = transaction.postings
        #expect(postings.map(\.hasCostOrPrice) == [true, true, true, true, true, false])
        #expect(postings.map(\.weight) == [peer(1500, 2, "$"), peer(-4, 0, "$"), peer(6, 0, "$"), peer(7, 0, "$"), peer(10, 0, "$"), peer(-3400, 2, "$")])
        #expect(postings[5].inferred)
        #expect(postings[5].amount == peer(-3400, 2, "$"))
        #expect(postings[4].assertion == peer(17, 0, "AAPL"))
        #expect(journalError("2016-07-01 x\n    a  @ $5\n    b\n")?.message == "expected an amount after the account, found '@'")
        #expect(journalError("2016-07-01 x\n    a  5 X {$5\n    b\n")
            == PeerJournalError(line: 2, column: 15, message: "expected '}' to close the cost that opens at column 12, found the end of the line"))
    }

    /// What `ledger print` writes of a journal with lots, and the figures of `ledger bal` (ledger 3.3.0):
    /// a lot's cost, not its price, is what the posting weighs.
    @Test func ledgersPrintReadsAsLedgerBalancesIt() throws {
        let journal = try JournalReader.read("""
            2016/01/01 * (101) Opening balances
                ; :opening:
                Assets:Checking                        $1,000.00 = $1,000.00
                Equity:Opening

            2016/01/05 ! Whole Foods
                ; Note: beans, rice
                Expenses:Food                             $52.37
                Assets:Checking

            2016/01/15 Buy shares
                Assets:Broker                            10 AAPL @ $150.00
                Assets:Broker                       5 AAPL {$140.00} [2016/01/01] @ $150.00
                Assets:Checking

            2016/01/16 Sell shares
                Assets:Broker                       -5 AAPL {$140.00} @ $160.00
                Assets:Checking                          $800.00
                Income:Gains

            """)
        #expect(try total(of: "Assets:Checking", in: journal) == ["$": "-452.37"])
        #expect(try total(of: "Assets:Broker", in: journal) == ["AAPL": "10.00"])
        #expect(try total(of: "Equity:Opening", in: journal) == ["$": "-1000.00"])
        #expect(try total(of: "Income:Gains", in: journal) == ["$": "-100.00"])
        #expect(journal.transactions[0].tags == ["opening"])
        #expect(journal.transactions[1].metadata == ["Note": "beans, rice"])
    }

    /// ledger's own `examples/sample.dat`, and what `ledger bal` makes of it
    /// (ledger 3.3.0), but for the automated transaction, which is not read.
    @Test func ledgersSampleReadsAsLedgerBalancesIt() throws {
        let journal = try JournalReader.read("""
            ; -*- ledger -*-

            N $

            = /^Expenses:Books/
                (Liabilities:Taxes)                                -0.10

            ~ Monthly
                Assets:Bank:Checking                             $500.00
                Income:Salary

            ~ Yearly
                Expenses:Donations                               $100.00
                Assets:Bank:Checking

            2004/05/01 * Checking balance
                Assets:Bank:Checking                           $1,000.00
                Equity:Opening Balances

            2004/05/03=2004/05/01 * Investment balance
                Assets:Brokerage                                 50 AAPL @ $30.00
                Equity:Opening Balances

            2004/05/14 * Páy dày
                Assets:Bank:Checking                             500.00€
                Income:Salary

            2004/05/14 * Another dày in which there is Páying
                Asséts:Bánk:Chécking:Asséts:Bánk:Chécking        $500.00
                Income:Salary

            2004/05/14 * Another dày in which there is Páying
                Русский язык:Активы:Русский язык:Русский язык         $1000.00
                Income:Salary

            apply tag foo

            2004/05/27 Book Store
                Expenses:Books                                    $20.00
                Expenses:Cards                                    $40.00
                Expenses:Docs                                     $30.00
                Liabilities:MasterCard

            end apply tag

            2004/05/27 (100) Credit card company
                ; This is an xact note!
                ; Sample: Value
                Liabilities:MasterCard                            $20.00
                ; This is a posting note!
                ; Sample: Another Value
                ; :MyTag:
                Assets:Bank:Checking
                ; :AnotherTag:

            ;;; sample.dat ends here
            """)
        #expect(journal.transactions.count == 7)
        #expect(try total(of: "Assets:Bank:Checking", in: journal) == ["$": "980.00", "€": "500.00"])
        #expect(try total(of: "Equity:Opening Balances", in: journal) == ["$": "-2500.00"])
        #expect(try total(of: "Income:Salary", in: journal) == ["$": "-1500.00", "€": "-500.00"])
        #expect(try total(of: "Liabilities:MasterCard", in: journal) == ["$": "-70.00"])
        #expect(try total(of: "Русский язык:Активы:Русский язык:Русский язык", in: journal) == ["$": "1000.00"])
        #expect(journal.transactions[1].day.iso == "2004-05-03")
        #expect(journal.transactions[5].tags == ["foo"])
        #expect(journal.transactions[6].metadata == ["Sample": "Value"])
        #expect(journal.transactions[6].code == "100")
        #expect(journal.skipped.map(\.line) == [5, 8, 12])
    }

    @Test func oneAmountLeftOutIsFilledInAndTwoAreAnError() throws {
        let transaction = try onlyTransaction("2016-07-01 x\n    a  $5.25\n    b  $-1\n    c\n")
        #expect(transaction.postings[2].amount == peer(-425, 2, "$"))
        #expect(transaction.postings[2].inferred)
        #expect(!transaction.postings[0].inferred)
        #expect(journalError("2016-07-01 x\n    a  $5\n    b\n    c\n")
            == PeerJournalError(line: 4, column: 5, message: "only one posting may leave out its amount, and the one on line 3 does"))
        #expect(journalError("2016-07-01 x\n    a  $5\n    b  5 EUR\n      c\n")
            == PeerJournalError(line: 4, column: 7, message: "the amount left out cannot be worked out: the other postings add up to $5 and 5 EUR"))
    }

    @Test func anUnbalancedTransactionIsAnErrorThatSaysByHowMuch() {
        #expect(journalError("; c\n2016-07-01 x\n    a  25.00 USD\n    b  -24.50 USD\n")
            == PeerJournalError(line: 2, column: 1, message: "the transaction does not balance: its postings add up to 0.50 USD"))
        #expect(journalError("2016-07-01 x\n    a  $1\n    b  $-1\n    [c]  $2\n")
            == PeerJournalError(line: 1, column: 1, message: "the transaction does not balance: its bracketed postings add up to $2"))
        // An unbalanced virtual posting need not balance, and a price leaves the sum to its commodity's value.
        #expect(journalError("2016-07-01 x\n    a  $1\n    b  $-1\n    (c)  $2\n") == nil)
        #expect(journalError("2016-07-01 x\n    a  10 AAPL @ $1\n    b  $-9\n") == nil)
    }

    @Test func virtualAccountsAreMarkedAndAppliedAccountsAndAliasesRenamed() throws {
        let journal = try JournalReader.read("""
            alias checking = assets:bank:checking
            apply account home
            2016-07-01 x
                * expenses:rent  $800
                (budget:rent)  $-800
                ! checking
            end apply account
            2016-07-02 y
                checking:sub  $1
                equity
            end aliases
            2016-07-03 z
                checking  $1
                equity

            """)
        #expect(journal.transactions[0].postings.map(\.account) == ["home:expenses:rent", "home:budget:rent", "home:checking"])
        #expect(journal.transactions[0].postings.map(\.kind) == [.real, .unbalancedVirtual, .real])
        #expect(journal.transactions[1].postings.map(\.account) == ["assets:bank:checking:sub", "equity"])
        #expect(journal.transactions[2].postings.map(\.account) == ["checking", "equity"])
    }

    @Test func anAliasOfAnAccountIsAppliedAfterApplyAccountLatestFirst() throws {
        let journal = try JournalReader.read("alias a = b\nalias b = c\napply account a\n2016-07-01 x\n    d  $1\n    e\n")
        #expect(journal.transactions[0].postings.map(\.account) == ["b:d", "b:e"])
    }

    @Test func assertionsOfEachKindAreBalancesAfterThePosting() throws {
        let journal = try JournalReader.read("""
            2016-07-01 x
                a  $5 = $5
                b  $-5 == $-5
                c  $0 =* $10
                d  $0 ==* $10

            """)
        #expect(journal.balances.map(\.line) == [2, 3, 4, 5])
        #expect(journal.balances.map(\.includesSubaccounts) == [false, false, true, true])
        #expect(journal.balances.allSatisfy { !$0.atStartOfDay && $0.day == Day(iso: "2016-07-01")! })
        #expect(journal.balances[1] == PeerBalance(line: 3, day: Day(iso: "2016-07-01")!, account: "b", amount: peer(-5, 0, "$"), atStartOfDay: false))
    }

    @Test func aBalanceAssignmentIsFilledInFromTheOthersAndLeftUnknownBesideAnElidedAmount() throws {
        let assigned = try onlyTransaction("2016-07-01 x\n    a  $5\n    b  = $100\n")
        #expect(assigned.postings[1].amount == peer(-5, 0, "$"))
        #expect(assigned.postings[1].assertion == peer(100, 0, "$"))
        let opening = try onlyTransaction("2016-07-01 opening\n    a  = $100\n    equity\n")
        #expect(opening.postings.map(\.amount) == [nil, nil])
    }

    @Test func pricesAreReadWithOrWithoutATimeOfDay() throws {
        let journal = try JournalReader.read("P 2016-07-01 USD 7.12 CNY\nP 2016/07/02 12:00:00 € $1.10\nP 2016-07-03 \"AAPL 2\" $150\n")
        #expect(journal.prices == [
            PeerPrice(line: 1, day: Day(iso: "2016-07-01")!, commodity: "USD", price: peer(712, 2, "CNY")),
            PeerPrice(line: 2, day: Day(iso: "2016-07-02")!, commodity: "€", price: peer(110, 2, "$")),
            PeerPrice(line: 3, day: Day(iso: "2016-07-03")!, commodity: "AAPL 2", price: peer(150, 0, "$")),
        ])
        #expect(journalError("P 2016-07-01 7.12 CNY\n") == PeerJournalError(line: 1, column: 14, message: "expected the commodity the price is for, found '7.12'"))
        #expect(journalError("P 2016-07-01 USD 7.12 CNY x\n") == PeerJournalError(line: 1, column: 27, message: "expected the end of the line after the price, found 'x'"))
    }

    @Test func commentsAndDirectivesWithoutMoneyAreReadSilently() throws {
        let journal = try JournalReader.read("""
            ; semicolon
            # hash
            * star
            % percent
            | bar
            comment
            2016-07-01 inside a comment block
                a  $1
            end comment
            account assets:cash
                note: the wallet
            commodity CNY
                format 1,000.00 CNY
            payee Luckin
            tag work
            N AAPL
            decimal-mark .
                ; an indented comment
            2016-07-01 read
                a  $1
                b

            """)
        #expect(journal.transactions.map(\.line) == [19])
        #expect(journal.skipped.isEmpty)
    }

    @Test func whatIsNotReadIsSkippedAtItsLineWithWhy() throws {
        let journal = try JournalReader.read("""
            include other.journal
            ~ monthly
                expenses:rent  $800
                assets
            = expenses:food
                (budget)  -1
            i 2016/07/01 08:00:00 work
            o 2016/07/01 17:00:00
            define x = 1
            C 1.00 Kb = 1024 bytes
            alias /^a/ = b
            apply fixed CAD $0.90
            2016-07-01 x
                a  $1
                b
            end apply fixed
                stray  $1
            end

            """)
        #expect(journal.transactions.count == 1)
        #expect(journal.skipped.map { "\($0.line) \($0.reason)" } == [
            "1 include is not followed", "2 periodic transactions are not read", "5 automated transactions are not read",
            "7 timeclock entries are not read", "8 timeclock entries are not read", "9 not a transaction or a directive that is read",
            "10 commodity equivalences are not read", "11 aliases by regular expression are not applied", "12 apply fixed is not applied",
            "17 an indented line outside a transaction or directive", "18 nothing open for this end to close",
        ])
        #expect(journal.skipped[0].text == "include other.journal")
        #expect(journal.skipped[9].text == "stray  $1")
    }

    @Test func appliedTagsYearsAndABucketAreApplied() throws {
        let journal = try JournalReader.read("""
            apply tag trip
            apply tag city: Boston
            apply year 2015
            03/01 x
                a  $1
                b
            end apply year
            end apply tag
            end apply tag
            bucket assets:cash
            2016-07-01 y
                expenses:food  $3

            """)
        #expect(journal.transactions[0].tags == ["trip"])
        #expect(journal.transactions[0].metadata == ["city": "Boston"])
        #expect(journal.transactions[0].day.iso == "2015-03-01")
        #expect(journal.transactions[1].tags == [])
        #expect(journal.transactions[1].postings.map(\.account) == ["expenses:food", "assets:cash"])
        #expect(journal.transactions[1].postings[1].amount == peer(-3, 0, "$"))
        #expect(journalError("apply year 2015\nend apply year\n03/01 x\n")?.line == 3)
    }

    @Test func anAccountEndsAtTwoSpacesOrATab() throws {
        let transaction = try onlyTransaction("2016-07-01 x\n    expenses:dinner out\t$5\n    assets:my wallet  $-5  ; paid\n")
        #expect(transaction.postings.map(\.account) == ["expenses:dinner out", "assets:my wallet"])
        #expect(transaction.postings.map(\.line) == [2, 3])
    }

    @Test func windowsLineEndsAndAByteOrderMarkReadAsUsual() throws {
        let journal = try JournalReader.read("\u{FEFF}2016-07-01 x\r\n    a  $1\r\n    b\r\n\r\n2016-07-02 y\r\n    a  $1\r\n    b\r\n")
        #expect(journal.transactions.map(\.line) == [1, 5])
        #expect(journal.transactions.map(\.narration) == ["x", "y"])
    }
}
