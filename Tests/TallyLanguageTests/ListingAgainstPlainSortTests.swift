import Testing
import TallyCore
@testable import TallyLanguage

/// `list` orders row numbers and keeps only the rows it shows; on a generated
/// ledger with many equal amounts it lists what sorting every bill's row by
/// the same keys, ties in day order, lists.
@Suite("Listing against a plain sort")
struct ListingAgainstPlainSortTests {
    static let ledger: Ledger = {
        var random = SeededRandom(seed: 7)
        let categories = ["food", "drinks", "transport", "salary", "snacks"]
        let places: [String?] = [nil, "KFC", "kfc", "Wanda"]
        var bills: [Bill] = []
        for id in 1...1_500 {
            bills.append(Bill(
                id: Int64(id), bookID: Int64(random.next(upTo: 2)) + 1,
                categoryID: Fixture.category(categories[Int(random.next(upTo: UInt64(categories.count)))]),
                amount: Int64(random.next(upTo: 30)) + 1,
                day: Day(iso: "2016-01-01")!.adding(days: Int(random.next(upTo: 200))),
                remark: "r\(random.next(upTo: 12))", place: places[Int(random.next(upTo: UInt64(places.count)))]))
        }
        return Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: Fixture.daily))
    }()

    /// The ids `list` shows when every selected bill is made into its row and
    /// the rows sorted: `top` by amount, largest first; `order by` by its key.
    static func plain(where keep: (Bill) -> Bool, top: Bool, order: (key: String, descending: Bool)?, limit: Int?) -> [Int64] {
        let rows = ledger.bills.filter { $0.bookID == Fixture.daily && keep($0) }.map { BillRow($0, in: ledger) }
        let chronological = { (a: BillRow, b: BillRow) in a.day != b.day ? a.day < b.day : a.id < b.id }
        var sorted = rows
        if top {
            sorted = rows.sorted { $0.amount != $1.amount ? $0.amount > $1.amount : chronological($0, $1) }
        } else if let order {
            sorted = rows.sorted { a, b in
                let comparison = BillRow.compare(a, b, by: order.key)
                return comparison != 0 ? (order.descending ? comparison > 0 : comparison < 0) : chronological(a, b)
            }
        }
        return sorted.prefix(limit ?? sorted.count).map(\.id)
    }

    static func listed(_ text: String) throws -> [Int64] {
        guard case .bills(let list) = try result(text, in: ledger) else { throw TestFailure(text) }
        return list.rows.map(\.id)
    }

    @Test(arguments: [1, 20, 999, 1_000, 5_000])
    func topListsTheLargestInDayOrderAmongEquals(count: Int) throws {
        #expect(try ListingAgainstPlainSortTests.listed("list top \(count)")
            == ListingAgainstPlainSortTests.plain(where: { _ in true }, top: true, order: nil, limit: count))
        #expect(try ListingAgainstPlainSortTests.listed("list where remark ~ r1 top \(count)")
            == ListingAgainstPlainSortTests.plain(where: { $0.remark.contains("r1") }, top: true, order: nil, limit: count))
    }

    @Test(arguments: ["amount", "id", "date", "category", "book", "place", "remark", "kind"])
    func orderByListsAsSortingEveryRowDoes(key: String) throws {
        for descending in [false, true] {
            for limit in [nil, 7, 2_000] as [Int?] {
                let text = "list order by \(key)\(descending ? " desc" : "")\(limit.map { " limit \($0)" } ?? "")"
                let plain = ListingAgainstPlainSortTests.plain(where: { _ in true }, top: false, order: (key, descending), limit: limit)
                #expect(try ListingAgainstPlainSortTests.listed(text) == plain, "\(text)")
            }
        }
    }

    @Test func aLimitAloneListsTheFirstInDayOrder() throws {
        #expect(try ListingAgainstPlainSortTests.listed("list limit 25")
            == ListingAgainstPlainSortTests.plain(where: { _ in true }, top: false, order: nil, limit: 25))
    }
}
