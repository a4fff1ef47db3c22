import TallyCore
import TallyLanguage

/// The report's tables: spending by category and month, budgets, the
/// accounts' balances, the latest month's days, and the largest expenses.
struct ReportSections {
    let report: PeriodReport

    /// How many bills of each kind a day of the timeline lists; the rest are counted.
    static let billsPerDay = 6

    var spending: String {
        let grid = report.spending
        let byYear = grid.columns.first?.count == 4
        let heading = byYear ? Translation.translated("Spending by category and year") : Translation.translated("Spending by category and month")
        var section = "<section id=\"spending\">\n<h2>\(heading)</h2>\n"
        guard !grid.categories.isEmpty else { return section + ReportSections.noExpenses }
        section += "<div class=\"scroll\"><table class=\"numbers grid\">\n<thead><tr>" + ReportPage.headers(["category"])
        for (index, column) in grid.columns.enumerated() {
            section += "<th>\(byYear ? column : SpanChart.shortName(column, first: index == 0))</th>"
        }
        section += "<th>" + Translation.translated("trend") + "</th><th class=\"sum\">\(TableWords.shown("total"))</th></tr></thead>\n<tbody>\n"
        for category in grid.categories {
            section += "<tr><th>\(ReportPage.named(category.icon, category.category))</th>"
            for (column, amount) in zip(grid.columns, category.amounts) {
                section += amount == 0 ? "<td class=\"zero\">·</td>" : "<td title=\"\(column)\">\(grouped(amount))</td>"
            }
            section += "<td class=\"trend\">\(Sparkline(amounts: category.amounts).svg)</td><td class=\"sum\">\(grouped(category.total))</td></tr>\n"
        }
        section += "</tbody>\n<tfoot><tr><th>\(TableWords.shown("total"))</th>"
        for total in grid.totals {
            section += "<td>\(grouped(total))</td>"
        }
        section += "<td></td><td class=\"sum\">\(grouped(report.summary.expense))</td></tr></tfoot>\n</table></div>\n</section>\n"
        return section
    }

    /// Each budget across the months: a bar of what was spent against it, the
    /// share written out, and "over" said in words, not by colour alone.
    var budgets: String {
        guard let first = report.budgets.first else { return "" }
        let heading = Translation.translated("Budgets")
        var section = "<section id=\"budgets\">\n<h2>\(heading)</h2>\n"
            + "<p class=\"key\">" + Sentences.joined([
                Translation.translated("What the book spent in each whole month against its budgets, as 'budget %s' shows it.", first.month),
                Translation.translated("Under each bar, the share of the budget spent, or how far over it the month went."),
            ]) + "</p>\n"
            + "<div class=\"scroll\"><table class=\"budgets\">\n"
            + "<thead><tr>" + ReportPage.headers(["budget"]) + "<th>" + Translation.translated("a month") + "</th>"
        for month in report.budgets {
            section += "<th>\(SpanChart.shortName(month.month, first: month.month == first.month))</th>"
        }
        section += "</tr></thead>\n<tbody>\n"
        for line in first.lines {
            let name = line.category.map { ReportPage.named(line.icon, $0) } ?? "<em>\(TableWords.shown("total"))</em>"
            section += "<tr><th>\(name)</th><td class=\"amount\">\(grouped(line.budget))</td>"
            for month in report.budgets {
                guard let spent = month.lines.first(where: { $0.category == line.category }) else {
                    section += "<td></td>"
                    continue
                }
                // A month refunded more than was spent has used none of its budget.
                let permille = spent.budget > 0 ? Int(max(0, min(spent.spent * 1000 / spent.budget, 9999))) : 0
                let over = spent.left < 0
                let title = Translation.translated("%s: spent %s of %s", month.month, money(spent.spent), money(spent.budget))
                    + (over ? Translation.translated(", over by %s", money(-spent.left)) : Translation.translated(", %s left", money(spent.left)))
                section += "<td class=\"progress\(over ? " over" : "")\" title=\"\(title)\">"
                    + "<span class=\"bar\"><span style=\"width:\(min(permille, 1000) / 10)%\"></span></span>"
                    + "<span class=\"pct\">\(over ? ReportSections.over(spent.spent - spent.budget, spent.budget) : "\(permille / 10)%")</span></td>"
            }
            section += "</tr>\n"
        }
        return section + "</tbody>\n</table></div>\n</section>\n"
    }

    /// Each account's balance at the report's day, what a credit card owes
    /// said in words, and the last day it agreed with a statement.
    var balances: String {
        guard !report.balances.isEmpty else { return "" }
        let day = report.balancesDay.iso
        let books = Set(report.balances.map(\.book)).count > 1
        let heading = Translation.translated("Balances")
        var section = "<section id=\"balances\">\n<h2>\(heading)</h2>\n"
            + "<p class=\"key\">"
            + Translation.translated("What each account held at the end of %s, as 'balances on %s' gives it, and the last day it agreed with its statement.", day, day)
            + "</p>\n<div class=\"scroll\"><table class=\"numbers bills\">\n<thead><tr>"
            + ReportPage.headers(["account"] + (books ? ["book"] : []) + ["kind", "reconciled"])
            + "<th>\(TableWords.accountBalanceHeader)</th></tr></thead>\n<tbody>\n"
        for entry in report.balances {
            let reconciled = entry.reconciled.map { "<time datetime=\"\($0.iso)\">\($0.iso)</time>" } ?? "–"
            let owing = entry.owing.map { " <span class=\"days\">" + Translation.translated("owing %s", grouped(Int128($0))) + "</span>" } ?? ""
            let book = books ? "<td>\(HTML.text(entry.book))</td>" : ""
            section += "<tr data-account=\"\(HTML.text(entry.account))\"><td>\(ReportPage.named(entry.icon, entry.account))</td>"
                + book + "<td>\(entry.kind.words.shown)</td>"
                + "<td class=\"date\">\(reconciled)</td><td class=\"amount\">\(grouped(Int128(entry.balance)))\(owing)</td></tr>\n"
        }
        let total = report.balances.reduce(Int128(0)) { $0 + Int128($1.balance) }
        return section + "</tbody>\n<tfoot><tr><th>\(TableWords.shown("total"))</th>" + String(repeating: "<td></td>", count: books ? 3 : 2)
            + "<td class=\"amount\">\(grouped(total))</td></tr></tfoot>\n</table></div>\n</section>\n"
    }

    /// The latest month, newest day first: expenses left of the centre line, income right, as in Timi.
    var timeline: String {
        guard let timeline = report.timeline else { return "" }
        let heading = Translation.format(Translation.translated("%s, day by day"), timeline.period.label)
        var section = "<section id=\"timeline\">\n<h2>\(heading)</h2>\n"
            + "<p class=\"key\">" + [("expense", timeline.summary.expense), ("income", timeline.summary.income), ("balance", timeline.summary.balance)]
                .map { "\(TableWords.shown($0)) \(money($1))" }.joined(separator: " · ") + "</p>\n<ol class=\"timeline\">\n"
        for day in timeline.days {
            let weekday = DateWords.weekday(day.day)
            section += "<li>"
                + side("out", day.bills.filter { $0.kind == .expense }, total: day.summary.expense, sign: "−")
                + "<div class=\"day\"><time datetime=\"\(day.day.iso)\">\(day.day.iso.suffix(5))</time><span>\(weekday)</span></div>"
                + side("in", day.bills.filter { $0.kind == .income }, total: day.summary.income, sign: "+")
                + "</li>\n"
        }
        return section + "</ol>\n</section>\n"
    }

    private func side(_ side: String, _ bills: [BillRow], total: Int128, sign: String) -> String {
        guard !bills.isEmpty else { return "<div class=\"\(side)\"></div>" }
        // A day refunded more than was spent on it has money back on the expense side.
        let shownSign = total < 0 ? (sign == "+" ? "−" : "+") : sign
        // A day of expected bills alone has no total of its own: they count in none.
        let subtotal = bills.allSatisfy(\.isForecast) ? "" : shownSign + grouped(Int128(total.magnitude))
        var html = "<div class=\"\(side)\"><p class=\"subtotal\">\(subtotal)</p><ul>"
        for bill in bills.prefix(ReportSections.billsPerDay) {
            let mark = bill.isForecast ? "~" : ""
            html += "<li\(bill.isForecast ? " class=\"forecast\"" : "")><span class=\"what\">\(describe(bill))</span> "
                + "<span class=\"amount\">\(mark)\(grouped(Int128(bill.amount)))</span></li>"
        }
        if bills.count > ReportSections.billsPerDay {
            let rest = bills.dropFirst(ReportSections.billsPerDay)
            let more = Translation.translated("and %d more, %s", rest.count, grouped(rest.reduce(Int128(0)) { $0 + Int128($1.amount) }))
            html += "<li class=\"more\">\(more)</li>"
        }
        return html + "</ul></div>"
    }

    /// What a section of expenses says when the period has none, and its end.
    static var noExpenses: String {
        "<p class=\"none\">" + Translation.translated("No expenses in this period.") + "</p>\n</section>\n"
    }

    /// `11% over`, `0.4% over`: how far past its budget a month went, as a
    /// share of the budget, rounded half up, in tenths below one percent and
    /// never less than a tenth.
    static func over(_ excess: Int128, _ budget: Int128) -> String {
        func rounded(_ scale: Int128) -> Int { Int(clamping: max((excess * scale * 2 + budget) / (budget * 2), 1)) }
        let permille = rounded(1000)
        return Translation.translated("%s over", permille < 10 ? "0.\(permille)%" : "\(rounded(100))%")
    }

    /// The largest expenses, bills alike but for their day as one row that
    /// says how many there are and what each came to.
    var largest: String {
        let heading = Translation.translated("Largest expenses")
        var section = "<section id=\"largest\">\n<h2>\(heading)</h2>\n"
        guard !report.largest.isEmpty else { return section + ReportSections.noExpenses }
        if report.largest.contains(where: { $0.times > 1 }) {
            section += "<p class=\"key\">" + Translation.translated("Bills alike but for their day are one row.") + "</p>\n"
        }
        let books = report.books.count > 1
        section += "<div class=\"scroll\"><table class=\"numbers bills\">\n<thead><tr>"
            + ReportPage.headers(["date", "category", "remark"] + (books ? ["book"] : []) + ["amount"]) + "</tr></thead>\n<tbody>\n"
        for expense in report.largest {
            let bill = expense.bill
            let days = expense.times > 1
                ? Translation.translated("%s to %s", "<span>\(expense.first.iso)</span>", "<span>\(bill.day.iso)</span>") : bill.day.iso
            let amount = (expense.times > 1 ? "\(expense.times) × " : "") + grouped(Int128(bill.amount))
            section += "<tr><td class=\"date\">\(days)</td><td>\(ReportPage.named(bill.icon, bill.category))</td>"
                + "<td class=\"remark\">\(remark(bill))</td>" + (books ? "<td>\(HTML.text(bill.book))</td>" : "")
                + "<td class=\"amount\">\(amount)</td></tr>\n"
        }
        return section + "</tbody>\n</table></div>\n</section>\n"
    }

    /// `🍜 food · lunch @ canteen`.
    private func describe(_ bill: BillRow) -> String {
        let remark = self.remark(bill)
        return ReportPage.named(bill.icon, bill.category) + (remark.isEmpty ? "" : " · " + remark)
    }

    /// The remark, then the place and tags, escaped.
    private func remark(_ bill: BillRow) -> String {
        var parts: [String] = []
        if !bill.remark.isEmpty { parts.append(HTML.text(bill.remark)) }
        if let place = bill.place, !place.isEmpty { parts.append("<span class=\"place\">@ \(HTML.text(place))</span>") }
        if !bill.tags.isEmpty { parts.append("<span class=\"tags\">\(bill.tags.map { HTML.text("#" + $0) }.joined(separator: " "))</span>") }
        return parts.joined(separator: " ")
    }

    private func money(_ amount: Int128) -> String {
        HTML.text(MoneyFormat.withSymbol(amount, report.currency))
    }

    private func grouped(_ amount: Int128) -> String {
        HTML.text(MoneyFormat.grouped(amount, report.currency))
    }
}
