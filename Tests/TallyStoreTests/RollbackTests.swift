import Testing
import TallyCore
import TallyStore

@Suite("A change that fails writes nothing")
struct RollbackTests {
    @Test(arguments: [
        Bill(id: 2, bookID: 1, categoryID: 999, amount: 100, day: day("2016-07-01"), remark: "secret remark"),
        Bill(id: 2, bookID: 999, categoryID: 1, amount: 100, day: day("2016-07-01"), remark: "secret remark"),
        Bill(id: 2, bookID: 1, categoryID: 1, amount: 0, day: day("2016-07-01"), remark: "secret remark"),
    ])
    func aBadSecondRowRollsBackTheFirst(bad: Bill) throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let before = try store.load()

            let error = #expect(throws: StoreError.self) {
                try store.commit(ChangeSet(summary: "added", rows: [insert(.bill(bill(1))), insert(.bill(bad))]))
            }

            #expect(error?.code == 19)
            #expect(error?.description.contains("secret") == false)
            #expect(try store.load() == before)
            #expect(try store.undo() == nil)
        }
    }

    @Test func deletingACategoryInUseRollsBack() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            try store.commit(adding(bill(1)))
            let before = try store.load()

            let deleteFood = ChangeSet(summary: "deleted food", rows: [remove(.category(before.categories[0]))])

            #expect(throws: StoreError.self) { try store.commit(deleteFood) }

            #expect(try store.load() == before)
        }
    }

    @Test func aFailedChangeKeepsTheRedoStack() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let first = adding(bill(1))
            try store.commit(first)
            _ = try store.undo()

            #expect(throws: StoreError.self) { try store.commit(adding(bill(2, categoryID: 999))) }

            #expect(try store.redo() == first)
        }
    }
}
