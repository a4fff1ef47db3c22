import TallyCore

/// Which of the ledger's bills a statement reads: those of `days` (every
/// day's when nil), whole or with their numbers alone. A session may hold
/// only these, so `tally -c 'sum … in 2016-07'` reads a month, not the ledger.
public struct BillsRead: Equatable, Sendable {
    public let days: DateRange?
    /// Whether remarks, places and tags are read too.
    public let texts: Bool
    /// Whether, over every day, the sources of imported bills are read too:
    /// only an import asks after them, and at a million bills decoding them
    /// took more than half of a cold question of remarks.
    public let importSources: Bool

    public init(days: DateRange?, texts: Bool, importSources: Bool = true) {
        self.days = days
        self.texts = texts
        // A read of some days never takes them: an import reads every day.
        self.importSources = importSources && days == nil
    }

    public static let all = BillsRead(days: nil, texts: true)
    public static let none = BillsRead(days: .nothing, texts: true)

    /// Whether any bill is read at all.
    public var readsBills: Bool {
        days.map { !$0.isEmpty } ?? true
    }

    /// Whether holding these bills, a statement that reads `needed` has them all.
    public func covers(_ needed: BillsRead) -> Bool {
        guard texts || !needed.texts else { return false }
        guard importSources || !needed.importSources else { return false }
        guard let days else { return true }
        guard let wanted = needed.days else { return false }
        return wanted.isEmpty || (!days.isEmpty && days.start <= wanted.start && wanted.end <= days.end)
    }
}

extension Statement {
    /// The bills the statement reads: a query or report over a bounded period
    /// reads those days', and a query that reads no remark, place or tag
    /// only the bills' numbers; a saved statement's name, `changes`, `help`
    /// and `quit` read none (what a saved statement runs reads what it needs),
    /// nor do `undo` and `redo`, which read the bills they replay from the
    /// file, nor does setting what is the session's own, such as the pager;
    /// a new bill reads none, or where budgets are kept, the bills of its month,
    /// to say when it takes one past its limit. Every other statement, and
    /// every other change, reads the whole ledger. In a ledger
    /// that `keepsAccounts` a report shows their balances at its end, which
    /// every bill up to then makes: it reads those too.
    public func billsRead(today: Day, weekStart: WeekStart, keepsAccounts: Bool = false, keepsBudgets: Bool = false) -> BillsRead {
        func days(of period: PeriodSpec) -> DateRange? {
            let asked = period.resolve(today: today, weekStart: weekStart)
            let days = DateRange(start: max(asked.start, .first), end: min(asked.end, .last))
            return days == DateRange(start: .first, end: .last) ? nil : days
        }
        switch self {
        case .ledger(.query(let query)):
            // A forecast's bills are put among those held, which takes them whole.
            return BillsRead(
                days: query.period.flatMap { days(of: $0.value) }, texts: query.readsTexts || query.withForecast, importSources: false)
        case .ledger(.report(let options)):
            let period = days(of: options.period?.value ?? ReportOptions.defaultPeriod)
            guard keepsAccounts else { return BillsRead(days: period, texts: true, importSources: false) }
            return BillsRead(
                days: period.flatMap { $0.end < .last ? DateRange(start: .first, end: $0.end) : nil }, texts: true, importSources: false)
        case .ledger(.add(let add)):
            guard keepsBudgets else { return .none }
            return BillsRead(days: DateRange.month(containing: add.date?.value.resolve(today: today) ?? today), texts: true)
        case .ledger(.converted):
            return .all
        case .ledger(.formatted(let view, _)):
            return Statement.ledger(view).billsRead(today: today, weekStart: weekStart, keepsAccounts: keepsAccounts, keepsBudgets: keepsBudgets)
        case .ledger(.set(let name, _)) where Setting(named: name.value)?.isLedgers != true:
            return .none
        case .session(.runSaved), .session(.changes), .session(.help), .session(.quit):
            return .none
        case .session(.undo), .session(.redo):
            // What the change names is read from the file as it is replayed (`LedgerStore.undo`).
            return .none
        default:
            return .all
        }
    }
}
