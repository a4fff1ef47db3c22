import Foundation
import Testing

/// Tally in the reader's language through gettext: the catalogues compiled
/// from po/ beside the build, chosen by LANGUAGE, LC_ALL, LC_MESSAGES and
/// LANG as for any program on Linux, English wherever none answers, and
/// English always in what programs read.
@Suite("Translation")
struct TranslationTests {
    static let bills = ["-c", "add 25 food lunch", "-c", "add 12 transport bus", "-c", "+500 salary pay"]

    /// The output of `statements` on a ledger of three bills made in English.
    func said(_ statements: [String], _ environment: [String: String?]) async throws -> String {
        try await withSandbox { sandbox in
            let filled = try await sandbox.tally(Self.bills)
            #expect(filled.status == 0, "\(filled)")
            let run = try await sandbox.tally(statements.flatMap { ["-c", $0] }, environment: environment)
            #expect(run.status == 0 && run.stderr == "", "\(run)")
            return run.stdout
        }
    }

    @Test("the locales the tests need are installed, as make test installs them")
    func theLocalesAreInstalled() throws {
        let list = Process()
        list.executableURL = URL(fileURLWithPath: "/usr/bin/locale")
        list.arguments = ["-a"]
        let pipe = Pipe()
        list.standardOutput = pipe
        try list.run()
        let installed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).lowercased()
        list.waitUntilExit()
        #expect(installed.contains("zh_cn.utf8") && installed.contains("zh_tw.utf8"), "make test-locales generates them: \(installed)")
    }

    @Test("under zh_CN a table's headers and total are Simplified Chinese, under zh_TW Traditional, the columns aligned")
    func headersInEitherScript() async throws {
        let simplified = try await said(["sum expense by category"], ["LANG": "zh_CN.UTF-8"])
        #expect(simplified == """
            类别        合计
            food       25.00
            transport  12.00
            总计       37.00

            """, "\(simplified)")
        let traditional = try await said(["sum expense by category"], ["LANG": "zh_TW.UTF-8"])
        #expect(traditional == """
            類別        合計
            food       25.00
            transport  12.00
            總計       37.00

            """, "\(traditional)")
        let pie = try await said(["pie"], ["LANG": "zh_CN.UTF-8"])
        #expect(pie.split(separator: "\n").dropFirst().first?.hasPrefix("类别") == true, "\(pie)")
        #expect(pie.contains("\n总计 "), "\(pie)")
        #expect(pie.hasPrefix("支出 2016-07  ¥37.00  2 笔\n"), "\(pie)")
        let timeline = try await said(["timeline"], ["LANG": "zh_CN.UTF-8"])
        #expect(timeline.hasPrefix("2016-07 时间线：31 天，3 笔\n收入 ¥500.00  支出 ¥37.00  结余 ¥463.00\n"), "\(timeline)")
        let empty = try await said(["timeline 2016-06", "pie 2016-06"], ["LANG": "zh_TW.UTF-8"])
        #expect(empty == "2016-06 時間線：30 天，沒有帳單\n支出 2016-06  ¥0.00  0 筆\n沒有帳單\n", "\(empty)")
        #expect(try await said(["sum expense by category in 2016-06", "list in 2016-06"], ["LANG": "zh_CN.UTF-8"]) == "没有账单\n没有账单\n")
        let list = try await said(["list"], ["LANG": "zh_TW.UTF-8"])
        #expect(list == """
            編號  日期        類型    金額  類別       備註   地點  標籤
              #1  2016-07-20  支出   25.00  food       lunch
              #2  2016-07-20  支出   12.00  transport  bus
              #3  2016-07-20  收入  500.00  salary     pay
                  淨額        3 筆  463.00

            """, "\(list)")
    }

    @Test("a newcomer's first statements under zh_CN: a bill, a typo, the budgets, undo; and under zh_TW")
    func aFirstSessionInChinese() async throws {
        try await withSandbox { sandbox in
            let simplified = try await sandbox.tally(
                ["--keep-going", "-c", "-25 用餐 午饭", "-c", "饼", "-c", "预算", "-c", "撤销", "-c", "撤销"], environment: ["LANG": "zh_CN.UTF-8"])
            #expect(simplified.stdout == """
                已添加 #1  2016-07-20  支出  25.00  用餐  午饭
                还没有预算；用 'budget food 1500' 设一个
                已撤销：已添加 #1
                没有可撤销的

                """, "\(simplified)")
            #expect(simplified.stderr == "错误：未知的语句 '饼'——您是不是要输入 '饼图'？\n  饼\n  ^~\n", "\(simplified)")
            let traditional = try await sandbox.tally(["-c", "重做", "-c", "edit #1 amount=30", "-c", "撤銷"], environment: ["LANG": "zh_TW.UTF-8"])
            #expect(traditional.stdout == """
                已重做：已新增 #1（來自先前的工作階段：'-25 用餐 午饭'）
                已修改 #1  2016-07-20  支出  30.00  用餐  午饭
                已撤銷：已修改 #1

                """, "\(traditional)")
        }
    }

    @Test("help's overview, topics and keys in Chinese, their statements and syntax as written")
    func helpInChinese() async throws {
        let help = try await said(["help", "help views", "help keys"], ["LANG": "zh_TW.UTF-8"])
        #expect(help.hasPrefix("Tally 為您記帳。每行一條語句；';' 分隔語句。\n\n  -25.50 food \"lunch with team\""), "\(help)")
        #expect(help.contains("\nTimi 的畫面：一個月的逐日、支出圓餅圖、各月並列、一個類別、一筆帳單、搜尋。\n\n  timeline\n"), "\(help)")
        #expect(help.contains("  view = view_screen"), "\(help)")
        #expect(help.contains("  Tab Tab         列出候選項\n"), "\(help)")
        let simplified = try await said(["help undo"], ["LANG": "zh_CN.UTF-8"])
        #expect(simplified.hasPrefix("用 undo 撤销最近的改动"), "\(simplified)")
    }

    @Test("the budgets' table and the HTML report's language and headings follow the reader's language")
    func budgetsAndReportInChinese() async throws {
        try await withSandbox { sandbox in
            let run = try await sandbox.tally(
                ["-c", "-25 用餐 午饭", "-c", "budget 用餐 1500", "-c", "预算", "-c", "report 2016 to \(sandbox.path("zh.html"))"],
                environment: ["LANG": "zh_CN.UTF-8"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("\n2016-07 预算      预算   已花      剩余\n🍜 用餐       1,500.00  25.00  1,475.00  █"), "\(run)")
            let page = try String(contentsOfFile: sandbox.path("zh.html"), encoding: .utf8)
            #expect(page.contains("<html lang=\"zh-CN\">"))
            for heading in ["逐月", "钱花到哪里，又从哪里来", "各类别每月支出", "预算", "2016-07，逐日", "最大的支出"] {
                #expect(page.contains("<h2>\(heading)</h2>"), "\(heading)")
            }
            let traditional = try await sandbox.tally(["-c", "report 2016 to \(sandbox.path("tw.html"))"], environment: ["LANG": "zh_TW.UTF-8"])
            #expect(traditional.status == 0, "\(traditional)")
            let tw = try String(contentsOfFile: sandbox.path("tw.html"), encoding: .utf8)
            #expect(tw.contains("<html lang=\"zh-TW\">") && tw.contains("<h2>錢花到哪裡，又從哪裡來</h2>"))
            let english = try await sandbox.tally(["-c", "report 2016 to \(sandbox.path("en.html"))"])
            #expect(english.status == 0, "\(english)")
            #expect(try String(contentsOfFile: sandbox.path("en.html"), encoding: .utf8).contains("<html lang=\"en\">"))
        }
    }

    @Test("LANGUAGE comes first, LC_ALL=C and a locale without a catalogue or not installed give English")
    func whatChoosesTheLanguage() async throws {
        let english = "category     sum\nfood       25.00\ntransport  12.00\ntotal      37.00\n"
        #expect(try await said(["sum expense by category"], ["LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_TW"]).hasPrefix("類別"))
        #expect(try await said(["sum expense by category"], ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"]) == english)
        #expect(try await said(["sum expense by category"], ["LANG": "C.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"]).hasPrefix("类别"))
        #expect(try await said(["sum expense by category"], ["LANG": "en_US.UTF-8"]) == english)
        #expect(try await said(["sum expense by category"], ["LANG": "zh_SG.UTF-8"]) == english)
    }

    @Test("about says when LANG names a locale the system has not installed, and nothing when it has")
    func aboutSaysWhenTheLocaleIsMissing() async throws {
        let missing = try await said(["about"], ["LANG": "zh_SG.UTF-8"])
        #expect(missing.contains(
            "\nlanguage    LANG names zh_SG.UTF-8, which this system has not installed, so messages are in English; 'locale -a' lists those it has"),
            "\(missing)")
        let chosen = try await said(["about"], ["LANG": "C.UTF-8", "LC_ALL": "xx_YY.UTF-8"])
        #expect(chosen.contains("LC_ALL names xx_YY.UTF-8"), "\(chosen)")
        #expect(!(try await said(["about"], ["LANG": "zh_CN.UTF-8"])).contains("\nlanguage"))
        #expect(!(try await said(["about"], ["LANG": "C.UTF-8"])).contains("\nlanguage"))
    }

    @Test("the system's own reason for a failure is in the reader's language too, as UTF-8, and the ledger's failures say what was being done")
    func theSystemsReasons() async throws {
        try await withSandbox { sandbox in
            let simplified = try await sandbox.tally(["-c", "import nothere.csv"], environment: ["LANG": "zh_CN.UTF-8"])
            #expect(simplified.stderr.hasPrefix("错误：无法读取 'nothere.csv'：没有那个文件或目录\n"), "\(simplified)")
            let traditional = try await sandbox.tally(["-c", "import nothere.csv"], environment: ["LANG": "zh_TW.UTF-8"])
            #expect(traditional.stderr.hasPrefix("錯誤：無法讀取 'nothere.csv'：沒有此一檔案或目錄\n"), "\(traditional)")
            let english = try await sandbox.tally(["-c", "import nothere.csv"], environment: ["LANG": "C.UTF-8"])
            #expect(english.stderr.hasPrefix("error: cannot read 'nothere.csv': No such file or directory\n"), "\(english)")
            let noFolder = try await TallyBinary.run(["--db", sandbox.path("none/ledger.db"), "-c", "count"], environment: ["LANG": "zh_CN.UTF-8"], home: sandbox.url)
            #expect(noFolder.stderr.hasSuffix("时：文件夹 \(sandbox.path("none")) 不存在\n"), "\(noFolder)")
        }
    }

    @Test("CSV and JSON keep English keys under any language")
    func machineOutputStaysEnglish() async throws {
        let csv = try await said(["sum expense by category as csv", "sum expense by category as json"], ["LANG": "zh_CN.UTF-8"])
        #expect(csv.hasPrefix("category,sum\nfood,25.00\n"), "\(csv)")
        #expect(csv.contains("{\"category\": \"food\", \"sum\": \"25.00\"}"), "\(csv)")
    }

    @Test("what a dry run would do is a word of the reader's in a table, and English in CSV and JSON")
    func aDryRunsWordsForPrograms() async throws {
        try await withSandbox { sandbox in
            try "date,amount,category,remark\n2016-07-03,-12.5,food,noodles\n2016-07-04,x,food,bad\n"
                .write(toFile: sandbox.path("bank.csv"), atomically: true, encoding: .utf8)
            func run(_ format: String) async throws -> String {
                try await sandbox.tally(["--format", format, "-c", "import \(sandbox.path("bank.csv")) dry run"], environment: ["LANG": "zh_CN.UTF-8"]).stdout
            }
            let table = try await run("table")
            #expect(table.contains("\n 2  添加  2016-07-03"), "\(table)")
            #expect(table.contains("\n 3  拒绝 "), "\(table)")
            let csv = try await run("csv")
            #expect(csv.hasPrefix("line,would,date,amount,category,remark,place,note\n2,add,2016-07-03,-12.50,"), "\(csv)")
            #expect(csv.contains("\n3,refuse,,,,,,"), "\(csv)")
            let json = try await run("json")
            #expect(json.contains("{\"line\": 2, \"would\": \"add\", \"date\": \"2016-07-03\""), "\(json)")
            #expect(json.contains("{\"line\": 3, \"would\": \"refuse\""), "\(json)")
        }
    }

    @Test("a table's words, a total in the home currency, what a card owes, a week from Sunday, in Chinese; in CSV as programs read them")
    func aTablesWordsInChineseAndForPrograms() async throws {
        try await withSandbox { sandbox in
            let made = try await sandbox.tally(["-c", "account add card kind credit", "-c", "-300 food dinner with card",
                                               "-c", "book add trip currency USD", "-c", "set currency CNY", "-c", "set weekstart sunday"])
            #expect(made.status == 0, "\(made)")
            let chinese = ["LANG": "zh_CN.UTF-8"]
            let balances = try await sandbox.tally(["-c", "balances"], environment: chinese).stdout
            #expect(balances.contains("欠款 300.00"), "\(balances)")
            #expect(balances.contains("\n折合 CNY "), "\(balances)")
            #expect(balances.contains("2016-07-20 没有 USD 的汇率"), "\(balances)")
            let weeks = try await sandbox.tally(["-c", "sum expense by week"], environment: chinese).stdout
            #expect(weeks.contains("\n2016-07-17 起的一周 "), "\(weeks)")
            let forPrograms = try await sandbox.tally(["-c", "balances as csv", "-c", "sum expense by week as csv"], environment: chinese).stdout
            #expect(forPrograms.contains(",owing 300.00,"), "\(forPrograms)")
            #expect(forPrograms.contains("\nweek of 2016-07-17,300.00"), "\(forPrograms)")
        }
    }

    /// Every word one catalogue translates, the other does too, and both compile as msgfmt checks them.
    @Test("the two catalogues translate the same words, and msgfmt --check takes both")
    func theCataloguesAgree() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func ids(_ language: String) throws -> [String] {
            try String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix("msgid ") }.map(String.init)
        }
        let simplified = try ids("zh_CN")
        #expect(simplified.count > 40)
        #expect(simplified == (try ids("zh_TW")))
        for language in ["zh_CN", "zh_TW"] {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            check.arguments = ["--check", "-o", "/dev/null", root.appendingPathComponent("po/\(language).po").path]
            try check.run()
            check.waitUntilExit()
            #expect(check.terminationStatus == 0, "msgfmt --check po/\(language).po")
        }
    }
}
