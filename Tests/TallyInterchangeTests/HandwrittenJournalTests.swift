import Testing
import TallyCore
@testable import TallyInterchange

/// `Fixtures/handwritten.journal`, a journal with elided amounts, assertions,
/// prices, virtual postings and the directives that change how it reads.
/// The figures expected here are hledger's: `hledger -f handwritten.journal
/// print -x` for the amounts it fills in, `hledger -f handwritten.journal bal`
/// for what each account adds up to (hledger 1.25).
@Suite struct HandwrittenJournalTests {
    let journal: PeerJournal

    init() throws {
        journal = try JournalReader.read(try fixture("handwritten.journal"))
    }

    @Test func itsTransactionsAreReadWithTheirHeaders() throws {
        #expect(journal.transactions.map(\.line) == [20, 26, 32, 37, 46, 53])
        #expect(journal.transactions.map(\.day.iso) == ["2016-01-01", "2016-01-05", "2016-01-10", "2016-01-15", "2016-01-20", "2016-01-31"])
        let opening = journal.transactions[0]
        #expect((opening.flag, opening.code, opening.narration, opening.tags) == ("*", "101", "Opening balances", ["opening"]))
        let groceries = journal.transactions[1]
        #expect((groceries.flag, groceries.payee, groceries.narration) == ("!", "Whole Foods", "groceries"))
        #expect(groceries.tags == ["food"])
        #expect(groceries.metadata == ["trip": "japan", "note": "\"beans, rice\""])
        #expect(journal.transactions[3].tags == ["invest", "long"])
    }

    @Test func theAmountsLeftOutAreThoseHledgerPrints() {
        let inferred = journal.transactions.flatMap(\.postings).filter(\.inferred)
        #expect(inferred.map(\.line) == [30, 34, 50, 55])
        #expect(inferred.map(\.account) == ["assets:checking", "income:salary", "personal:assets:checking", "equity:opening"])
        #expect(inferred.map(\.amount) == [peer(-3237, 2, "$"), peer(-2500, 0, "$"), peer(-350, 2, "$"), peer(0, 0, "$")])
    }

    @Test func eachAccountAddsUpAsHledgerBalSays() throws {
        let expected: [(String, [String: String])] = [
            ("assets:checking", ["$": "1967.63"]),
            ("assets:broker", ["AAPL": "10.00"]),
            ("assets:savings", ["EUR": "2500.50"]),
            ("assets:wallet", ["$": "-20.00"]),
            ("budget:stocks", ["$": "-1500.00"]),
            ("equity:opening", ["$": "-1000.00", "EUR": "-2500.50"]),
            ("expenses:food", ["$": "52.37"]),
            ("income:salary", ["$": "-2500.00"]),
            ("personal:assets:checking", ["$": "-3.50"]),
            ("personal:budget:coffee", ["$": "-3.50"]),
            ("personal:budget:left", ["$": "3.50"]),
            ("personal:expenses:coffee", ["$": "3.50"]),
        ]
        for (account, totals) in expected {
            #expect(try total(of: account, in: journal) == totals, "\(account)")
        }
    }

    @Test func postingsKeepTheirPricesAndVirtualKinds() {
        let shares = journal.transactions[3].postings
        #expect(shares[0].amount == peer(10, 0, "AAPL"))
        #expect(shares[0].hasCostOrPrice)
        #expect(shares[0].weight == peer(150000, 2, "$"))
        #expect(shares.map(\.kind) == [.real, .real, .unbalancedVirtual])
        #expect(journal.transactions[4].postings.map(\.kind) == [.real, .balancedVirtual, .balancedVirtual, .real])
        #expect(journal.transactions[1].postings[1].account == "assets:wallet")
    }

    @Test func assertionsAreBalancesHeldAfterTheirPostings() {
        #expect(journal.balances == [
            PeerBalance(line: 21, day: Day(iso: "2016-01-01")!, account: "assets:checking", amount: peer(100000, 2, "$"), atStartOfDay: false),
            PeerBalance(line: 39, day: Day(iso: "2016-01-15")!, account: "assets:checking", amount: peer(196763, 2, "$"), atStartOfDay: false),
            PeerBalance(line: 54, day: Day(iso: "2016-01-31")!, account: "assets", amount: peer(194763, 2, "$"), atStartOfDay: false,
                        includesSubaccounts: true),
        ])
        #expect(journal.transactions[0].postings[0].assertion == peer(100000, 2, "$"))
    }

    @Test func pricesAndWhatIsNotReadAreListed() {
        #expect(journal.prices == [
            PeerPrice(line: 42, day: Day(iso: "2016-01-15")!, commodity: "AAPL", price: peer(15000, 2, "$")),
            PeerPrice(line: 43, day: Day(iso: "2016-01-20")!, commodity: "EUR", price: peer(110, 2, "$")),
        ])
        #expect(journal.skipped == [
            PeerSkipped(line: 57, text: "~ monthly from 2016-02", reason: "periodic transactions are not read"),
            PeerSkipped(line: 61, text: "= expenses:food", reason: "automated transactions are not read"),
        ])
    }
}
