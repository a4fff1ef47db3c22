import TallyCore
import TallyLanguage

/// `report`'s page: one HTML file that holds everything it shows (inline CSS
/// and SVG, no script, no reference to anything outside), so it opens
/// offline, prints, and is safe to pass on.
public struct ReportPage {
    let report: PeriodReport

    public init(report: PeriodReport) {
        self.report = report
    }

    /// What marks a file as a Tally report, near its start: only such a file
    /// is written over.
    public static let generator = "<meta name=\"generator\" content=\"Tally report\">"

    public var html: String {
        let books = report.books.map(HTML.text).joined(separator: ", ")
        // The page's language as its catalogue names it: "en" has its code there.
        let language = Translation.translated("en")
        var page = "<!DOCTYPE html>\n<html lang=\"\(language)\">\n<head>\n<meta charset=\"utf-8\">\n\(ReportPage.generator)\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<meta name=\"color-scheme\" content=\"light dark\">\n"
            + "<title>\(report.period.label)\(books.isEmpty ? "" : " · " + books)\(report.condition.map { " · " + HTML.text($0) } ?? "") · Tally</title>\n"
            + "<style>\n\(ReportStylesheet.css)\(language == "en" ? "" : ReportStylesheet.translated)</style>\n</head>\n<body>\n"
        page += header(books: books)
        page += "<main>\n"
        page += months
        let piesHeading = Translation.translated("Where the money went, and where it came from")
        page += "<section id=\"pies\">\n<h2>\(piesHeading)</h2>\n<div class=\"pies\">\n"
            + pie(report.expense) + pie(report.income) + "</div>\n</section>\n"
        let sections = ReportSections(report: report)
        page += sections.spending + sections.budgets + sections.balances + sections.timeline + sections.largest
        page += "</main>\n<footer>" + Translation.translated("Made by Tally on %s.", report.made.iso) + "</footer>\n</body>\n</html>\n"
        return page
    }

    private func header(books: String) -> String {
        var facts = [books, HTML.text(report.currency.code), Translation.plural("%d bill", "%d bills", count: report.count)]
        if books.isEmpty { facts.removeFirst() }
        if let condition = report.condition { facts.append("<span class=\"condition\">\(HTML.text(condition))</span>") }
        let savings = report.savingsPermille.map(ReportPage.percent) ?? "–"
        return "<header>\n<h1>\(report.period.label)</h1>\n<p class=\"books\">\(facts.joined(separator: " · "))</p>\n<dl class=\"totals\">\n"
            + total("income", Translation.translated("Income"), money(report.summary.income))
            + total("expense", Translation.translated("Expense"), money(report.summary.expense))
            + total("balance", Translation.translated("Balance"), money(report.summary.balance))
            + total("savings", Translation.translated("Savings rate"), savings)
            + "</dl>\n</header>\n"
    }

    private func total(_ id: String, _ name: String, _ value: String) -> String {
        "<div class=\"total \(id)\"><dt>\(name)</dt><dd id=\"\(id)\">\(value)</dd></div>\n"
    }

    /// The month carousel: the chart, then its numbers as a table, by month,
    /// quarter or year as the period's length asks.
    private var months: String {
        let step = report.step.rawValue
        let heading = switch report.step {
        case .quarter: Translation.translated("Quarter by quarter")
        case .year: Translation.translated("Year by year")
        default: Translation.translated("Month by month")
        }
        var section = "<section id=\"months\">\n<h2>\(heading)</h2>\n"
        guard !report.spans.isEmpty else { return section + "<p class=\"none\">" + Translation.translated("No bills in this period.") + "</p>\n</section>\n" }
        section += "<p class=\"key\"><span class=\"swatch income\"></span>\(TableWords.shown("income")) "
            + "<span class=\"swatch expense\"></span>\(TableWords.shown("expense")) "
            + "<span class=\"swatch balance\"></span>" + Translation.translated("net (income − expense)")
        for span in report.spans where span.isPartial {
            section += " <span class=\"part\"><span class=\"swatch partial\"></span>"
                + Translation.translated("%s: %s", span.label, SpanChart.covered(span)) + "</span>"
        }
        if report.spans.contains(where: { $0.expected != nil }) {
            section += " <span class=\"part\"><span class=\"swatch forecast\"></span>"
                + Translation.translated("hatched: what recurring bills will post, in no total") + "</span>"
        }
        section += "</p>\n"
        // On a narrow screen the chart keeps a readable size and scrolls.
        section += "<div class=\"scroll\">" + SpanChart(spans: report.spans, step: report.step, currency: report.currency).svg + "</div>\n"
        section += "<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr>"
            + ReportPage.headers([step, "income", "expense", "net", "bills"]) + "</tr></thead>\n<tbody>\n"
        for span in report.spans {
            let days = span.isPartial ? " <span class=\"days\">\(SpanChart.covered(span))</span>" : ""
            // What recurring bills will post, under the span's own numbers and in none of them.
            func coming(_ amount: Int128?) -> String {
                guard let amount, amount > 0 else { return "" }
                return " <span class=\"days forecast\" title=\"" + Translation.translated("to come from recurring bills") + "\">~\(grouped(amount))</span>"
            }
            section += "<tr data-\(step)=\"\(span.label)\"\(span.isPartial ? " class=\"partial\"" : "")><th>\(span.label)\(days)</th>"
                + "<td class=\"income\">\(grouped(span.summary.income))\(coming(span.expected?.income))</td>"
                + "<td class=\"expense\">\(grouped(span.summary.expense))\(coming(span.expected?.expense))</td>"
                + "<td class=\"balance\">\(grouped(span.summary.balance))</td><td class=\"count\">\(span.count)</td></tr>\n"
        }
        section += "</tbody>\n<tfoot><tr><th>\(TableWords.shown("total"))</th><td class=\"income\">\(grouped(report.summary.income))</td>"
            + "<td class=\"expense\">\(grouped(report.summary.expense))</td><td class=\"balance\">\(grouped(report.summary.balance))</td>"
            + "<td class=\"count\">\(report.count)</td></tr></tfoot>\n</table></div>\n</section>\n"
        return section
    }

    /// A donut and its legend: each slice's amount, share and bills.
    private func pie(_ pie: ReportPie) -> String {
        let title = pie.kind == .expense ? Translation.translated("Spending") : Translation.translated("Income")
        var figure = "<figure class=\"pie \(pie.kind.rawValue)\">\n<figcaption>\(title)</figcaption>\n"
        guard pie.total > 0 else {
            let none = pie.kind == .expense ? Translation.translated("No expense in this period.") : Translation.translated("No income in this period.")
            return figure + "<p class=\"none\">\(none)</p>\n</figure>\n"
        }
        figure += Donut(pie: pie, currency: report.currency).svg + "\n"
        figure += "<table class=\"legend\">\n<thead><tr>" + ReportPage.headers(["category", "amount", "share", "bills"]) + "</tr></thead>\n<tbody>\n"
        var count = 0
        for (index, slice) in pie.slices.enumerated() {
            figure += legendRow("s\(index)", ReportPage.named(slice.icon, slice.category), slice)
            count += slice.count
        }
        if let rest = pie.rest {
            figure += legendRow("rest", "<em>\(ReportPage.restName(pie.restCategories))</em>", rest)
            count += rest.count
        }
        figure += "</tbody>\n<tfoot><tr><th>\(TableWords.shown("total"))</th><td class=\"amount\">\(grouped(pie.total))</td><td class=\"share\">100.0%</td>"
            + "<td class=\"count\">\(count)</td></tr></tfoot>\n</table>\n</figure>\n"
        return figure
    }

    private func legendRow(_ swatch: String, _ name: String, _ slice: PieSlice) -> String {
        "<tr class=\"slice\"><th><span class=\"swatch \(swatch)\"></span>\(name)</th><td class=\"amount\">\(grouped(slice.amount))</td>"
            + "<td class=\"share\">\(slice.share)%</td><td class=\"count\">\(slice.count)</td></tr>\n"
    }

    private func money(_ amount: Int128) -> String {
        HTML.text(MoneyFormat.withSymbol(amount, report.currency))
    }

    private func grouped(_ amount: Int128) -> String {
        HTML.text(MoneyFormat.grouped(amount, report.currency))
    }

    /// `🍜 food`, escaped. The icon is decoration, drawn only in an emoji
    /// font (see the stylesheet): the name says it all without one. The
    /// space after it is the emoji font's, so it goes with the icon.
    static func named(_ icon: String, _ name: String) -> String {
        (icon.isEmpty ? "" : "<span class=\"icon\" aria-hidden=\"true\">\(HTML.text(icon)) </span>") + HTML.text(name)
    }

    /// What the slice of the categories past the largest is called.
    static func restName(_ categories: Int) -> String {
        Translation.plural("other (%d category)", "other (%d categories)", count: categories)
    }

    /// `<th>category</th><th>amount</th>`: a table's headers in the reader's language.
    static func headers(_ words: [String]) -> String {
        words.map { "<th>\(TableWords.shown($0))</th>" }.joined()
    }

    /// `53.9%`, `-12.0%`.
    static func percent(_ permille: Int) -> String {
        (permille < 0 ? "-" : "") + "\(permille.magnitude / 10).\(permille.magnitude % 10)%"
    }
}
