import TallyCore
import TallyLanguage

/// Draws a result in one of the output formats. Every format reads the same
/// value, so they always agree on the numbers.
public struct Renderer: Sendable {
    public let style: Style
    /// The columns a table or chart may take.
    public let width: Int
    /// Whether results are shown on a terminal: CSV then makes each cell safe, as tables do.
    public let forTerminal: Bool
    /// Ctrl-C, which stops the drawing of a long result part way; the text
    /// is then incomplete, `interruption.leftOut` says so, and none of it is shown.
    public let interruption: Interruption?

    public init(style: Style, width: Int = 80, forTerminal: Bool = false, interruption: Interruption? = nil) {
        self.style = style
        self.width = width
        self.forTerminal = forTerminal
        self.interruption = interruption
    }

    /// A bill on one line, `#4  2016-07-01  expense  25.00  food  latte`, as a
    /// question shows the bills it is about, whatever the output format.
    public func line(for bill: BillRow) -> String {
        TableRenderer(style: style, width: width).line(for: bill, after: "")
    }

    public func render(_ result: QueryResult, as format: OutputFormat) -> String {
        switch format {
        case .table: return TableRenderer(style: style, width: width, interruption: interruption).render(result)
        case .chart: return ChartRenderer(style: style, width: width, interruption: interruption).render(result)
        case .csv: return CSVRenderer(forTerminal: forTerminal, interruption: interruption).render(result)
        case .json: return JSONRenderer(interruption: interruption).render(result)
        }
    }
}

/// How a measure reads: machine text for CSV and JSON, grouped digits with a
/// currency symbol for people.
enum MeasureText {
    static func plain(_ measure: Measure) -> String? {
        switch measure {
        case .money(let amount, let currency): return MoneyFormat.plain(amount, currency)
        case .count(let count): return String(count)
        case .none: return nil
        }
    }

    static func human(_ measure: Measure, symbol: Bool) -> String {
        switch measure {
        case .money(let amount, let currency):
            return symbol ? MoneyFormat.withSymbol(amount, currency) : MoneyFormat.grouped(amount, currency)
        case .count(let count): return String(count)
        case .none: return "–"
        }
    }

    static func value(_ measure: Measure) -> Int128 {
        switch measure {
        case .money(let amount, _): return amount
        case .count(let count): return Int128(count)
        case .none: return 0
        }
    }
}
