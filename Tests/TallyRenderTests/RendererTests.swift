import Testing
import TallyCore
import TallyLanguage
import TallyFixture
@testable import TallyRender

@Suite struct JSONRendererTests {
    let renderer = Renderer(style: Style(color: false))

    func json(_ statement: String) throws -> String {
        renderer.render(try Fixture.result(statement), as: .json)
    }

    @Test func printsAnAggregateWithItsCurrency() throws {
        #expect(try json("sum expense where category=food in 2016-07") == #"{"sum": "37.50", "currency": "CNY"}"#)
        #expect(try json("count in 2016-07") == #"{"count": 4}"#)
        #expect(try json("avg expense in 2015") == #"{"avg": null, "currency": "CNY"}"#)
        #expect(try json("sum expense in 2015") == #"{"sum": "0.00", "currency": "CNY"}"#)
    }

    @Test func printsOneObjectPerCurrencyWhenBooksDiffer() throws {
        #expect(try json("sum expense where book in (daily, travel) in 2016-07") == """
            [
              {"sum": "40.50", "currency": "CNY"},
              {"sum": "99.99", "currency": "USD"}
            ]
            """)
    }

    @Test func printsGroupsInTheDefaultOrder() throws {
        #expect(try json("sum expense by category") == """
            [
              {"category": "food", "sum": "45.50"},
              {"category": "transport", "sum": "3.00"}
            ]
            """)
        #expect(try json("count by month") == """
            [
              {"month": "2016-07", "count": 4},
              {"month": "2016-08", "count": 1}
            ]
            """)
        #expect(try json("sum in 2015 by month") == "[]")
    }

    @Test func printsBillsWithEveryKey() throws {
        #expect(try json("list where id = 2") == """
            [
              {"id": 2, "date": "2016-07-02", "kind": "expense", "amount": "12.00", "category": "food", "book": "daily", "remark": "面条", "place": "兰州拉面", "tags": []}
            ]
            """)
    }

    @Test func writesListingsWithNumbersAndFlags() throws {
        #expect(try json("books") == """
            [
              {"current": true, "book": "daily", "currency": "CNY", "bills": 5, "income": "5000.00", "expense": "48.50", "balance": "4951.50"},
              {"current": false, "book": "travel", "currency": "USD", "bills": 1, "income": "0.00", "expense": "99.99", "balance": "-99.99"}
            ]
            """)
    }

    @Test func escapesStrings() {
        let renderer = JSONRenderer()
        #expect(renderer.string("a\"b\\c\nd\u{7}\u{1B}") == ##""a\"b\\c\nd\u0007\u001b""##)
        #expect(renderer.string("用餐🍜") == "\"用餐🍜\"")
    }
}

@Suite struct CSVRendererTests {
    let renderer = Renderer(style: Style(color: false))

    @Test func printsAHeaderThenRows() throws {
        #expect(renderer.render(try Fixture.result("sum expense in 2016-07"), as: .csv) == "sum,currency\n40.50,CNY")
        #expect(renderer.render(try Fixture.result("sum expense by category"), as: .csv) == "category,sum\nfood,45.50\ntransport,3.00")
    }

    @Test func quotesFieldsThatNeedIt() throws {
        #expect(renderer.render(try Fixture.result("list where id = 5 and book = travel"), as: .csv) == #"""
            id,date,kind,amount,category,remark,book,place,tags
            5,2016-07-03,expense,99.99,travel,"hotel, ""nice""",travel,,
            """#)
        // CSV is data: a control character stays as it is, unless the CSV is shown on a terminal.
        #expect(renderer.render(try Fixture.result("list where id = 6"), as: .csv).hasSuffix("food,bell\u{07},daily,,"))
    }

    /// Bills whose texts a spreadsheet would run, and one whose remark would hide text on a terminal.
    static let hostile: Ledger = {
        let food = Fixture.id("food")
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: food, amount: 2500, day: Day(iso: "2016-07-01")!, remark: "=1+1", place: "@home", tags: ["+x"]),
            Bill(id: 2, bookID: 1, categoryID: food, amount: 100, day: Day(iso: "2016-07-02")!, remark: "total \u{1B}[8m99.00\u{1B}[0m"),
            Bill(id: 3, bookID: 1, categoryID: food, amount: 700, day: Day(iso: "2016-07-03")!, remark: "-7.00"),
        ]
        return Ledger(books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1))
    }()

    func csv(_ statement: String, forTerminal: Bool = false) throws -> String {
        var parser = Parser(statement)
        let parsed = try parser.next()!.get()
        guard case .result(let result, _) = try Evaluator(ledger: CSVRendererTests.hostile, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed) else {
            throw FittingTests.FittingError.noResult
        }
        return Renderer(style: Style(color: false), forTerminal: forTerminal).render(result, as: .csv)
    }

    @Test func guardsFormulasButNotAmounts() throws {
        #expect(try csv("list where id in (1, 3)") == """
            id,date,kind,amount,category,remark,book,place,tags
            1,2016-07-01,expense,25.00,food,'=1+1,daily,'@home,'+x
            3,2016-07-03,expense,7.00,food,-7.00,daily,,
            """)
        #expect(try csv("sum by place") == "place,sum\n,-8.00\n'@home,-25.00")
    }

    /// One rule for text a bill lacks: JSON's null, CSV's empty cell, for the remark and the place alike.
    @Test func aBillsMissingTextIsNullInJSONAndAnEmptyCellInCSV() throws {
        let bill = Bill(id: 7, bookID: 1, categoryID: Fixture.id("food"), amount: 100, day: Day(iso: "2016-07-01")!)
        let ledger = Ledger(books: [Fixture.daily], categories: Fixture.categories, bills: [bill], settings: Settings(currentBookID: 1))
        var parser = Parser("list")
        guard case .result(let result, _) = try Evaluator(ledger: ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parser.next()!.get()) else {
            throw FittingTests.FittingError.noResult
        }
        #expect(renderer.render(result, as: .json).contains(#""remark": null, "place": null"#), "\(renderer.render(result, as: .json))")
        #expect(renderer.render(result, as: .csv) == "id,date,kind,amount,category,remark,book,place,tags\n7,2016-07-01,expense,1.00,food,,daily,,")
    }

    @Test func onATerminalEachCellIsMadeSafeAndElsewhereKeptExactly() throws {
        #expect(try csv("list where id = 2").contains(",total \u{1B}[8m99.00\u{1B}[0m,"))
        let shown = try csv("list where id = 2", forTerminal: true)
        #expect(shown.contains(",total ␛[8m99.00␛[0m,"), "\(shown)")
        #expect(!shown.contains("\u{1B}"))
    }
}

@Suite struct TableRendererTests {
    let renderer = Renderer(style: Style(color: false))

    @Test(arguments: ["min expense in 2010", "max in 2010", "avg income in 2010"])
    func anAggregateOfNothingSaysNoBills(text: String) throws {
        #expect(renderer.render(try Fixture.result(text), as: .table) == "no bills")
        #expect(renderer.render(try Fixture.result(text), as: .json).contains("null"))
    }

    @Test func printsAnAggregateWithItsSymbol() throws {
        #expect(renderer.render(try Fixture.result("sum in 2016-07"), as: .table) == "¥4,959.50")
        #expect(renderer.render(try Fixture.result("sum expense in 2016-07"), as: .table) == "¥40.50")
    }

    @Test func alignsColumnsByDisplayWidth() throws {
        #expect(renderer.render(try Fixture.result("sum expense by place"), as: .table) == """
            place       sum
            (none)    36.50
            兰州拉面  12.00
            total     48.50
            """)
    }

    @Test func drawsTwoDimensionsAsAGrid() throws {
        #expect(renderer.render(try Fixture.result("sum expense by category, month"), as: .table) == """
            category   2016-07  2016-08
            food         37.50     8.00
            transport     3.00
            total        40.50     8.00
            """)
    }

    @Test func showsControlCharactersSafely() throws {
        let text = renderer.render(try Fixture.result("list where id = 6"), as: .table)
        #expect(!text.contains("\u{7}"))
        #expect(text.contains("bell␇"))
    }

    @Test func coloursAmountsByKindOnlyWhenAsked() throws {
        let coloured = Renderer(style: Style(color: true)).render(try Fixture.result("list where id in (3, 4)"), as: .table)
        #expect(coloured.contains("\u{1B}[31m"))
        #expect(coloured.contains("\u{1B}[32m"))
        #expect(!renderer.render(try Fixture.result("list where id in (3, 4)"), as: .table).contains("\u{1B}"))
    }

    @Test func aListOfBothKindsEndsWithItsNetAndOfOneKindWithWhatItsAmountsAddUpTo() throws {
        #expect(renderer.render(try Fixture.result("list in 2016-07"), as: .table).hasSuffix("\n    net         4 bills  4,959.50"))
        #expect(renderer.render(try Fixture.result("list expense in 2016-07"), as: .table).hasSuffix("\n    total       3 bills   40.50"))
        #expect(renderer.render(try Fixture.result("search bus"), as: .table).hasSuffix("\n    total       1 bill     3.00"))
    }

    @Test func aHeaderWiderThanEveryCellUnderItGivesWayBeforeAnyCell() throws {
        let books = Renderer(style: Style(color: false), width: 60).render(try Fixture.result("books"), as: .table)
        #expect(books.hasPrefix("curre…  book    currency  bills"), "\(books)")
        #expect(books.split(separator: "\n").dropFirst().allSatisfy { !$0.contains("…") }, "\(books)")
    }

    @Test func theTimelineWritesTheMinusSignEveryOtherViewWrites() throws {
        let timeline = renderer.render(try Fixture.result("timeline 2016-07"), as: .table)
        #expect(timeline.contains("2016-07-02 Sat") && timeline.contains("-15.00 │"), "\(timeline)")
        #expect(!timeline.contains("\u{2212}"), "\(timeline)")
    }

    @Test func drawsBarsForCharts() throws {
        #expect(renderer.render(try Fixture.result("sum expense by category"), as: .chart) == """
            food       45.50  \(String(repeating: "█", count: 62))
            transport   3.00  ████
            """)
    }
}

@Suite struct ChartTests {
    @Test func barsOfTotalsPastInt64DoNotOverflow() {
        let largest = UInt128(4_700) * UInt128(maximumAmount)
        #expect(ChartRenderer.barLength(largest, largest: largest, columns: 40) == 40)
        #expect(ChartRenderer.barLength(largest / 2, largest: largest, columns: 40) == 20)
        #expect(ChartRenderer.barLength(UInt128.max, largest: UInt128.max, columns: 40) == 40)
        #expect(ChartRenderer.barLength(UInt128.max / 4, largest: UInt128.max, columns: 40) == 10)
        #expect(ChartRenderer.barLength(0, largest: 0, columns: 40) == 0)
    }

    @Test func chartsTheSumOf4700BillsOfTheLargestAmount() throws {
        let food = Fixture.id("food")
        let bills = (1...4_700).map { Bill(id: Int64($0), bookID: 1, categoryID: food, amount: maximumAmount, day: Day(iso: "2016-07-01")!) }
            + [Bill(id: 4_701, bookID: 1, categoryID: Fixture.id("transport"), amount: maximumAmount, day: Day(iso: "2016-07-01")!)]
        let ledger = Ledger(books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1))
        var parser = Parser("sum expense by category as chart")
        let parsed = try parser.next()!.get()
        guard case .result(let result, _) = try Evaluator(ledger: ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed) else {
            throw RenderError.noResult
        }
        let chart = Renderer(style: Style(color: false)).render(result, as: .chart)
        // The bars fill what the labels and values leave of 80 columns: 80 - 9 - 24 - 4.
        #expect(chart == """
            food       4,699,999,999,999,953.00  \(String(repeating: "█", count: 43))
            transport        999,999,999,999.99  █
            """)
    }

    enum RenderError: Error { case noResult }
}

@Suite struct FittingTests {
    /// A bill with a long remark, a CJK place and a remark that is an escape sequence.
    static let ledger: Ledger = {
        let categories = DefaultCategories.make(chinese: false)
        let food = categories.first { $0.name == "food" }!.id
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: food, amount: 2550, day: Day(iso: "2016-07-01")!,
                 remark: String(repeating: "a very long remark ", count: 11), place: "兰州拉面馆", tags: ["work", "lunch"]),
            Bill(id: 2, bookID: 1, categoryID: food, amount: 1200, day: Day(iso: "2016-07-02")!, remark: "\u{1B}[2Jgone", place: "KFC"),
        ]
        return Ledger(books: [Fixture.daily], categories: categories, bills: bills, settings: Settings(currentBookID: 1))
    }()

    func rendered(_ statement: String, width: Int, as format: OutputFormat = .table) throws -> String {
        var parser = Parser(statement)
        let parsed = try parser.next()!.get()
        guard case .result(let result, _) = try Evaluator(ledger: FittingTests.ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed) else {
            throw FittingError.noResult
        }
        return Renderer(style: Style(color: false), width: width).render(result, as: format)
    }

    @Test(arguments: [80, 60, 48])
    func aListIsCutToTheWidthNeverWrapped(width: Int) throws {
        let table = try rendered("list", width: width)
        for line in table.split(separator: "\n") {
            #expect(TerminalText.width(String(line)) <= width, "\(table)")
        }
        #expect(table.contains("…"))
        #expect(!table.contains("\u{1B}"))
        #expect(table.contains("    total       2 bills   37.50"))
        #expect(table.contains("2016-07-01"), "dates are never cut")
    }

    @Test func aNarrowTableDropsTagsThenPlacesRatherThanShowStumps() throws {
        #expect(try rendered("list", width: 60) == """
            id  date        kind     amount  category  remark
            #1  2016-07-01  expense   25.50  food      a very long rema…
            #2  2016-07-02  expense   12.00  food      ␛[2Jgone
                total       2 bills   37.50
            """)
    }

    @Test func theRemarkGivesUpWidthBeforeAnythingElse() throws {
        #expect(try rendered("list", width: 80) == """
            id  date        kind     amount  category  remark       place       tags
            #1  2016-07-01  expense   25.50  food      a very lon…  兰州拉面馆  #work #lunch
            #2  2016-07-02  expense   12.00  food      ␛[2Jgone     KFC
                total       2 bills   37.50
            """)
    }

    @Test(arguments: [80, 40])
    func barsFillTheWidthLeft(width: Int) throws {
        let chart = try rendered("sum expense by place as chart", width: width, as: .chart)
        let lines = chart.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { TerminalText.width(String($0)) <= width }, "\(chart)")
    }

    enum FittingError: Error { case noResult }
}

