import Testing
import TallyCore
import TallyFixture
import TallyLanguage
@testable import TallyRender

/// Ctrl-C while a long result is drawn: the drawing stops, and says that
/// something was left out, so the session shows none of it; a result drawn
/// whole says nothing was.
@Suite struct InterruptedRenderTests {
    /// 3,000 bills of July 2016, food and salary, most with a remark holding "o".
    static let ledger: Ledger = {
        let bills = (1...3_000).map { id in
            Bill(id: Int64(id), bookID: 1, categoryID: Fixture.id(id % 10 == 0 ? "salary" : "food"), amount: Int64(id),
                 day: Day(iso: "2016-07-01")!.adding(days: id % 31), remark: "lunch \(id)")
        }
        return Ledger(books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1))
    }()

    func result(_ statement: String) throws -> QueryResult {
        var parser = Parser(statement)
        let parsed = try parser.next()!.get()
        switch try Evaluator(ledger: Self.ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed) {
        case .result(let result, _), .change(_, let result, _, _): return result
        default: throw Unexpected.noResult
        }
    }

    static let long = ["list", "search lunch", "timeline 2016-07", "detail food", "list as chart"]

    @Test("Ctrl-C stops a long result part way and says so", arguments: long, [OutputFormat.table, .csv, .json])
    func ctrlCStopsALongResult(statement: String, format: OutputFormat) throws {
        let result = try result(statement)
        let whole = Renderer(style: Style(color: false)).render(result, as: format)
        let interruption = Interruption()
        interruption.request()
        let stopped = Renderer(style: Style(color: false), interruption: interruption).render(result, as: format)
        #expect(interruption.leftOut)
        #expect(stopped.count * 10 < whole.count, "\(stopped.count) of \(whole.count) characters")
    }

    @Test("without Ctrl-C a long result is drawn whole and nothing is left out", arguments: long, [OutputFormat.table, .csv, .json])
    func noCtrlCDrawsItAll(statement: String, format: OutputFormat) throws {
        let result = try result(statement)
        let interruption = Interruption()
        #expect(Renderer(style: Style(color: false), interruption: interruption).render(result, as: format)
            == Renderer(style: Style(color: false)).render(result, as: format))
        #expect(!interruption.leftOut)
    }

    @Test("a short result drawn after Ctrl-C, such as a change's confirmation, is whole",
          arguments: ["add 5 food", "count", "sum by category", "pie 2016-07", "list limit 100"], [OutputFormat.table, .csv, .json])
    func aShortResultIsWhole(statement: String, format: OutputFormat) throws {
        let result = try result(statement)
        let interruption = Interruption()
        interruption.request()
        #expect(Renderer(style: Style(color: false), interruption: interruption).render(result, as: format)
            == Renderer(style: Style(color: false)).render(result, as: format))
        #expect(!interruption.leftOut)
    }

    @Test func clearingForgetsTheCtrlCAndWhatItLeftOut() {
        let interruption = Interruption()
        interruption.request()
        #expect(interruption.stops())
        interruption.clear()
        #expect(!interruption.isRequested && !interruption.leftOut && !interruption.stops())
    }

    enum Unexpected: Error { case noResult }
}
