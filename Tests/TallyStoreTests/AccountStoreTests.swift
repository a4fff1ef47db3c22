import Foundation
import Testing
import TallyCore
@testable import TallyStore

@Suite("Store: accounts, transfers and reconciliations")
struct AccountStoreTests {
    /// A ledger as the release before accounts writes it: version 12, a
    /// second book, two bills and the undo step that added the second.
    static func ledgerBeforeAccounts(at path: String) throws {
        let connection = try MigrationTests.oldLedger(at: path, version: 12)
        try connection.run("INSERT INTO books (id, name, currency, icon, position) VALUES (2, 'travel', 'USD', '', 2)")
        try connection.apply([insert(.bill(bill(1))), insert(.bill(bill(2)))])
        let added = "[{\"after\":{\"b\":[2,1,1,2550,\(day("2016-07-01").ordinal),\"bill 2\",null,[],0,0]}}]"
        try connection.run("INSERT INTO journal (summary, rows, undone, created_at) VALUES ('added #2', ?, 0, 0)", added)
        connection.close()
    }

    @Test func aLedgerFromBeforeAccountsGivesEachBookCashAndKeepsItsBillsAndUndo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            try Self.ledgerBeforeAccounts(at: path)
            let store = try LedgerStore(path: path, seed: .english)
            let ledger = try store.load()
            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
            #expect(ledger.accounts.map { "\($0.bookID) \($0.name) \($0.kind.rawValue)" } == ["1 cash cash", "2 cash cash"])
            #expect(Array(ledger.bills) == [bill(1), bill(2)], "every bill kept, in its book's first account")
            #expect(ledger.keepsAccounts == false)
            let replay = try store.change { reloaded throws(StoreError) in try store.undo(in: reloaded ?? ledger) }
            guard case .replayed(let entry, _) = replay else { throw TestFailure("the old undo step was not taken") }
            #expect(entry.change.summary == "added #2")
            #expect(try store.load().bills.map(\.id) == [1])
        }
    }

    @Test func aNewLedgersBookHasCashAndAccountsTransfersAndReconciliationsReadBack() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            var ledger = try store.load()
            #expect(ledger.accounts.map(\.name) == [Account.firstName])
            let card = Account(id: ledger.nextAccountID, bookID: 1, name: "card", kind: .credit, opening: -120_000,
                               openingDay: day("2016-07-01"), position: 1)
            var paid = bill(1)
            paid.accountID = card.id
            let transfer = Transfer(id: 1, day: day("2016-07-10"), from: ledger.accounts[0].id, amount: 50_000, to: card.id, remark: "pay off")
            let reconciliation = Reconciliation(id: 1, accountID: card.id, day: day("2016-07-31"), balance: -72_550)
            let change = ChangeSet(summary: "accounts", rows: [
                insert(.account(card)), insert(.bill(paid)), insert(.transfer(transfer)), insert(.reconciliation(reconciliation)),
            ])
            try store.commit(change)
            ledger.apply(change)
            let reloaded = try LedgerStore(path: folder + "/ledger.db", seed: .english).load()
            #expect(reloaded.accounts == ledger.accounts && reloaded.transfers == [transfer] && reloaded.reconciliations == [reconciliation])
            #expect(reloaded.bills.accountIDs == [card.id])
            #expect(reloaded.balance(of: card.id, through: day("2016-07-31")) == -72_550)
            var renamed = card
            renamed.name = "visa"
            #expect(throws: StoreError.self, "a row changed meanwhile is never written over") { try store.commit(change.inverted.renaming(card, to: renamed)) }
            try store.commit(change.inverted)
            #expect(try store.load().accounts.map(\.name) == [Account.firstName], "taken back, the rows as they were")
        }
    }

    @Test func aBillInAnAccountOfAnotherBookIsDamage() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(ChangeSet(summary: "book", rows: [
                insert(.book(Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2))),
                insert(.account(Account(id: 9, bookID: 2, name: "card", position: 0))),
            ]))
            var stray = bill(1)
            stray.accountID = 9
            try store.commit(adding(stray))
            let reopened = try LedgerStore(path: path, seed: .english)
            _ = try reopened.load()
            #expect(reopened.damage?.contains("bill #1 is in an account its book does not have") == true)
        }
    }
}

extension ChangeSet {
    /// The same change, but expecting `account` to be as `renamed` is: a before-image the file does not hold.
    func renaming(_ account: Account, to renamed: Account) -> ChangeSet {
        ChangeSet(summary: summary, rows: rows.map { row in
            row.before == .account(account) ? RowChange(before: .account(renamed), after: row.after) : row
        })
    }
}
