import TallyCore
import TallyLanguage

/// A ledger small enough to check by hand, shared by the tests of the
/// renderers and of the shell: two books, the default categories,
/// six bills in July 2016.
public enum Fixture {
    public static let daily = Book(id: 1, name: "daily", currency: .cny, position: 1)
    public static let travel = Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2)
    public static let categories = DefaultCategories.make(chinese: false)

    public static func id(_ name: String) -> Int64 {
        categories.first { $0.name == name }!.id
    }

    public static let ledger = Ledger(
        books: [daily, travel], categories: categories,
        bills: [
            Bill(id: 1, bookID: 1, categoryID: id("food"), amount: 2550, day: Day(iso: "2016-07-01")!, remark: "lunch with team", tags: ["work"]),
            Bill(id: 2, bookID: 1, categoryID: id("food"), amount: 1200, day: Day(iso: "2016-07-02")!, remark: "面条", place: "兰州拉面"),
            Bill(id: 3, bookID: 1, categoryID: id("transport"), amount: 300, day: Day(iso: "2016-07-02")!, remark: "bus"),
            Bill(id: 4, bookID: 1, categoryID: id("salary"), amount: 500000, day: Day(iso: "2016-07-05")!),
            Bill(id: 5, bookID: 2, categoryID: id("travel"), amount: 9999, day: Day(iso: "2016-07-03")!, remark: "hotel, \"nice\""),
            Bill(id: 6, bookID: 1, categoryID: id("food"), amount: 800, day: Day(iso: "2016-08-01")!, remark: "bell\u{7}"),
        ],
        settings: Settings(currentBookID: 1))

    public static func result(_ text: String) throws -> QueryResult {
        var parser = Parser(text)
        let parsed = try parser.next()!.get()
        let outcome = try Evaluator(ledger: ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed)
        switch outcome {
        case .result(let result, _), .change(_, let result, _, _): return result
        default: fatalError("\(text) gives no result")
        }
    }
}

extension Evaluator {
    /// What a statement of the ledger comes to, as the session asks for it.
    public func evaluate(_ parsed: ParsedStatement) throws -> Outcome {
        guard case .ledger(let statement) = parsed.statement else { throw NotALedgerStatement(text: parsed.text) }
        return try evaluate(statement, at: parsed.range)
    }
}

public struct NotALedgerStatement: Error {
    public let text: String
}
