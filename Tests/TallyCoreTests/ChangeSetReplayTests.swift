import Testing
@testable import TallyCore

/// Undo and redo replay a change only onto rows still as the change left them.
@Suite struct ChangeSetReplayTests {
    let book = Book(id: 1, name: "daily", currency: .cny, position: 1)
    let travel = Book(id: 2, name: "travel", currency: .cny, position: 2)
    let categories = DefaultCategories.make(chinese: false)

    func bill(_ id: Int64, remark: String = "") -> Bill {
        Bill(id: id, bookID: 1, categoryID: 1, amount: 100, day: Day(iso: "2016-07-01")!, remark: remark)
    }

    func ledger(_ bills: [Bill], current: Int64 = 1) -> Ledger {
        Ledger(books: [book, travel], categories: categories, bills: bills, settings: Settings(currentBookID: current))
    }

    @Test func aChangeAppliesWhenItsRowsAreAsItExpects() {
        let edit = ChangeSet(summary: "edited #1", rows: [RowChange(before: .bill(bill(1)), after: .bill(bill(1, remark: "x")))])
        #expect(edit.staleRow(in: ledger([bill(1)])) == nil)
        #expect(edit.inverted.staleRow(in: ledger([bill(1, remark: "x")])) == nil)
    }

    @Test func aRowChangedOrGoneSinceIsStale() {
        let edit = ChangeSet(summary: "edited #1", rows: [RowChange(before: .bill(bill(1)), after: .bill(bill(1, remark: "x")))])
        #expect(edit.inverted.staleRow(in: ledger([bill(1, remark: "someone else")])) == .bill(bill(1, remark: "x")))
        #expect(edit.inverted.staleRow(in: ledger([])) == .bill(bill(1, remark: "x")))
        let add = ChangeSet(summary: "added #2", rows: [RowChange(before: nil, after: .bill(bill(2)))])
        #expect(add.staleRow(in: ledger([bill(2)])) == .bill(bill(2)), "redoing an add whose id is taken")
    }

    @Test func onlyTheFirstImageOfARowIsCompared() {
        let twice = ChangeSet(summary: "edited #1 twice", rows: [
            RowChange(before: .bill(bill(1)), after: .bill(bill(1, remark: "a"))),
            RowChange(before: .bill(bill(1, remark: "a")), after: .bill(bill(1, remark: "b"))),
        ])
        #expect(twice.staleRow(in: ledger([bill(1)])) == nil)
        #expect(twice.inverted.staleRow(in: ledger([bill(1, remark: "b")])) == nil)
    }

    @Test func settingsNeverConflictAndOnlyTheCurrentBookIsReplayed() {
        var now = ledger([], current: 2)
        now.apply(ChangeSet(summary: "", rows: [RowChange(
            before: .settings(now.settings), after: .settings(Settings(currentBookID: 2, weekStart: .sunday)))], undoable: false))
        let recorded = ChangeSet(summary: "deleted book", rows: [RowChange(
            before: .settings(Settings(currentBookID: 1)), after: .settings(Settings(currentBookID: 2)))])

        let replay = recorded.inverted.rebasingSettings(on: now)

        #expect(replay.staleRow(in: now) == nil)
        #expect(replay.rows == [RowChange(
            before: .settings(Settings(currentBookID: 2, weekStart: .sunday)),
            after: .settings(Settings(currentBookID: 1, weekStart: .sunday)))])
    }
}
