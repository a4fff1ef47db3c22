import Foundation
import Testing

/// A report as headless Chromium lays it out at a phone's, a laptop's and a
/// wide screen's width, measured from inside a copy of the page (the report
/// itself holds no script). Each width is a frame of one page, since a
/// window is never narrower than 500 pixels; each frame posts what it
/// measured to the page, whose DOM Chromium prints.
struct ReportLayout: Sendable {
    static let widths = [420, 1200, 1920]

    let width: Int
    /// How far the page is wider than the window: nothing should make it scroll sideways.
    let pageOverflow: Double
    /// How far the spending grid is wider than its box.
    let gridOverflow: Double
    /// The grid's cells whose text is wider than the cell.
    let clippedCells: [String]
    /// The grid's totals (a category's, the whole column's) not wholly in the part of its box on screen.
    let hiddenTotals: [String]
    /// The cells of the tables meant to fit the screen (all but the grid and
    /// the budgets, whose names stay in view as they scroll) not wholly on it.
    let hiddenTableCells: [String]
    /// The widest category icon, in pixels.
    let widestIcon: Double
    /// The names under the chart's bars that run into the next one, `Jan ’16 | Feb`.
    let overlappingLabels: [String]

    /// `page` laid out at each of `widths`, with the machine's fonts less any emoji font.
    static func measure(_ page: String, in sandbox: Sandbox) async throws -> [ReportLayout] {
        let measured = try #require(page.range(of: "</body>"), "a page with a body")
        try (page[..<measured.lowerBound] + "<script>\(script)</script>\n" + page[measured.lowerBound...])
            .write(toFile: sandbox.path("measured.html"), atomically: true, encoding: .utf8)
        let frames = widths.map { "<iframe src=\"measured.html\" width=\"\($0)\" height=\"2000\"></iframe>" }.joined(separator: "\n")
        try """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>layout</title></head><body>
        <script>addEventListener("message", event => {
          const p = document.createElement("pre"); p.textContent = event.data; document.body.append(p) })</script>
        \(frames)
        </body></html>
        """.write(toFile: sandbox.path("frames.html"), atomically: true, encoding: .utf8)
        try noEmojiFonts.write(toFile: sandbox.path("fonts.conf"), atomically: true, encoding: .utf8)

        let dump = try await Chromium.run(
            ["--window-size=1940,2000", "--virtual-time-budget=10000", "--dump-dom", "file://" + sandbox.path("frames.html")],
            in: sandbox, environment: ["FONTCONFIG_FILE": sandbox.path("fonts.conf")])
        #expect(dump.status == 0, "\(dump.stderr)")
        let posted = dump.stdout.components(separatedBy: "<pre>").dropFirst().compactMap { $0.components(separatedBy: "</pre>").first }
        let layouts = try posted.map { text in
            let json = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            return try JSONDecoder().decode(ReportLayout.self, from: Data(json.utf8))
        }
        #expect(layouts.map(\.width).sorted() == widths, "\(dump.stdout.suffix(2000))")
        return layouts.sorted { $0.width < $1.width }
    }

    /// The machine's fonts but those for emoji, as on a system that has none.
    static let noEmojiFonts = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
      <selectfont><rejectfont>
        <glob>*[Ee]moji*</glob>
        <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
      </rejectfont></selectfont>
    </fontconfig>
    """

    /// Measures once the page and its fonts are in, and posts the facts to the frames' page.
    static let script = """
    addEventListener("load", () => document.fonts.ready.then(() => {
      const within = (cell, box) => {
        const c = cell.getBoundingClientRect(), b = box.getBoundingClientRect();
        return c.left >= b.left - 0.5 && c.right <= b.right + 0.5;
      };
      const box = document.querySelector("#spending .scroll");
      const cells = box ? [...box.querySelectorAll("td, th")] : [];
      const text = cell => cell.textContent.trim();
      parent.postMessage(JSON.stringify({
        width: innerWidth,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        gridOverflow: box ? box.scrollWidth - box.clientWidth : 0,
        clippedCells: cells.filter(cell => cell.scrollWidth > cell.clientWidth + 0.5).map(text),
        hiddenTotals: box ? [...box.querySelectorAll(".sum")].filter(cell => !within(cell, box)).map(text) : [],
        hiddenTableCells: [...document.querySelectorAll("table:not(.grid):not(.budgets)")].flatMap(table => {
          const shown = table.closest(".scroll") || table.closest("section");
          return [...table.querySelectorAll("td, th")].filter(cell => !within(cell, shown)).map(text);
        }),
        widestIcon: Math.max(0, ...[...document.querySelectorAll(".icon")].map(icon => icon.getBoundingClientRect().width)),
        overlappingLabels: (labels => labels.slice(1).flatMap((label, index) =>
          label.getBoundingClientRect().left < labels[index].getBoundingClientRect().right + 2
            ? [labels[index].textContent + " | " + label.textContent] : []))([...document.querySelectorAll("svg.months text.label")]),
      }), "*");
    }));
    """
}

extension ReportLayout: Decodable {}
