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

extension StaleRowTests {
    /// The first stale row as the check was first written: every row looked up by id.
    static func plainStaleRow(_ change: ChangeSet, in ledger: Ledger) -> Record? {
        var seen = Set<RecordIdentity>()
        for row in change.rows {
            guard let image = row.before ?? row.after, image.identity != .settings, seen.insert(image.identity).inserted else { continue }
            if ledger.record(image.identity) != row.before { return image }
        }
        return nil
    }

    /// Changes made of bills as they are, edited, moved to another day,
    /// gone, added anew and added with an id taken, on generated ledgers:
    /// the row found by where its day puts it is the row found by id.
    @Test(arguments: 1...40)
    func findsWhatLookingUpEveryIDFinds(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let count = Int.random(in: 1...300, using: &random)
        let bills = (1...Int64(count)).map { id in
            Bill(id: id, bookID: 1, categoryID: 1, amount: id, day: Day(ordinal: 17_000 + Int32.random(in: 0...30, using: &random)))
        }
        let ledger = Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)],
            categories: [Category(id: 1, name: "food", kind: .expense, icon: "", aliases: [], position: 1)],
            bills: bills, settings: Settings(currentBookID: 1))
        var rows: [RowChange] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            var bill = bills.randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                rows.append(RowChange(before: .bill(bill), after: nil))
            case 1:
                bill.remark = "edited"
                rows.append(RowChange(before: .bill(bill), after: nil))
            case 2:
                bill.day = Day(ordinal: bill.day.ordinal + Int32.random(in: 1...5, using: &random))
                rows.append(RowChange(before: .bill(bill), after: .bill(bills[0])))
            case 3:
                rows.append(RowChange(before: nil, after: .bill(bill)))
            case 4:
                bill.day = Day(ordinal: 16_000)
                rows.append(RowChange(before: nil, after: .bill(bill)))
            default:
                let id = Int64(count) + Int64.random(in: 1...5, using: &random)
                rows.append(RowChange(before: nil, after: .bill(Bill(id: id, bookID: 1, categoryID: 1, amount: 1, day: Day(ordinal: 17_000)))))
            }
        }
        // Mostly the rows that hold, so that the stale one is found late or not at all.
        rows = rows.filter { row in Bool.random(using: &random) || StaleRowTests.plainStaleRow(ChangeSet(summary: "", rows: [row]), in: ledger) == nil }
        let change = ChangeSet(summary: "generated", rows: rows)
        #expect(change.staleRow(in: ledger) == StaleRowTests.plainStaleRow(change, in: ledger))
    }
}
