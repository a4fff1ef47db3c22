import Testing
import TallyCore
import TallyFixture
import TallyRender
@testable import TallyShell

/// Help as a reader of Chinese sees it: the prose translated (summaries,
/// the grammar's notes, what the overview's examples do, the keys), the
/// statements and productions as written, and the lines fitted to the
/// terminal between Chinese characters as well as at spaces.
@Suite struct HelpInChineseTests {
    static let today = Day(iso: "2026-11-30")!
    /// The overview, every topic and the keys.
    static let topics: [String?] = [nil] + Help.topics

    func help(_ topic: String?) -> String? {
        Help.text(for: topic, today: HelpInChineseTests.today)
    }

    /// The grammar's lines that are no note: the productions, as help shows them.
    static let formal = Set(Grammar.shipped.productions.flatMap { production in
        production.parts.compactMap { part -> String? in
            guard case .formal(let line) = part else { return nil }
            return "  " + line
        }
    })

    /// The lines of help meant as prose: the summary and every note of a
    /// topic, but not its examples or productions; in the overview and the
    /// keys, what the lines say beside the statements and keys they show.
    func prose(_ topic: String?, chinese: String, english: String) -> [String] {
        guard let topic, topic != "keys" else {
            let pairs = zip(chinese.split(separator: "\n", omittingEmptySubsequences: false), english.split(separator: "\n", omittingEmptySubsequences: false))
            return pairs.compactMap { chinese, english in
                guard chinese != english else { return nil }
                // What is shown as written is the same in both; what it does follows it.
                let shown = zip(chinese, english).prefix { $0 == $1 }.count
                return String(chinese.dropFirst(shown))
            }
        }
        let blocks = chinese.components(separatedBy: "\n\n")
        return [blocks[0]] + blocks.dropFirst(2).joined(separator: "\n\n").split(separator: "\n").map(String.init).filter { line in
            !HelpInChineseTests.formal.contains(line) && !line.allSatisfy { $0 == " " }
        }
    }

    @Test("under zh_CN, help's prose is Chinese, with no English left but statements, names and productions", arguments: topics)
    func everyTopicInSimplified(topic: String?) throws {
        let english = try #require(help(topic))
        let chinese = try #require(try Reader.reading("zh_CN.UTF-8") { help(topic) })
        let prose = prose(topic, chinese: chinese, english: english)
        #expect(!prose.isEmpty)
        // A line left in English reads like a statement shown as written: only counting the lines that say something tells them apart.
        let lines = english.split(separator: "\n", omittingEmptySubsequences: false).count
        switch topic {
        case nil: #expect(prose.count == 7 && lines == 24, "help: \(lines) lines, these say something: \(prose)")
        case "keys": #expect(prose.count == lines, "help keys: every line says what a key does: \(prose)")
        default: break
        }
        for line in prose {
            #expect(EnglishProse.hasChinese(line), "help \(topic ?? ""): \(line)")
            #expect(EnglishProse.runs(in: line).isEmpty, "help \(topic ?? ""): \(line)")
        }
    }

    @Test("every note a topic shows is translated, in the same (* … *) as the grammar writes it", arguments: Help.catalogue.map(\.name))
    func everyNoteTranslated(topic: String) throws {
        let english = try #require(help(topic))
        let shown = Grammar.shipped.productions.filter { english.contains($0.syntax) }
        #expect(!shown.isEmpty)
        try Reader.reading("zh_CN.UTF-8") {
            let chinese = try #require(help(topic))
            for production in shown {
                for note in production.notes {
                    let translated = Translation.translated(note)
                    #expect(translated != note && EnglishProse.hasChinese(translated), "help \(topic): \(note)")
                    #expect(chinese.contains("  (* " + translated) || chinese.contains("     " + translated), "help \(topic): \(translated)")
                    #expect(!chinese.contains(String(note.prefix(40))), "help \(topic) shows the English note: \(note)")
                }
                #expect(chinese.contains(production.translatedSyntax))
            }
        }
    }

    @Test("under zh_TW, help's notes are Traditional, a note of two paragraphs in one (* … *)")
    func traditional() throws {
        let (periods, books, recurring, unknown) = try Reader.reading("zh_TW.UTF-8") {
            (help("periods"), help("books"), help("recurring"), Help.topicsNote)
        }
        #expect(periods?.contains("\n  (* WEEK 是 ISO 8601 週：2015-w53 存在，2016-w53 不存在。 *)\n") == true, "\(periods ?? "")")
        #expect(periods?.contains("\n  (* \"本月\" 是這個月，\"上月\" 是上個月，\"今年\" 是今年。 *)\n") == true, "\(periods ?? "")")
        #expect(books?.contains("\n  (* 仍有帳單的帳本只能用 \"into\" 刪除到另一個帳本，由它接收這些帳單。 *)") == true, "\(books ?? "")")
        let lines = recurring?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        let first = try #require(lines.firstIndex { $0.hasPrefix("  (* 按時間表到來的帳單：房租、薪水、訂閱。") }, "\(recurring ?? "")")
        #expect(lines[first + 1] == "  ")
        #expect(lines[first + 2].hasPrefix("     每個到來的日子都會在工作階段開始時和每條語句之前") && lines[first + 2].hasSuffix("等待接受或跳過。 *)"))
        #expect(lines[first].hasSuffix("\"every day -15 food lunch on weekdays\"。"))
        #expect(unknown.hasPrefix("help 主題：queries, periods, "))
    }

    /// Whether `character` is written as Chinese is, its punctuation among it.
    static func isChinese(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x2E80...0x9FFF).contains($0.value) || (0xFF01...0xFF60).contains($0.value) }
    }

    /// Where Chinese may break: between two of its characters, before its
    /// opening brackets and after its closing punctuation, but never after
    /// the one nor before the other.
    static func mayBreak(_ before: Character, _ after: Character) -> Bool {
        let opening = "（「", closing = "，。；：、）」？！"
        guard !opening.contains(before), !closing.contains(after) else { return false }
        return (isChinese(before) && isChinese(after)) || opening.contains(after) || closing.contains(before)
    }

    @Test("help in Chinese fits 40, 60 and 100 columns, broken at spaces or between Chinese characters, never before closing punctuation",
          arguments: [40, 60, 100])
    func fitsBetweenCharacters(columns: Int) throws {
        var brokeBetweenCharacters = 0
        for topic in HelpInChineseTests.topics {
            let text = try #require(try Reader.reading("zh_CN.UTF-8") { help(topic) })
            let fitted = TextWrap.help(text, width: columns)
            for line in fitted.split(separator: "\n") {
                #expect(TerminalText.width(String(line)) <= columns, "help \(topic ?? ""): \(line)")
            }
            // Each word of the text is one or more words of the fitted text, parted only between Chinese characters.
            var pieces = fitted.split { $0 == " " || $0 == "\n" }.makeIterator()
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                var joined = ""
                while joined.count < word.count, let piece = pieces.next() {
                    if !joined.isEmpty {
                        let before = joined.last!, after = piece.first!
                        #expect(HelpInChineseTests.mayBreak(before, after), "help \(topic ?? "") broke \(word) between \(before) and \(after)")
                        brokeBetweenCharacters += 1
                    }
                    joined += piece
                }
                #expect(joined == word, "help \(topic ?? "") lost \(word)")
            }
        }
        #expect(brokeBetweenCharacters > 0)
    }

    @Test("a note in Chinese goes on under its text after the (* , a second paragraph under its own")
    func notesHangUnderTheirText() throws {
        let queries = try #require(try Reader.reading("zh_CN.UTF-8") { help("queries") })
        let lines = TextWrap.help(queries, width: 40).split(separator: "\n").map(String.init)
        let opening = try #require(lines.firstIndex { $0.hasPrefix("  (* 每个子句最多出现一次") }, "\(lines)")
        #expect(lines[opening + 1].hasPrefix("     ") && !lines[opening + 1].hasPrefix("      "), "\(lines)")
        let recurring = try #require(try Reader.reading("zh_CN.UTF-8") { help("recurring") })
        let fitted = TextWrap.help(recurring, width: 60).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let second = try #require(fitted.firstIndex { $0.hasPrefix("     每个到来的日子") }, "\(fitted)")
        #expect(fitted[second - 1] == "  " && fitted[second + 1].hasPrefix("     ") && !fitted[second + 1].hasPrefix("      "), "\(fitted)")
    }

    @Test("what's new under zh_CN: Chinese around the statements to try, which stay as written")
    func whatsNew() throws {
        let (news, over) = try Reader.reading("zh_CN.UTF-8") { (Greeting.whatsNew, Greeting.demoOver(command: ".build/debug/tally")) }
        #expect(news.hasPrefix("Tally \(Tally.version) 的新功能：\n  - "), "\(news)")
        let statements = [
            "every month on 1 -3000 housing rent", "upcoming", "due", "accept", "sum expense next month with forecast", "help recurring",
            "account add card kind credit", "-25 food lunch with card", "transfer 500 from cash to card", "balances", "reconcile card 1200",
            "import FILE.journal", "rate USD 7.12 CNY", "help accounts",
        ]
        for statement in statements {
            #expect(news.contains("'\(statement)'"), "\(statement)")
        }
        for line in news.split(separator: "\n") {
            #expect(EnglishProse.runs(in: String(line)).isEmpty, "\(line)")
        }
        #expect(news.split(separator: "\n").count == Greeting.whatsNew.split(separator: "\n").count)
        #expect(over == "演示的账单已随之删除；运行 '.build/debug/tally' 打开您自己的账簿")
    }
}

@Suite struct ChineseWrapTests {
    @Test func aChineseMessageBreaksBetweenCharactersAndKeepsItsPunctuation() {
        let lines = TextWrap.lines("未知的类别 'fod'——您是不是要输入 'food'？请先用 'category add' 添加它。", width: 16)
        #expect(lines == ["未知的类别", "'fod'——您是不是", "要输入 'food'？", "请先用", "'category add'", "添加它。"], "\(lines)")
        for line in lines {
            #expect(TerminalText.width(line) <= 16)
        }
        // Never a line that starts with closing punctuation, nor one that ends with opening.
        let parenthesis = TextWrap.lines("一二三四五六七八（九十）。", width: 18)
        #expect(parenthesis == ["一二三四五六七八", "（九十）。"], "\(parenthesis)")
        let comma = TextWrap.lines("一二三四五六七八，九十", width: 16)
        #expect(comma == ["一二三四五六七", "八，九十"], "\(comma)")
    }

    @Test func englishWithChineseNamesBreaksOnlyAtSpaces() {
        #expect(TextWrap.lines("unknown category '午饭饭饭饭饭' in 25元 food 午饭饭饭饭饭", width: 20)
            == ["unknown category", "'午饭饭饭饭饭' in", "25元 food", "午饭饭饭饭饭"])
        for width in 14...40 {
            let fitted = TextWrap.help("  rule place = 滴滴出行 => category transport", width: width)
            #expect(fitted.split(separator: "\n").flatMap { $0.split(separator: " ") } == ["rule", "place", "=", "滴滴出行", "=>", "category", "transport"], "\(fitted)")
        }
    }

    @Test func aQuotedStatementInChineseGoesToTheNextLineWhole() {
        let lines = TextWrap.lines("错误：2016-07-02 当天及之前没有 CNY 兑 EUR 的汇率；请用 'rate CNY RATE EUR on 2016-07-02' 给出汇率", width: 60)
        #expect(lines == ["错误：2016-07-02 当天及之前没有 CNY 兑 EUR 的汇率；请用", "'rate CNY RATE EUR on 2016-07-02' 给出汇率"], "\(lines)")
        // One longer than a line is cut, as a word is.
        #expect(TextWrap.lines("请用 'a b c d e f g h' 试试", width: 8).allSatisfy { TerminalText.width($0) <= 8 })
    }

    @Test func aQuotedNameInChineseStaysWhole() {
        let lines = TextWrap.lines("已导入 3 笔账单到账本 '中国之旅中国之旅'。", width: 24)
        #expect(lines == ["已导入 3 笔账单到账本", "'中国之旅中国之旅'。"], "\(lines)")
    }
}
