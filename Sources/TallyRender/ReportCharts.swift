#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage

// The report's charts as inline SVG. Lengths are in tenths of a pixel of the
// chart's own box, which the page scales to fit; each mark says its value
// in a `<title>`, which browsers show on hover.

/// Income and expense bars for each month, quarter or year, and each one's
/// net as a line. A span the report has only some days of is drawn paler, its
/// net a mark the line does not join: it is not to be read against the others.
/// What recurring bills will post after today stands hatched on top of a
/// span's bars, in none of its numbers.
struct SpanChart {
    let spans: [ReportSpan]
    let step: Dimension
    let currency: Currency

    private let width = 7600
    private let height = 2800
    private let left = 760
    private let right = 100
    private let top = 140
    private let bottom = 2480

    var svg: String {
        let values = spans.flatMap { span in
            [span.summary.income + (span.expected?.income ?? 0), span.summary.expense + (span.expected?.expense ?? 0), span.summary.balance]
        }
        let axis = ChartAxis(values: values, unit: Int128(currency.scale))
        let plot = bottom - top
        func y(_ value: Int128) -> Int { top + axis.offset(value, height: plot) }
        let band = (width - left - right) / max(spans.count, 1)
        let described = switch step {
        case .quarter: Translation.translated("Income, expense and net by quarter")
        case .year: Translation.translated("Income, expense and net by year")
        default: Translation.translated("Income, expense and net by month")
        }
        var svg = "<svg class=\"chart months\" viewBox=\"0 0 \(HTML.pixels(width)) \(HTML.pixels(height))\" role=\"img\" "
            + "aria-label=\"\(described)\">\n"
        for tick in axis.ticks {
            let position = HTML.pixels(y(tick))
            svg += "<line class=\"\(tick == 0 ? "zero" : "grid")\" x1=\"\(HTML.pixels(left))\" x2=\"\(HTML.pixels(width - right))\" "
                + "y1=\"\(position)\" y2=\"\(position)\"/>"
            svg += "<text class=\"tick\" x=\"\(HTML.pixels(left - 80))\" y=\"\(HTML.pixels(y(tick) + 40))\" text-anchor=\"end\">"
                + HTML.text(SpanChart.roundAmount(tick, currency)) + "</text>\n"
        }
        var points: [(x: Int, y: Int)] = []
        for (index, span) in spans.enumerated() {
            let start = left + band * index
            let expected = [span.expected?.income ?? 0, span.expected?.expense ?? 0]
            for (index, (kind, amount, offset)) in [(Kind.income, span.summary.income, 12), (.expense, span.summary.expense, 52)].enumerated() {
                let barTop = y(max(amount, 0))
                let x = "x=\"\(HTML.pixels(start + band * offset / 100))\""
                let width = "width=\"\(HTML.pixels(band * 36 / 100))\""
                let title = kind == .income
                    ? Translation.translated("%s income %s", span.label, money(amount)) : Translation.translated("%s expense %s", span.label, money(amount))
                svg += "<rect class=\"\(kind.rawValue)\(span.isPartial ? " partial" : "")\" \(x) "
                    + "y=\"\(HTML.pixels(barTop))\" \(width) height=\"\(HTML.pixels(y(0) - barTop))\">"
                    + "<title>\(title)\(SpanChart.note(span))</title></rect>"
                if expected[index] > 0 {
                    let expectedTop = y(max(amount, 0) + expected[index])
                    let box = (x: start + band * offset / 100, y: expectedTop, width: band * 36 / 100, height: barTop - expectedTop)
                    let title = kind == .income
                        ? Translation.translated("%s income expected of recurring bills ~%s", span.label, money(expected[index]))
                        : Translation.translated("%s expense expected of recurring bills ~%s", span.label, money(expected[index]))
                    svg += "<g class=\"\(kind.rawValue) forecast\"><title>\(title)</title>"
                        + "<rect class=\"\(kind.rawValue) forecast\" \(x) y=\"\(HTML.pixels(box.y))\" \(width) height=\"\(HTML.pixels(box.height))\"/>"
                        + SpanChart.hatching(box) + "</g>"
                }
            }
            svg += "\n"
            let centre = start + band / 2
            points.append((centre, y(span.summary.balance)))
            if let label = label(span, index: index) {
                svg += "<text class=\"label\" x=\"\(HTML.pixels(centre))\" y=\"\(HTML.pixels(bottom + 220))\" text-anchor=\"middle\">"
                    + label + "</text>\n"
            }
        }
        let whole = zip(spans, points).filter { !$0.0.isPartial }.map(\.1)
        if !whole.isEmpty {
            svg += "<polyline class=\"balance\" points=\"\(whole.map { "\(HTML.pixels($0.x)),\(HTML.pixels($0.y))" }.joined(separator: " "))\"/>\n"
        }
        for (span, point) in zip(spans, points) {
            svg += "<circle class=\"balance\(span.isPartial ? " partial" : "")\" cx=\"\(HTML.pixels(point.x))\" cy=\"\(HTML.pixels(point.y))\" "
                + "r=\"\(spans.count > SpanChart.named ? 2 : 4)\">"
                + "<title>" + Translation.translated("%s net %s", span.label, money(span.summary.balance)) + "\(SpanChart.note(span))</title></circle>\n"
        }
        return svg + "</svg>"
    }

    /// Lines rising to the right across a box, every six pixels, cut at its
    /// edges: drawn, since a page that fetches nothing has no `url()` to fill by.
    static func hatching(_ box: (x: Int, y: Int, width: Int, height: Int)) -> String {
        var lines = ""
        // Each line is x + y = sum, in the chart's tenths of a pixel.
        for sum in stride(from: box.x + box.y + 30, to: box.x + box.width + box.y + box.height, by: 60) {
            let first = max(box.x, sum - box.y - box.height)
            let last = min(box.x + box.width, sum - box.y)
            guard first < last else { continue }
            lines += "<line class=\"hatch\" x1=\"\(HTML.pixels(first))\" y1=\"\(HTML.pixels(sum - first))\" "
                + "x2=\"\(HTML.pixels(last))\" y2=\"\(HTML.pixels(sum - last))\"/>"
        }
        return lines
    }

    private func money(_ amount: Int128) -> String {
        HTML.text(MoneyFormat.withSymbol(amount, currency))
    }

    /// Up to a dozen spans, each is named under its bars; past that, months
    /// only at each quarter, quarters only at each year, and years every
    /// few: the names must not run into each other.
    static let named = 12

    /// What is written under a span's bars, if anything: `Jul`, `Jan ’17`,
    /// `Q3`, `Q1 ’17`, or `2017`.
    private func label(_ span: ReportSpan, index: Int) -> String? {
        let start = span.range.start
        let everyOne = spans.count <= SpanChart.named
        switch step {
        case .month:
            if everyOne { return SpanChart.shortName(span.label, first: index == 0) }
            return start.month % 3 == 1 ? SpanChart.shortName(span.label, first: index < 3) : nil
        case .quarter:
            if everyOne {
                return start.quarter == 1 || index == 0
                    ? DateWords.quarter(start.quarter, year: String(start.yearText.suffix(2))) : DateWords.quarter(start.quarter)
            }
            return start.quarter == 1 ? start.yearText : nil
        default:
            let yearsPerLabel = (spans.count + SpanChart.named - 1) / SpanChart.named
            return start.year % yearsPerLabel == 0 ? start.yearText : nil
        }
    }

    /// ` (1 of 31 days)` for a span the report has only some days of.
    static func note(_ span: ReportSpan) -> String {
        span.isPartial ? Translation.translated(" (%s)", covered(span)) : ""
    }

    /// `1 of 31 days`: how much of a span the report has.
    static func covered(_ span: ReportSpan) -> String {
        Translation.translated("%d of %d days", span.covered.dayCount, span.range.dayCount)
    }

    /// `Jul`, with the year's last two digits on January and on the first month shown: `Jan ’17`.
    static func shortName(_ label: String, first: Bool) -> String {
        guard let range = DateRange(monthLabel: label) else { return HTML.text(label) }
        let month = range.start.month
        return month == 1 || first ? DateWords.month(month, year: String(label.prefix(4).suffix(2))) : DateWords.month(month)
    }

    /// `10,000`: an axis value, without decimals when it has none.
    static func roundAmount(_ amount: Int128, _ currency: Currency) -> String {
        let text = MoneyFormat.grouped(amount, currency)
        guard amount % Int128(currency.scale) == 0, let point = text.firstIndex(of: ".") else { return text }
        return String(text[..<point])
    }
}

/// Timi's pie: a ring of each category's share, the total in its middle.
struct Donut {
    let pie: ReportPie
    let currency: Currency

    var svg: String {
        let described = pie.kind == .expense ? Translation.translated("Spending by category") : Translation.translated("Income by category")
        var svg = "<svg class=\"donut\" viewBox=\"0 0 220 220\" role=\"img\" aria-label=\"\(described)\">\n"
            + "<circle class=\"ring\" cx=\"110\" cy=\"110\" r=\"80\"/>\n"
        var start = 0
        let slices = pie.slices.enumerated().map { ("slice s\($0.offset)", $0.element, HTML.text($0.element.category)) }
            + (pie.rest.map { [("slice rest", $0, ReportPage.restName(pie.restCategories))] } ?? [])
        for (classes, slice, name) in slices where slice.permille > 0 {
            let title = "<title>\(name) \(HTML.text(MoneyFormat.withSymbol(slice.amount, currency))) (\(slice.share)%)</title>"
            if slice.permille == 1000 {
                svg += "<circle class=\"\(classes)\" cx=\"110\" cy=\"110\" r=\"80\">\(title)</circle>\n"
            } else {
                let end = start + slice.permille
                svg += "<path class=\"\(classes)\" d=\"M\(Donut.point(start)) A80 80 0 \(slice.permille > 500 ? 1 : 0) 1 \(Donut.point(end))\">"
                    + title + "</path>\n"
            }
            start += slice.permille
        }
        svg += "<text class=\"centre amount\" x=\"110\" y=\"112\" text-anchor=\"middle\">"
            + HTML.text(MoneyFormat.withSymbol(pie.total, currency)) + "</text>\n"
        svg += "<text class=\"centre\" x=\"110\" y=\"134\" text-anchor=\"middle\">\(pie.kind.words.shown)</text>\n"
        return svg + "</svg>"
    }

    /// Where the ring is `permille` of the way round, clockwise from the top:
    /// geometry only, from a share already counted in whole tenths of a percent.
    static func point(_ permille: Int) -> String {
        let angle = Double(permille) * Double.pi / 500 - Double.pi / 2
        let x = Int((1100 + 800 * cos(angle)).rounded())
        let y = Int((1100 + 800 * sin(angle)).rounded())
        return HTML.pixels(x) + " " + HTML.pixels(y)
    }
}

/// A category's months as a small line, its highest month marked.
struct Sparkline {
    let amounts: [Int128]

    private let width = 1000
    private let height = 300

    var svg: String {
        let highest = amounts.max() ?? 0
        func y(_ amount: Int128) -> Int {
            highest > 0 ? 260 - Int(amount * 220 / highest) : 260
        }
        func x(_ index: Int) -> Int {
            amounts.count > 1 ? 40 + index * (width - 80) / (amounts.count - 1) : width / 2
        }
        let points = amounts.indices.map { "\(HTML.pixels(x($0))),\(HTML.pixels(y(amounts[$0])))" }
        var svg = "<svg class=\"spark\" viewBox=\"0 0 \(HTML.pixels(width)) \(HTML.pixels(height))\" aria-hidden=\"true\">"
        if amounts.count > 1 { svg += "<polyline points=\"\(points.joined(separator: " "))\"/>" }
        if let peak = amounts.firstIndex(of: highest), highest > 0 {
            svg += "<circle cx=\"\(HTML.pixels(x(peak)))\" cy=\"\(HTML.pixels(y(highest)))\" r=\"2.5\"/>"
        }
        return svg + "</svg>"
    }
}
