import Testing
import TallyCore
@testable import TallyLanguage

/// Books and categories are kept or passed over through an array by id;
/// ids too large for one are tested bill by bill, with the same answers.
@Suite struct SelectionMaskTests {
    static func ledger(idsFrom first: Int64) -> Ledger {
        let books = [Book(id: first, name: "daily", currency: .cny, position: 1), Book(id: first + 1, name: "travel", currency: .cny, position: 2)]
        let categories = [
            Category(id: first, name: "food", kind: .expense, icon: "", aliases: [], position: 1),
            Category(id: first + 1, name: "salary", kind: .income, icon: "", aliases: [], position: 2),
            Category(id: first + 2, name: "taxi", kind: .expense, icon: "", aliases: [], position: 3),
        ]
        var random = SeededRandom(seed: 21)
        let bills = (1...400).map { id in
            Bill(id: Int64(id), bookID: first + Int64(random.next(upTo: 2)), categoryID: first + Int64(random.next(upTo: 3)),
                 amount: Int64(random.next(upTo: 1_000)) + 1, day: Day(iso: "2016-01-01")!.adding(days: Int(random.next(upTo: 300))))
        }
        return Ledger(books: books, categories: categories, bills: bills, settings: Settings(currentBookID: first))
    }

    static let queries = [
        "count", "count where book = travel", "count where book != travel", "sum expense", "sum income in 2016-03",
        "sum where category in (food, taxi) and book = daily", "count where category != food", "count where book ~ trav",
        "sum expense where category ~ a", "count where not category = food", "max where book in (daily, travel) and amount > 500",
    ]

    @Test func largeIdsAnswerAsSmallOnesDo() throws {
        let small = SelectionMaskTests.ledger(idsFrom: 1)
        let large = SelectionMaskTests.ledger(idsFrom: 1 << 40)
        for query in SelectionMaskTests.queries {
            guard case .aggregate(let a) = try result(query, in: small), case .aggregate(let b) = try result(query, in: large) else {
                throw TestFailure(query)
            }
            #expect(a.cells.map(\.measure) == b.cells.map(\.measure), "\(query)")
        }
    }

    @Test func countsComeToThePlainScan() throws {
        let ledger = SelectionMaskTests.ledger(idsFrom: 1)
        let daily = ledger.bills.filter { $0.bookID == 1 }
        #expect(try result("count", in: ledger).aggregateMeasures == [.count(daily.count)])
        #expect(try result("count where book = travel", in: ledger).aggregateMeasures == [.count(ledger.bills.count { $0.bookID == 2 })])
        #expect(try result("count where category != food", in: ledger).aggregateMeasures == [.count(daily.count { $0.categoryID != 1 })])
    }
}

extension QueryResult {
    var aggregateMeasures: [Measure] {
        if case .aggregate(let aggregate) = self { return aggregate.cells.map(\.measure) }
        return []
    }
}
