import Testing
import TallyCore
import TallyLanguage
import TallyFixture
@testable import TallyRender

/// A grid of many months and a timeline, drawn for narrow terminals.
@Suite struct GridFittingTests {
    /// Lunch on the 5th of every month of 2016, and one bus fare in January.
    static let ledger: Ledger = {
        let categories = DefaultCategories.make(chinese: false)
        let food = categories.first { $0.name == "food" }!.id
        let transport = categories.first { $0.name == "transport" }!.id
        let lunches = (1...12).map { month in
            Bill(id: Int64(month), bookID: 1, categoryID: food, amount: 123_456, day: Day(year: 2016, month: month, day: 5)!)
        }
        let fare = Bill(id: 13, bookID: 1, categoryID: transport, amount: 30_000, day: Day(iso: "2016-01-09")!, remark: "bus")
        return Ledger(books: [Fixture.daily], categories: categories, bills: lunches + [fare], settings: Settings(currentBookID: 1))
    }()

    func rendered(_ statement: String, width: Int, as format: OutputFormat = .table) throws -> String {
        var parser = Parser(statement)
        let parsed = try parser.next()!.get()
        guard case .result(let result, _) = try Evaluator(ledger: Self.ledger, today: Day(iso: "2016-12-20")!, now: 0).evaluate(parsed) else {
            throw FittingTests.FittingError.noResult
        }
        return Renderer(style: Style(color: false), width: width).render(result, as: format)
    }

    @Test func aGridTooWideLeavesOutTheOldestMonthsAndSaysSo() throws {
        let grid = try rendered("sum expense by category, month", width: 60)
        let lines = grid.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 60 }, "\(grid)")
        #expect(lines.first?.hasPrefix("category") == true)
        #expect(lines.first?.hasSuffix("2016-12") == true, "the latest months stay: \(grid)")
        #expect(!grid.contains("2016-01"))
        #expect(lines.last?.hasSuffix(" columns left out to fit; 'as csv' shows them all)") == true, "\(grid)")
        let csv = try rendered("sum expense by category, month", width: 60, as: .csv)
        #expect(Set(csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }).count == 12, "\(csv)")
    }

    @Test func aGridThatFitsSaysNothingIsLeftOut() throws {
        let grid = try rendered("sum expense by category, month from 2016-01-01 to 2016-02-29", width: 80)
        #expect(grid == """
            category    2016-01   2016-02
            food       1,234.56  1,234.56
            transport    300.00
            total      1,534.56  1,234.56
            """)
    }

    @Test func aGridCutByLimitTotalsOnlyTheCellsShown() throws {
        let grid = try rendered("sum expense by category, month limit 2", width: 80)
        #expect(grid == """
            category   2016-01   2016-02
            food      1,234.56  1,234.56
            total     1,234.56  1,234.56
            """)
    }

    @Test(arguments: [80, 40, 30])
    func aTimelineNeverRunsPastTheWidth(width: Int) throws {
        let timeline = try rendered("timeline 2016-01", width: width)
        let lines = timeline.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(timeline)")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "\(timeline)")
        #expect(timeline.contains("1,234.56"))
        #expect(timeline.contains("300.00"))
    }
}
