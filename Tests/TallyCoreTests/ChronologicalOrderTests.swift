import Testing
@testable import TallyCore

/// Rows out of order are counted into their days; the order that gives is
/// the one sorting every row by day, then id, gives.
@Suite struct ChronologicalOrderTests {
    /// Rows over `span` days, some days shared, ids in no order.
    static func rows(count: Int, span: UInt64, seed: UInt64) -> (days: [Int32], ids: [Int64]) {
        var random = SeededRandom(seed: seed)
        let first = Day(iso: "2010-01-01")!.ordinal
        let days = (0..<count).map { _ in first + Int32(random.next(upTo: span)) }
        let ids = (0..<count).map { _ in Int64(random.next(upTo: 1 << 40)) }
        return (days, ids)
    }

    @Test(arguments: [(2_000, UInt64(30)), (2_000, 3_650), (500, 1_000_000), (1, 1), (3, 1)])
    func countingByDayOrdersAsSortingDoes(count: Int, span: UInt64) {
        for seed in UInt64(1)...5 {
            let (days, ids) = ChronologicalOrderTests.rows(count: count, span: span, seed: seed)
            let sorted = days.indices.sorted { days[$0] != days[$1] ? days[$0] < days[$1] : ids[$0] < ids[$1] }
            #expect(BillColumns.chronologicalOrder(days: days, ids: ids) == sorted, "\(count) rows over \(span) days")
        }
    }

    @Test func columnsSortedKeepEachBillWhole() {
        var random = SeededRandom(seed: 11)
        var bills: [Bill] = []
        for id in Int64(1)...300 {
            let day = Day(iso: "2016-07-01")!.adding(days: Int(random.next(upTo: 20)))
            let place: String? = id % 3 == 0 ? nil : "p\(id % 7)"
            let tags: [String] = id % 2 == 0 ? ["t\(id % 5)"] : []
            bills.append(Bill(id: id, bookID: 1, categoryID: 2, amount: id, day: day, remark: "r\(id)", place: place, tags: tags))
        }
        var columns = BillColumns(bills.shuffled(using: &random))
        columns.sortChronologically()
        #expect(Array(columns) == bills.sorted(by: Bill.chronological))
    }
}

extension Bill {
    /// Day order, then entry order, by comparing whole bills: the plain
    /// order the ledger's counting sort must give.
    static func chronological(_ a: Bill, _ b: Bill) -> Bool {
        a.day != b.day ? a.day < b.day : a.id < b.id
    }
}
