import Testing
import TallyCore
import TallyLanguage
@testable import TallyInterchange

@Suite("Importing a peer's ledger")
struct JournalImportTests {
    static let file = Located("h.journal", SourceRange.nowhere)

    /// A ledger of one book in `currency` with its cash, as a new ledger has.
    static func ledger(_ currency: Currency = .cny) -> Ledger {
        Ledger(books: [Book(id: 1, name: "daily", currency: currency, position: 1)], categories: Fixture.categories, bills: [],
               settings: Settings(currentBookID: 1), accounts: [Account(id: 1, bookID: 1, name: Account.firstName, position: 0)])
    }

    static let handwritten = """
        P 2026-11-01 USD 7.10 CNY

        2026-11-01 opening
            assets:bank        10000.00 CNY
            equity:opening

        2026-11-02 * lunch  ; work:
            expenses:food       25.50 CNY
            assets:cash

        2026-11-03 coffee
            expenses:drinks     30 CNY
            liabilities:visa

        2026-11-05 pay the card
            liabilities:visa    30 CNY
            assets:bank

        2026-11-10 salary
            income:salary      -8000 CNY
            assets:bank         8000 CNY = 17970 CNY

        2026-11-12 split
            expenses:food        10 CNY
            expenses:drinks       5 CNY
            assets:cash
        """

    func imported(_ text: String, into ledger: Ledger, beancount: Bool = false) throws -> (Ledger, QueryResult) {
        let journal = beancount ? try BeancountReader.read(text) : try JournalReader.read(text)
        let outcome = try Evaluator(ledger: ledger, today: day("2026-12-01"), now: 0)
            .importingJournal(journal, file: Self.file, book: nil, beancount: beancount)
        switch outcome {
        case .change(let change, let done, _, _):
            var next = ledger
            next.apply(change)
            return (next, done)
        case .result(let done, _): return (ledger, done)
        default: throw TestFailure("no import")
        }
    }

    @Test func billsTransfersRatesOpeningsAndAssertionsComeInAndTheRestIsListed() throws {
        let (ledger, done) = try imported(Self.handwritten, into: Self.ledger())
        guard case .done(let report) = done, case .journalImported(let counts, _) = report else { throw TestFailure("no report") }
        #expect((counts.bills, counts.transfers, counts.rates, counts.reconciliations, counts.openings) == (3, 1, 1, 1, 1))
        #expect(counts.newAccounts == ["bank", "visa"])
        #expect(counts.skipped == ["line 23: 2026-11-12 split — 3 postings; a bill or a transfer has two"])
        let balances = Dictionary(uniqueKeysWithValues: ledger.balances(through: nil).map { ($0.account.name, $0.balance) })
        #expect(balances == ["cash": -2_550, "bank": 1_797_000, "visa": 0])
        #expect(ledger.account(named: "visa", inBook: 1)?.kind == .credit)
        #expect(ledger.bills.map(\.remark) == ["lunch", "coffee", ""], "a description that is the category's name is no remark")
        #expect(ledger.bills[0].tags == ["work"])
        #expect(ledger.reconciliations.map(\.day) == [day("2026-11-10")])
        #expect(ledger.rates.map(\.rate) == [ExactRate(units: 710, scale: 2)])
    }

    @Test func theSameFileTwiceAddsNothing() throws {
        let (once, _) = try imported(Self.handwritten, into: Self.ledger())
        let (twice, done) = try imported(Self.handwritten, into: once)
        #expect(twice == once)
        guard case .done(.journalImported(let counts, _)) = done else { throw TestFailure("no report") }
        #expect(counts.added == 0 && counts.alreadyThere == 7)
    }

    @Test func anAssertionTheImportDoesNotMeetRefusesTheWholeFileAtItsLine() throws {
        let wrong = Self.handwritten.replacing("= 17970 CNY", with: "= 17000 CNY")
        #expect(throws: Diagnostic.self) { try imported(wrong, into: Self.ledger()) }
        do {
            _ = try imported(wrong, into: Self.ledger())
        } catch let error as Diagnostic {
            #expect(error.message == "h.journal:21: assets:bank holds 17,970.00 at the end of 2026-11-10 as imported, "
                + "but the file asserts 17,000.00; nothing was imported")
        }
    }

    /// bean-example's year: each account's balance is what the postings of
    /// the transactions Tally took add up to, and the credit card, every
    /// posting of which was taken, agrees with each of the file's balance
    /// directives on it (checked by bean-check), so all were kept as
    /// reconciliations; an account with postings skipped is checked only
    /// before the first of them.
    @Test func beanExampleComesInAndEachBalanceIsItsPostingsTaken() throws {
        let text = try fixture("example.beancount")
        let journal = try BeancountReader.read(text)
        let (ledger, done) = try imported(text, into: Self.ledger(Currency(code: "USD")), beancount: true)
        guard case .done(.journalImported(let counts, _)) = done else { throw TestFailure("no report") }
        #expect(counts.bills == 242 && counts.transfers == 15)
        let taken = journal.transactions.filter { transaction in
            transaction.postings.count == 2 && !transaction.postings.contains(where: \.hasCostOrPrice)
                && transaction.postings.allSatisfy { $0.amount.map { $0.commodity == "USD" && $0.units != 0 } ?? false }
                && transaction.postings.contains { $0.account.hasPrefix("Assets") || $0.account.hasPrefix("Liabilities") }
                && !transaction.postings.contains { $0.account.hasPrefix("Equity") }
        }
        var expected: [String: Int64] = [:]
        for posting in taken.flatMap(\.postings) where posting.account.hasPrefix("Assets") || posting.account.hasPrefix("Liabilities") {
            expected[posting.account, default: 0] += try #require(JournalImport.minor(posting.amount!, in: Currency(code: "USD")))
        }
        let slate = try #require(ledger.account(named: "Slate", inBook: 1))
        #expect(ledger.balance(of: slate.id, through: nil) == expected["Liabilities:US:Chase:Slate"])
        let checking = try #require(ledger.account(named: "Checking", inBook: 1))
        #expect(ledger.balance(of: checking.id, through: nil) == (checking.opening + (expected["Assets:US:BofA:Checking"] ?? 0)))
        #expect(ledger.reconciliations.filter { $0.accountID == slate.id }.count == 13)
        #expect(ledger.reconciliations.count == counts.reconciliations, "a balance before any skipped posting is checked and kept too")
        #expect(counts.skipped.count == journal.transactions.count + journal.prices.count + journal.balances.count + journal.skipped.count
            - counts.bills - counts.transfers - counts.openings - counts.reconciliations, "every entry is taken or listed")
    }
}

@Suite("Importing CSV into accounts")
struct CSVAccountImportTests {
    static func ledger() -> Ledger {
        Ledger(books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: Fixture.categories, bills: [],
               settings: Settings(currentBookID: 1), rules: [Rule(id: 1, position: 1, text: "remark ~ taxi => account card")],
               accounts: [Account(id: 1, bookID: 1, name: Account.firstName, position: 0), Account(id: 2, bookID: 1, name: "card", kind: .credit, position: 1)])
    }

    func imported(_ csv: String, into ledger: Ledger) throws -> [Bill] {
        try importing(csv, into: ledger).ledger.bills.map { $0 }
    }

    func importing(_ csv: String, into ledger: Ledger) throws -> (ledger: Ledger, warnings: [String]) {
        let options = ImportOptions(file: Located("bills.csv", .nowhere))
        let file = try ImportFile(bytes: Array(csv.utf8), options: options, profiles: [])
        guard case .change(let change, _, _, let warnings) = try Evaluator(ledger: ledger, today: day("2026-12-01"), now: 0).importing(file, options)
        else { throw TestFailure("nothing imported") }
        var next = ledger
        next.apply(change)
        return (next, warnings)
    }

    /// The ledger with cash opened at 1,000.00 on 2026-11-01, as a bank statement's account would be.
    static func opened() -> Ledger {
        var ledger = ledger()
        var cash = ledger.accounts[0]
        let before = cash
        cash.opening = 100_000
        cash.openingDay = day("2026-11-01")
        ledger.apply(ChangeSet(summary: "opened", rows: [RowChange(before: .account(before), after: .account(cash))]))
        return ledger
    }

    @Test(arguments: [false, true])
    func aRunningBalanceThatAgreesReconcilesTheAccountOldestOrNewestFirst(newestFirst: Bool) throws {
        var rows = ["2026-11-01,-25,food,lunch,975.00", "2026-11-02,-30,food,dinner,945", "2026-11-03,+100,salary,,\"1,045.00\""]
        if newestFirst { rows.reverse() }
        let (ledger, warnings) = try importing("date,amount,category,remark,balance\n" + rows.joined(separator: "\n") + "\n", into: Self.opened())
        #expect(warnings.isEmpty)
        #expect(ledger.reconciliations.map { "\($0.accountID) \($0.day.iso) \($0.balance)" } == ["1 2026-11-03 104500"])
    }

    @Test func aRunningBalanceThatPartsFromTheAmountsRefusesTheFileAtThatRow() throws {
        let csv = "date,amount,category,balance\n2026-11-01,-25,food,975\n2026-11-02,-30,food,940\n2026-11-03,+100,salary,1040\n"
        do {
            _ = try importing(csv, into: Self.opened())
            Issue.record("imported")
        } catch let error as Diagnostic {
            #expect(error.message == "bills.csv:3: the balance column says 940.00, but line 2's 975.00 and the amounts since, -30.00, "
                + "come to 945.00: the statement and its rows part here; nothing was imported")
        }
    }

    @Test func aStatementTheAccountDoesNotMeetIsSaidAndNotReconciled() throws {
        let (ledger, warnings) = try importing("date,amount,category,balance\n2026-11-01,-25,food,975\n", into: Self.ledger())
        #expect(ledger.reconciliations.isEmpty)
        #expect(warnings == ["the statement leaves cash at 975.00 at the end of 2026-11-01, but Tally has -25.00; "
            + "'reconcile cash 975.00 on 2026-11-01' lists what to look through"])
    }

    @Test func theAccountColumnAndRulesSayWhereEachBillIsAndAnUnknownOneIsRefused() throws {
        let bills = try imported("date,amount,category,remark,account\n2026-11-01,-25,food,lunch,card\n2026-11-02,-30,transport,taxi,\n2026-11-03,-5,food,tea,\n",
                                 into: Self.ledger())
        #expect(bills.map(\.accountID) == [2, 2, 0], "named, by a rule, the book's default")
        var parser = Parser("import bills.csv set account=card")
        guard case .session(.importFile(let options))? = try parser.next()?.get().statement else { throw TestFailure("no import") }
        let file = try ImportFile(bytes: Array("date,amount,category\n2026-11-01,-25,food\n".utf8), options: options, profiles: [])
        guard case .change(let change, _, _, _) = try Evaluator(ledger: Self.ledger(), today: day("2026-12-01"), now: 0).importing(file, options),
              case .bill(let set)? = change.rows.first?.after else { throw TestFailure("nothing imported") }
        #expect(set.accountID == 2, "set account=card")
        #expect(throws: Diagnostic.self) {
            try imported("date,amount,category,account\n2026-11-01,-25,food,visa\n", into: Self.ledger())
        }
    }
}
