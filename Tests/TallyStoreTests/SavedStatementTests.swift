import Foundation
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

@Suite("Saved statements with parameters in the ledger")
struct SavedParameterStoreTests {
    @Test func parametersAreKeptChangedAndTakenAwayWithTheirStatement() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let spent = SavedQuery(name: "spent", parameters: ["cat", "month"], statement: "sum expense where category = cat in month")
            let monthly = SavedQuery(name: "spent", parameters: ["month"], statement: "sum expense in month")
            try store.commit(ChangeSet(summary: "saved", rows: [insert(.savedQuery(spent))]))
            #expect(try LedgerStore(path: path, seed: .english).load().savedQueries == [spent])
            try store.commit(ChangeSet(summary: "replaced", rows: [update(.savedQuery(spent), to: .savedQuery(monthly))]))
            #expect(try LedgerStore(path: path, seed: .english).load().savedQueries == [monthly])
            #expect(try store.undo() != nil)
            #expect(try LedgerStore(path: path, seed: .english).load().savedQueries == [spent])
            try store.commit(ChangeSet(summary: "forgot", rows: [remove(.savedQuery(spent))]))
            #expect(try LedgerStore(path: path, seed: .english).load().savedQueries.isEmpty)
        }
    }

    /// Saved before statements took parameters: the statement is kept, with none.
    @Test func aStatementSavedBeforeParametersKeepsWorkingWithNone() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let connection = try Connection(path: path)
            try connection.createSchema(upTo: Connection.currentVersion - 1)
            try connection.run("INSERT INTO books (id, name, currency, icon, position) VALUES (1, 'daily', 'CNY', '', 1)")
            try connection.run("INSERT INTO settings (key, value) VALUES ('current_book', '1'), ('week_start', 'monday')")
            try connection.run("INSERT INTO saved_queries (key, name, statement) VALUES ('weekly', 'Weekly', 'sum expense this week')")
            connection.close()

            let store = try LedgerStore(path: path, seed: .english)
            #expect(try store.load().savedQueries == [SavedQuery(name: "Weekly", statement: "sum expense this week")])
            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
        }
    }

    /// The undo history holds saved statements as they were written before
    /// they had parameters, with none.
    @Test func anOldHistoryEntryOfASavedStatementReadsWithNoParameters() throws {
        let rows = whole(try JournalCoding.decode(#"[{"after":{"savedQuery":{"_0":{"name":"weekly","statement":"count"}}}}]"#))
        #expect(rows == [insert(.savedQuery(SavedQuery(name: "weekly", statement: "count")))])
    }
}
