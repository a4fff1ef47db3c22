import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluation: accounts, transfers, balances and reconciling")
struct AccountEvaluationTests {
    func applying(_ texts: [String], to ledger: Ledger = Fixture.ledger()) throws -> Ledger {
        var next = ledger
        for text in texts { next.apply(try change(text, in: next).set) }
        return next
    }

    /// The daily book with a credit card opened owing 1,200.00 and Alipay.
    func withCards() throws -> Ledger {
        try applying(["account add card kind credit opening -1200 on 2016-07-01", "account add alipay kind wallet"])
    }

    @Test func anAccountIsAddedToTheCurrentBookWithItsKindAndOpening() throws {
        let ledger = try withCards()
        let card = try #require(ledger.account(named: "CARD", inBook: Fixture.daily))
        #expect(card.kind == .credit && card.opening == -120_000 && card.openingDay == day("2016-07-01") && card.icon == "💳")
        #expect(ledger.accounts(ofBook: Fixture.daily).map(\.name) == ["cash", "card", "alipay"])
        #expect(try evaluationError("account add Card", in: ledger)?.message == "book 'daily' already has an account named 'card'")
        #expect(parseError("account add visa kind gold")?.message == "unexpected 'gold'; expected 'cash', 'bank', 'credit', 'wallet' or 'other'")
    }

    @Test func withNamesAnAccountOnlyWhenTheBookHasOneSoNamed() throws {
        let ledger = try withCards()
        let card = try #require(ledger.account(named: "card", inBook: Fixture.daily))
        let paid = try change("-25 food lunch with card", in: ledger)
        guard case .bill(_, let row) = paid.report, case .bill(let bill)? = paid.set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(bill.accountID == card.id && bill.remark == "lunch" && row.account == "card")
        guard case .bill(let team)? = try change("-25 food lunch with team", in: ledger).set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(team.remark == "lunch with team" && team.accountID == 0)
        guard case .bill(let place)? = try change("-25 food lunch at KFC with friends", in: ledger).set.rows.first?.after else { throw TestFailure("") }
        #expect(place.place == "KFC with friends" && place.remark == "lunch", "the words go back where they were written")
        #expect(try evaluationError("-25 food lunch with crad", in: ledger)?.message == "unknown account 'crad' — did you mean 'card'?")
        // In a book of one account every remark reads as it always did.
        guard case .bill(let old)? = try change("-25 food lunch with cahs").set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(old.remark == "lunch with cahs")
    }

    @Test func aBillNamingNoAccountGoesToTheDefaultAndAnArchivedOneTakesNone() throws {
        var ledger = try applying(["account default alipay"], to: try withCards())
        let alipay = try #require(ledger.account(named: "alipay", inBook: Fixture.daily))
        guard case .bill(let bill)? = try change("-5 food snack", in: ledger).set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(bill.accountID == alipay.id)
        ledger = try applying(["account archive card"], to: ledger)
        #expect(try evaluationError("-5 food snack with card", in: ledger)?.message
            == "account 'card' is archived; 'account unarchive card' takes it back into use")
        guard case .bill(let cash)? = try change("-5 food snack with cash", in: ledger).set.rows.first?.after else { throw TestFailure("") }
        #expect(cash.accountID == 0, "the book's first account is held as 0, as every bill before accounts were")
    }

    @Test func aTransferIsNeitherSpentNorReceivedAndMovesBalances() throws {
        let before = try measure("sum expense")
        let ledger = try applying(["transfer 500 from cash to card on 2016-07-10 \"pay off\""], to: try withCards())
        #expect(try measure("sum expense", in: ledger) == before)
        #expect(ledger.transfers.map(\.remark) == ["pay off"])
        let balances = ledger.balances(through: day("2016-07-31"))
        let card = try #require(balances.first { $0.account.name == "card" })
        #expect(card.balance == -70_000)
        #expect(try evaluationError("transfer 5 from cash to cash")?.message == "a transfer moves money between two accounts; 'cash' is both")
        #expect(try evaluationError("transfer 5 from cash to travel:cash")?.message
            == "cash and travel:cash keep different currencies; say what arrived with 'as AMOUNT'")
    }

    @Test func aTransferAcrossCurrenciesMovesBothAmounts() throws {
        let ledger = try applying(["transfer 100 USD from travel:cash to cash as 712"])
        let transfer = try #require(ledger.transfers.first)
        #expect(transfer.fromAmount == 10_000 && transfer.toAmount == 71_200)
        #expect(try evaluationError("transfer 100 EUR from travel:cash to cash as 712")?.message
            == "the amount is in EUR, but account 'travel:cash' keeps USD")
    }

    @Test func aReconciliationThatAgreesIsKeptAndOneThatDiffersListsWhatToLookThrough() throws {
        let ledger = try applying(["-25 food lunch with card on 2016-07-03"], to: try withCards())
        let agreed = try change("reconcile card -1225 on 2016-07-31", in: ledger)
        #expect(reportText(agreed.report) == "card agrees with its statement: -1,225.00 at the end of 2016-07-31")
        let error = try #require(try evaluationError("reconcile card -1250 on 2016-07-31", in: ledger))
        #expect(error.message == "card holds -1,225.00 at the end of 2016-07-31, but the statement says -1,250.00 (25.00 less than Tally has)")
        #expect(error.notes.first == "to look through: 1 bill since 2016-07-01")
        #expect(error.notes.last == "to add a balance adjustment and agree: reconcile card -1250.00 on 2016-07-31 adjust")
        let adjusted = try applying(["reconcile card -1250 on 2016-07-31 adjust"], to: ledger)
        #expect(adjusted.balance(of: try #require(adjusted.account(named: "card", inBook: Fixture.daily)).id, through: day("2016-07-31")) == -125_000)
        #expect(adjusted.category(named: "balance adjustment")?.kind == .expense)
        let warned = try change("-5 food snack with card on 2016-07-30", in: adjusted)
        #expect(warned.warnings.contains("card was reconciled through 2016-07-31; its balance then no longer agrees with the statement"))
    }

    @Test func aRecurringBillPostsToTheAccountItNames() throws {
        let ledger = try applying(["every month on 1 -3000 housing rent with card from 2016-12-01"], to: try withCards())
        let card = try #require(ledger.account(named: "card", inBook: Fixture.daily))
        let rule = try #require(ledger.recurringRules.last)
        #expect(rule.accountID == card.id && rule.remark == "rent")
        // The days before today are posted with the rule.
        #expect(ledger.bills.filter { $0.remark == "rent" }.map(\.accountID) == [card.id, card.id])
        let posting = try #require(ledger.posting(through: day("2017-02-01"), at: 0))
        #expect(posting.rows.compactMap { row -> Int64? in
            guard case .bill(let bill)? = row.after else { return nil }
            return bill.accountID
        } == [card.id])
    }

    @Test func anAccountTakesAnIconAndDeletingAReconciledBillIsWarnedOf() throws {
        let ledger = try applying(["account icon card 🪪", "-25 food lunch with card on 2016-07-03", "reconcile card -1225 on 2016-07-31"],
                                  to: try withCards())
        #expect(ledger.account(named: "card", inBook: Fixture.daily)?.icon == "🪪")
        let card = try #require(ledger.account(named: "card", inBook: Fixture.daily))
        let id = try #require(ledger.bills.last { $0.remark == "lunch" && $0.accountID == card.id }).id
        let deleting = try change("delete #\(id)", in: ledger)
        #expect(deleting.warnings
            == ["card was reconciled through 2016-07-31; its balance then no longer agrees with the statement"])
        #expect(parseError("account icon card two")?.message.contains("one character") == true)
    }

    @Test func accountIsAFieldOfConditionsAndADimension() throws {
        let ledger = try applying(["-25 food lunch with card on 2016-07-03", "-12 drinks tea with alipay on 2016-07-04"], to: try withCards())
        #expect(try count("count where account=card", in: ledger) == 1)
        #expect(try count("count where account in (card, alipay)", in: ledger) == 2)
        #expect(try count("count where account=cash in 2016", in: ledger) == (try count("count in 2016", in: ledger)) - 2)
        let grouped = try groups("sum expense in 2016-07 by account", in: ledger)
        #expect(Set(grouped.rows.compactMap { $0.labels.first ?? nil }) == ["cash", "card", "alipay"])
        #expect(try evaluationError("count where account=crad", in: ledger)?.message == "unknown account 'crad' — did you mean 'card'?")
    }

    /// An export tests its condition on the recurring bills too, in a ledger that knows the accounts.
    @Test func anExportSelectsBillsByAccount() throws {
        let ledger = try applying(["-25 food lunch with card on 2016-07-03", "-12 drinks tea with alipay on 2016-07-04"], to: try withCards())
        guard case .exportFile(_, let bills, _) = try evaluate("export card.csv where account = card", in: ledger) else {
            Issue.record("an export evaluates to its file")
            return
        }
        #expect(bills.rows.map(\.remark) == ["lunch"])
    }
}
