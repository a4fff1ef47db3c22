import TallyCore

/// One statement of the language, as the parser read it, split by who runs
/// it, the way sqlite3 keeps SQL apart from its dot-commands.
public enum Statement: Sendable {
    /// Answered from the ledger by the evaluator.
    case ledger(LedgerStatement)
    /// Run by the session itself: they read files, replay the undo history
    /// or steer the session, which the evaluator cannot.
    case session(SessionStatement)
}

/// The statements the evaluator answers: queries, views and changes.
public enum LedgerStatement: Sendable {
    case query(Query)
    case add(AddBill)
    case edit(id: Located<Int64>, assignments: [Assignment])
    /// The same fields set on every bill the condition and period pick, as one change.
    case editWhere(condition: Condition?, period: Located<PeriodSpec>?, assignments: [Assignment])
    case deleteBills(ids: [Located<Int64>])
    case deleteWhere(condition: Condition?, period: Located<PeriodSpec>?)
    case books
    case categories(kind: Kind?, listing: CategoryListing)
    case bookAdd(name: Located<String>, currency: Located<String>?)
    case bookUse(name: Located<String>)
    case bookRename(old: Located<String>, new: Located<String>)
    case bookDelete(name: Located<String>, into: Located<String>?)
    case categoryAdd(name: Located<String>, kind: Kind, icon: String?, aliases: [Located<String>])
    case categoryRename(old: Located<String>, new: Located<String>)
    case categoryMerge(old: Located<String>, into: Located<String>)
    case categoryDelete(name: Located<String>, into: Located<String>?)
    case categoryIcon(name: Located<String>, icon: Located<String>)
    /// `category alias` (adding) and `category unalias`.
    case categoryAliases(name: Located<String>, aliases: [Located<String>], adding: Bool)
    /// `category archive` (archiving) and `category unarchive`.
    case categoryArchive(name: Located<String>, archiving: Bool)
    /// `category move NAME to N`: the category becomes the Nth of its kind.
    case categoryPosition(name: Located<String>, to: Located<Int>)
    /// `tag rename OLD NEW`: on every bill of every book.
    case tagRename(old: Located<String>, new: Located<String>)
    case set(name: Located<String>, value: Located<String>)
    /// `save NAME(PARAMETER, …) STATEMENT`: the statement as written, its
    /// parameters' names still in it; `calls` is the saved statement it runs, if it runs one.
    case save(name: Located<String>, parameters: [Located<String>], statement: String, calls: Located<String>?)
    case saved
    case forget(name: Located<String>)
    /// Timi's home screen: the period's income, expense and balance, then its
    /// days, newest first.
    case timeline(period: Located<PeriodSpec>?)
    /// Each category's share of the period's spending (or income).
    case pie(kind: Kind, period: Located<PeriodSpec>?)
    /// Each month of a year with bills: income, expense, balance.
    case months(year: Located<Int>?)
    /// One category's bills, month by month.
    case detail(category: Located<String>, period: Located<PeriodSpec>?)
    /// One bill in full.
    case show(id: Located<Int64>)
    /// Bills whose remark, place, category or tags hold the text.
    case search(text: Located<String>, period: Located<PeriodSpec>?)
    /// `budget food 500`: a monthly budget in the current book.
    case budgetSet(target: BudgetTarget, amount: AmountExpression)
    /// `budget food off`.
    case budgetOff(target: BudgetTarget)
    /// `budget [PERIOD]`: a month's budgets and what was spent against them.
    case budgetReport(period: Located<PeriodSpec>?)
    case attachments(id: Located<Int64>)
    /// A bill's photo written back to a file.
    case extract(id: Located<Int64>, number: Located<Int>, file: Located<String>, overwrites: Bool)
    case detach(id: Located<Int64>, number: Located<Int>)
    /// Bills written to a file, in the format its extension names.
    case export(ExportOptions)
    /// A period at a glance, written to an HTML page.
    case report(ReportOptions)
    /// The import profiles, built in and the ledger's.
    case profiles
    case profileShow(name: Located<String>)
    /// `profile add NAME SETTINGS`: the settings as written, checked by the parser.
    case profileAdd(name: Located<String>, settings: String)
    case profileDelete(name: Located<String>)
    case rules
    /// `rule CONDITION => ACTIONS`: the rule as written after `rule`, and as read.
    case ruleAdd(RuleSpec, text: String)
    case ruleDelete(id: Located<Int64>)
    /// `rule move #R to N`: the rule becomes the Nth to apply.
    case ruleMove(id: Located<Int64>, to: Located<Int>)
    case recurring(RecurringStatement)
    case accounts(AccountStatement)
    /// `rate USD 7.12 CNY on DATE`: today when no day is given.
    case rateSet(base: Located<String>, rate: Located<ExactNumber>, quote: Located<String>, day: Located<DateSpec>?)
    case rates
    /// A view shown as `as FORMAT` says: `pie as json`.
    indirect case formatted(LedgerStatement, as: OutputFormat)
    /// A view with every amount in one currency: `timeline in USD`.
    indirect case converted(LedgerStatement, to: Located<String>)

    /// Whether the statement may change the ledger, and so is evaluated
    /// under the write lock, from what the file holds then.
    public var changesLedger: Bool {
        switch self {
        case .add, .edit, .editWhere, .deleteBills, .deleteWhere, .bookAdd, .bookUse, .bookRename, .bookDelete,
             .categoryAdd, .categoryRename, .categoryMerge, .categoryDelete, .categoryIcon, .categoryAliases,
             .categoryArchive, .categoryPosition, .tagRename, .save, .forget,
             .budgetSet, .budgetOff, .detach, .profileAdd, .profileDelete, .ruleAdd, .ruleDelete, .ruleMove, .rateSet:
            return true
        case .formatted(let view, _), .converted(let view, _):
            return view.changesLedger
        case .recurring(let statement):
            return statement.changesLedger
        case .accounts(let statement):
            return statement.changesLedger
        case .set(let name, _):
            return Setting(named: name.value)?.isLedgers == true
        case .query, .books, .categories, .saved, .timeline, .pie, .months, .detail, .show, .search,
             .budgetReport, .attachments, .extract, .export, .report, .profiles, .profileShow, .rules, .rates:
            return false
        }
    }
}

/// Which categories `categories` lists: those in use unless it says otherwise.
public enum CategoryListing: Sendable {
    case inUse
    /// `categories all`: archived ones too, marked.
    case all
    /// `categories archived`: only those.
    case archived
}

/// The statements the session runs itself.
public enum SessionStatement: Sendable {
    /// `undo` or `undo N`: the newest change, or N of them in one go.
    case undo(steps: Located<Int>?)
    case redo(steps: Located<Int>?)
    /// `changes` (`history`): the newest changes of the undo history, at most `limit`.
    case changes(limit: Located<Int>?)
    case help(topic: Located<String>?)
    case quit
    /// `add` alone: the REPL asks for each field in turn.
    case guidedAdd
    /// `run NAME` or `run FILE`: a saved statement when one has that name, else a script file.
    case run(target: Located<String>)
    /// A saved statement's name, with a value for each of its parameters,
    /// and the format its results take instead of their own.
    case runSaved(name: Located<String>, values: [Located<String>], format: OutputFormat?)
    case about
    /// Reads the whole ledger file and says whether it is sound.
    case check
    /// A photo from a file onto a bill.
    case attach(id: Located<Int64>, file: Located<String>)
    /// Bills from a CSV file: every row, or none.
    case importFile(ImportOptions)
    /// Exchange rates from a CSV file of date, currency, rate and (unless the home currency is meant) in.
    case importRates(file: Located<String>)
    /// A copy of the whole ledger in a new file.
    case backup(file: Located<String>, overwrites: Bool)
}
