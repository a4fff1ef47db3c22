import Testing
import TallyCore
@testable import TallyLanguage

/// Chinese words for the statements people type most, in either script,
/// answer as the English words they stand for; elsewhere, as in the words
/// of an import's kind column, a Chinese word is itself.
@Suite("Parser: Chinese words for views, kinds, periods, undo and redo")
struct ChineseWordsTests {
    @Test(arguments: [
        ("饼图", "pie"), ("餅圖", "pie"), ("饼图 上月", "pie last month"),
        ("时间线", "timeline"), ("時間線 本月", "timeline this month"),
        ("月份", "months"), ("月份 2016", "months 2016"),
        ("预算", "budget"), ("預算", "budget"),
        ("搜索 coffee", "search coffee"), ("搜尋 coffee", "search coffee"),
        ("账本", "books"), ("賬本", "books"), ("帳本", "books"),
        ("类别", "categories"), ("類別", "categories"),
        ("sum 支出 本月", "sum expense this month"), ("sum 收入 今年", "sum income this year"),
        ("count 上月", "count last month"), ("count 今天", "count today"), ("count 昨天", "count yesterday"),
        ("sum 支出 by category 上月", "sum expense by category last month"),
        ("list where kind = 支出 今年", "list where kind = expense this year"),
        ("count 後天", "count on the day after tomorrow"),
    ])
    func aChineseWordAnswersAsTheEnglishOne(chinese: String, english: String) throws {
        let expected = try result(english == "count on the day after tomorrow" ? "count on 2017-01-17" : english)
        #expect(try result(chinese) == expected, "\(chinese)")
    }

    @Test(arguments: [("撤销", false), ("撤銷", false), ("重做", true)])
    func undoAndRedo(word: String, redoes: Bool) throws {
        guard case .session(let statement) = try statement(word) else {
            Issue.record("\(word) is not read as undo or redo")
            return
        }
        switch statement {
        case .undo: #expect(!redoes)
        case .redo: #expect(redoes)
        default: Issue.record("\(word) is read as \(statement)")
        }
    }

    /// Offered where the English words are, and named by "did you mean".
    @Test func completionAndDidYouMeanKnowThem() throws {
        let offered = Parser.expectations(after: "")
        for word in ["饼图", "餅圖", "时间线", "撤销", "重做", "账本", "类别"] {
            #expect(offered.contains(.keyword(word)), "\(word)")
        }
        #expect(Parser.expectations(after: "sum expense ").contains(.keyword("本月")))
        guard case .unknownStatement(_, let suggestion)? = try evaluationError("饼")?.problem else {
            Issue.record("'饼' is not an unknown statement")
            return
        }
        #expect(suggestion == "饼图")
    }

    /// The words of an import's kind column are the file's own, whatever they say.
    @Test func aKindColumnsWordsStayWhatTheFileSays() throws {
        guard case .session(.importFile(let options)) = try statement("import alipay.csv kinds (支出=expense, 收入=income)") else {
            Issue.record("not an import")
            return
        }
        #expect(options.settings.kinds.map(\.word) == ["支出", "收入"])
    }
}
