import Testing
import TallyCore
import TallyStore

@Suite("Noticing another process's writes")
struct ExternalChangesTests {
    @Test func aCommitByAnotherConnectionIsNoticedUntilTheLedgerIsReadAgain() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            _ = try mine.load()
            #expect(!mine.hasExternalChanges())

            try theirs.commit(adding(bill(1)))

            #expect(mine.hasExternalChanges())
            #expect(mine.hasExternalChanges(), "asking reads nothing, so the question stands")
            #expect(try mine.load().bills.map(\.id) == [1])
            #expect(!mine.hasExternalChanges())
        }
    }

    @Test func myOwnWritesAreNotExternal() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)

            try mine.commit(adding(bill(1)))
            _ = try mine.undo()
            _ = try mine.redo()

            #expect(!mine.hasExternalChanges())
            #expect(theirs.hasExternalChanges())
        }
    }

    @Test func loadingCatchesUp() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            try theirs.commit(adding(bill(1)))

            _ = try mine.load()

            #expect(!mine.hasExternalChanges())
        }
    }
}
