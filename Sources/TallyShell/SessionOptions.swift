import TallyCore
import TallyInterchange
import TallyLanguage

/// Preferences of one run of `tally`.
public struct SessionOptions: Sendable {
    public var format: OutputFormat = .table
    public var color = false
    public var assumeYes = false
    public var keepGoing = false
    /// A fixed *today* (`--today`), else the local day when each statement runs.
    public var today: Day?
    /// The currency of a new book that names none.
    public var defaultCurrency = Currency.cny
    /// How the locale writes decimals: with a comma, an amount may be written `25,50`.
    public var decimalMark = DecimalMark.point
    /// How wide tables and charts may be.
    public var width = OutputWidth.columns(80)
    /// Where error messages wrap; nil leaves each on its own lines, unwrapped.
    public var errorWidth: OutputWidth?
    /// Whether long work, such as a large import, shows a progress bar on standard error.
    public var showsProgress = false
    /// Whether each statement of a script is printed before its result (`--echo`).
    public var echo = false
    /// Whether the model holds only the bills each query asks about until a
    /// statement needs them all: `tally -c 'sum … in 2016-07'` reads a month,
    /// not the whole ledger, and the REPL's first prompt waits for no bill.
    public var loadsBillsAsAsked = false
    /// Whether a CSV or JSON export is read and written a stretch of days
    /// at a time rather than from every bill at once.
    public var exportsInStretches = true
    /// The rows a CSV import of more than this many checks and writes at a
    /// time, rather than holding every row and bill at once.
    public var importRowsAPart = ImportInParts.rowsAPart
    /// Whether changes that follow one another in a script or pipe are
    /// committed together, each confirmed once its transaction is.
    public var gathersChanges = false
    /// How long a change waits for another Tally session's long change, such as an import (`--wait`).
    public var waitForOtherSessions = Duration.seconds(600)

    public init() {}
}
