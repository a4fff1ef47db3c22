import TallyCore

/// What a statement did, as data: a table says it in `text`, JSON gives its
/// `facts`, each from this one place.
public enum Done: Sendable, Equatable {
    /// An edit that changed nothing, so made no undo step.
    case unchanged(bill: Int64)
    /// An `edit where` whose bills all have its values already.
    case allUnchanged(count: Int)
    case nothingMatched(WhereVerb)
    /// Bills deleted, named by id when the statement named them, else counted.
    case deleted(ids: [Int64], namedByID: Bool)
    /// Bills `edit where` changed, and how many more it picked that had its values already.
    case edited(ids: [Int64], unchanged: Int)
    /// A change the user declined when asked.
    case declined(WhereVerb)
    case budgetSet(book: String, category: String?, amount: Int64, currency: Currency)
    case budgetDropped(book: String, category: String?)
    case bookAdded(String, currency: String)
    case bookUsed(String, currency: String)
    case bookRenamed(from: String, to: String)
    case bookDeleted(String, moved: Int, into: String?)
    case categoryAdded(String, kind: Kind)
    case categoryRenamed(from: String, to: String)
    case categoryDeleted(String)
    /// `category merge` (verb "merged") and `category delete … into` (verb "deleted").
    case categoryMoved(verb: String, from: String, into: String, moved: Int)
    case categoryIcon(String, icon: String)
    /// `category alias` (`added`) or `unalias`: the aliases given, and those the category has now.
    case categoryAliases(String, given: [String], added: Bool, aliases: [String])
    /// `category archive` (`archived`) or `unarchive`; `bills` stay with it either way.
    case categoryArchived(String, archived: Bool, bills: Int)
    case categoryPositioned(String, kind: Kind, position: Int)
    /// A category statement that found the category so already: `already` says how, as in "is archived".
    case categoryUnchanged(String, already: String)
    /// `tag rename`: `bills` changed; `hadNew` bills had the new tag before, so the old one was merged into it.
    case tagRenamed(from: String, to: String, bills: Int, hadNew: Int)
    case saved(String, parameters: [String], replaced: Bool)
    case forgot(String)
    case profileSaved(String, replaced: Bool)
    case profileDeleted(String)
    case ruleAdded(id: Int64, position: Int)
    case ruleDeleted(id: Int64)
    case ruleMoved(id: Int64, position: Int)
    /// `every …`: the rule, the days that had come (posted at once, or due
    /// when it asks first), and the next day it falls on.
    case recurringAdded(id: Int64, schedule: String, start: Day, end: String, come: [Day], next: Day?, asks: Bool)
    /// `edit`, `pause` or `resume recurring`, as `verb` says, and what else it did.
    case recurringChanged(id: Int64, verb: String, note: String?)
    /// `delete recurring`: the bills it posted that are still there stay.
    case recurringDeleted(id: Int64, keptBills: Int)
    /// `accept` (the bills it posted) or `skip`: the days of which rules.
    case occurrencesHandled(accepted: Bool, ids: [Int64], rules: [Int64], days: [Day])
    /// Bills recurring rules posted by themselves as their days came: what each is, and its day.
    case posted(ids: [Int64], names: [String], days: [Day])
    case weekStart(WeekStart)
    /// `rate`: the pair, its day and the rate as written; `replaced` when that day had one.
    case rateSet(base: String, quote: String, day: Day, rate: String, replaced: Bool)
    case homeCurrency(String)
    case accountAdded(name: String, book: String, kind: AccountKind)
    case accountRenamed(from: String, to: String)
    case accountArchived(name: String, archiving: Bool)
    case accountIcon(name: String, icon: String)
    /// `account default`: where the book's bills that name no account now go.
    case accountDefault(name: String, book: String)
    /// `transfer`: the amounts as their books write them; `received` only when the currencies differ.
    case transferred(id: Int64, day: Day, amount: String, from: String, to: String, received: String?)
    /// `reconcile`: the account agrees with its statement at the end of `day`, after the adjustment when one was added.
    case reconciled(account: String, day: Day, balance: String, adjustment: Int64?)
    /// `import rates FILE`: how many were new, took the place of a day's rate, or were there already.
    case ratesImported(file: String, added: Int, replaced: Int, unchanged: Int)
    case imported(ImportCounts, file: String)
    case journalImported(JournalImportCounts, file: String)
    /// `export`: `count` bills, and `rules` recurring rules where the format holds them.
    case exported(count: Int, rules: Int, transfers: Int, file: String, format: String)
    /// `report`: the page of `period` (as a view names it), of `count` bills, written to `file`.
    case reportWritten(period: String, count: Int, file: String, size: Int)
    case photoAttached(number: Int, bill: Int64, file: String, type: String, size: Int)
    case photoDetached(number: Int, bill: Int64)
    case photoWritten(number: Int, bill: Int64, file: String, size: Int)
    /// `backup`: the whole ledger, of `bills` bills, copied to `file`.
    case backedUp(file: String, bills: Int, size: Int)
    /// `check` found the ledger sound, reading `pages` of the file.
    case checked(pages: Int)
    case format(OutputFormat)
    case color(Bool)
    case echo(Bool)
    case pager(PagerMode)
    case nothingToUndo(undo: Bool)
    /// `undo N` the user declined when asked.
    case replayDeclined(undo: Bool)
    /// Nothing of this session's to take back; another session's newest change is left alone.
    case othersOnly(undo: Bool, newest: String)
    /// An undo or redo; `statement` is set when it came from an earlier session, `nowUsing` when it changed the book in use.
    case replayed(undo: Bool, change: String, fromEarlierSession: Bool, statement: String, nowUsing: String?)

    /// What was done, in words.
    /// The text as the lines it is shown in, each made safe for a terminal on its own.
    public var lines: [String] {
        guard case .journalImported(let counts, let file) = self else { return [text] }
        return [counts.summary(file: file)] + counts.skippedLines
    }

    public var text: String {
        switch self {
        case .unchanged(let bill): return "#\(bill) has those values already; nothing changed"
        case .allUnchanged(1): return "the bill that matches has those values already; nothing changed"
        case .allUnchanged(let count): return "all \(count) bills that match have those values already; nothing changed"
        case .nothingMatched(let verb): return "no bills match; nothing \(verb.past)"
        case .deleted(let ids, true): return "deleted " + ids.map { "#\($0)" }.joined(separator: ", ")
        case .deleted(let ids, false): return "deleted \(Literal.count(ids.count, "bill"))"
        case .edited(let ids, 0): return "edited \(Literal.count(ids.count, "bill"))"
        case .edited(let ids, let unchanged):
            return "edited \(Literal.count(ids.count, "bill")); \(unchanged) more had those values already"
        case .declined(let verb): return "nothing \(verb.past)"
        case .budgetSet(let book, let category, let amount, let currency):
            return "budget \(Done.budgetTarget(category)) in '\(book)': \(MoneyFormat.withSymbol(amount, currency)) a month"
        case .budgetDropped(let book, let category): return "dropped the budget \(Done.budgetTarget(category)) in '\(book)'"
        case .bookAdded(let name, let currency): return "added book '\(name)' (\(currency)); 'use \(Literal.name(name))' to switch to it"
        case .bookUsed(let name, let currency): return "using book '\(name)' (\(currency))"
        case .bookRenamed(let from, let to): return "renamed book '\(from)' to '\(to)'"
        case .bookDeleted(let name, let moved, let into):
            return "deleted book '\(name)'" + (into.map { " and moved \(Literal.count(moved, "bill")) into '\($0)'" } ?? "")
        case .categoryAdded(let name, let kind): return "added \(kind.rawValue) category '\(name)'"
        case .categoryRenamed(let from, let to): return "renamed category '\(from)' to '\(to)'"
        case .categoryDeleted(let name): return "deleted category '\(name)'"
        case .categoryMoved(let verb, let from, let into, let moved):
            return "\(verb) category '\(from)' into '\(into)' (\(Literal.count(moved, "bill")) moved)"
        case .categoryIcon(let name, let icon): return "category '\(name)' now has the icon \(icon)"
        case .categoryAliases(let name, let given, let added, let aliases):
            let now = aliases.isEmpty ? "it has no alias now" : "its aliases are now \(aliases.joined(separator: ", "))"
            return "\(added ? "added" : "dropped") \(given.count == 1 ? "alias" : "aliases") \(given.joined(separator: ", ")) "
                + "\(added ? "to" : "from") category '\(name)'; \(now)"
        case .categoryArchived(let name, true, let bills):
            let kept = bills == 0 ? "" : ", and its \(Literal.count(bills, "bill")) still \(bills == 1 ? "counts" : "count") in every total"
            return "archived category '\(name)'; 'categories all' lists it\(kept)"
        case .categoryArchived(let name, false, _): return "unarchived category '\(name)'"
        case .categoryPositioned(let name, let kind, let position):
            return "category '\(name)' now comes at place \(position) of the \(kind.rawValue) categories"
        case .categoryUnchanged(let name, let already): return "category '\(name)' \(already) already; nothing changed"
        case .tagRenamed(let from, let to, let bills, 0): return "renamed tag #\(from) to #\(to) on \(Literal.count(bills, "bill"))"
        case .tagRenamed(let from, let to, let bills, let hadNew):
            return "merged tag #\(from) into #\(to), which \(Literal.count(hadNew, "bill")) had already (\(Literal.count(bills, "bill")) changed)"
        case .saved(let name, let parameters, let replaced):
            let call = ([name] + parameters.map { $0.uppercased() }).joined(separator: " ")
            return "\(replaced ? "replaced" : "saved") '\(name)'; type \(call) to run it"
        case .forgot(let name): return "forgot '\(name)'"
        case .profileSaved(let name, let replaced):
            return "\(replaced ? "replaced" : "saved") import profile '\(name)'; import FILE with \(Literal.name(name)) uses it"
        case .profileDeleted(let name): return "deleted import profile '\(name)'"
        case .ruleAdded(let id, let position): return "added rule #\(id); it applies at place \(position) of the order 'rules' lists"
        case .ruleDeleted(let id): return "deleted rule #\(id)"
        case .ruleMoved(let id, let position): return "rule #\(id) now applies at place \(position)"
        case .recurringAdded(let id, let schedule, let start, let end, let come, let next, let asks):
            var text = "added recurring #\(id): \(schedule) from \(start.iso)" + (end.isEmpty ? "" : " " + end)
            if asks { text += "; each day waits in 'due' to be accepted or skipped" }
            if let first = come.first, let last = come.last {
                let days = first == last ? first.iso : "\(first.iso) to \(last.iso)"
                text += asks ? "; \(come.count) due now, \(days)" : "; posted \(Literal.count(come.count, "bill")), \(days)"
            }
            return text + (next.map { "; next \($0.iso)" } ?? "")
        case .recurringChanged(let id, "unchanged", _): return "recurring #\(id) has those values already; nothing changed"
        case .recurringChanged(let id, let verb, let note): return "\(verb) recurring #\(id)" + (note.map { ", \($0)" } ?? "")
        case .recurringDeleted(let id, let kept):
            return "deleted recurring #\(id)" + (kept == 0 ? "" : "; the \(Literal.count(kept, "bill")) it posted stay")
        case .occurrencesHandled(let accepted, let ids, let rules, let days):
            let verb = accepted ? "accepted" : "skipped"
            let each = zip(rules, days).enumerated().map { index, pair in
                "recurring #\(pair.0) \(pair.1.iso)" + (accepted && index < ids.count ? " as #\(ids[index])" : "")
            }
            return "\(verb) " + Done.abbreviated(each)
        case .posted(_, let names, let days):
            let each = zip(names, days).map { "\($0) \($1.iso)" }
            return "posted \(Literal.count(days.count, "recurring bill")): " + Done.abbreviated(each)
        case .weekStart(let start): return "weeks start on \(start.rawValue)"
        case .rateSet(let base, let quote, let day, let rate, let replaced):
            return "1 \(base) = \(rate) \(quote) from \(day.iso)" + (replaced ? ", in place of the rate that day had" : "")
        case .homeCurrency(let code): return "totals across books are given in \(code)"
        case .accountAdded(let name, let book, let kind): return "added account '\(name)' (\(kind.rawValue)) to book '\(book)'"
        case .accountRenamed(let from, let to): return "renamed account '\(from)' to '\(to)'"
        case .accountIcon(let name, let icon): return "account '\(name)' is shown as \(icon)"
        case .accountArchived(let name, let archiving):
            return archiving ? "archived account '\(name)'; its bills stay, and new bills no longer go to it" : "account '\(name)' is in use again"
        case .accountDefault(let name, let book): return "bills in book '\(book)' that name no account go to '\(name)'"
        case .transferred(let id, let day, let amount, let from, let to, let received):
            return "transferred \(amount) from \(from) to \(to)" + (received.map { " (\($0) arrived)" } ?? "") + " on \(day.iso) (&\(id))"
        case .reconciled(let account, let day, let balance, let adjustment):
            return (adjustment.map { "added balance adjustment #\($0); " } ?? "") + "\(account) agrees with its statement: \(balance) at the end of \(day.iso)"
        case .ratesImported(let file, let added, let replaced, let unchanged):
            return "imported \(Literal.count(added, "rate")) from \(file)" + (replaced == 0 ? "" : ", \(replaced) in place of a day's rate")
                + (unchanged == 0 ? "" : "; \(unchanged) there already")
        case .imported(let counts, let file): return counts.text(file: file)
        case .journalImported(let counts, let file): return counts.summary(file: file)
        case .exported(let count, let rules, let transfers, let file, let format):
            let parts = [Literal.count(count, "bill")] + (rules > 0 ? [Literal.count(rules, "recurring rule")] : [])
                + (transfers > 0 ? [Literal.count(transfers, "transfer")] : [])
            let what = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts[0]
            return "exported \(what) to \(file) (\(format))"
        case .reportWritten(let period, let count, let file, let size):
            return "wrote the report of \(period) (\(Literal.count(count, "bill"))) to \(file) (\(PhotoList.size(size)))"
        case .photoAttached(let number, let bill, let file, let type, let size):
            return "attached photo \(number) to #\(bill): \(file) (\(type), \(PhotoList.size(size)))"
        case .photoDetached(let number, let bill): return "detached photo \(number) from #\(bill)"
        case .photoWritten(let number, let bill, let file, let size): return "wrote photo \(number) of #\(bill) to \(file) (\(PhotoList.size(size)))"
        case .backedUp(let file, let bills, let size): return "backed up the ledger (\(Literal.count(bills, "bill"))) to \(file) (\(PhotoList.size(size)))"
        case .checked(let pages):
            return "the ledger is sound: all \(Literal.count(pages, "page")) of its file, every index and every reference checked"
        case .format(let format): return "results as \(format.rawValue)"
        case .color(let on): return "colour \(on ? "on" : "off")"
        case .echo(let on): return "echo \(on ? "on" : "off")"
        case .pager(let mode): return "pager \(mode.rawValue)"
        case .nothingToUndo(let undo): return undo ? Translation.translated("nothing to undo") : Translation.translated("nothing to redo")
        case .replayDeclined(let undo): return "nothing \(undo ? "undone" : "redone")"
        case .othersOnly(let undo, let newest):
            return "nothing of this session's to \(undo ? "undo" : "redo"); the newest change, '\(newest)', was made by another session since this one began"
        case .replayed(let undo, let change, let fromEarlierSession, let statement, let nowUsing):
            var text = Translation.format(undo ? Translation.translated("undid: %s") : Translation.translated("redid: %s"), change)
            if fromEarlierSession {
                text += statement.isEmpty
                    ? Translation.translated(" (from an earlier session)")
                    : Translation.format(Translation.translated(" (from an earlier session: '%s')"), statement)
            }
            if let nowUsing { text += Translation.format(Translation.translated("; now using book '%s'"), nowUsing) }
            return text
        }
    }

    /// What was done as named values for JSON: first `report`, what happened, then its particulars.
    public var facts: [(String, RecordTable.Cell)] {
        switch self {
        case .unchanged(let bill): return [("report", .text("unchanged")), ("id", .id(bill))]
        case .allUnchanged(let count): return [("report", .text("unchanged")), ("count", .number(count))]
        case .nothingMatched(let verb): return [("report", .text("nothing \(verb.past)")), ("count", .number(0))]
        case .deleted(let ids, _): return [("report", .text("deleted")), ("ids", .ids(ids)), ("count", .number(ids.count))]
        case .edited(let ids, let unchanged):
            return [("report", .text("edited")), ("ids", .ids(ids)), ("count", .number(ids.count)), ("unchanged", .number(unchanged))]
        case .declined: return [("report", .text("declined")), ("count", .number(0))]
        case .budgetSet(let book, let category, let amount, let currency):
            return [("report", .text("budget set")), ("book", .text(book)), ("category", Done.optional(category)),
                    ("amount", .money(Int128(amount), currency)), ("currency", .text(currency.code))]
        case .budgetDropped(let book, let category):
            return [("report", .text("budget dropped")), ("book", .text(book)), ("category", Done.optional(category))]
        case .bookAdded(let name, let currency): return [("report", .text("book added")), ("book", .text(name)), ("currency", .text(currency))]
        case .bookUsed(let name, let currency): return [("report", .text("book used")), ("book", .text(name)), ("currency", .text(currency))]
        case .bookRenamed(let from, let to): return [("report", .text("book renamed")), ("from", .text(from)), ("to", .text(to))]
        case .bookDeleted(let name, let moved, let into):
            return [("report", .text("book deleted")), ("book", .text(name)), ("moved", .number(moved)), ("into", Done.optional(into))]
        case .categoryAdded(let name, let kind):
            return [("report", .text("category added")), ("category", .text(name)), ("kind", .text(kind.rawValue))]
        case .categoryRenamed(let from, let to): return [("report", .text("category renamed")), ("from", .text(from)), ("to", .text(to))]
        case .categoryDeleted(let name): return [("report", .text("category deleted")), ("category", .text(name))]
        case .categoryMoved(let verb, let from, let into, let moved):
            return [("report", .text("category \(verb)")), ("from", .text(from)), ("into", .text(into)), ("moved", .number(moved))]
        case .categoryIcon(let name, let icon): return [("report", .text("category icon")), ("category", .text(name)), ("icon", .text(icon))]
        case .categoryAliases(let name, let given, let added, let aliases):
            return [("report", .text(added ? "aliases added" : "aliases dropped")), ("category", .text(name)), ("given", .list(given)),
                    ("aliases", .list(aliases))]
        case .categoryArchived(let name, let archived, let bills):
            return [("report", .text(archived ? "category archived" : "category unarchived")), ("category", .text(name)), ("bills", .number(bills))]
        case .categoryPositioned(let name, let kind, let position):
            return [("report", .text("category moved")), ("category", .text(name)), ("kind", .text(kind.rawValue)), ("position", .number(position))]
        case .categoryUnchanged(let name, _): return [("report", .text("unchanged")), ("category", .text(name))]
        case .tagRenamed(let from, let to, let bills, let hadNew):
            return [("report", .text(hadNew == 0 ? "tag renamed" : "tag merged")), ("from", .text(from)), ("to", .text(to)),
                    ("count", .number(bills)), ("had_new", .number(hadNew))]
        case .saved(let name, let parameters, let replaced):
            return [("report", .text(replaced ? "replaced" : "saved")), ("name", .text(name)), ("parameters", .list(parameters))]
        case .forgot(let name): return [("report", .text("forgot")), ("name", .text(name))]
        case .profileSaved(let name, let replaced): return [("report", .text(replaced ? "replaced profile" : "saved profile")), ("name", .text(name))]
        case .profileDeleted(let name): return [("report", .text("deleted profile")), ("name", .text(name))]
        case .ruleAdded(let id, let position): return [("report", .text("added rule")), ("id", .id(id)), ("position", .number(position))]
        case .ruleDeleted(let id): return [("report", .text("deleted rule")), ("id", .id(id))]
        case .ruleMoved(let id, let position): return [("report", .text("moved rule")), ("id", .id(id)), ("position", .number(position))]
        case .recurringAdded(let id, let schedule, let start, let end, let come, let next, let asks):
            return [("report", .text("added recurring")), ("id", .id(id)), ("schedule", .text(schedule)), ("start", .text(start.iso)),
                    ("ends", Done.optional(end.isEmpty ? nil : end)),
                    ("posted", .list(asks ? [] : come.map(\.iso))), ("due", .list(asks ? come.map(\.iso) : [])),
                    ("next", Done.optional(next?.iso)), ("asks", .flag(asks))]
        case .recurringChanged(let id, let verb, let note):
            return [("report", .text(verb + " recurring")), ("id", .id(id)), ("note", Done.optional(note))]
        case .recurringDeleted(let id, let kept): return [("report", .text("deleted recurring")), ("id", .id(id)), ("kept_bills", .number(kept))]
        case .occurrencesHandled(let accepted, let ids, let rules, let days):
            return [("report", .text(accepted ? "accepted" : "skipped")), ("ids", .ids(ids)), ("recurring", .ids(rules)),
                    ("days", .list(days.map(\.iso)))]
        case .posted(let ids, let names, let days):
            return [("report", .text("posted")), ("ids", .ids(ids)), ("names", .list(names)), ("days", .list(days.map(\.iso)))]
        case .weekStart(let start): return [("report", .text("setting")), ("weekstart", .text(start.rawValue))]
        case .rateSet(let base, let quote, let day, let rate, let replaced):
            return [("report", .text(replaced ? "rate replaced" : "rate")), ("currency", .text(base)), ("in", .text(quote)),
                    ("date", .text(day.iso)), ("rate", .text(rate))]
        case .homeCurrency(let code): return [("report", .text("setting")), ("currency", .text(code))]
        case .accountAdded(let name, let book, let kind):
            return [("report", .text("account added")), ("account", .text(name)), ("book", .text(book)), ("kind", .text(kind.rawValue))]
        case .accountRenamed(let from, let to): return [("report", .text("account renamed")), ("from", .text(from)), ("to", .text(to))]
        case .accountIcon(let name, let icon): return [("report", .text("account icon")), ("account", .text(name)), ("icon", .text(icon))]
        case .accountArchived(let name, let archiving):
            return [("report", .text(archiving ? "account archived" : "account unarchived")), ("account", .text(name))]
        case .accountDefault(let name, let book): return [("report", .text("default account")), ("account", .text(name)), ("book", .text(book))]
        case .transferred(let id, let day, let amount, let from, let to, let received):
            return [("report", .text("transferred")), ("transfer", .id(id)), ("date", .text(day.iso)), ("amount", .text(amount)),
                    ("from", .text(from)), ("to", .text(to)), ("received", Done.optional(received))]
        case .reconciled(let account, let day, let balance, let adjustment):
            return [("report", .text("reconciled")), ("account", .text(account)), ("date", .text(day.iso)), ("balance", .text(balance)),
                    ("adjustment", adjustment.map(RecordTable.Cell.id) ?? .null)]
        case .ratesImported(let file, let added, let replaced, let unchanged):
            return [("report", .text("imported rates")), ("file", .text(file)), ("count", .number(added)), ("replaced", .number(replaced)),
                    ("skipped", .number(unchanged))]
        case .journalImported(let counts, let file):
            return [("report", .text("imported")), ("file", .text(file)), ("bills", .number(counts.bills)), ("transfers", .number(counts.transfers)),
                    ("rates", .number(counts.rates)), ("reconciliations", .number(counts.reconciliations)), ("openings", .number(counts.openings)),
                    ("skipped", .number(counts.alreadyThere)), ("new_accounts", .list(counts.newAccounts)),
                    ("new_categories", .list(counts.newCategories)), ("not_imported", .list(counts.skipped))]
        case .imported(let counts, let file):
            return [("report", .text("imported")), ("file", .text(file)), ("count", .number(counts.added)),
                    ("skipped", .number(counts.alreadyThere)), ("new_categories", .list(counts.newCategories)),
                    ("passed_over", .number(counts.passedOver)), ("changed", .number(counts.changed)), ("updated", .number(counts.updated)),
                    ("profile", Done.optional(counts.profile))]
        case .exported(let count, let rules, let transfers, let file, let format):
            return [("report", .text("exported")), ("file", .text(file)), ("count", .number(count)), ("rules", .number(rules)),
                    ("transfers", .number(transfers)), ("format", .text(format))]
        case .reportWritten(let period, let count, let file, let size):
            return [("report", .text("report written")), ("period", .text(period)), ("count", .number(count)), ("file", .text(file)),
                    ("bytes", .number(size))]
        case .photoAttached(let number, let bill, let file, let type, let size):
            return [("report", .text("photo attached")), ("id", .id(bill)), ("photo", .number(number)), ("file", .text(file)),
                    ("type", .text(type)), ("bytes", .number(size))]
        case .photoDetached(let number, let bill): return [("report", .text("photo detached")), ("id", .id(bill)), ("photo", .number(number))]
        case .photoWritten(let number, let bill, let file, let size):
            return [("report", .text("photo written")), ("id", .id(bill)), ("photo", .number(number)), ("file", .text(file)), ("bytes", .number(size))]
        case .backedUp(let file, let bills, let size):
            return [("report", .text("backed up")), ("file", .text(file)), ("bills", .number(bills)), ("bytes", .number(size))]
        case .checked(let pages): return [("report", .text("checked")), ("sound", .flag(true)), ("pages", .number(pages))]
        case .format(let format): return [("report", .text("setting")), ("format", .text(format.rawValue))]
        case .color(let on): return [("report", .text("setting")), ("color", .flag(on))]
        case .echo(let on): return [("report", .text("setting")), ("echo", .flag(on))]
        case .pager(let mode): return [("report", .text("setting")), ("pager", .text(mode.rawValue))]
        case .nothingToUndo(let undo): return [("report", .text(undo ? "nothing to undo" : "nothing to redo"))]
        case .replayDeclined: return [("report", .text("declined")), ("count", .number(0))]
        case .othersOnly(let undo, let newest):
            return [("report", .text(undo ? "nothing to undo" : "nothing to redo")), ("newest", .text(newest))]
        case .replayed(let undo, let change, let fromEarlierSession, let statement, let nowUsing):
            return [("report", .text(undo ? "undid" : "redid")), ("change", .text(change)), ("earlier_session", .flag(fromEarlierSession)),
                    ("statement", Done.optional(statement.isEmpty ? nil : statement)), ("book", Done.optional(nowUsing))]
        }
    }

    /// The first few of many, and how many more: a year of daily bills is one line.
    private static func abbreviated(_ items: [String]) -> String {
        items.count <= 6 ? items.joined(separator: ", ") : items.prefix(5).joined(separator: ", ") + " and \(items.count - 5) more"
    }

    private static func budgetTarget(_ category: String?) -> String {
        category.map { "for '\($0)'" } ?? "in total"
    }

    private static func optional(_ text: String?) -> RecordTable.Cell {
        text.map(RecordTable.Cell.text) ?? .null
    }
}
