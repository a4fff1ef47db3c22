import Foundation
import TallyCore
import TallyFixture
@testable import TallyStore
import Testing

/// What the store says when the ledger cannot be opened, read or written,
/// what its checks find, and how it names rows, in the reader's language;
/// what it keeps beside the ledger stays English for sessions in any other.
@Suite("The store's words in Chinese")
struct StoreWordsInChineseTests {
    /// What opening the ledger at `path` throws, under `locale`, or under English when nil.
    func openingError(_ path: String, _ locale: String? = nil) throws -> StoreError? {
        func open() -> StoreError? {
            do {
                let store = try LedgerStore(path: path, seed: .english)
                store.close()
                return nil
            } catch {
                return error
            }
        }
        guard let locale else { return open() }
        return try Reader.reading(locale) { open() }
    }

    @Test("every text the store and the rows' names mark is in Chinese, even those only damage or a failing disk brings out")
    func everyMarkedText() throws {
        let texts = try MarkedTexts.marked(in: try MarkedTexts.files(in: "Sources/TallyStore") + ["Sources/TallyCore/RecordIdentity.swift"])
        #expect(texts.count > 90, "\(texts.count) texts found")
        for text in texts {
            for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
                let faults = try text.faults(in: locale)
                #expect(faults.isEmpty, "\(locale): \(text): \(faults)")
            }
        }
    }

    @Test("the store words its failures itself: no English sentence is left unmarked where a failure is made")
    func noUnmarkedFailure() throws {
        for path in try MarkedTexts.files(in: "Sources/TallyStore") {
            let source = try String(contentsOfFile: MarkedTexts.root.appendingPathComponent(path).path, encoding: .utf8)
            for line in source.split(separator: "\n") where !line.contains("givenUp") {
                for pattern in ["doing: \"", ".corrupt(doing: \"", ".foreign(\"", "readOnly(doing: \"", "label: \""] {
                    #expect(!line.contains(pattern), "\(path): \(line)")
                }
            }
        }
    }

    @Test("a ledger in a folder that is not there: exact in both scripts, English as it was")
    func missingFolder() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/none/ledger.db"
            let english = try #require(try openingError(path))
            #expect(english.description == "opening \(path): the folder \(folder)/none does not exist")
            let simplified = try #require(try openingError(path, "zh_CN.UTF-8"))
            #expect(simplified.doing == "打开 \(path) 时")
            #expect(simplified.message == "文件夹 \(folder)/none 不存在")
            let traditional = try #require(try openingError(path, "zh_TW.UTF-8"))
            #expect(traditional.message == "資料夾 \(folder)/none 不存在")
        }
    }

    @Test("another program's file, a newer Tally's ledger and an altered one are refused in Chinese")
    func refusedFiles() throws {
        try withTemporaryFolder { folder in
            let note = folder + "/note.db"
            try "a note, not a ledger\n".write(toFile: note, atomically: true, encoding: .utf8)
            let foreign = try #require(try openingError(note, "zh_CN.UTF-8"))
            #expect((foreign.doing, foreign.message) == ("读取账簿时", "文件不是数据库"))
            #expect(try openingError(note)?.message == "file is not a database")

            let other = folder + "/other.db"
            #expect(FileManager.default.createFile(atPath: other, contents: Data()))
            let connection = try Connection(path: other)
            try connection.exec("PRAGMA application_id = 42; CREATE TABLE things (id INTEGER)")
            connection.close()
            #expect(try openingError(other, "zh_CN.UTF-8")?.message == "其他程序的文件，应用程序 ID 为 42")

            let newer = folder + "/newer.db"
            try LedgerStore(path: newer, seed: .english).close()
            let marked = try Connection(path: newer)
            try marked.exec("PRAGMA user_version = 999")
            marked.close()
            let refused = try #require(try openingError(newer, "zh_CN.UTF-8"))
            #expect(refused.message == "由更新版本的 Tally 写入（结构版本 999）")
            #expect(refused.doing == "读取账簿结构时")
            #expect(try openingError(newer)?.message == "written by a newer Tally (schema version 999)")

            let altered = folder + "/altered.db"
            try LedgerStore(path: altered, seed: .english).close()
            let changed = try Connection(path: altered)
            try changed.exec("CREATE TABLE extra (id INTEGER)")
            changed.close()
            #expect(try openingError(altered, "zh_TW.UTF-8")?.message == "不是 Tally 建立的表 'extra'")
            #expect(try openingError(altered)?.message == "a table 'extra' that Tally did not make")
        }
    }

    @Test("a schema's first difference in words, for each type SQLite keeps and each way it can differ")
    func schemaDifferences() throws {
        for type in ["table", "index", "trigger", "view"] {
            let made: Set<[String]> = [[type, "kept", "bills", "CREATE …"]]
            let differences = [
                SchemaDifference(found: made.union([[type, "extra", "bills", "CREATE …"]]), made: made),
                SchemaDifference(found: [[type, "kept", "bills", "CREATE … changed"]], made: made),
                SchemaDifference(found: [], made: made),
            ]
            let english = differences.map { $0?.description ?? "" }
            let article = type == "index" ? "an" : "a"
            #expect(english == [
                "\(article) \(type) 'extra' that Tally did not make", "\(article) \(type) 'kept' that is not as Tally made it", "no \(type) 'kept'",
            ])
            for (index, text) in english.enumerated() {
                let chinese = try Reader.reading("zh_CN.UTF-8") {
                    [SchemaDifference(found: made.union([[type, "extra", "bills", "CREATE …"]]), made: made),
                     SchemaDifference(found: [[type, "kept", "bills", "CREATE … changed"]], made: made),
                     SchemaDifference(found: [], made: made)][index]?.description ?? ""
                }
                #expect(ChineseText.faults(chinese, english: text, locale: "zh_CN.UTF-8").isEmpty, "\(chinese)")
            }
        }
    }

    @Test("another session's lock, held past the wait, in Chinese; in English as it always was")
    func busy() throws {
        let other = OtherWriter(process: 4242, statement: "import bank.csv", written: (50, 200))
        #expect(StoreError.busy(heldBy: other, for: .seconds(1)).message == "another Tally session (process 4242, 'import bank.csv', 25% written) "
            + "still held the ledger's write lock after 1 second of waiting; try again once it is done, or wait longer with --wait")
        let checking = OtherWriter(process: 7, statement: "undo", written: nil)
        #expect(StoreError.busy(heldBy: checking, for: .seconds(5)).message.contains("(process 7, 'undo', checking its rows) still held"))
        let chinese = try Reader.reading("zh_CN.UTF-8") { StoreError.busy(heldBy: other, for: .seconds(5)) }
        #expect(chinese.message == "等待 5 秒后，另一个 Tally 会话（进程 4242，'import bank.csv'，已写入 25%）仍持有账簿的写锁；请等它完成后重试，或用 --wait 等待更久")
        #expect(chinese.doing == "修改账簿时")
        let traditional = try Reader.reading("zh_TW.UTF-8") { StoreError.busy(heldBy: checking, for: .seconds(5)).message }
        let english = StoreError.busy(heldBy: checking, for: .seconds(5)).message
        #expect(ChineseText.faults(traditional, english: english, locale: "zh_TW.UTF-8").isEmpty, "\(traditional)")
        #expect(traditional.contains("工作階段（行程 7，'undo'，正在檢查資料列）"), "\(traditional)")
    }

    @Test("a row changed meanwhile is named in Chinese, as every kind of row is")
    func rowsByName() throws {
        let changed = try Reader.reading("zh_CN.UTF-8") { StoreError.changedMeanwhile(RecordIdentity.label(ofBill: 12)) }
        #expect((changed.doing, changed.message) == ("写入 账单 #12 时", "账单 #12 在读取之后已被改动"))
        #expect(StoreError.changedMeanwhile(RecordIdentity.label(ofBill: 12)).message == "bill #12 is no longer as it was read")
        let sources = try Reader.reading("zh_TW.UTF-8") { RecordIdentity.label(ofSources: 3) }
        #expect(sources == "匯入 3 的來源資料列")
        #expect(RecordIdentity.label(ofSources: 3) == "the source rows of import 3")
    }

    @Test("a finding of Tally's own is kept in English and shown in Chinese; SQLite's words are shown as SQLite says them")
    func findings() throws {
        let stray = IntegrityFinding.english(IntegrityFinding.billOfZero, 7)
        #expect(stray == "bill #7 has an amount of zero")
        #expect(try Reader.reading("zh_CN.UTF-8") { IntegrityFinding.shown(stray) } == "账单 #7 的金额为零")
        #expect(IntegrityFinding.shown(stray) == stray)
        let parent = IntegrityFinding.english(IntegrityFinding.missingParent, "bills", 3, "books")
        #expect(try Reader.reading("zh_CN.UTF-8") { IntegrityFinding.shown(parent) } == "bills 表第 3 行指向 books 表中不存在的行")
        let sqlite = "row 5 missing from index bills_by_day"
        #expect(try Reader.reading("zh_CN.UTF-8") { IntegrityFinding.shown(sqlite) } == sqlite)

        let check = IntegrityCheck(problems: [parent, sqlite, stray], pages: 3, at: 0)
        let summary = try #require(try Reader.reading("zh_CN.UTF-8") { check.summary })
        #expect(summary == "bills row 3 points at a missing books row, and 2 more problems", "kept in English, whatever the reader's language")
        #expect(try Reader.reading("zh_CN.UTF-8") { IntegrityFinding.shown(summary) } == "bills 表第 3 行指向 books 表中不存在的行，另有 2 个问题")
        let one = try #require(IntegrityCheck(problems: [stray, sqlite], pages: 3, at: 0).summary)
        #expect(one == "bill #7 has an amount of zero, and 1 more problem")
        #expect(try Reader.reading("zh_TW.UTF-8") { IntegrityFinding.shown(one) } == "帳單 #7 的金額為零，另有 1 個問題")
        #expect(IntegrityFinding.shown("a remark, and 3 more things") == "a remark, and 3 more things")
    }

    @Test("every template of a finding is known again from its English, whatever fills it")
    func everyFindingKnownAgain() throws {
        let source = try String(contentsOfFile: MarkedTexts.root.appendingPathComponent("Sources/TallyStore/IntegrityFinding.swift").path, encoding: .utf8)
        let declared = source.split(separator: "\n").filter { $0.contains("static let") && $0.contains("Translation.catalogued(") }
        #expect(declared.count == IntegrityFinding.templates.count, "a finding declared but not among the templates")
        for template in IntegrityFinding.templates {
            let values = ["bills", "12", "a, b: c"].prefix(template.components(separatedBy: "%s").count - 1).map { $0 as CustomStringConvertible }
            let english = Translation.format(template, with: values)
            let chinese = try Reader.reading("zh_CN.UTF-8") { IntegrityFinding.shown(english) }
            #expect(ChineseText.faults(chinese, english: english, locale: "zh_CN.UTF-8").isEmpty, "\(chinese)")
            for value in values { #expect(chinese.contains(value.description), "\(chinese)") }
        }
    }
}
