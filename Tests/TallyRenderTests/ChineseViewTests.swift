import Foundation
import Testing
import TallyCore
import TallyFixture
import TallyLanguage
@testable import TallyRender

/// A ledger made under zh_CN: its categories' names Chinese, a cash account
/// and a credit card, budgets for food and for all spending, and bills in
/// June and July 2016, one of them a refund.
enum ChineseLedger {
    static let categories = DefaultCategories.make(chinese: true)

    static func id(_ name: String) -> Int64 {
        categories.first { $0.name == name }!.id
    }

    static let ledger = Ledger(
        books: [Book(id: 1, name: "日常", currency: .cny, position: 1)], categories: categories,
        bills: [
            Bill(id: 1, bookID: 1, categoryID: id("用餐"), amount: 2550, day: Day(iso: "2016-07-01")!, remark: "午饭", tags: ["工作"]),
            Bill(id: 2, bookID: 1, categoryID: id("用餐"), amount: 1200, day: Day(iso: "2016-07-02")!, remark: "面条", place: "兰州拉面"),
            Bill(id: 3, bookID: 1, categoryID: id("交通"), amount: 300, day: Day(iso: "2016-07-02")!, remark: "公交"),
            Bill(id: 4, bookID: 1, categoryID: id("工资"), amount: 500_000, day: Day(iso: "2016-07-05")!),
            Bill(id: 5, bookID: 1, categoryID: id("服饰"), amount: 30_000, day: Day(iso: "2016-07-08")!, remark: "外套", accountID: 2),
            Bill(id: 6, bookID: 1, categoryID: id("用餐"), amount: 4000, day: Day(iso: "2016-06-10")!, remark: "晚饭"),
            Bill(id: 7, bookID: 1, categoryID: id("用餐"), amount: -1000, day: Day(iso: "2016-07-09")!, remark: "退菜"),
        ],
        settings: Settings(currentBookID: 1),
        budgets: [Budget(id: 1, bookID: 1, categoryID: id("用餐"), amount: 3000), Budget(id: 2, bookID: 1, categoryID: nil, amount: 300_000)],
        accounts: [Account(id: 1, bookID: 1, name: "现金", position: 0), Account(id: 2, bookID: 1, name: "信用卡", kind: .credit, position: 1)])

    /// What `statement` shows on a terminal `width` wide to a reader of `locale`, evaluated and drawn as Tally does under it.
    static func shown(_ statement: String, _ locale: String = "zh_CN.UTF-8", width: Int = 80, in ledger: Ledger = ChineseLedger.ledger) throws -> String {
        try Reader.reading(locale) {
            var parser = Parser(statement)
            let parsed = try parser.next()!.get()
            let outcome = try Evaluator(ledger: ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(parsed)
            guard case .result(let result, let format) = outcome else { throw NoResult(statement: statement) }
            return Renderer(style: Style(color: false), width: width).render(result, as: format ?? .table)
        }
    }

    struct NoResult: Error {
        let statement: String
    }
}

@Suite("Views in Chinese")
struct ChineseViewTests {
    /// Every view, and the tables and listings whose words are the renderer's.
    static let statements = [
        "timeline 2016-07", "timeline 2016-09", "pie 2016-07", "pie income 2016-07", "pie 2016-09", "months 2016", "months 2015",
        "detail 用餐", "show #7", "show #5", "search 面", "search 没有的", "budget", "attachments #1", "list", "list with forecast",
        "books", "categories", "accounts", "balances", "count by weekday", "sum expense by category, weekday", "count by kind",
        "sum expense by place", "sum expense by place as chart", "min expense in 2015", "list in 2015",
    ]

    static let english = Set(["CNY", "owing"] + DefaultCategories.make(chinese: false).map(\.name))

    @Test(arguments: ["zh_CN.UTF-8", "zh_TW.UTF-8"])
    func everyViewIsChineseWithNoEnglishWordOfItsOwn(locale: String) throws {
        for statement in Self.statements {
            let chinese = try ChineseLedger.shown(statement, locale)
            #expect(EnglishProse.hasChinese(chinese), "\(statement): \(chinese)")
            #expect(chinese != (try ChineseLedger.shown(statement, "C")), "\(statement)")
            // The currency's code is the only English a view of this ledger may hold, outside quotes, but for
            // the categories' English aliases and a credit card's note, which the balances' evaluation words.
            let words = PageText.englishWords(chinese)
            #expect(words.isSubset(of: Self.english), "\(statement): \(words)\n\(chinese)")
        }
    }

    @Test func theTimelineSaysItsWeekdaysInChineseAndKeepsItsCentreLine() throws {
        for width in [60, 100] {
            let timeline = try ChineseLedger.shown("timeline 2016-07", width: width)
            let lines = timeline.split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == ["2016-07 时间线：31 天，6 笔", "收入 ¥5,000.00  支出 ¥330.50  结余 ¥4,669.50"], "\(timeline)")
            #expect(lines.contains("  🍜 用餐  面条" + String(repeating: " ", count: (width - 3) / 2 - 20) + "12.00 │"), "\(timeline)")
            #expect(lines.contains { $0.hasPrefix("2016-07-01 周五 ") } && lines.contains { $0.hasPrefix("2016-07-09 周六 ") }, "\(timeline)")
            let centres = Set(lines.compactMap { line in line.firstIndex(of: "│").map { TerminalText.width(String(line[..<$0])) } })
            #expect(centres == [(width - 3) / 2 + 1], "\(width): \(timeline)")
            #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(timeline)")
        }
    }

    @Test func thePieAndTheMonthsInBothScripts() throws {
        #expect(try ChineseLedger.shown("pie 2016-07", width: 60) == """
            支出 2016-07  ¥330.50  5 笔
            类别       金额    占比  笔数
            👕 服饰  300.00   90.8%     1  █████████████████████████████
            🍜 用餐   27.50    8.3%     3  ███
            🚌 交通    3.00    0.9%     1  █
            总计     330.50  100.0%     5
            """)
        #expect(try ChineseLedger.shown("months 2016", "zh_TW.UTF-8", width: 60) == """
            2016      收入    支出      結餘  筆數
            6月       0.00   40.00    -40.00     1  ██
            7月   5,000.00  330.50  4,669.50     6  ████████████████████
            總計  5,000.00  370.50  4,629.50     7
            """)
        #expect(try ChineseLedger.shown("months 2015") == "2015  没有账单")
    }

    @Test func barsStartInOneColumnUnderChineseHeaders() throws {
        for (statement, width) in [("pie 2016-07", 60), ("pie 2016-07", 100), ("months 2016", 60), ("months 2016", 100), ("budget", 60), ("budget", 100)] {
            let view = try ChineseLedger.shown(statement, width: width)
            let starts = Set(view.split(separator: "\n").compactMap { line in
                line.firstIndex { $0 == "█" || $0 == "░" }.map { TerminalText.width(String(line[..<$0])) }
            })
            #expect(starts.count == 1, "\(statement) at \(width): \(view)")
            #expect(view.split(separator: "\n").allSatisfy { TerminalText.width(String($0)) <= width }, "\(view)")
        }
    }

    @Test func theBudgetsSayTheirOutlookAsChineseSentences() throws {
        let simplified = try ChineseLedger.shown("budget").split(separator: "\n").suffix(2)
        #expect(simplified == ["用餐：照此速度，到 31 日将花 42.62，超出预算 ¥12.62", "总计：照此速度，到 31 日将花 512.27，不超预算"], "\(simplified)")
        let traditional = try ChineseLedger.shown("budget", "zh_TW.UTF-8").split(separator: "\n").suffix(2)
        #expect(traditional == ["用餐：照此速度，到 31 日將花 42.62，超出預算 ¥12.62", "總計：照此速度，到 31 日將花 512.27，在預算內"], "\(traditional)")
        // Too narrow for a whole sentence, it breaks between clauses, and no space follows Chinese punctuation.
        let narrow = try ChineseLedger.shown("budget", width: 40).split(separator: "\n").suffix(4)
        #expect(narrow == ["用餐：照此速度，到 31 日将花 42.62，", "超出预算 ¥12.62", "总计：照此速度，到 31 日将花 512.27，", "不超预算"], "\(narrow)")
    }

    /// English writes the day as an ordinal, a sentence for each ending; Chinese the day and 日.
    @Test(arguments: [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
                      (21, "21st"), (22, "22nd"), (23, "23rd"), (28, "28th"), (30, "30th"), (31, "31st")])
    func thePaceNamesItsDayInEitherLanguage(day: Int, english: String) throws {
        #expect(ViewRenderer.pace("6.00", by: day) == "at this pace 6.00 by the \(english),")
        #expect(try Reader.reading("zh_CN.UTF-8") { ViewRenderer.pace("6.00", by: day) } == "照此速度，到 \(day) 日将花 6.00，")
    }

    @Test func aBillInFullWithItsFieldsNamedInChinese() throws {
        #expect(try ChineseLedger.shown("show #7") == """
            #7
            日期      2016-07-09 周六
            类型      支出：退款，即退回的钱
            金额      -¥10.00 CNY
            类别      🍜 用餐
            账本      日常
            备注      退菜
            地点
            标签
            创建时间  –
            修改时间  –
            """)
        #expect(try ChineseLedger.shown("show #5", "zh_TW.UTF-8").hasPrefix("#5\n日期      2016-07-08 週五\n類型      支出\n"))
    }

    @Test func aCategorysDetailAndAnEmptySearch() throws {
        let detail = try ChineseLedger.shown("detail 用餐")
        #expect(detail.hasPrefix("🍜 用餐（支出）  ¥67.50  4 笔\n月份     日期        编号    金额  备注  地点      标签\n2016-06 "), "\(detail)")
        #expect(detail.contains("\n         2016-07-01    #1   25.50  午饭            #工作\n"), "\(detail)")
        #expect(detail.hasSuffix("\n总计                        67.50"), "\(detail)")
        #expect(try ChineseLedger.shown("detail 用餐", "zh_TW.UTF-8").hasPrefix("🍜 用餐（支出）  ¥67.50  4 筆\n月份     日期        編號"))
        #expect(try ChineseLedger.shown("search 没有的") == "没有账单含有 '没有的'")
        #expect(try ChineseLedger.shown("attachments #1", "zh_TW.UTF-8") == "#1 沒有照片；用 'attach #1 FILE' 新增一張")
    }

    @Test func theListingsSayTheirKindsAndAnAccountsBalanceInChinese() throws {
        #expect(try ChineseLedger.shown("accounts") == """
            默认  账本  账户    类型    期初余额  起始日  状态
            *     日常  现金    现金        0.00
                  日常  信用卡  信用卡      0.00
            """)
        let balances = try ChineseLedger.shown("balances")
        #expect(balances.hasPrefix("账本  账户    类型        余额  说明"), "\(balances)")
        #expect(balances.contains("\n日常  信用卡  信用卡   -300.00  ") && balances.hasSuffix("\n总计          CNY     4,629.50"), "\(balances)")
        // A period's income less its expense is another word.
        #expect(try ChineseLedger.shown("books").hasPrefix("当前  账本  货币  笔数      收入    支出      结余\n"))
        #expect(try ChineseLedger.shown("categories").contains("\n🍜    用餐    支出  food "))
        #expect(try ChineseLedger.shown("balances", "C").hasPrefix("book   account  kind     balance  note"))
    }

    @Test func groupsOfWeekdaysKindsAndNoneAreChineseInTablesAndEnglishForPrograms() throws {
        #expect(try ChineseLedger.shown("count by weekday") == """
            星期  笔数
            周二     1
            周五     3
            周六     3
            总计     7
            """)
        #expect(try ChineseLedger.shown("count by kind", "zh_TW.UTF-8") == "類型  筆數\n支出     6\n收入     1\n總計     7")
        #expect(try ChineseLedger.shown("sum expense by place") == "地点        合计\n（无）    358.50\n兰州拉面   12.00\n总计      370.50")
        #expect(try ChineseLedger.shown("sum expense by place as chart").hasPrefix("（无）    358.50  ███"))
        let csv = try Reader.reading("zh_CN.UTF-8") {
            Renderer(style: Style(color: false)).render(try Fixture.result("count by weekday"), as: .csv)
                + Renderer(style: Style(color: false)).render(try Fixture.result("sum expense by place"), as: .json)
        }
        #expect(csv.hasPrefix("weekday,count\nMon,1\nTue,1\nFri,1\n") && csv.contains("{\"place\": null"), "\(csv)")
    }

    @Test func aGridTooWideSaysInChineseHowManyColumnsItLeftOut() throws {
        let grid = try ChineseLedger.shown("sum expense by category, day", width: 40)
        #expect(grid.hasSuffix("\n（为适应宽度省略了 2 列；'as csv' 显示全部）"), "\(grid)")
    }

    @Test func theWeekdayAndMonthListsFollowTallyCoresNames() {
        #expect(DateWords.weekdays == Weekday.shortNames)
        #expect(DateWords.months == Day.shortMonthNames)
    }

    @Test func chineseStopsAndPausesTakeNoSpaceAfterThem() {
        #expect(Sentences.joined(["One.", "Two."]) == "One. Two.")
        #expect(Sentences.joined(["一。", "二，", "三：", "四"]) == "一。二，三：四")
        #expect(Sentences.gap(after: "（支出）", "  ") == "  ")
    }
}
