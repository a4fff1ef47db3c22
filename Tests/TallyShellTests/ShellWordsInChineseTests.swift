import Foundation
import TallyCore
import TallyFixture
import TallyLanguage
import TallyRender
@testable import TallyStore
@testable import TallyShell
import Testing

/// What the session, the guided entry, the progress bar, `about` and the
/// command line say themselves, in the reader's language; the answers
/// typed and what programs read stay as they are.
@Suite final class ShellWordsInChineseTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-shell-words-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func session(prompter: Prompter? = nil, _ configure: (inout SessionOptions) -> Void = { _ in }) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = Day(iso: "2016-07-20")
        configure(&options)
        let output = CapturedOutput()
        let seed = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))
        let store = try LedgerStore(path: folder + "/ledger.db", seed: seed, creatingFolders: true)
        return (try Session(store: store, options: options, output: output, prompter: prompter), output)
    }

    @Test("every text the shell and the command line mark is in Chinese, in both scripts")
    func everyMarkedText() throws {
        let others = ["Help.swift", "Greeting.swift", "TextWrap.swift"]
        let texts = try MarkedTexts.marked(in: try MarkedTexts.files(in: "Sources/TallyShell", except: others) + MarkedTexts.files(in: "Sources/tally"))
        #expect(texts.count > 70, "\(texts.count) texts found")
        for text in texts {
            for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
                let faults = try text.faults(in: locale)
                #expect(faults.isEmpty, "\(locale): \(text): \(faults)")
            }
        }
    }

    @Test("a guided entry asks in Chinese, and the answers and the bill are as typed")
    func guidedEntry() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(["", "12+8.5", "", "lunch", "yesterday", "KFC", "#work trip", "n", "", "9", "."].map(LineInput.line))
        try Reader.reading("zh_CN.UTF-8") { GuidedEntry(session: session, reader: reader, output: output).run() }
        #expect(reader.prompts == [
            "类型 [expense]：", "金额：", "类别 [food]：", "备注：", "日期 [2016-07-20]：", "地点：", "标签：", "保存？[Y/n] ",
            "类型 [expense]：", "金额：", "类别 [food]：",
        ])
        #expect(output.results == [
            "输入一笔账单：回车采用 [默认值]，'<' 回到上一项，'.' 或 Ctrl-D 停止。",
            "2016-07-19  支出  20.50  food  lunch  @KFC  #work #trip",
            "未保存",
            "已放弃；没有保存任何账单",
        ])
        #expect(session.ledger.bills.isEmpty)
        let again = ScriptedReader(["income", "300", "", "", "", "", "", ""].map(LineInput.line) + [.end])
        try Reader.reading("zh_TW.UTF-8") { GuidedEntry(session: session, reader: again, output: output).run() }
        #expect(again.prompts.prefix(3) == ["類型 [expense]：", "金額：", "類別 [general]："])
        #expect(output.results.last == "已停止；沒有開始新的帳單")
        #expect(session.ledger.bills.count == 1)
    }

    @Test("a guided entry's bad kind says what it takes in Chinese, the words to type as they are")
    func guidedEntryBadKind() throws {
        let (session, output) = try session()
        let reader = ScriptedReader([.line("spend")])
        try Reader.reading("zh_CN.UTF-8") { GuidedEntry(session: session, reader: reader, output: output).run() }
        #expect(output.errors.count == 1)
        #expect(output.errors.first?.contains("'expense' 或 'income'") == true, "\(output.errors)")
    }

    @Test("the progress bar counts rows in Chinese, cut to the terminal's width by the columns its characters take")
    func progressBar() throws {
        let english = ProgressBar.line(done: 1200, total: 5000, elapsed: 4)
        #expect(english == "1200/5000 rows  █████░░░░░░░░░░░░░░░░░░░  24%  300 rows/s  0:13 left")
        let chinese = try Reader.reading("zh_CN.UTF-8") { ProgressBar.line(done: 1200, total: 5000, elapsed: 4) }
        #expect(chinese == "1200/5000 行  █████░░░░░░░░░░░░░░░░░░░  24%  每秒 300 行  剩余 0:13")
        #expect(ProgressBar.fitted(chinese, to: nil) == chinese)
        #expect(ProgressBar.fitted(chinese, to: .columns(80)) == chinese)
        let narrow = ProgressBar.fitted(chinese, to: .columns(52))
        #expect(TerminalText.width(narrow) == 51 && narrow.hasSuffix("…") && narrow.hasPrefix("1200/5000 行"), "\(narrow)")
        #expect(narrow.count < 51, "the Chinese characters take two columns each")
    }

    @Test("the wait for another session's change is told in Chinese")
    func waitNotice() throws {
        let output = CapturedOutput()
        let other = OtherWriter(process: 42, statement: "import bank.csv", written: (50, 200))
        WaitNotice(output: output, atTerminal: false, width: nil).hear(other)
        #expect(output.errors == ["waiting for 'import bank.csv' in another session (process 42), 25% written…"])
        try Reader.reading("zh_CN.UTF-8") {
            WaitNotice(output: output, atTerminal: false, width: nil).hear(other)
            WaitNotice(output: output, atTerminal: false, width: nil).hear(OtherWriter(process: 42, statement: "undo", written: nil))
        }
        #expect(output.errors.dropFirst() == [
            "正在等待另一个会话（进程 42）中的 'import bank.csv'，已写入 25%……", "正在等待另一个会话（进程 42）中的 'undo'，正在检查它的行……",
        ])
    }

    @Test("about's rows are in Chinese, their values in one column however wide the words")
    func about() throws {
        let (session, _) = try session()
        _ = session.run(ScriptSource(origin: .argument, text: "-5 food on 2016-07-01; -6 food on 2016-07-09"))
        let english = About(store: session.store, ledger: session.ledger).text
        #expect(english.contains("\nbills       2\n") && english.hasSuffix("\nfirst bill  2016-07-01\nlast bill   2016-07-09"), "\(english)")
        let text = try Reader.reading("zh_CN.UTF-8") { About(store: session.store, ledger: session.ledger).text }
        let lines = text.split(separator: "\n").map(String.init)
        let column = String(repeating: " ", count: 10)
        #expect(lines.first == "版本" + column + Tally.version, "\(text)")
        #expect(lines.contains("笔数" + column + "2") && lines.last == "最后一笔账单  2016-07-09", "\(text)")
        #expect(lines.contains { $0.hasPrefix("账簿" + column + "\(folder)/ledger.db（") && $0.hasSuffix("）") }, "\(text)")
        for line in lines {
            let label = line.prefix { $0 != " " }
            #expect(TerminalText.width(String(label)) + line.dropFirst(label.count).prefix { $0 == " " }.count == 14, "\(line)")
        }
        let traditional = try Reader.reading("zh_TW.UTF-8") { About(store: session.store, ledger: session.ledger).text }
        #expect(traditional.hasSuffix("第一筆帳單    2016-07-01\n最後一筆帳單  2016-07-09"), "\(traditional)")
    }

    @Test("a question is put in Chinese, the answers still y and n, the bills beyond the sample counted in Chinese")
    func questions() throws {
        let answers = ScriptedAnswers(false)
        let (session, output) = try session(prompter: answers)
        _ = session.run(ScriptSource(origin: .argument, text: (1...7).map { "-\($0) food" }.joined(separator: "; ")))
        try Reader.reading("zh_CN.UTF-8") {
            _ = session.run(ScriptSource(origin: .interactive, text: "delete where amount > 0"))
            _ = session.run(ScriptSource(origin: .interactive, text: "undo 2"))
            _ = session.run(ScriptSource(origin: .interactive, text: "redo 2"))
        }
        #expect(answers.questions.count == 2, "\(answers.questions) \(output.errors)")
        #expect(answers.questions.first?.hasSuffix("？[y/N] ") == true, "\(answers.questions)")
        #expect(answers.shown.first?.count == 6 && answers.shown.first?.last == "  ……另有 2 项", "\(answers.shown)")
        #expect(answers.questions.last == "撤销 2 项改动：已添加 #7、已添加 #6？[y/N] ")
        #expect(session.ledger.bills.count == 7)
        #expect(ChangeHistory.question(undo: false, try session.store.history(limit: 7)).hasPrefix("redo 7 changes: added #7, added #6, added #5"))
        let many = try Reader.reading("zh_TW.UTF-8") { ChangeHistory.question(undo: false, try session.store.history(limit: 7)) }
        #expect(many == "重做 7 項變更：已新增 #7、已新增 #6、已新增 #5、已新增 #4、已新增 #3，另有 2 項", "\(many)")
    }

    @Test("changes says whose each change was in Chinese at a table, in English for programs")
    func changes() throws {
        let (session, output) = try session()
        _ = session.run(ScriptSource(origin: .argument, text: "-5 food"))
        try Reader.reading("zh_CN.UTF-8") { _ = session.run(ScriptSource(origin: .interactive, text: "changes")) }
        #expect(output.results.last?.contains("本会话") == true, "\(output.results)")
        session.options.format = .json
        try Reader.reading("zh_CN.UTF-8") { _ = session.run(ScriptSource(origin: .interactive, text: "changes")) }
        #expect(output.results.last?.contains("\"session\": \"this\"") == true, "\(output.results)")
    }

    @Test("a help topic that is not there lists those that are, in Chinese")
    func unknownHelpTopic() throws {
        let (session, output) = try session()
        try Reader.reading("zh_CN.UTF-8") { _ = session.run(ScriptSource(origin: .interactive, text: "help nosuch")) }
        #expect(output.errors.last?.contains("\n帮助主题：") == true, "\(output.errors)")
    }

    /// Why a report could not be written to `name`, read in `locale`; nil when it was.
    func reportRefused(_ name: String, in locale: String) throws -> FileFailure? {
        try Reader.reading(locale) { () -> FileFailure? in
            do throws(FileFailure) {
                try ReportFile.write("<html>", named: name, replacing: false)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("a report's name that is a folder, or a file there already, is refused in Chinese words")
    func reportFiles() throws {
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        #expect(try reportRefused(folder + "/reports", in: "zh_CN.UTF-8")?.reason == .notForAReport(kind: "文件夹"))
        #expect(FileManager.default.createFile(atPath: folder + "/2016.html", contents: Data()))
        #expect(try reportRefused(folder + "/2016.html", in: "zh_TW.UTF-8")?.reason == .exists(advice: "加上 'overwrite' 即可替換它"))
        #expect(Files.overwriteAdvice == "add 'overwrite' to replace it")
    }

    @Test("a pager that cannot be run says why in Chinese")
    func pagerFailure() throws {
        let pager = Pager(arguments: ["/bin/sh", "-c", "exit 127"], command: "nosuch")
        let shown = try Reader.reading("zh_CN.UTF-8") { pager.show(Array("x\n".utf8), stoppingAt: nil) }
        #expect(shown == .failed(reason: "退出状态 127"))
    }
}
