import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage
@testable import TallyRender

/// The report's page read in Chinese: every word a person sees or hears
/// (text, hover titles, what a screen reader says of a chart) is the
/// reader's, while the markup, classes and data attributes stay as they are.
@Suite("Report in Chinese")
struct ChineseReportTests {
    static func page(_ locale: String, _ statement: String = "report 2016 to r", today: String = "2016-07-20") throws -> String {
        try Reader.reading(locale) { try HostileLedger.page(statement, in: ChineseLedger.ledger, today: today) }
    }

    @Test(arguments: ["zh_CN.UTF-8", "zh_TW.UTF-8"])
    func everyWordOnThePageIsTheReaders(locale: String) throws {
        // July under way, a month before it, a budget overspent, a credit card owing, a refund: every part of the page.
        for statement in ["report 2016 to r", "report 2016-07 to r", "report 2015 to r"] {
            let page = try Self.page(locale, statement)
            let readable = PageText.readable(page)
            #expect(EnglishProse.hasChinese(readable))
            let words = PageText.englishWords(readable)
            #expect(words.isSubset(of: ["Tally", "CNY"]), "\(statement): \(words)")
        }
        // The English page is English still.
        let english = try Self.page("C")
        #expect(english.contains("<html lang=\"en\">") && english.contains("<h2>Month by month</h2>") && !english.contains("min-width: 4em"))
    }

    @Test func aFewPartsInSimplifiedChinese() throws {
        let page = try Self.page("zh_CN.UTF-8")
        #expect(page.contains("<p class=\"books\">日常 · CNY · 7 笔</p>"))
        #expect(page.contains("<div class=\"total balance\"><dt>结余</dt><dd id=\"balance\">¥4,629.50</dd></div>"))
        #expect(page.contains("<div class=\"total savings\"><dt>储蓄率</dt>"))
        #expect(page.contains("<span class=\"swatch balance\"></span>净额（收入 − 支出） <span class=\"part\"><span class=\"swatch partial\"></span>2016-07：31 天中的 20 天</span>"))
        #expect(page.contains("<thead><tr><th>月份</th><th>收入</th><th>支出</th><th>净额</th><th>笔数</th></tr></thead>"))
        #expect(page.contains("<text class=\"label\" x=\"124.1\" y=\"270\" text-anchor=\"middle\">16年1月</text>"))
        #expect(page.contains("<thead><tr><th>类别</th><th>16年1月</th><th>2月</th>"))
        #expect(page.contains("<title>2016-07 净额 ¥4,669.50（31 天中的 20 天）</title>"))
        #expect(page.contains("aria-label=\"每月的收入、支出与净额\""))
        #expect(page.contains("<figcaption>支出</figcaption>") && page.contains("aria-label=\"各类别支出\""))
        #expect(page.contains("<p class=\"key\">账本每个完整月份的支出与预算对比，与 'budget 2016-01' 所示相同。每条下方是当月花掉预算的比例，或超出预算多少。</p>"))
        #expect(page.contains("title=\"2016-06：预算 ¥30.00，已花 ¥40.00，超出 ¥10.00\"><span class=\"bar\"><span style=\"width:100%\"></span></span><span class=\"pct\">超出 33%</span>"))
        #expect(page.contains("<thead><tr><th>账户</th><th>类型</th><th>对账日</th><th>余额</th></tr></thead>"))
        #expect(page.contains("<td>信用卡</td><td class=\"date\">–</td><td class=\"amount\">-300.00 <span class=\"days\">欠款 300.00</span></td>"))
        #expect(page.contains("<div class=\"day\"><time datetime=\"2016-07-09\">07-09</time><span>周六</span></div>"))
        #expect(page.contains("<footer>由 Tally 于 2016-07-20 生成。</footer>"))
        #expect(page.contains("td.remark { min-width: 4em; }\n</style>"))
    }

    @Test func aFewPartsInTraditionalChinese() throws {
        let page = try Self.page("zh_TW.UTF-8")
        #expect(page.contains("<html lang=\"zh-TW\">"))
        #expect(page.contains("<dt>結餘</dt>") && page.contains("<dt>儲蓄率</dt>"))
        #expect(page.contains("<h2>錢花到哪裡，又從哪裡來</h2>") && page.contains("<figcaption>收入</figcaption>"))
        #expect(page.contains("<footer>由 Tally 於 2016-07-20 產生。</footer>"))
        #expect(page.contains("<span>週六</span>"))
    }

    @Test func anEmptyPeriodSaysSoInChinese() throws {
        let page = try Self.page("zh_CN.UTF-8", "report 2015 to r")
        #expect(page.contains("<p class=\"none\">这段时期没有支出。</p>") && page.contains("<p class=\"none\">这段时期没有收入。</p>"))
    }

    @Test func quartersAndOverspentMonthsAndTheRestOfThePie() throws {
        let quarters = (0..<12).map { index in
            let whole = DateRange.quarter(2016 + index / 4, index % 4 + 1)!
            return ReportSpan(label: whole.label, summary: Balance(income: 0, expense: 100, currency: .cny), count: 1, range: whole, covered: whole)
        }
        let labels = try Reader.reading("zh_CN.UTF-8") { SpanChart(spans: quarters, step: .quarter, currency: .cny).svg }
            .components(separatedBy: "<text class=\"label\"").dropFirst().map { String($0.split(separator: ">")[1].prefix { $0 != "<" }) }
        #expect(labels == ["16年1季度", "2季度", "3季度", "4季度", "17年1季度", "2季度", "3季度", "4季度", "18年1季度", "2季度", "3季度", "4季度"])
        #expect(try Reader.reading("zh_TW.UTF-8") { DateWords.quarter(3) } == "第3季")
        #expect(try Reader.reading("zh_CN.UTF-8") { ReportSections.over(20_520, 180_000) } == "超出 11%")
        #expect(try Reader.reading("zh_CN.UTF-8") { ReportPage.restName(3) } == "其他（3 个类别）")
        #expect(ReportPage.restName(1) == "other (1 category)" && ReportPage.restName(3) == "other (3 categories)")
    }
}
