import Testing
import TallyCore
import TallyFixture

/// The tests' way of reading Tally in another language: a thread's own
/// locale, the catalogues `make test` compiles, and the check for English
/// left in a translated text.
@Suite("Reading in another language")
struct ReaderTests {
    @Test func aThreadReadsItsOwnLanguageWhileTheRestStaysEnglish() throws {
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.translated("category") } == "类别")
        #expect(try Reader.reading("zh_TW.UTF-8") { Translation.translated("category") } == "類別")
        #expect(Translation.translated("category") == "category")
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.translated("unknown statement '%s'", "饼") } == "未知的语句 '饼'")
        #expect(Translation.translated("unknown statement '%s'", "pi") == "unknown statement 'pi'")
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.plural("%d bill", "%d bills", count: 3) } == "3 笔")
        #expect(Translation.plural("%d bill", "%d bills", count: 1) == "1 bill")
        #expect(Translation.plural("%d bill", "%d bills", count: 0) == "0 bills")
    }

    @Test func theSameEnglishInAnotherContextHasWordsOfItsOwn() throws {
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.contextual("changes", "%s and %s", "已添加 #2", "已添加 #1") } == "已添加 #2、已添加 #1")
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.translated("%s and %s", "3 笔账单", "1 笔转账") } == "3 笔账单和 1 笔转账")
        #expect(try Reader.reading("zh_CN.UTF-8") { Translation.contextual("no such context", "%s and %s", "a", "b") } == "a and b")
        #expect(Translation.contextual("changes", "%s and %s", "added #2", "added #1") == "added #2 and added #1")
    }

    @Test(arguments: [
        ("已添加 #1  2016-07-20  支出  25.00  用餐  午饭", [String]()),
        ("未知的类别 'eating out'——您是不是要输入 'food'？", []),
        ("未知的 category 'x'; did you mean 'food'?", ["did you mean"]),
        ("nothing was changed: the ledger is busy", ["nothing was changed", "the ledger is busy"]),
        ("用 tally --db 打开副本；GNU readline 与您的 ~/.inputrc", []),
        ("用 'sum expense this month by category' 查看", []),
        ("以名字保存如何读取银行、Alipay's file", []),
    ])
    func findsEnglishLeftOutsideQuotes(text: String, runs: [String]) {
        #expect(EnglishProse.runs(in: text) == runs)
    }

    @Test func knowsAChineseText() {
        #expect(EnglishProse.hasChinese("已添加 #1"))
        #expect(!EnglishProse.hasChinese("added #1 ¥25"))
    }
}
