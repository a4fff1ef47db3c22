import Testing
@testable import TallyCore

@Suite("Row changes")
struct RowChangeTests {
    static let bill = Record.bill(Bill(id: 1, bookID: 1, categoryID: 2, amount: 500, day: Day(ordinal: 17000), remark: "tea"))
    static let edited = Record.bill(Bill(id: 1, bookID: 1, categoryID: 2, amount: 700, day: Day(ordinal: 17000), remark: "tea"))

    @Test(arguments: [(nil, bill), (bill, nil), (bill, edited), (nil, nil)] as [(Record?, Record?)])
    func keepsBothSidesAsGiven(before: Record?, after: Record?) {
        let row = RowChange(before: before, after: after)
        #expect(row.before == before)
        #expect(row.after == after)
        #expect(row.inverted.before == after)
        #expect(row.inverted.after == before)
    }

    /// An import holds one row change per bill until it is written: an
    /// insert takes one record's room, not room for two.
    @Test func anInsertTakesOneRecordsRoom() {
        #expect(MemoryLayout<RowChange>.stride <= MemoryLayout<Record>.stride)
    }
}
