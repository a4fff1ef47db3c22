import Foundation
import Testing
import TallyCore
@testable import TallyStore

/// Two sessions on one file: each change is made under the write lock from
/// what the file holds, and no writer overwrites another's row.
@Suite("Writing under the lock")
struct WriteLockTests {
    @Test func aNewRowWhoseIDIsTakenIsAnErrorNotAnOverwrite() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            try theirs.commit(adding(bill(1)))
            var clash = bill(1)
            clash.remark = "mine"

            let error = #expect(throws: StoreError.self) { try mine.commit(adding(clash)) }

            #expect(error?.code == 19)
            #expect(try mine.load().bills.map(\.remark) == ["bill 1"])
        }
    }

    @Test func aRowThatIsGoneCannotBeChanged() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            var edited = bill(7)
            edited.remark = "edited"
            #expect(throws: StoreError.self) {
                try store.commit(ChangeSet(summary: "edited #7", rows: [update(.bill(bill(7)), to: .bill(edited))]))
            }
            #expect(throws: StoreError.self) {
                try store.commit(ChangeSet(summary: "deleted #7", rows: [remove(.bill(bill(7)))]))
            }
        }
    }

    @Test func aRowChangedSinceItWasReadIsNeverWrittenOver() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(adding(bill(1)))
            var theirs = bill(1)
            theirs.remark = "theirs"
            try store.commit(ChangeSet(summary: "edited #1", rows: [update(.bill(bill(1)), to: .bill(theirs))]))
            var mine = bill(1)
            mine.amount = 500
            let connection = try Connection(path: path)

            for stale in [update(.bill(bill(1)), to: .bill(mine)), remove(.bill(bill(1)))] {
                let error = #expect(throws: StoreError.self) { try connection.apply([stale]) }
                #expect(error?.reason == .changedMeanwhile)
            }
            #expect(Array(try store.load().bills) == [theirs])
        }
    }

    @Test func anUndoThatNewBillsDependOnIsRefusedAndChangesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            let travel = Book(id: 2, name: "travel", currency: .cny, position: 2)
            try mine.commit(ChangeSet(summary: "added book 'travel'", rows: [insert(.book(travel))]))
            var inTravel = bill(1)
            inTravel.bookID = 2
            try theirs.commit(adding(inTravel))

            let ledger = try mine.load()
            let replay = try mine.change { reloaded throws(StoreError) in try mine.undo(in: reloaded ?? ledger) }

            guard case .dependedOn(let entry) = replay else { throw TestFailure("\(replay)") }
            #expect(entry.change.summary == "added book 'travel'")
            let after = try mine.load()
            #expect(after.books.map(\.name) == ["daily", "travel"])
            #expect(Array(after.bills) == [inTravel])
            #expect(try mine.integrityProblems() == [])
        }
    }

    @Test func aChangeIsMadeFromWhatAnotherProcessWroteFirst() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            _ = try mine.load()
            try theirs.commit(adding(bill(1)))

            let seen = try mine.change { reloaded in reloaded?.lastBillID }
            #expect(seen == 1)
            #expect(try mine.change { reloaded in reloaded == nil }, "nothing new since")
        }
    }

    @Test func undoTakesBackThisSessionsOwnChangeOnceAnotherHasWrittenSince() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            try mine.commit(adding(bill(1)), statement: "add 25.50 food")
            try theirs.commit(adding(bill(2)), statement: "add 25.50 food again")

            let undone = try mine.undo()

            #expect(undone == adding(bill(1)).inverted)
            #expect(try mine.load().bills.map(\.id) == [2])
            #expect(try mine.undo() == nil)
        }
    }

    @Test func aSessionThatMadeNothingLeavesAnotherSessionsNewerChangeAlone() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            try theirs.commit(adding(bill(1)), statement: "add 25.50 food")

            let ledger = try mine.load()
            let replay = try mine.change { reloaded throws(StoreError) in try mine.undo(in: reloaded ?? ledger) }

            guard case .othersOnly(let newest) = replay else { throw TestFailure("\(replay)") }
            #expect(newest == "added #1")
            #expect(try mine.load().bills.map(\.id) == [1])
        }
    }

    @Test func aNewSessionUndoesTheNewestChangeAndSaysWhichStatementMadeIt() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let earlier = try LedgerStore(path: path, seed: .english)
            try earlier.commit(adding(bill(1)), statement: "add 25.50 food")
            earlier.close()

            let later = try LedgerStore(path: path, seed: .english)
            let ledger = try later.load()
            let replay = try later.change { reloaded throws(StoreError) in try later.undo(in: reloaded ?? ledger) }

            guard case .replayed(let entry, _) = replay else { throw TestFailure("\(replay)") }
            #expect(!entry.isOwn)
            #expect(entry.statement == "add 25.50 food")
            #expect(try later.load().bills.isEmpty)
            #expect(try later.redo() == adding(bill(1)), "what a session undid is its own to redo")
        }
    }

    @Test func anUndoOfRowsChangedSinceIsRefusedAndChangesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let mine = try LedgerStore(path: path, seed: .english)
            let theirs = try LedgerStore(path: path, seed: .english)
            try mine.commit(adding(bill(1)))
            var edited = bill(1)
            edited.remark = "theirs"
            try theirs.commit(ChangeSet(summary: "edited #1", rows: [update(.bill(bill(1)), to: .bill(edited))]))

            let ledger = try mine.load()
            let replay = try mine.change { reloaded throws(StoreError) in try mine.undo(in: reloaded ?? ledger) }

            guard case .conflict(let entry, let row) = replay else { throw TestFailure("\(replay)") }
            #expect(entry.change.summary == "added #1")
            #expect(row == StaleRow(.bill(bill(1))))
            #expect(Array(try mine.load().bills) == [edited])
        }
    }
}

/// Which files Tally takes for its own: a ledger is marked, and nothing else is touched.
@Suite("Knowing a ledger from another file")
struct LedgerMarkTests {
    @Test func aNewLedgerIsMarkedAsTallys() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            _ = try LedgerStore(path: path, seed: .english)
            #expect(try Connection(path: path).applicationID() == tallyApplicationID)
        }
    }

    @Test func aLedgerFromBeforeTheMarkIsMarkedAndKept() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            try firstSchemaLedger(at: path, holding: [bill(1), bill(2)])
            #expect(try Connection(path: path).applicationID() == 0)

            let ledger = try LedgerStore(path: path, seed: .english).load()

            #expect(try Connection(path: path).applicationID() == tallyApplicationID)
            #expect(ledger.bills.map(\.id) == [1, 2])
        }
    }

    @Test(arguments: [
        "CREATE TABLE notes (body TEXT)",
        "CREATE TABLE bills (what TEXT)",
        "PRAGMA application_id = 7; CREATE TABLE t (x)",
    ] as [StaticString])
    func anotherProgramsDatabaseIsRefusedByteForByte(sql: StaticString) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/other.db"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let connection = try Connection(path: path)
            try connection.exec(sql)
            connection.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            let error = #expect(throws: StoreError.self) { try LedgerStore(path: path, seed: .english) }

            #expect(error?.reason == .notALedger)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func anEmptyFileBecomesALedger() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let ledger = try LedgerStore(path: path, seed: .english).load()
            #expect(ledger.books.map(\.name) == ["daily"])
        }
    }

    @Test func aFolderThatIsNotThereIsNotMadeUnlessAsked() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/missing/ledger.db"
            let error = #expect(throws: StoreError.self) { try LedgerStore(path: path, seed: .english) }
            #expect(error?.description == "opening \(path): the folder \(folder)/missing does not exist")
            #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
        }
    }
}

struct TestFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
