import Testing
import TallyCore
import TallyStore

@Suite("Undo and redo")
struct UndoRedoTests {
    @Test func undoTakesBackTheNewestChangeAndRedoBringsItBack() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            var ledger = try store.load()
            var edited = bill(1)
            edited.amount = 9900
            let add = adding(bill(1))
            let edit = ChangeSet(summary: "edited #1", rows: [update(.bill(bill(1)), to: .bill(edited))])
            try store.commit(add)
            try store.commit(edit)
            ledger.apply(add)
            ledger.apply(edit)
            let editedLedger = ledger

            let undoneEdit = try #require(try store.undo())
            #expect(undoneEdit == edit.inverted)
            ledger.apply(undoneEdit)
            #expect(ledger.bill(id: 1)?.amount == 2550)
            #expect(try store.load() == ledger)

            let undoneAdd = try #require(try store.undo())
            #expect(undoneAdd == add.inverted)
            ledger.apply(undoneAdd)
            #expect(ledger.bills.isEmpty)
            #expect(try store.undo() == nil)
            #expect(try store.load() == ledger)

            #expect(try store.redo() == add)
            #expect(try store.redo() == edit)
            #expect(try store.redo() == nil)
            #expect(try store.load() == editedLedger)
        }
    }

    @Test func undoAndRedoSurviveReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let first = adding(bill(1))
            let second = adding(bill(2))
            do {
                let store = try LedgerStore(path: path, seed: .english)
                try store.commit(first)
                try store.commit(second)
                #expect(try store.undo() == second.inverted)
            }

            #expect(try LedgerStore(path: path, seed: .english).undo() == first.inverted)
            #expect(try LedgerStore(path: path, seed: .english).load().bills.isEmpty)

            #expect(try LedgerStore(path: path, seed: .english).redo() == first)
            let store = try LedgerStore(path: path, seed: .english)
            #expect(try store.redo() == second)
            #expect(try store.load().bills.map(\.id) == [1, 2])
        }
    }

    @Test func aNewChangeDiscardsWhatCouldBeRedone() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let first = adding(bill(1))
            let other = adding(bill(2))
            try store.commit(first)
            _ = try store.undo()

            try store.commit(other)

            #expect(try store.redo() == nil)
            #expect(try store.undo() == other.inverted)
            #expect(try store.undo() == nil)
        }
    }

    @Test func changesThatAreNotUndoableAreNotJournaled() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let before = try store.load().settings
            let sunday = ChangeSet(
                summary: "set weekstart sunday",
                rows: [update(.settings(before), to: .settings(Settings(currentBookID: 1, weekStart: .sunday)))],
                undoable: false)
            let first = adding(bill(1))
            try store.commit(first)
            _ = try store.undo()

            try store.commit(sunday)

            #expect(try store.load().settings.weekStart == .sunday)
            #expect(try store.redo() == first)
            #expect(try store.undo() == first.inverted)
            #expect(try store.undo() == nil)
            #expect(try store.load().settings.weekStart == .sunday)
        }
    }
}
