import Foundation
import Glibc
import Testing
import TallyCore

/// `report` through the binary: the page for a small ledger as a golden
/// file, and a generated year's page opened in headless Chromium, whose DOM
/// must hold the numbers Tally's own queries give.
@Suite("Report")
struct ReportTests {
    static let reports: URL = Bundle.module.url(forResource: "Reports", withExtension: nil)!

    /// Regenerate after a reviewed change to the page with
    ///
    ///     cd Tests/EndToEndTests/Reports && rm -f small.html /tmp/small.db && \
    ///       ../../../.build/debug/tally --db /tmp/small.db --today 2016-07-20 small.tally 2>/dev/null
    @Test("the page of a small fixed ledger is the golden one")
    func goldenPage() async throws {
        try await withSandbox { sandbox in
            let script = Self.reports.appendingPathComponent("small.tally").path
            let run = try await sandbox.tally([script], in: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasSuffix("wrote the report of 2016 (26 bills) to small.html (35 KiB)\n"), "\(run)")
            let page = try String(contentsOfFile: sandbox.path("small.html"), encoding: .utf8)
            let golden = try String(contentsOf: Self.reports.appendingPathComponent("small.html"), encoding: .utf8)
            #expect(page == golden, "\(firstDifference(page, golden))")
        }
    }

    @Test("a report replaces a file, an earlier report too, only with overwrite, as export does, and adds .html to its name")
    func replacesOnlyWithOverwrite() async throws {
        try await withSandbox { sandbox in
            let first = try await sandbox.tally(["-c", "-25 food lunch on 2016-07-01", "-c", "report to summer"], in: sandbox.url)
            #expect(first.stdout.contains("\nwrote the report of 2016 (1 bill) to summer.html ("), "\(first)")
            let again = try await sandbox.tally(["-c", "-5 food tea on 2016-07-02", "-c", "report 2016-07 to summer.html"], in: sandbox.url)
            #expect(again.status == 1)
            #expect(again.stderr.hasPrefix("error: 'summer.html' exists already; add 'overwrite' to replace it\n"), "\(again)")
            let replaced = try await sandbox.tally(["-c", "report 2016-07 to summer overwrite"], in: sandbox.url)
            #expect(replaced.status == 0 && replaced.stdout.contains("wrote the report of 2016-07 (2 bills) to summer.html"), "\(replaced)")
            #expect(try String(contentsOfFile: sandbox.path("summer.html"), encoding: .utf8).contains("<h1>2016-07</h1>"))

            try "my own notes\n".write(toFile: sandbox.path("notes.html"), atomically: true, encoding: .utf8)
            let refused = try await sandbox.tally(["-c", "report to notes.html"], in: sandbox.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: 'notes.html' exists already; add 'overwrite' to replace it\n"), "\(refused)")
            #expect(try String(contentsOfFile: sandbox.path("notes.html"), encoding: .utf8) == "my own notes\n")
        }
    }

    @Test("a name that is a device, a named pipe, a folder or a link to a device is refused, and nothing is written beside it")
    func refusesFilesThatAreNotRegular() async throws {
        try await withSandbox { sandbox in
            #expect(mkfifo(sandbox.path("pipe"), 0o600) == 0)
            try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: sandbox.path("link"), withDestinationPath: "/dev/null")
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path))
            // Another program may have left one; then only the sandbox's files can tell.
            let nullPageBefore = FileManager.default.fileExists(atPath: "/dev/null.html")
            let names = [("/dev/null", "a device"), ("pipe", "a named pipe"), ("folder", "a folder"), ("link", "a device")]
            for (name, kind) in names {
                let run = try await sandbox.tally(["-c", "-25 food lunch on 2016-07-01", "-c", "report to \(name)"], in: sandbox.url)
                #expect(run.status == 1)
                #expect(run.stderr.hasPrefix(
                    "error: '\(name)' is \(kind), not a file a report can be written to; give a file's name, such as 2016.html\n"), "\(run)")
            }
            #expect(nullPageBefore || !FileManager.default.fileExists(atPath: "/dev/null.html"))
            let after = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path))
            #expect(after.subtracting(before).filter { $0.hasSuffix(".html") }.isEmpty, "\(after)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("folder")).isEmpty)
        }
    }

    // MARK: In a browser

    /// A year of 10,000 bills in 2016: fourteen expense categories (four of
    /// them markup or Chinese), three of income, remarks and places that try
    /// to make elements.
    static func generatedCSV() -> String {
        let expenses = ["food", "transport", "clothes", "drinks", "snacks", "housing", "household", "medical", "online", "topup",
                        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "餐饮", "a'b&c"]
        let incomes = ["salary", "bonus", "redpacket"]
        let remarks = ["lunch", "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "面条", "coffee & cake"]
        var random = SeededRandom(seed: 20_161_231)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var lines = ["date,kind,amount,category,remark,place"]
        for _ in 0..<10_000 {
            let income = below(12) == 0
            // Squared, so categories differ in size as real spending does.
            let pick = below(expenses.count) * (below(expenses.count) + 1) / expenses.count
            let category = income ? incomes[below(incomes.count)] : expenses[pick]
            let amount = income ? below(900_000) + 100 : below(40_000) + 1
            let day = Day(iso: "2016-01-01")!.adding(days: below(366))
            let fields = [day.iso, income ? "income" : "expense", MoneyFormat.plain(amount, .cny), category,
                          remarks[below(remarks.count)], below(4) == 0 ? remarks[below(remarks.count)] : ""]
            lines.append(fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("headless Chromium shows the numbers sum and count give, and nothing the ledger wrote became an element")
    func inChromium() async throws {
        try await withSandbox { sandbox in
            try Self.generatedCSV().write(toFile: sandbox.path("year.csv"), atomically: true, encoding: .utf8)
            let made = try await sandbox.tally(["-c", "import year.csv create categories", "-c", "report 2016 to year"], in: sandbox.url)
            #expect(made.status == 0 && made.stdout.contains("wrote the report of 2016 (10000 bills) to year.html"), "\(made)")
            let file = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("year.html")))
            let source = String(decoding: file, as: UTF8.self)
            #expect(file.count < 1_000_000, "\(file.count) bytes")
            #expect(!source.lowercased().contains("<script") && !source.contains("http://") && !source.contains("https://"))

            let dump = try await Chromium.run(["--dump-dom", "file://" + sandbox.path("year.html")], in: sandbox)
            #expect(dump.status == 0, "\(dump.stderr)")
            let dom = dump.stdout
            let json = try await Queries(sandbox: sandbox)

            // The header.
            #expect(Self.amount(dom, after: "<dd id=\"income\">") == (try await json.one("sum income in 2016")))
            #expect(Self.amount(dom, after: "<dd id=\"expense\">") == (try await json.one("sum expense in 2016")))
            #expect(Self.amount(dom, after: "<dd id=\"balance\">") == (try await json.one("sum net in 2016")))

            // Every month's income and expense.
            let income = try await json.groups("sum income in 2016 by month", key: "month")
            let expense = try await json.groups("sum expense in 2016 by month", key: "month")
            #expect(income.count == 12 && expense.count == 12)
            for (month, amount) in income {
                let row = try #require(Self.element(dom, startingWith: "<tr data-month=\"\(month)\">"), "\(month)")
                #expect(Self.amount(row, after: "<td class=\"income\">") == amount, "\(month)")
                #expect(Self.amount(row, after: "<td class=\"expense\">") == expense[month], "\(month)")
            }

            // Each slice of the spending pie: the largest ten by name, then the rest.
            let byCategory = try await json.rows("sum expense in 2016 by category", key: "category")
            let pie = try #require(Self.element(dom, startingWith: "<figure class=\"pie expense\">"))
            let slices = Self.elements(pie, startingWith: "<tr class=\"slice\">")
            #expect(slices.count == 11)
            var permilles: [Int] = []
            for (index, slice) in slices.enumerated() {
                let amount = try #require(Self.amount(slice, after: "<td class=\"amount\">"))
                let expected = index < 10 ? byCategory[index].amount : byCategory.dropFirst(10).reduce(0) { $0 + $1.amount }
                #expect(amount == expected, "slice \(index)")
                if index < 10 {
                    // The name follows the swatch and the icon.
                    let name = slice.components(separatedBy: "</th>")[0].components(separatedBy: "</span>").last
                    #expect(name == Self.domText(byCategory[index].name), "slice \(index)")
                } else {
                    #expect(Self.text(slice, after: "<em>", upTo: "</em>") == "other (\(byCategory.count - 10) categories)")
                }
                let share = try #require(Self.text(slice, after: "<td class=\"share\">", upTo: "%</td>"))
                let permille = try #require(Int(share.replacingOccurrences(of: ".", with: "")))
                // Its exact share of the whole, to a tenth of a percent, rounded down or up.
                let total = try #require(try await json.one("sum expense in 2016"))
                #expect(permille * total >= amount * 1000 - total && permille * total <= amount * 1000 + total, "slice \(index): \(share)%")
                permilles.append(permille)
            }
            #expect(permilles.reduce(0, +) == 1000)

            // Nothing the ledger wrote made an element: the browser holds the
            // elements the page wrote, none of them a script or an image, and
            // the markup in remarks and names shows as text.
            #expect(Self.elementNames(dom) == Self.elementNames(source))
            #expect(Set(Self.elementNames(dom)).isSubset(of: Self.pageElements), "\(Set(Self.elementNames(dom)).subtracting(Self.pageElements))")
            #expect(!Self.tags(dom).contains { $0.contains("onerror") || $0.contains("src=") })
            #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && dom.contains("\"&gt;&lt;img src=x onerror=alert(1)&gt;"))

            // A screenshot with something on it: far more to compress than an empty page of the same size.
            let shot = try await Chromium.run(["--screenshot=" + sandbox.path("year.png"), "--window-size=1100,2400", "file://" + sandbox.path("year.html")], in: sandbox)
            #expect(shot.status == 0, "\(shot.stderr)")
            try "<!DOCTYPE html><title>empty</title>".write(toFile: sandbox.path("empty.html"), atomically: true, encoding: .utf8)
            let blank = try await Chromium.run(["--screenshot=" + sandbox.path("empty.png"), "--window-size=1100,2400", "file://" + sandbox.path("empty.html")], in: sandbox)
            #expect(blank.status == 0, "\(blank.stderr)")
            let picture = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("year.png")))
            let empty = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("empty.png")))
            #expect(picture.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(picture.count > 20 * empty.count, "\(picture.count) bytes against \(empty.count) for an empty page")
        }
    }

    /// Every element the report's page is made of.
    static let pageElements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p", "dl", "div", "dt", "dd", "main", "section",
        "span", "svg", "line", "text", "rect", "polyline", "circle", "path", "table", "thead", "tbody", "tfoot", "tr", "th", "td",
        "figure", "figcaption", "em", "ol", "ul", "li", "time", "footer",
    ]

    /// The names of the elements opened in `html`, in order.
    static func elementNames(_ html: String) -> [String] {
        var names: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isLetter || $0.isNumber }
            if !name.isEmpty { names.append(name.lowercased()) }
        }
        return names
    }

    /// Each start tag of `html` whole, attributes and all; a `>` inside quotes does not end one.
    static func tags(_ html: String) -> [String] {
        var tags: [String] = []
        var index = html.startIndex
        while let open = html[index...].firstIndex(of: "<") {
            var end = html.index(after: open)
            guard end < html.endIndex, html[end].isLetter else { index = end; continue }
            var quote: Character?
            while end < html.endIndex, quote != nil || html[end] != ">" {
                if let open = quote { if html[end] == open { quote = nil } } else if html[end] == "\"" || html[end] == "'" { quote = html[end] }
                end = html.index(after: end)
            }
            tags.append(String(html[open..<end]))
            index = end
        }
        return tags
    }

    /// The element that starts with `start`, up to the end of its line (the page writes each row on a line of its own)
    /// or, for a figure, up to its end.
    static func element(_ html: String, startingWith start: String) -> String? {
        guard let found = html.range(of: start) else { return nil }
        let end = start.hasPrefix("<figure") ? "</figure>" : "\n"
        let close = html.range(of: end, range: found.upperBound..<html.endIndex)?.lowerBound ?? html.endIndex
        return String(html[found.lowerBound..<close])
    }

    static func elements(_ html: String, startingWith start: String) -> [String] {
        html.components(separatedBy: start).dropFirst().map { start + ($0.components(separatedBy: "</tr>").first ?? "") }
    }

    static func text(_ html: String, after start: String, upTo end: String) -> String? {
        guard let found = html.range(of: start), let close = html.range(of: end, range: found.upperBound..<html.endIndex) else { return nil }
        return String(html[found.upperBound..<close.lowerBound])
    }

    /// An amount as the page shows it (`¥1,234.50`), in minor units.
    static func amount(_ html: String, after start: String) -> Int? {
        guard let text = text(html, after: start, upTo: "<") else { return nil }
        return Int(text.filter { $0.isNumber || $0 == "-" })
    }

    /// How a browser writes text back out: only &, < and > escaped.
    static func domText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Tally's own answers, as JSON, in minor units.
struct Queries {
    let sandbox: Sandbox

    init(sandbox: Sandbox) async throws {
        self.sandbox = sandbox
    }

    func json(_ statement: String) async throws -> Any {
        let run = try await sandbox.tally(["--format", "json", "-c", statement])
        #expect(run.status == 0, "\(run)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    }

    static func minor(_ text: Any?) -> Int? {
        (text as? String).flatMap { Int($0.replacingOccurrences(of: ".", with: "")) }
    }

    func one(_ statement: String) async throws -> Int? {
        Queries.minor((try await json(statement) as? [String: Any])?["sum"])
    }

    func rows(_ statement: String, key: String) async throws -> [(name: String, amount: Int)] {
        let rows = try await json(statement) as? [[String: Any]] ?? []
        return rows.map { ($0[key] as? String ?? "", Queries.minor($0["sum"]) ?? 0) }
    }

    func groups(_ statement: String, key: String) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await rows(statement, key: key).map { ($0.name, $0.amount) })
    }
}

/// Debian's headless Chromium, as `make test` installs it.
enum Chromium {
    static func run(_ arguments: [String], in sandbox: Sandbox, environment: [String: String?] = [:]) async throws -> Run {
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
                     "--user-data-dir=" + sandbox.path("chromium")]
        return try await Tool.run("chromium", flags + arguments, in: sandbox, environment: environment)
    }
}
