import Foundation
import Testing
import TallyCore
@testable import TallyLanguage
import TallyFixture
@testable import TallyRender

/// The report's page as text: what the ledger wrote stays text, the page
/// refers to nothing outside itself, and it stays small.
@Suite("Report page")
struct ReportPageTests {
    /// The names of the elements the page's markup opens, in order.
    static func elements(_ page: String) -> [String] {
        var names: [String] = []
        var rest = Substring(page)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isLetter || $0.isNumber }
            if !name.isEmpty { names.append(name.lowercased()) }
        }
        return names
    }

    @Test func escapesTextForHTMLAndSVG() {
        #expect(HTML.text("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(HTML.text("\"><img src=x onerror=alert(1)>") == "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")
        #expect(HTML.text("a'b&c") == "a&#39;b&amp;c")
        #expect(HTML.text("https://x") == "https&#58;//x")
        #expect(HTML.text("bell\u{7} del\u{7F} c1\u{85} ok\ttab 面条 🍜") == "bell\u{FFFD} del\u{FFFD} c1\u{FFFD} ok\ttab 面条 🍜")
    }

    @Test func textFromTheLedgerMakesNoElementAndNoReference() throws {
        let page = try HostileLedger.page("report 2016 to r", in: HostileLedger.ledger())
        let plain = try HostileLedger.page("report 2016 to r", in: Self.plainCopy(of: HostileLedger.ledger()))
        // The same bills under harmless names make the very same elements.
        #expect(Self.elements(page) == Self.elements(plain))
        #expect(!Self.elements(page).contains("script") && !Self.elements(page).contains("img"))
        #expect(!page.contains("://"))
        #expect(!page.contains("<script") && !page.contains("onerror=alert(1)>"))
        for section in ["<header>", "id=\"months\"", "id=\"pies\"", "id=\"spending\"", "id=\"budgets\"", "id=\"timeline\"", "id=\"largest\""] {
            #expect(page.contains(section), "\(section)")
        }
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func aDayRefundedMoreThanWasSpentShowsMoneyBackOnItsExpenseSide() throws {
        let food = Fixture.id("food")
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: food, amount: 1_000, day: Day(iso: "2016-07-01")!),
            Bill(id: 2, bookID: 1, categoryID: food, amount: -4_000, day: Day(iso: "2016-07-02")!, remark: "refund"),
        ]
        let ledger = Ledger(books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1))
        let page = try HostileLedger.page("report 2016-07 to r", in: ledger)
        #expect(page.contains("<p class=\"subtotal\">+40.00</p>"), "\(page)")
        #expect(page.contains("<p class=\"subtotal\">−10.00</p>"), "\(page)")
    }

    @Test func aBudgetOfAMonthRefundedMoreThanWasSpentIsUnused() throws {
        let food = Fixture.id("food")
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: food, amount: 1_000, day: Day(iso: "2016-07-01")!),
            Bill(id: 2, bookID: 1, categoryID: food, amount: -4_000, day: Day(iso: "2016-07-02")!, remark: "refund"),
        ]
        let ledger = Ledger(
            books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1),
            budgets: [Budget(id: 1, bookID: 1, categoryID: food, amount: 10_000)])
        let page = try HostileLedger.page("report 2016-07 to r", in: ledger)
        #expect(page.contains("<span style=\"width:0%\"></span></span><span class=\"pct\">0%</span>"), "\(page)")
        #expect(!page.contains("width:-"))
    }

    @Test func aBookWithSeveralAccountsShowsEachOnesBalanceWhatACardOwesAndItsLastReconciliation() throws {
        let food = Fixture.id("food")
        let accounts = [
            Account(id: 1, bookID: 1, name: "cash", position: 0),
            Account(id: 2, bookID: 1, name: "<b>visa</b>", kind: .credit, position: 1),
            Account(id: 3, bookID: 1, name: "bank", kind: .bank, opening: 500_000, position: 2),
        ]
        let bills = [
            Bill(id: 1, bookID: 1, categoryID: food, amount: 1_000, day: Day(iso: "2016-07-01")!),
            Bill(id: 2, bookID: 1, categoryID: food, amount: 12_345, day: Day(iso: "2016-07-02")!, accountID: 2),
        ]
        let ledger = Ledger(
            books: [Fixture.daily], categories: Fixture.categories, bills: bills, settings: Settings(currentBookID: 1), accounts: accounts,
            reconciliations: [Reconciliation(id: 1, accountID: 3, day: Day(iso: "2016-07-15")!, balance: 500_000)])
        let page = try HostileLedger.page("report 2016-07 to r", in: ledger)
        let section = try #require(page.components(separatedBy: "<section id=\"balances\">").dropFirst().first?.components(separatedBy: "</section>").first)
        #expect(section.contains("What each account held at the end of 2016-07-31, as 'balances on 2016-07-31' gives it"), "\(section)")
        #expect(section.contains("<tr data-account=\"cash\"><td><span class=\"icon\" aria-hidden=\"true\">💵 </span>cash</td><td>cash</td>"
            + "<td class=\"date\">–</td><td class=\"amount\">-10.00</td></tr>"), "\(section)")
        #expect(section.contains("&lt;b&gt;visa&lt;/b&gt;</td><td>credit</td><td class=\"date\">–</td>"
            + "<td class=\"amount\">-123.45 <span class=\"days\">owing 123.45</span></td></tr>"), "\(section)")
        #expect(section.contains("<td class=\"date\"><time datetime=\"2016-07-15\">2016-07-15</time></td><td class=\"amount\">5,000.00</td>"), "\(section)")
        #expect(section.contains("<tfoot><tr><th>total</th><td></td><td></td><td class=\"amount\">4,866.55</td></tr></tfoot>"), "\(section)")
        #expect(!section.contains("<b>") && !section.contains("url("))
        // Between the budgets and the timeline; a book of one account has none.
        #expect(try #require(page.range(of: "id=\"balances\"")).lowerBound < (try #require(page.range(of: "id=\"timeline\""))).lowerBound)
        #expect(!(try HostileLedger.page("report 2016-07 to r", in: Fixture.ledger)).contains("id=\"balances\""))
    }

    /// The ledger with each character of markup in its texts replaced by a letter.
    static func plainCopy(of ledger: Ledger) -> Ledger {
        func plain(_ text: String) -> String { String(text.map { $0.isLetter || $0.isNumber || $0 == " " ? $0 : "x" }) }
        let books = ledger.books.map { Book(id: $0.id, name: plain($0.name), currency: $0.currency, icon: plain($0.icon), position: $0.position) }
        let categories = ledger.categories.map {
            Category(id: $0.id, name: plain($0.name), kind: $0.kind, icon: plain($0.icon), aliases: [], position: $0.position)
        }
        let bills = ledger.bills.map {
            Bill(id: $0.id, bookID: $0.bookID, categoryID: $0.categoryID, amount: $0.amount, day: $0.day, remark: plain($0.remark),
                 place: $0.place.map(plain), tags: $0.tags)
        }
        return Ledger(books: books, categories: categories, bills: bills, settings: ledger.settings, budgets: ledger.budgets)
    }

    @Test func aYearOfTenThousandBillsMakesAPageUnderAMegabyte() throws {
        let page = try HostileLedger.page("report 2016 to r", in: HostileLedger.ledger(bills: 10_000))
        #expect(page.utf8.count < 1_000_000, "\(page.utf8.count) bytes")
        // Each day of the timeline lists at most a few bills of each kind and counts the rest.
        #expect(page.contains("<li class=\"more\">and "))
    }

    @Test func thePageFollowsLightAndDarkPrintsOnA4AndNamesCJKFonts() throws {
        let page = try HostileLedger.page("report 2016 to r", in: Self.plainCopy(of: HostileLedger.ledger()))
        #expect(page.contains("@media (prefers-color-scheme: dark)") && page.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
        #expect(page.contains("@media print") && page.contains("@page { size: A4;"))
        for family in ["\"PingFang SC\"", "\"Noto Sans CJK SC\"", "\"Microsoft YaHei\"", "\"Hiragino Sans GB\""] {
            #expect(page.contains(family), "\(family)")
        }
        // Nothing is fetched: no script, no link, no image, no font or style from elsewhere.
        for reference in ["<script", "<link", "<img", "@import", "url(", "src=", "href="] {
            #expect(!page.contains(reference), "\(reference)")
        }
    }

    @Test func theAxisHasRoundStepsAndZero() {
        let axis = ChartAxis(values: [0, 1_234_500, -20_000], unit: 100)
        #expect(axis.step == 500_000)
        #expect(axis.ticks == [-500_000, 0, 500_000, 1_000_000, 1_500_000])
        #expect(axis.offset(1_500_000, height: 1000) == 0 && axis.offset(-500_000, height: 1000) == 1000 && axis.offset(0, height: 1000) == 750)
        let empty = ChartAxis(values: [], unit: 100)
        #expect(empty.ticks == [0, 100])
        #expect(ChartAxis(values: [99], unit: 1).ticks == [0, 50, 100])
        #expect(SpanChart.roundAmount(1_000_000, .cny) == "10,000")
        #expect(SpanChart.roundAmount(-50, .cny) == "-0.50")
    }

    @Test func monthsAreNamedShortWithTheYearWhereItTurns() {
        #expect(SpanChart.shortName("2016-07", first: false) == "Jul")
        #expect(SpanChart.shortName("2016-07", first: true) == "Jul ’16")
        #expect(SpanChart.shortName("2017-01", first: false) == "Jan ’17")
    }

    @Test func aLongChartNamesQuartersAndYearsInsteadOfMonths() {
        func labels(_ step: TallyLanguage.Dimension, _ wholes: [DateRange]) -> [String] {
            let spans = wholes.enumerated().map { index, whole in
                ReportSpan(
                    label: whole.label, summary: Balance(income: 0, expense: Int128(index), currency: .cny), count: 1, range: whole, covered: whole)
            }
            let svg = SpanChart(spans: spans, step: step, currency: .cny).svg
            return svg.components(separatedBy: "<text class=\"label\"").dropFirst().map { String($0.split(separator: ">")[1].prefix { $0 != "<" }) }
        }
        func months(_ years: ClosedRange<Int>) -> [DateRange] { years.flatMap { year in (1...12).compactMap { DateRange.month(year, $0) } } }
        func quarters(_ years: ClosedRange<Int>) -> [DateRange] { years.flatMap { year in (1...4).compactMap { DateRange.quarter(year, $0) } } }
        #expect(labels(.month, months(2016...2016)) == ["Jan ’16", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        #expect(labels(.month, months(2016...2017)) == ["Jan ’16", "Apr", "Jul", "Oct", "Jan ’17", "Apr", "Jul", "Oct"])
        #expect(labels(.quarter, quarters(2016...2018)) == ["Q1 ’16", "Q2", "Q3", "Q4", "Q1 ’17", "Q2", "Q3", "Q4", "Q1 ’18", "Q2", "Q3", "Q4"])
        #expect(labels(.quarter, Array(quarters(2016...2021).dropFirst(2))) == ["2017", "2018", "2019", "2020", "2021"])
        #expect(labels(.year, (2010...2019).compactMap { DateRange.year($0) }) == (2010...2019).map(String.init))
        #expect(labels(.year, (1990...2019).compactMap { DateRange.year($0) }) == stride(from: 1992, through: 2019, by: 3).map(String.init))
    }

    @Test func aMonthOverItsBudgetSaysByHowMuchOfIt() {
        #expect(ReportSections.over(690, 180_000) == "0.4% over")
        #expect(ReportSections.over(20_520, 180_000) == "11% over")
        #expect(ReportSections.over(1_770, 180_000) == "1% over")
        #expect(ReportSections.over(1, 180_000) == "0.1% over")
        #expect(ReportSections.over(180_000, 180_000) == "100% over")
    }
}
