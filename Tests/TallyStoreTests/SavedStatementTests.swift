import Testing
import TallyCore
@testable import TallyStore

@Suite("Saved statements and greetings in the ledger")
struct SavedStatementTests {
    @Test func savedStatementsAndTheSeenVersionSurviveReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            var settings = ledger.settings
            settings.seenVersion = "0.1.0"
            let weekly = SavedQuery(name: "Weekly", statement: "sum expense this week by category")
            let changes = [
                ChangeSet(summary: "saved", rows: [insert(.savedQuery(weekly))]),
                ChangeSet(summary: "renamed", rows: [update(.savedQuery(weekly), to: .savedQuery(SavedQuery(name: "WEEKLY", statement: "count")))]),
                ChangeSet(summary: "greeted", rows: [update(.settings(ledger.settings), to: .settings(settings))], undoable: false),
            ]
            for change in changes {
                try store.commit(change)
                ledger.apply(change)
            }
            let reopened = try LedgerStore(path: path, seed: .english).load()
            #expect(reopened == ledger)
            #expect(reopened.savedQueries == [SavedQuery(name: "WEEKLY", statement: "count")])
            #expect(reopened.settings.seenVersion == "0.1.0")
        }
    }

    @Test func aLedgerFromTheFirstSchemaIsMigratedKeepingItsBills() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            try firstSchemaLedger(at: path, holding: [bill(1)])

            let migrated = try LedgerStore(path: path, seed: .english)
            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
            #expect(try Connection(path: path).applicationID() == tallyApplicationID)
            #expect(try migrated.load().bills.map(\.id) == [1])
            try migrated.commit(ChangeSet(summary: "saved", rows: [insert(.savedQuery(SavedQuery(name: "a", statement: "count")))]))
        }
    }
}
