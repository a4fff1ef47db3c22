import Testing
@testable import TallyCore

/// Undo checks every row of a change against the ledger; a big change looks
/// its bills up through an index, and must find exactly what a small one does.
@Suite struct StaleRowTests {
    static func ledger(bills count: Int) -> Ledger {
        let bills = (1...Int64(count)).map { Bill(id: $0, bookID: 1, categoryID: 1, amount: $0, day: Day(ordinal: 17_000)) }
        return Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)],
            categories: [Category(id: 1, name: "food", kind: .expense, icon: "", aliases: [], position: 1)],
            bills: bills, settings: Settings(currentBookID: 1))
    }

    @Test(arguments: [5, 200])
    func findsTheBillChangedSince(count: Int) {
        var ledger = StaleRowTests.ledger(bills: count)
        let removal = ChangeSet(summary: "imported", rows: ledger.bills.map { RowChange(before: .bill($0), after: nil) })
        #expect(removal.staleRow(in: ledger) == nil)
        var edited = ledger.bills[count / 2]
        edited.remark = "changed by someone else"
        ledger.apply(ChangeSet(summary: "edited", rows: [RowChange(before: .bill(ledger.bills[count / 2]), after: .bill(edited))]))
        #expect(removal.staleRow(in: ledger) == removal.rows[count / 2].before)
        // Adding a bill whose id is taken meanwhile is stale too.
        let taken = Bill(id: 1, bookID: 1, categoryID: 1, amount: 9, day: Day(ordinal: 1))
        let adding = ChangeSet(summary: "added", rows: Array(repeating: RowChange(before: nil, after: .bill(taken)), count: count))
        #expect(adding.staleRow(in: ledger) == .bill(taken))
    }
}
