import Testing
import TallyCore
@testable import TallyInterchange

/// `Fixtures/example.beancount`, a year of someone else's books as
/// beancount's own generator writes them:
/// `bean-example --seed 7 --date-begin 2022-01-01 --date-end 2022-12-31`
/// (beancount 2.3.5), which `bean-check` passes.
@Suite struct BeancountExampleTests {
    let journal: PeerJournal

    init() throws {
        journal = try BeancountReader.read(try fixture("example.beancount"))
    }

    /// Counted by beancount's loader (`loader.load_file`, entries by type:
    /// 359 Transaction, 312 Price, 29 Balance, 49 Open, 3 Event, 10 Commodity);
    /// `bean-query example.beancount 'SELECT count(id)'` gives the 1,123 postings.
    @Test func everyEntryIsReadAndCountedAsBeancountCountsIt() {
        #expect(journal.transactions.count == 359)
        #expect(journal.transactions.flatMap(\.postings).count == 1123)
        #expect(journal.prices.count == 312)
        #expect(journal.balances.count == 29)
        #expect(journal.opens.count == 49)
        #expect(journal.closes.isEmpty)
        #expect(journal.skipped.count == 3)
        #expect(journal.skipped.allSatisfy { $0.reason == "event entries carry no amount that is read" })
        #expect(journal.options == [
            PeerOption(line: 7, name: "title", value: "Example Beancount file"),
            PeerOption(line: 8, name: "operating_currency", value: "USD"),
        ])
    }

    /// Each as `bean-query example.beancount "SELECT account, sum(number) WHERE
    /// currency = 'USD' AND cost_number = NULL AND price = NULL GROUP BY account"` gives it.
    @Test(arguments: [
        ("Assets:US:BofA:Checking", "498.02"), ("Assets:US:ETrade:Cash", "260.11"),
        ("Expenses:Food:Restaurant", "4054.54"), ("Income:US:Babble:Salary", "-119999.88"),
    ])
    func anAccountsPostingsInDollarsAddUpAsBeanQuerySays(account: String, sum: String) throws {
        #expect(try total(of: account, in: journal) { !$0.hasCostOrPrice && $0.amount?.commodity == "USD" } == ["USD": sum])
    }

    @Test func aSaleIsWeighedAtItsCostAndBalances() throws {
        let sale = try #require(journal.transactions.first { $0.line == 1137 })
        #expect(sale.narration == "Sell shares of VEA")
        #expect(sale.postings[0] == PeerPosting(
            line: 1138, account: "Assets:US:ETrade:VEA", amount: peer(-20, 0, "VEA"), hasCostOrPrice: true, weight: peer(-437920, 2, "USD")))
        #expect(sale.postings.dropFirst().map(\.amount) == [peer(423485, 2, "USD"), peer(895, 2, "USD"), peer(13540, 2, "USD")])
    }

    @Test func balancesHoldAtTheStartOfTheirDay() {
        #expect(journal.balances[0] == PeerBalance(
            line: 83, day: Day(iso: "2022-01-02")!, account: "Assets:US:BofA:Checking", amount: peer(378153, 2, "USD"), atStartOfDay: true))
        #expect(journal.balances.allSatisfy { $0.atStartOfDay })
    }

    @Test func tripsAreTaggedAndPayeesAndNarrationsKept() throws {
        let cafe = try #require(journal.transactions.first { $0.line == 767 })
        #expect((cafe.payee, cafe.narration, cafe.tags) == ("Franklin Cafe", "", ["trip-boston-2022"]))
        let rent = try #require(journal.transactions.first { $0.line == 89 })
        #expect((rent.flag, rent.payee, rent.narration) == ("*", "RiverBank Properties", "Paying the rent"))
    }
}
