import Testing
import TallyCore
import TallyStore

@Suite("The undo history listed, and several steps undone at once")
struct UndoStepsTests {
    /// What the history says of each entry: its summary, who made it, whether undone, and its step.
    func listed(_ store: LedgerStore) throws -> [String] {
        try store.history(limit: 20).map { entry in
            "\(entry.summary) \(entry.isOwn ? "this" : "another")\(entry.undone ? " undone" : "") \(entry.step.map(String.init) ?? "-")"
        }
    }

    /// The steps `undo N` (or `redo N`) took, or nil when it stopped.
    func steps(of store: LedgerStore, undo: Bool, _ count: Int) throws -> [LedgerStore.Step]? {
        let ledger = try store.load()
        let steps = try store.change { reloaded throws(StoreError) in try store.replay(undo: undo, steps: count, in: reloaded ?? ledger) }
        guard case .taken(let taken) = steps else { return nil }
        return taken
    }

    /// A session begun after another added #1, that has added #2 itself.
    func sessionAfterAnother(at path: String) throws -> LedgerStore {
        try LedgerStore(path: path, seed: .english).commit(adding(bill(1)))
        let store = try LedgerStore(path: path, seed: .english)
        try store.commit(adding(bill(2)))
        return store
    }

    @Test func theHistoryIsNewestFirstNumberedAsUndoAndRedoReachEachChange() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let earlier = try LedgerStore(path: path, seed: .english)
            try earlier.commit(adding(bill(1)), statement: "-25.50 food")
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(adding(bill(2)), statement: "-25.50 food bill 2")
            try store.commit(adding(bill(3)))
            _ = try store.undo()

            #expect(try listed(store) == ["added #3 this undone 1", "added #2 this 1", "added #1 another 2"])
            #expect(try store.history(limit: 20)[1].statement == "-25.50 food bill 2")
            #expect(try store.history(limit: 2).count == 2)
            #expect(try store.nextSteps(undo: true, count: 5).map(\.summary) == ["added #2", "added #1"])
            #expect(try store.nextSteps(undo: false, count: 5).map(\.summary) == ["added #3"])
        }
    }

    /// Another session's change made since this one began is never taken
    /// back from here; while it stands, neither is anything from before.
    @Test func anotherSessionsNewChangeHasNoStepAndHoldsBackTheOlderOnes() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try sessionAfterAnother(at: path)
            try LedgerStore(path: path, seed: .english).commit(adding(bill(3)))

            #expect(try listed(store) == ["added #3 another -", "added #2 this 1", "added #1 another -"])
            #expect(try store.nextSteps(undo: true, count: 3).map(\.summary) == ["added #2"])
        }
    }

    @Test func undoThreeTakesBackThreeChangesEachItsOwnStepForRedo() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            var edited = bill(1)
            edited.amount = 100
            let changes = [adding(bill(1)), ChangeSet(summary: "edited #1", rows: [update(.bill(bill(1)), to: .bill(edited))]), adding(bill(2))]
            for change in changes { try store.commit(change) }

            let taken = try #require(try steps(of: store, undo: true, 3))
            #expect(taken.map(\.entry.change.summary) == ["added #2", "edited #1", "added #1"])
            #expect(try store.load().bills.isEmpty)
            #expect(try listed(store) == ["added #1 this undone 1", "edited #1 this undone 2", "added #2 this undone 3"])

            #expect(try store.redo() == changes[0])
            let redone = try #require(try steps(of: store, undo: false, 2))
            #expect(redone.map(\.entry.change.summary) == ["edited #1", "added #2"])
            #expect(try store.load().bills.map(\.amount) == [100, 2550])
        }
    }

    /// When a later step cannot be taken, the earlier ones are put back: none is taken.
    @Test func whenOneStepCannotBeTakenNoneIs() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try sessionAfterAnother(at: path)
            // #1 changed by a change kept out of the history: taking back its adding now conflicts.
            var edited = bill(1)
            edited.amount = 100
            try store.commit(ChangeSet(summary: "edited #1", rows: [update(.bill(bill(1)), to: .bill(edited))], undoable: false))

            let before = try store.load()
            let steps = try store.change { reloaded throws(StoreError) in try store.replay(undo: true, steps: 2, in: reloaded ?? before) }
            guard case .stopped(2, .conflict(let entry, _)) = steps else {
                Issue.record("not stopped at the second step: \(steps)")
                return
            }
            #expect(entry.change.summary == "added #1")
            #expect(try store.load().bills.map(\.id) == [1, 2])
            #expect(try store.nextSteps(undo: true, count: 2).map(\.summary) == ["added #2", "added #1"])
        }
    }

    @Test func theHistoryTellsTheTimeByTheStoresClock() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            store.clock = { 1_468_987_200 }
            try store.commit(adding(bill(1)))
            #expect(try store.history(limit: 1).map(\.madeAt) == [1_468_987_200])
        }
    }
}
