import Foundation
import TallyCore
import TallyFixture
import TallyLanguage
@testable import TallyShell
import TallyStore
import Testing

/// The undo history's words: each change says what it did in the reader's
/// language wherever a person reads it (undo, redo, `changes`, the question
/// of `undo N`, a refusal), while the ledger, CSV and JSON keep its English.
@Suite final class UndoHistoryInChineseTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-undo-words-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A session on the one ledger of this test: each call another session, as another process would be.
    func session(prompter: Prompter? = nil) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = Day(iso: "2016-07-20")
        options.assumeYes = prompter == nil
        let output = CapturedOutput()
        let seed = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))
        let store = try LedgerStore(path: folder + "/ledger.db", seed: seed, creatingFolders: true)
        return (try Session(store: store, options: options, output: output, prompter: prompter), output)
    }

    func run(_ session: Session, _ statements: String..., in locale: String? = nil) throws {
        let run = { for text in statements { _ = session.run(ScriptSource(origin: .interactive, text: text)) } }
        if let locale { try Reader.reading(locale, run) } else { run() }
    }

    /// A statement of each kind that changes the ledger, the English its change
    /// has always been stored as, and how it reads in Simplified Chinese.
    var kinds: [(statement: String, english: String, simplified: String)] {
        [
            ("-25 food lunch #work", "added #1", "已添加 #1"),
            ("edit #1 amount=30", "edited #1", "已修改 #1"),
            ("-5 food a #x #job", "added #2", "已添加 #2"),
            ("-6 food b", "added #3", "已添加 #3"),
            ("edit where category=food set place=canteen", "edited 3 bills", "已修改 3 笔账单"),
            ("delete #3", "deleted #3", "已删除 #3"),
            ("delete where remark = a", "deleted 1 bill", "已删除 1 笔账单"),
            ("budget food 1500", "set the budget for 'food' to 1500.00", "已将 'food' 的预算设为 1500.00"),
            ("budget total 5000", "set the budget in total to 5000.00", "已将总预算设为 5000.00"),
            ("budget food off", "dropped the budget for 'food'", "已取消 'food' 的预算"),
            ("budget total off", "dropped the budget in total", "已取消总预算"),
            ("category icon food 🍱", "gave category 'food' the icon 🍱", "已将类别 'food' 的图标设为 🍱"),
            ("category alias food 饭", "added alias 饭 to category 'food'", "已为类别 'food' 添加别名 饭"),
            ("category alias food meal supper", "added aliases meal, supper to category 'food'", "已为类别 'food' 添加别名 meal, supper"),
            ("category unalias food 饭", "dropped alias 饭 from category 'food'", "已从类别 'food' 去掉别名 饭"),
            ("category unalias food meal supper", "dropped aliases meal, supper from category 'food'", "已从类别 'food' 去掉别名 meal, supper"),
            ("category archive snacks", "archived category 'snacks'", "已归档类别 'snacks'"),
            ("category unarchive snacks", "unarchived category 'snacks'", "已取消归档类别 'snacks'"),
            ("category move drinks to 1", "moved category 'drinks' to place 1", "已将类别 'drinks' 移到第 1 位"),
            ("+7 salary tip #x #job", "added #4", "已添加 #4"),
            ("tag rename #work #labour", "renamed tag #work to #labour", "已将标签 #work 改名为 #labour"),
            ("tag rename #x #job", "merged tag #x into #job", "已将标签 #x 并入 #job"),
            ("book add travel currency USD", "added book 'travel'", "已添加账本 'travel'"),
            ("book rename travel to trips", "renamed book 'travel' to 'trips'", "已将账本 'travel' 改名为 'trips'"),
            ("book delete trips", "deleted book 'trips'", "已删除账本 'trips'"),
            ("category add coffee expense", "added category 'coffee'", "已添加类别 'coffee'"),
            ("category rename coffee to cafe", "renamed category 'coffee' to 'cafe'", "已将类别 'coffee' 改名为 'cafe'"),
            ("category delete cafe", "deleted category 'cafe'", "已删除类别 'cafe'"),
            ("category add tea expense", "added category 'tea'", "已添加类别 'tea'"),
            ("category merge tea into drinks", "merged category 'tea' into 'drinks'", "已将类别 'tea' 并入 'drinks'"),
            ("category add juice expense", "added category 'juice'", "已添加类别 'juice'"),
            ("-3 juice", "added #5", "已添加 #5"),
            ("category delete juice into drinks", "deleted category 'juice' into 'drinks'", "已删除类别 'juice'，其账单并入 'drinks'"),
            ("save weekly sum expense this week", "saved 'weekly'", "已保存 'weekly'"),
            ("save weekly count", "replaced 'weekly'", "已替换 'weekly'"),
            ("forget weekly", "forgot 'weekly'", "已删除保存的语句 'weekly'"),
            ("account add card kind credit", "added account 'card'", "已添加账户 'card'"),
            ("account rename card to visa", "renamed account 'card' to 'visa'", "已将账户 'card' 改名为 'visa'"),
            ("account archive visa", "archived account 'visa'", "已归档账户 'visa'"),
            ("account unarchive visa", "unarchived account 'visa'", "已取消归档账户 'visa'"),
            ("account default visa", "made 'visa' the default account", "已将 'visa' 设为默认账户"),
            ("account icon visa 💳", "gave account 'visa' the icon 💳", "已将账户 'visa' 的图标设为 💳"),
            ("account default cash", "made 'cash' the default account", "已将 'cash' 设为默认账户"),
            ("profile add mybank separator semicolon", "saved import profile 'mybank'", "已保存导入配置 'mybank'"),
            ("profile add mybank separator comma", "replaced import profile 'mybank'", "已替换导入配置 'mybank'"),
            ("profile delete mybank", "deleted import profile 'mybank'", "已删除导入配置 'mybank'"),
            ("rule remark ~ starbucks => category drinks", "added rule #1", "已添加规则 #1"),
            ("rule remark ~ taxi => category transport", "added rule #2", "已添加规则 #2"),
            ("rule move #2 to 1", "moved rule #2", "已移动规则 #2"),
            ("rule delete #2", "deleted rule #2", "已删除规则 #2"),
            ("rate USD 7.12 CNY on 2016-07-01", "rate of USD in CNY on 2016-07-01", "已设定 2016-07-01 USD 兑 CNY 的汇率"),
            ("import rates \(folder)/rates.csv", "imported rates from \(folder)/rates.csv", "已从 \(folder)/rates.csv 导入汇率"),
            ("every month on 1 -3000 housing rent from 2016-06-01", "added recurring #1", "已添加周期账单 #1"),
            ("edit recurring #1 amount=3200", "edited recurring #1", "已修改周期账单 #1"),
            ("pause recurring #1", "paused recurring #1", "已暂停周期账单 #1"),
            ("resume recurring #1", "resumed recurring #1", "已恢复周期账单 #1"),
            ("delete recurring #1", "deleted recurring #1", "已删除周期账单 #1"),
            ("every month on 5 -100 household water from 2016-06-01 ask", "added recurring #1", "已添加周期账单 #1"),
            ("accept #1 on 2016-06-05", "accepted 1 recurring bill", "已接受 1 笔周期账单"),
            ("skip #1", "skipped 1 recurring bill", "已跳过 1 笔周期账单"),
            ("transfer 500 from cash to visa", "transferred 500.00 from cash to visa", "已从 cash 转账 500.00 到 visa"),
            ("reconcile visa 500 on 2016-07-19 adjust", "reconciled visa on 2016-07-19", "已将 visa 对账至 2016-07-19"),
            ("attach #1 \(folder)/receipt.jpg", "attached photo 1 to #1", "已将照片 1 附到 #1"),
            ("detach #1 1", "detached photo 1 from #1", "已从 #1 取下照片 1"),
            ("import \(folder)/bank.csv", "imported 2 bills from \(folder)/bank.csv", "已从 \(folder)/bank.csv 导入 2 笔账单"),
            ("import \(folder)/bank2.csv update", "updated 1 bill from \(folder)/bank2.csv", "已从 \(folder)/bank2.csv 更新 1 笔账单"),
            ("import \(folder)/book.journal", "imported \(folder)/book.journal", "已导入 \(folder)/book.journal"),
        ]
    }

    /// The files the statements above read.
    func writeFiles() throws {
        let csv = "date,kind,amount,category,remark,transaction id\n2016-07-02,expense,12.00,food,noodles,T1\n2016-07-03,expense,8.00,food,tea,T2\n"
        try csv.write(toFile: folder + "/bank.csv", atomically: false, encoding: .utf8)
        try csv.replacingOccurrences(of: "tea", with: "coffee").write(toFile: folder + "/bank2.csv", atomically: false, encoding: .utf8)
        try "date,currency,rate,in\n2016-07-01,EUR,7.40,CNY\n".write(toFile: folder + "/rates.csv", atomically: false, encoding: .utf8)
        try "2016-07-05 dinner\n    expenses:food    30.00 CNY\n    assets:cash\n".write(toFile: folder + "/book.journal", atomically: false, encoding: .utf8)
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array("photo".utf8)).write(to: URL(fileURLWithPath: folder + "/receipt.jpg"))
    }

    @Test("every kind of change is stored in English as before and shown in Chinese, in both scripts")
    func everyKindOfChange() throws {
        let (session, output) = try session()
        try writeFiles()
        let changes = kinds
        _ = session.run(ScriptSource(origin: .file("changes.tally"), text: changes.map(\.statement).joined(separator: "\n")))
        #expect(output.errors.isEmpty, "\(output.errors)")
        let history = Array(try session.store.history(limit: 1000).reversed())
        #expect(history.map(\.summary) == changes.map(\.english))
        #expect(try Reader.reading("zh_CN.UTF-8") { history.map(\.phrase.shown) } == changes.map(\.simplified))
        let traditional = try Reader.reading("zh_TW.UTF-8") { history.map(\.phrase.shown) }
        #expect(traditional.first == "已新增 #1" && traditional.last == "已匯入 \(folder)/book.journal", "\(traditional)")
        for shown in traditional { #expect(ChineseText.faults(shown, locale: "zh_TW.UTF-8").isEmpty, "\(shown)") }
    }

    /// A template marked in the sources that no statement above makes fails
    /// here: each is sampled, but the session's own posting, never undone.
    @Test func everyMarkedTemplateIsSampled() throws {
        let (session, _) = try session()
        try writeFiles()
        _ = session.run(ScriptSource(origin: .file("changes.tally"), text: kinds.map(\.statement).joined(separator: "\n")))
        var made = Set(try session.store.history(limit: 1000).map { entry in Self.template(entry.phrase) })
        made.insert(Self.template(RecurringPosting(ledger: session.ledger).change(undoable: true).phrase))
        let sources = ["Sources/TallyCore", "Sources/TallyLanguage", "Sources/TallyInterchange", "Sources/TallyShell", "Sources/TallyStore"]
        let files = try sources.flatMap { try MarkedTexts.files(in: $0) }
        let marked = try MarkedTexts.marked(in: files, by: ["Phrase."])
        #expect(marked.count > 50, "\(marked.count)")
        for text in marked {
            #expect(made.contains(text.english), "no statement samples \"\(text.english)\"")
            for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
                let faults = try text.faults(in: locale)
                #expect(faults.isEmpty, "\(locale): \(text): \(faults)")
            }
        }
    }

    @Test("undo and redo say in Chinese what they took back or made again; JSON says it in English")
    func undoAndRedo() throws {
        let (session, output) = try session()
        try run(session, "-25 food lunch", "category rename food to meals")
        try run(session, "undo", in: "zh_CN.UTF-8")
        #expect(output.results.last == "已撤销：已将类别 'food' 改名为 'meals'")
        try run(session, "redo", in: "zh_TW.UTF-8")
        #expect(output.results.last == "已重做：已將類別 'food' 改名為 'meals'")
        try run(session, "undo")
        #expect(output.results.last == "undid: renamed category 'food' to 'meals'")
        session.options.format = .json
        try run(session, "redo", in: "zh_CN.UTF-8")
        #expect(output.results.last == #"{"report": "redid", "change": "renamed category 'food' to 'meals'", "earlier_session": false, "statement": null, "book": null}"#)
        let (later, said) = try self.session()
        try run(later, "undo", in: "zh_CN.UTF-8")
        #expect(said.results.last == "已撤销：已将类别 'food' 改名为 'meals'（来自之前的会话：'category rename food to meals'）")
    }

    @Test("changes lists each change in Chinese at a table, in English as CSV and JSON")
    func changes() throws {
        let (session, output) = try session()
        try run(session, "-25 food lunch", "delete #1")
        try run(session, "changes", in: "zh_CN.UTF-8")
        #expect(output.results.last?.contains("已删除 #1") == true && output.results.last?.contains("已添加 #1") == true, "\(output.results)")
        try run(session, "changes", in: "zh_TW.UTF-8")
        #expect(output.results.last?.contains("已刪除 #1") == true && output.results.last?.contains("已新增 #1") == true, "\(output.results)")
        try run(session, "changes")
        #expect(output.results.last?.contains("deleted #1") == true && output.results.last?.contains("added #1") == true, "\(output.results)")
        session.options.format = .csv
        try run(session, "changes", in: "zh_CN.UTF-8")
        #expect(output.results.last?.contains(",this,,deleted #1,delete #1") == true, "\(output.results)")
        session.options.format = .json
        try run(session, "changes", in: "zh_CN.UTF-8")
        #expect(output.results.last?.contains(#""undone": false, "change": "added #1", "statement": "-25 food lunch""#) == true, "\(output.results)")
    }

    @Test("undo N names the changes it asks about in Chinese")
    func question() throws {
        let answers = ScriptedAnswers(false)
        let (session, output) = try session(prompter: answers)
        try run(session, "-25 food lunch", "-3 drinks", "book add travel")
        try run(session, "undo 3", in: "zh_CN.UTF-8")
        #expect(answers.questions.last == "撤销 3 项改动：已添加账本 'travel'、已添加 #2、已添加 #1？[y/N] ", "\(answers.questions)")
        try run(session, "undo 2", in: "zh_TW.UTF-8")
        #expect(answers.questions.last == "撤銷 2 項變更：已新增帳本 'travel'、已新增 #2？[y/N] ", "\(answers.questions)")
        try run(session, "undo 2")
        #expect(answers.questions.last == "undo 2 changes: added book 'travel' and added #2? [y/N] ", "\(answers.questions)")
        #expect(output.errors.isEmpty && session.ledger.bills.count == 2)
    }

    @Test("undo and redo refused for another session's work say which change in Chinese")
    func refusals() throws {
        let (mine, said) = try session()
        let (theirs, _) = try session()
        try run(mine, "-25 food lunch")
        try run(theirs, "edit #1 amount=30")
        try run(mine, "undo", in: "zh_CN.UTF-8")
        #expect(said.errors.last?.hasPrefix("错误：无法撤销 '已添加 #1'：这项改动之后，另一个会话改动了") == true, "\(said.errors)")
        try run(mine, "edit #1 remark=x", "undo")
        try run(theirs, "edit #1 remark=y")
        try run(mine, "redo", in: "zh_TW.UTF-8")
        #expect(said.errors.last?.hasPrefix("錯誤：無法重做 '已修改 #1'：") == true, "\(said.errors)")
        try run(mine, "redo")
        #expect(said.errors.last?.hasPrefix("error: cannot redo 'edited #1': ") == true, "\(said.errors)")

        try run(mine, "book add travel")
        try run(theirs, "add 5 food book travel")
        try run(mine, "undo", in: "zh_CN.UTF-8")
        #expect(said.errors.last?.hasPrefix("错误：无法撤销 '已添加账本 'travel''：另一个会话此后添加了") == true, "\(said.errors)")

        let (idle, told) = try session()
        try run(theirs, "-4 food")
        try run(idle, "undo", in: "zh_CN.UTF-8")
        #expect(told.results.last == "本会话没有可撤销的改动；最近的改动 '已添加 #3' 是另一个会话在本会话开始后做的", "\(told.results)")
        idle.options.format = .json
        try run(idle, "undo", in: "zh_CN.UTF-8")
        #expect(told.results.last == #"{"report": "nothing to undo", "newest": "added #3"}"#, "\(told.results)")
    }

    /// The template of a phrase, its singular for one that counts.
    static func template(_ phrase: Phrase) -> String {
        switch phrase.wording {
        case .verbatim(let text): text
        case .said(let template, _): template
        case .counted(let singular, _, _, _): singular
        }
    }
}
