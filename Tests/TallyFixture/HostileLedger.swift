import TallyCore
import TallyLanguage
import TallyRender

/// A ledger whose every shown text is hostile to a page: book, category
/// names and icons, remarks, places and tags; and the report page of it.
public enum HostileLedger {
    public static let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "a'b&c", "https://example.com/x.png"]

    /// Every text the page shows from the ledger is one of the hostile ones:
    /// book, category names and icons, remarks, places and tags.
    public static func ledger(bills count: Int = 60) -> Ledger {
        let book = Book(id: 1, name: hostile[0], currency: .cny, icon: hostile[1], position: 1)
        let categories = (0..<14).map { index in
            Category(
                id: Int64(index + 1), name: hostile[index % hostile.count] + " \(index)", kind: index < 12 ? .expense : .income,
                icon: hostile[(index + 1) % hostile.count], aliases: [], position: index)
        }
        var random = SeededRandom(seed: 5)
        let bills = (1...count).map { id in
            Bill(
                id: Int64(id), bookID: 1, categoryID: Int64(Int.random(in: 0..<14, using: &random) + 1), amount: Int64(Int.random(in: 0..<100_000, using: &random) + 1),
                day: Day(iso: "2016-01-01")!.adding(days: Int.random(in: 0..<366, using: &random)), remark: hostile[Int.random(in: 0..<hostile.count, using: &random)],
                place: hostile[Int.random(in: 0..<hostile.count, using: &random)], tags: ["x" + String(Int.random(in: 0..<9, using: &random))])
        }
        let budgets = [Budget(id: 1, bookID: 1, categoryID: 1, amount: 50_000), Budget(id: 2, bookID: 1, categoryID: nil, amount: 900_000)]
        return Ledger(books: [book], categories: categories, bills: bills, settings: Settings(currentBookID: 1), budgets: budgets)
    }

    public static func page(_ statement: String, in ledger: Ledger, today: String = "2016-12-31") throws -> String {
        var parser = Parser(statement)
        let parsed = try parser.next()!.get()
        let outcome = try Evaluator(ledger: ledger, today: Day(iso: today)!, now: 0).evaluate(parsed)
        guard case .reportFile(_, let report) = outcome else { throw NoReport(statement: statement) }
        return ReportPage(report: report).html
    }

    public struct NoReport: Error {
        public let statement: String
    }
}
