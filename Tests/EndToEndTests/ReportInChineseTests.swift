import Foundation
import Testing
import TallyFixture

/// The report and the views as a reader of Chinese meets them, through the
/// binary: a ledger made under zh_CN, its page laid out by headless Chromium
/// with the machine's CJK font (make test-tools installs fonts-noto-cjk).
@Suite("Report and views in Chinese")
struct ReportInChineseTests {
    /// June and July 2016 under zh_CN: a dozen categories, so the pie folds
    /// some into "other", a food budget overspent, a credit card owing, a
    /// recurring bill still to come, the rent twice, and July under way.
    static let script = """
        account add 信用卡 kind credit
        budget 用餐 100
        budget total 3000
        every month on 25 -59 充值 话费 from 2016-06
        +5000 工资 六月工资 on 2016-06-01
        -25.50 用餐 午饭 at 食堂 #工作 on 2016-06-03
        -12 用餐 面条 at 兰州拉面 on 2016-06-03
        -3.50 交通 地铁 on 2016-06-04
        -1200 住房 房租 on 2016-06-05
        -300 服饰 外套 with 信用卡 on 2016-06-10
        -45 娱乐 电影 on 2016-06-18
        -8 零食 糖果 on 2016-06-20
        -20 酒水 咖啡 on 2016-06-21
        -60 日用品 肥皂 on 2016-06-22
        -99 网购 耳机 on 2016-06-23
        -150 医疗 牙医 on 2016-06-25
        -35 运动 游泳 on 2016-06-26
        -70 家庭 礼物 on 2016-06-27
        +5000 工资 七月工资 on 2016-07-01
        +200 红包 奶奶给的 on 2016-07-03
        -88 用餐 晚饭 on 2016-07-01
        -12.40 用餐 早饭 on 2016-07-02
        -9.90 用餐 午饭 on 2016-07-02
        -7 用餐 点心 on 2016-07-02
        -15 用餐 茶 on 2016-07-02
        -3 用餐 水 on 2016-07-02
        -6.60 用餐 包子 on 2016-07-02
        -2 用餐 口香糖 on 2016-07-02
        -1200 住房 房租 on 2016-07-05
        -18 交通 出租车 on 2016-07-08

        """

    static let chinese: [String: String?] = ["LANG": "zh_CN.UTF-8"]

    /// English a view or page of this ledger may hold outside quotes: the
    /// currency's code, the program's name, the book and the account a new
    /// ledger starts with, and a credit card's note, which the balances' evaluation words.
    static let english: Set<String> = ["CNY", "Tally", "daily", "cash", "owing"]

    /// Without a Chinese font Chromium draws boxes, whose widths say nothing of a page's.
    func requireChineseFont(_ sandbox: Sandbox) async throws {
        let fonts = try await Tool.run("fc-list", [":lang=zh-cn", "family"], in: sandbox)
        try #require(!fonts.stdout.isEmpty, "no Chinese font: 'make test-tools' installs fonts-noto-cjk")
    }

    func filled(_ sandbox: Sandbox) async throws {
        try Self.script.write(toFile: sandbox.path("zh.tally"), atomically: true, encoding: .utf8)
        // The food budget's warning aside, which goes to standard error.
        let run = try await sandbox.tally([sandbox.path("zh.tally")], environment: Self.chinese)
        #expect(run.status == 0, "\(run)")
    }

    @Test("every view of a ledger made under zh_CN is Chinese, the ledger's names its only other words")
    func everyViewIsChinese() async throws {
        try await withSandbox { sandbox in
            try await filled(sandbox)
            let views = ["timeline", "timeline 2016-06", "pie", "pie income", "months", "detail 用餐", "show #7", "search 面", "budget",
                         "balances", "accounts", "list with forecast", "sum expense by category, month", "count by weekday"]
            for view in views {
                for width in ["60", "100"] {
                    let run = try await sandbox.tally(["-c", view], environment: ["LANG": "zh_CN.UTF-8", "COLUMNS": width])
                    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
                    #expect(EnglishProse.hasChinese(run.stdout), "\(view): \(run.stdout)")
                    let words = PageText.englishWords(run.stdout)
                    #expect(words.isSubset(of: Self.english), "\(view): \(words)\n\(run.stdout)")
                }
            }
            let budget = try await sandbox.tally(["-c", "budget"], environment: Self.chinese)
            #expect(budget.stdout.hasSuffix("""
                用餐：照此速度，到 31 日将花 223.04，超出预算 ¥123.04
                总计：尚有 59.00 待记入；照此速度，到 31 日将花 2,169.94，不超预算

                """), "\(budget)")
        }
    }

    @Test("the Chinese page has nothing left in English, and lays out at 420, 1200 and 1920 pixels with nothing cut or run together")
    func thePageReadsAndFits() async throws {
        try await withSandbox { sandbox in
            try await requireChineseFont(sandbox)
            try await filled(sandbox)
            for (language, page) in [("zh_CN.UTF-8", "zh"), ("zh_TW.UTF-8", "tw")] {
                let run = try await sandbox.tally(["-c", "report 2016 to \(page)"], environment: ["LANG": language], in: sandbox.url)
                #expect(run.status == 0, "\(run)")
                let html = try String(contentsOfFile: sandbox.path("\(page).html"), encoding: .utf8)
                let words = PageText.englishWords(PageText.readable(html))
                #expect(words.isSubset(of: Self.english), "\(language): \(words)")
                for layout in try await ReportLayout.measure(html, in: sandbox) {
                    #expect(layout.pageOverflow <= 0, "\(layout)")
                    #expect(layout.clippedCells.isEmpty, "\(layout)")
                    #expect(layout.hiddenTotals.isEmpty, "\(layout)")
                    #expect(layout.hiddenTableCells.isEmpty, "\(layout)")
                    #expect(layout.overlappingLabels.isEmpty, "\(layout)")
                }
            }
        }
    }

    @Test("the demo's year in Chinese lays out with its months' names apart")
    func theDemoFits() async throws {
        try await withSandbox { sandbox in
            try await requireChineseFont(sandbox)
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: true)
            let run = try await TallyBinary.run(
                ["--demo", "--today", ReportReadingTests.demoToday, "-c", "report to demo"],
                environment: ["TMPDIR": sandbox.path("tmp"), "LANG": "zh_CN.UTF-8"], in: sandbox.url, home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            let html = try String(contentsOfFile: sandbox.path("demo.html"), encoding: .utf8)
            #expect(html.contains("<html lang=\"zh-CN\">") && html.contains(">26年1月</text>"))
            for layout in try await ReportLayout.measure(html, in: sandbox) {
                #expect(layout.pageOverflow <= 0 && layout.clippedCells.isEmpty && layout.hiddenTotals.isEmpty, "\(layout)")
                #expect(layout.hiddenTableCells.isEmpty && layout.overlappingLabels.isEmpty, "\(layout)")
            }
        }
    }
}
