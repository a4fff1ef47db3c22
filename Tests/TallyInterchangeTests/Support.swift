import TallyCore
@testable import TallyLanguage

struct TestFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

func day(_ iso: String) -> Day {
    Day(iso: iso)!
}

let defaultToday = day("2017-01-15")
let fixedNow: Int64 = 1_484_438_400

/// The one statement `text`, as the parser reads it.
func parseOne(_ text: String) throws -> ParsedStatement {
    var parser = Parser(text)
    guard let parsed = try parser.next()?.get() else { throw TestFailure("no statement in \(text)") }
    return parsed
}

/// What a report says, when `result` is one.
func reportText(_ result: QueryResult) -> String? {
    guard case .done(let done) = result else { return nil }
    return done.text
}

/// `(line, first column, column after the last)` of a range.
struct Span: Equatable {
    let numbers: [Int]
    init(_ line: Int, _ start: Int, _ end: Int) { numbers = [line, start, end] }
    init(_ range: SourceRange) { self.init(range.start.line, range.start.column, range.end.column) }
}

/// The ledger rows are imported into: books daily (CNY, the current one),
/// travel (USD) and home, the default categories, and one bill, #19, the
/// travel book's hot dog of 2016-07-01 that a row for another book must not
/// match. Bills up to #25 have been made, so the next is #26.
enum Fixture {
    static let daily: Int64 = 1
    static let travel: Int64 = 2
    static let categories = DefaultCategories.make(chinese: false)

    static func category(_ name: String) -> Int64 {
        guard let category = categories.first(where: { $0.name == name }) else { preconditionFailure("no category \(name)") }
        return category.id
    }

    static func ledger() -> Ledger {
        let books = [
            Book(id: daily, name: "daily", currency: .cny, position: 1),
            Book(id: travel, name: "travel", currency: Currency(code: "USD"), position: 2),
            Book(id: 3, name: "home", currency: .cny, position: 3),
        ]
        let hotDog = Bill(
            id: 19, bookID: travel, categoryID: category("food"), amount: 1200, day: day("2016-07-01"),
            remark: "hot dog", place: "New York", tags: ["trip"], created: 1, updated: 1)
        return Ledger(books: books, categories: categories, bills: [hotDog], settings: Settings(currentBookID: daily), lastBillID: 25)
    }
}
