/// The report's look, inline in the page. One palette readable by people who
/// do not tell red from green (Okabe and Ito's blue and orange for income and
/// expense, Paul Tol's muted set for categories), in light and dark, and a
/// print sheet for A4.
enum ReportStylesheet {
    /// For a page in another language than English, which may be Chinese:
    /// Chinese breaks a line between any two characters, so a short remark
    /// would otherwise stand a character to a line in a narrow column.
    static let translated = "td.remark { min-width: 4em; }\n"

    static let css = """
    :root {
      color-scheme: light dark;
      --page: #fbfaf7; --card: #ffffff; --ink: #1d1d1f; --soft: #5f6368; --rule: #e3e1dc; --grid: #ecebe7;
      --income: #0072b2; --expense: #e69f00; --balance: #1d1d1f;
      --s0: #332288; --s1: #88ccee; --s2: #44aa99; --s3: #117733; --s4: #999933;
      --s5: #ddcc77; --s6: #cc6677; --s7: #882255; --s8: #aa4499; --s9: #ee8866; --rest: #bbbbbb;
      --ring: #f0efeb;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --page: #17181a; --card: #212226; --ink: #ececec; --soft: #a3a7ad; --rule: #34363b; --grid: #2c2e33;
        --income: #56b4e9; --expense: #e69f00; --balance: #ececec;
        --s0: #7766cc; --s7: #cc4477; --rest: #777777; --ring: #2c2e33;
      }
    }
    /* An icon is drawn only in an emoji font, which a page can name but not
       bring along: a font without the glyph would draw an empty box before
       each name. So an icon is set at a sixteenth of the text's size and the
       emoji fonts' glyphs scaled back up; any other font's box is a speck.
       The space after the icon is the emoji font's too, scaled less, as the
       emoji fonts' spaces are wide. */
    @font-face { font-family: "Tally Emoji"; size-adjust: 1600%; src: \(emoji); }
    @font-face { font-family: "Tally Emoji"; size-adjust: 400%; unicode-range: U+20; src: \(emoji); }
    .icon { font-family: "Tally Emoji"; font-size: 6.25%; }
    * { box-sizing: border-box; }
    body {
      margin: 0 auto; max-width: 1280px; padding: 24px 20px 40px; background: var(--page); color: var(--ink);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial,
        "PingFang SC", "Hiragino Sans GB", "Hiragino Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans SC",
        "Microsoft YaHei", "Yu Gothic", "Malgun Gothic", "WenQuanYi Micro Hei", sans-serif,
        "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji";
    }
    h1 { font-size: 34px; margin: 0; letter-spacing: -0.5px; }
    h2 { font-size: 18px; margin: 0 0 12px; }
    header, section { background: var(--card); border: 1px solid var(--rule); border-radius: 12px; padding: 18px 20px; margin: 0 0 18px; }
    .books, .key, footer, .none { color: var(--soft); margin: 4px 0 0; }
    .key { margin: 0 0 8px; font-size: 13px; }
    footer { text-align: center; font-size: 12px; }
    .totals { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin: 16px 0 0; }
    .total { border-left: 4px solid var(--rule); padding: 2px 0 2px 10px; }
    .total.income { border-color: var(--income); }
    .total.expense { border-color: var(--expense); }
    .total.balance { border-color: var(--balance); }
    dt { color: var(--soft); font-size: 13px; }
    dd { margin: 0; font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
    svg { display: block; font-family: inherit; }
    svg.months { width: 100%; height: auto; margin: 4px 0 12px; }
    .months text { font-size: 13px; fill: var(--soft); }
    .months .tick { font-size: 12px; }
    line.grid { stroke: var(--grid); stroke-width: 1.5; }
    line.zero { stroke: var(--soft); stroke-width: 2; }
    rect.income, .swatch.income { fill: var(--income); background: var(--income); }
    rect.expense, .swatch.expense { fill: var(--expense); background: var(--expense); }
    polyline.balance { fill: none; stroke: var(--balance); stroke-width: 2.5; stroke-dasharray: 8 5; }
    circle.balance { fill: var(--card); stroke: var(--balance); stroke-width: 2; }
    rect.partial { fill-opacity: 0.35; }
    rect.income.forecast, rect.expense.forecast { fill: none; stroke-width: 1; }
    g.income.forecast { stroke: var(--income); }
    g.expense.forecast { stroke: var(--expense); }
    line.hatch { stroke-width: 1.6; }
    .timeline li.forecast { opacity: 0.6; font-style: italic; }
    .swatch.forecast { background: repeating-linear-gradient(45deg, var(--expense) 0 3px, transparent 3px 6px); }
    circle.balance.partial { stroke-dasharray: 2 2; }
    .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 3px; margin: 0 5px 0 8px; vertical-align: -1px; }
    .swatch:first-child { margin-left: 0; }
    .swatch.balance { height: 0; border-top: 3px dashed var(--balance); border-radius: 0; vertical-align: 3px; }
    .swatch.partial { background: linear-gradient(90deg, var(--income) 50%, var(--expense) 50%); opacity: 0.35; }
    .days { display: block; color: var(--soft); font-size: 11px; font-weight: 400; }
    .pies { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
    figure { margin: 0; }
    figcaption { font-weight: 600; margin-bottom: 6px; }
    svg.donut { width: 200px; height: 200px; margin: 0 auto 10px; }
    .ring { fill: none; stroke: var(--ring); stroke-width: 34; }
    .slice { fill: none; stroke-width: 34; }
    .centre { fill: var(--soft); font-size: 13px; }
    .centre.amount { fill: var(--ink); font-size: 17px; font-weight: 600; }
    \(slices)
    table { border-collapse: collapse; width: 100%; font-size: 13.5px; font-variant-numeric: tabular-nums; }
    th, td { padding: 4px 8px; border-bottom: 1px solid var(--grid); }
    th { text-align: left; font-weight: 500; white-space: nowrap; }
    thead th { color: var(--soft); font-weight: 500; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
    tfoot th, tfoot td { font-weight: 600; border-bottom: 0; border-top: 1px solid var(--rule); }
    td { text-align: right; white-space: nowrap; }
    .numbers thead th:not(:first-child), .legend thead th:not(:first-child), .budgets thead th:not(:first-child) { text-align: right; }
    td.zero { color: var(--soft); }
    td.remark { text-align: left; white-space: normal; }
    .numbers.bills thead th:not(:last-child), .numbers.bills td { text-align: left; }
    .numbers.bills td.amount { text-align: right; }
    .numbers.bills td.date { white-space: normal; }
    .numbers.bills td.date span { white-space: nowrap; }
    .key .part { white-space: nowrap; }
    .scroll { overflow-x: auto; }
    .grid, .budgets { font-size: 12px; }
    .grid td, .grid th, .budgets td, .budgets th { padding: 4px 4px; }
    /* Where the grid is wider than the screen, the names and totals stay in view and the months scroll between them. */
    .grid th:first-child, .grid .sum, .budgets th:first-child { position: sticky; background: var(--card); }
    .grid th:first-child, .budgets th:first-child { left: 0; box-shadow: inset -1px 0 var(--grid); }
    .grid .sum { right: 0; box-shadow: inset 1px 0 var(--grid); }
    .sum { font-weight: 600; }
    svg.spark { width: 56px; height: 20px; }
    .spark polyline { fill: none; stroke: var(--expense); stroke-width: 1.6; stroke-linejoin: round; }
    .spark circle { fill: var(--ink); }
    .progress { min-width: 52px; }
    .bar { display: block; height: 6px; border-radius: 3px; background: var(--grid); overflow: hidden; }
    .bar span { display: block; height: 100%; background: var(--income); }
    .over .bar span {
      background: repeating-linear-gradient(135deg, var(--expense) 0 4px, var(--ink) 4px 6px);
    }
    .pct { font-size: 11px; color: var(--soft); }
    .over .pct { color: var(--ink); font-weight: 600; }
    ol.timeline { list-style: none; margin: 0; padding: 0;
      background: linear-gradient(var(--rule), var(--rule)) center / 2px 100% no-repeat; }
    ol.timeline > li { display: grid; grid-template-columns: 1fr 64px 1fr; align-items: start; padding: 6px 0; }
    .day { text-align: center; background: var(--card); border: 2px solid var(--rule); border-radius: 10px; padding: 2px 0; font-size: 12px; }
    .day time { display: block; font-weight: 600; font-size: 13px; }
    .day span { color: var(--soft); }
    .out, .in { padding: 0 14px; font-size: 13.5px; }
    .out { text-align: right; }
    .out ul, .in ul { list-style: none; margin: 0; padding: 0; }
    .subtotal { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
    .out .subtotal { color: var(--ink); border-right: 3px solid var(--expense); padding-right: 6px; }
    .in .subtotal { color: var(--ink); border-left: 3px solid var(--income); padding-left: 6px; }
    .what { color: var(--soft); }
    .timeline .amount { font-variant-numeric: tabular-nums; }
    .more { color: var(--soft); font-style: italic; }
    .place, .tags { color: var(--soft); }
    .legend th { white-space: normal; }
    @media (max-width: 700px) {
      body { padding: 12px 8px 24px; }
      header, section { padding: 14px 12px; }
      .totals { grid-template-columns: 1fr 1fr; }
      dd { font-size: 18px; }
      .pies { grid-template-columns: 1fr; }
      svg.months { min-width: 560px; }
      #months table { font-size: 12px; }
      #months th, #months td { padding: 4px 3px; }
    }
    @media print {
      :root { color-scheme: light; --page: #ffffff; --card: #ffffff; --ink: #000000; --soft: #444444; --rule: #bbbbbb; --grid: #dddddd;
        --income: #0072b2; --expense: #e69f00; --balance: #000000; --s0: #332288; --s7: #882255; --rest: #bbbbbb; --ring: #eeeeee; }
      @page { size: A4; margin: 14mm 12mm; }
      * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
      body { max-width: none; padding: 0; font-size: 10pt; }
      header, section { border: 0; border-radius: 0; padding: 0; margin: 0 0 8mm; break-inside: avoid; }
      #spending, #timeline { break-inside: auto; }
      tr, ol.timeline > li { break-inside: avoid; }
      .scroll { overflow: visible; }
      .grid th:first-child, .grid .sum, .budgets th:first-child { position: static; }
      table { font-size: 8.5pt; }
      .grid td, .grid th { padding: 2px 3px; }
      svg.spark { width: 60px; }
    }

    """

    /// The emoji fonts of Apple's, Microsoft's and Google's systems, and of Firefox, by their full and PostScript names.
    private static let emoji = ["Apple Color Emoji", "AppleColorEmoji", "Segoe UI Emoji", "SegoeUIEmoji", "Noto Color Emoji", "NotoColorEmoji",
                                "Twemoji Mozilla"].map { "local(\"\($0)\")" }.joined(separator: ", ")

    /// Each slice's colour, as its ring segment and its legend's swatch.
    private static var slices: String {
        (0..<10).map { ".s\($0) { stroke: var(--s\($0)); background: var(--s\($0)); }" }.joined(separator: "\n")
            + "\n.rest { stroke: var(--rest); background: var(--rest); }"
    }
}
