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
    /// `category merge` (`.merged`) and `category delete … into` (`.deleted`).
    case categoryMoved(verb: CategoryMove, from: String, into: String, moved: Int)
    case categoryIcon(String, icon: String)
    /// `category alias` (`added`) or `unalias`: the aliases given, and those the category has now.
    case categoryAliases(String, given: [String], added: Bool, aliases: [String])
    /// `category archive` (`archived`) or `unarchive`; `bills` stay with it either way.
    case categoryArchived(String, archived: Bool, bills: Int)
    case categoryPositioned(String, kind: Kind, position: Int)
    /// A category statement that found the category so already: `already` says how.
    case categoryUnchanged(String, already: CategoryState)
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
    case recurringChanged(id: Int64, verb: RecurringChange, note: RecurringNote?)
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
    case othersOnly(undo: Bool, newest: Phrase)
    /// An undo or redo; `statement` is set when it came from an earlier session, `nowUsing` when it changed the book in use.
    case replayed(undo: Bool, change: Phrase, fromEarlierSession: Bool, statement: String, nowUsing: String?)

    /// What was done, in words.
    /// The text as the lines it is shown in, each made safe for a terminal on its own.
    public var lines: [String] {
        guard case .journalImported(let counts, let file) = self else { return [text] }
        return [counts.summary(file: file)] + counts.skippedLines
    }

    public var text: String {
        switch self {
        case .unchanged(let bill): return Translation.translated("#%d has those values already; nothing changed", bill)
        case .allUnchanged(1): return Translation.translated("the bill that matches has those values already; nothing changed")
        case .allUnchanged(let count): return Translation.translated("all %d bills that match have those values already; nothing changed", count)
        case .nothingMatched(.delete): return Translation.translated("no bills match; nothing deleted")
        case .nothingMatched(.edit): return Translation.translated("no bills match; nothing edited")
        case .deleted(let ids, true): return Translation.translated("deleted %s", ids.map { "#\($0)" }.joined(separator: ", "))
        case .deleted(let ids, false): return Translation.plural("deleted %d bill", "deleted %d bills", count: ids.count)
        case .edited(let ids, 0): return Translation.plural("edited %d bill", "edited %d bills", count: ids.count)
        case .edited(let ids, let unchanged):
            return Translation.plural(
                "edited %d bill; %d more had those values already", "edited %d bills; %d more had those values already", count: ids.count, unchanged)
        case .declined(.delete): return Translation.translated("nothing deleted")
        case .declined(.edit): return Translation.translated("nothing edited")
        case .budgetSet(let book, let category?, let amount, let currency):
            return Translation.translated("budget for '%s' in '%s': %s a month", category, book, MoneyFormat.withSymbol(amount, currency))
        case .budgetSet(let book, nil, let amount, let currency):
            return Translation.translated("budget in total in '%s': %s a month", book, MoneyFormat.withSymbol(amount, currency))
        case .budgetDropped(let book, let category?): return Translation.translated("dropped the budget for '%s' in '%s'", category, book)
        case .budgetDropped(let book, nil): return Translation.translated("dropped the budget in total in '%s'", book)
        case .bookAdded(let name, let currency):
            return Translation.translated("added book '%s' (%s); 'use %s' to switch to it", name, currency, Literal.name(name))
        case .bookUsed(let name, let currency): return Translation.translated("using book '%s' (%s)", name, currency)
        case .bookRenamed(let from, let to): return Translation.translated("renamed book '%s' to '%s'", from, to)
        case .bookDeleted(let name, let moved, let into):
            return Translation.translated("deleted book '%s'", name)
                + (into.map { Translation.plural(" and moved %d bill into '%s'", " and moved %d bills into '%s'", count: moved, $0) } ?? "")
        case .categoryAdded(let name, .expense): return Translation.translated("added expense category '%s'", name)
        case .categoryAdded(let name, .income): return Translation.translated("added income category '%s'", name)
        case .categoryRenamed(let from, let to): return Translation.translated("renamed category '%s' to '%s'", from, to)
        case .categoryDeleted(let name): return Translation.translated("deleted category '%s'", name)
        case .categoryMoved(.merged, let from, let into, let moved):
            return Translation.translated("merged category '%s' into '%s'", from, into) + Done.moved(moved)
        case .categoryMoved(.deleted, let from, let into, let moved):
            return Translation.translated("deleted category '%s' into '%s'", from, into) + Done.moved(moved)
        case .categoryIcon(let name, let icon): return Translation.translated("category '%s' now has the icon %s", name, icon)
        case .categoryAliases(let name, let given, let added, let aliases):
            let list = given.joined(separator: ", ")
            let changed = switch (added, given.count == 1) {
            case (true, true): Translation.translated("added alias %s to category '%s'", list, name)
            case (true, false): Translation.translated("added aliases %s to category '%s'", list, name)
            case (false, true): Translation.translated("dropped alias %s from category '%s'", list, name)
            case (false, false): Translation.translated("dropped aliases %s from category '%s'", list, name)
            }
            return changed + (aliases.isEmpty
                ? Translation.translated("; it has no alias now")
                : Translation.translated("; its aliases are now %s", aliases.joined(separator: ", ")))
        case .categoryArchived(let name, true, let bills):
            return Translation.translated("archived category '%s'; 'categories all' lists it", name) + (bills == 0 ? "" : Translation.plural(
                ", and its %d bill still counts in every total", ", and its %d bills still count in every total", count: bills))
        case .categoryArchived(let name, false, _): return Translation.translated("unarchived category '%s'", name)
        case .categoryPositioned(let name, .expense, let position):
            return Translation.translated("category '%s' now comes at place %d of the expense categories", name, position)
        case .categoryPositioned(let name, .income, let position):
            return Translation.translated("category '%s' now comes at place %d of the income categories", name, position)
        case .categoryUnchanged(let name, let already): return already.unchanged(name)
        case .tagRenamed(let from, let to, let bills, 0):
            return Translation.plural("renamed tag #%2$s to #%3$s on %1$d bill", "renamed tag #%2$s to #%3$s on %1$d bills", count: bills, from, to)
        case .tagRenamed(let from, let to, let bills, let hadNew):
            return Translation.translated("merged tag #%s into #%s", from, to)
                + Translation.plural(", which %d bill had already", ", which %d bills had already", count: hadNew)
                + Translation.plural(" (%d bill changed)", " (%d bills changed)", count: bills)
        case .saved(let name, let parameters, let replaced):
            let call = ([name] + parameters.map { $0.uppercased() }).joined(separator: " ")
            return replaced
                ? Translation.translated("replaced '%s'; type %s to run it", name, call)
                : Translation.translated("saved '%s'; type %s to run it", name, call)
        case .forgot(let name): return Translation.translated("forgot '%s'", name)
        case .profileSaved(let name, let replaced):
            return replaced
                ? Translation.translated("replaced import profile '%s'; import FILE with %s uses it", name, Literal.name(name))
                : Translation.translated("saved import profile '%s'; import FILE with %s uses it", name, Literal.name(name))
        case .profileDeleted(let name): return Translation.translated("deleted import profile '%s'", name)
        case .ruleAdded(let id, let position):
            return Translation.translated("added rule #%d; it applies at place %d of the order 'rules' lists", id, position)
        case .ruleDeleted(let id): return Translation.translated("deleted rule #%d", id)
        case .ruleMoved(let id, let position): return Translation.translated("rule #%d now applies at place %d", id, position)
        case .recurringAdded(let id, let schedule, let start, let end, let come, let next, let asks):
            var text = end.isEmpty
                ? Translation.translated("added recurring #%d: %s from %s", id, schedule, start.iso)
                : Translation.translated("added recurring #%d: %s from %s %s", id, schedule, start.iso, end)
            if asks { text += Translation.translated("; each day waits in 'due' to be accepted or skipped") }
            if let first = come.first, let last = come.last {
                let days = first == last ? first.iso : Translation.translated("%s to %s", first.iso, last.iso)
                text += asks
                    ? Translation.translated("; %d due now, %s", come.count, days)
                    : Translation.plural("; posted %d bill, %s", "; posted %d bills, %s", count: come.count, days)
            }
            return text + (next.map { Translation.translated("; next %s", $0.iso) } ?? "")
        case .recurringChanged(let id, .unchanged, _): return Translation.translated("recurring #%d has those values already; nothing changed", id)
        case .recurringChanged(let id, .edited, let note): return Translation.translated("edited recurring #%d", id) + (note?.text ?? "")
        case .recurringChanged(let id, .paused, let note): return Translation.translated("paused recurring #%d", id) + (note?.text ?? "")
        case .recurringChanged(let id, .resumed, let note): return Translation.translated("resumed recurring #%d", id) + (note?.text ?? "")
        case .recurringDeleted(let id, let kept):
            return Translation.translated("deleted recurring #%d", id)
                + (kept == 0 ? "" : Translation.plural("; the %d bill it posted stay", "; the %d bills it posted stay", count: kept))
        case .occurrencesHandled(let accepted, let ids, let rules, let days):
            let each = zip(rules, days).enumerated().map { index, pair in
                accepted && index < ids.count
                    ? Translation.translated("recurring #%d %s as #%d", pair.0, pair.1.iso, ids[index])
                    : Translation.translated("recurring #%d %s", pair.0, pair.1.iso)
            }
            return accepted
                ? Translation.translated("accepted %s", Done.abbreviated(each))
                : Translation.translated("skipped %s", Done.abbreviated(each))
        case .posted(_, let names, let days):
            let each = zip(names, days).map { "\($0) \($1.iso)" }
            return Translation.plural("posted %d recurring bill: %s", "posted %d recurring bills: %s", count: days.count, Done.abbreviated(each))
        case .weekStart(.monday): return Translation.translated("weeks start on monday")
        case .weekStart(.sunday): return Translation.translated("weeks start on sunday")
        case .rateSet(let base, let quote, let day, let rate, let replaced):
            return Translation.translated("1 %s = %s %s from %s", base, rate, quote, day.iso)
                + (replaced ? Translation.translated(", in place of the rate that day had") : "")
        case .homeCurrency(let code): return Translation.translated("totals across books are given in %s", code)
        case .accountAdded(let name, let book, let kind):
            return Translation.translated("added account '%s' (%s) to book '%s'", name, Translation.translated(kind.rawValue), book)
        case .accountRenamed(let from, let to): return Translation.translated("renamed account '%s' to '%s'", from, to)
        case .accountIcon(let name, let icon): return Translation.translated("account '%s' is shown as %s", name, icon)
        case .accountArchived(let name, true):
            return Translation.translated("archived account '%s'; its bills stay, and new bills no longer go to it", name)
        case .accountArchived(let name, false): return Translation.translated("account '%s' is in use again", name)
        case .accountDefault(let name, let book): return Translation.translated("bills in book '%s' that name no account go to '%s'", book, name)
        case .transferred(let id, let day, let amount, let from, let to, nil):
            return Translation.translated("transferred %s from %s to %s on %s (&%d)", amount, from, to, day.iso, id)
        case .transferred(let id, let day, let amount, let from, let to, let received?):
            return Translation.translated("transferred %s from %s to %s (%s arrived) on %s (&%d)", amount, from, to, received, day.iso, id)
        case .reconciled(let account, let day, let balance, nil):
            return Translation.translated("%s agrees with its statement: %s at the end of %s", account, balance, day.iso)
        case .reconciled(let account, let day, let balance, let adjustment?):
            return Translation.translated(
                "added balance adjustment #%d; %s agrees with its statement: %s at the end of %s", adjustment, account, balance, day.iso)
        case .ratesImported(let file, let added, let replaced, let unchanged):
            return Translation.plural("imported %d rate from %s", "imported %d rates from %s", count: added, file)
                + (replaced == 0 ? "" : Translation.translated(", %d in place of a day's rate", replaced))
                + (unchanged == 0 ? "" : Translation.translated("; %d there already", unchanged))
        case .imported(let counts, let file): return counts.text(file: file)
        case .journalImported(let counts, let file): return counts.summary(file: file)
        case .exported(let count, 0, 0, let file, let format):
            return Translation.plural("exported %d bill to %s (%s)", "exported %d bills to %s (%s)", count: count, file, Translation.translated(format))
        case .exported(let count, let rules, let transfers, let file, let format):
            // Numbered, the bills named beside other things are a text of their own: a language may need to say what they are.
            let parts = [Translation.plural("%1$d bill", "%1$d bills", count: count)]
                + (rules > 0 ? [Translation.plural("%d recurring rule", "%d recurring rules", count: rules)] : [])
                + (transfers > 0 ? [Translation.plural("%d transfer", "%d transfers", count: transfers)] : [])
            return Translation.translated("exported %s to %s (%s)", Done.enumerated(parts), file, Translation.translated(format))
        case .reportWritten(let period, let count, let file, let size):
            return Translation.plural(
                "wrote the report of %2$s (%1$d bill) to %3$s (%4$s)", "wrote the report of %2$s (%1$d bills) to %3$s (%4$s)",
                count: count, period, file, PhotoList.size(size))
        case .photoAttached(let number, let bill, let file, let type, let size):
            return Translation.translated("attached photo %d to #%d: %s (%s, %s)", number, bill, file, type, PhotoList.size(size))
        case .photoDetached(let number, let bill): return Translation.translated("detached photo %d from #%d", number, bill)
        case .photoWritten(let number, let bill, let file, let size):
            return Translation.translated("wrote photo %d of #%d to %s (%s)", number, bill, file, PhotoList.size(size))
        case .backedUp(let file, let bills, let size):
            return Translation.plural(
                "backed up the ledger (%d bill) to %s (%s)", "backed up the ledger (%d bills) to %s (%s)", count: bills, file, PhotoList.size(size))
        case .checked(let pages):
            return Translation.plural(
                "the ledger is sound: all %d page of its file, every index and every reference checked",
                "the ledger is sound: all %d pages of its file, every index and every reference checked", count: pages)
        case .format(.table): return Translation.translated("results as table")
        case .format(.csv): return Translation.translated("results as csv")
        case .format(.json): return Translation.translated("results as json")
        case .format(.chart): return Translation.translated("results as chart")
        case .color(let on): return on ? Translation.translated("colour on") : Translation.translated("colour off")
        case .echo(let on): return on ? Translation.translated("echo on") : Translation.translated("echo off")
        case .pager(.on): return Translation.translated("pager on")
        case .pager(.off): return Translation.translated("pager off")
        case .pager(.always): return Translation.translated("pager always")
        case .nothingToUndo(let undo): return undo ? Translation.translated("nothing to undo") : Translation.translated("nothing to redo")
        case .replayDeclined(let undo): return undo ? Translation.translated("nothing undone") : Translation.translated("nothing redone")
        case .othersOnly(let undo, let newest):
            return undo
                ? Translation.translated(
                    "nothing of this session's to undo; the newest change, '%s', was made by another session since this one began", newest.shown)
                : Translation.translated(
                    "nothing of this session's to redo; the newest change, '%s', was made by another session since this one began", newest.shown)
        case .replayed(let undo, let change, let fromEarlierSession, let statement, let nowUsing):
            var text = Translation.format(undo ? Translation.translated("undid: %s") : Translation.translated("redid: %s"), change.shown)
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
            return [("report", .text("category \(verb.rawValue)")), ("from", .text(from)), ("into", .text(into)), ("moved", .number(moved))]
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
            return [("report", .text(verb.rawValue + " recurring")), ("id", .id(id)), ("note", Done.optional(note?.english))]
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
            return [("report", .text(undo ? "nothing to undo" : "nothing to redo")), ("newest", .text(newest.english))]
        case .replayed(let undo, let change, let fromEarlierSession, let statement, let nowUsing):
            return [("report", .text(undo ? "undid" : "redid")), ("change", .text(change.english)), ("earlier_session", .flag(fromEarlierSession)),
                    ("statement", Done.optional(statement.isEmpty ? nil : statement)), ("book", Done.optional(nowUsing))]
        }
    }

    /// The first few of many, and how many more: a year of daily bills is one line.
    private static func abbreviated(_ items: [String]) -> String {
        items.count <= 6 ? Parser.listing(items) : Translation.translated("%s and %d more", Parser.listing(items.prefix(5)), items.count - 5)
    }

    /// `a, b, c`, separated as the reader's language separates the parts of a sentence.
    static func listed(_ items: [String]) -> String {
        items.dropFirst().reduce(items.first ?? "") { Translation.translated("%s, %s", $0, $1) }
    }

    /// `a, b and c`: the items of a list, not the parts of a sentence.
    static func enumerated(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return Translation.translated("%s and %s", Parser.listing(items.dropLast()), last)
    }

    /// How many bills a category taken into another gave it.
    private static func moved(_ count: Int) -> String {
        Translation.plural(" (%d bill moved)", " (%d bills moved)", count: count)
    }

    private static func optional(_ text: String?) -> RecordTable.Cell {
        text.map(RecordTable.Cell.text) ?? .null
    }
}

/// What became of a category whose bills another took: `category merge`, or `category delete … into`.
public enum CategoryMove: String, Sendable, Equatable {
    case merged, deleted
}

/// How a category is already, when a statement would make it so.
public enum CategoryState: Sendable, Equatable {
    case icon(String)
    /// The aliases given, every one of which it has.
    case aliases([String])
    case archived
    case inUse
    case place(Int, of: Kind)

    /// That `category` is so already, and nothing changed.
    func unchanged(_ category: String) -> String {
        switch self {
        case .icon(let icon): Translation.translated("category '%s' has the icon %s already; nothing changed", category, icon)
        case .aliases(let aliases):
            Translation.translated("category '%s' has the alias %s already; nothing changed", category, aliases.joined(separator: ", "))
        case .archived: Translation.translated("category '%s' is archived already; nothing changed", category)
        case .inUse: Translation.translated("category '%s' is in use already; nothing changed", category)
        case .place(let place, .expense):
            Translation.translated("category '%s' comes at place %d of the expense categories already; nothing changed", category, place)
        case .place(let place, .income):
            Translation.translated("category '%s' comes at place %d of the income categories already; nothing changed", category, place)
        }
    }
}

/// What `edit`, `pause` or `resume recurring` did to a rule.
public enum RecurringChange: String, Sendable, Equatable {
    case edited, paused, resumed, unchanged
}

/// What else a change of a recurring rule did.
public enum RecurringNote: Sendable, Equatable {
    /// An edit changes the bills the rule posts from now on, not those it posted.
    case fromNowOn
    /// Resuming skips the days that fell while the rule was paused.
    case skipping(days: Int)

    /// As a clause after the change, in the reader's language.
    var text: String {
        switch self {
        case .fromNowOn: Translation.translated(", for the bills it posts from now on")
        case .skipping(let days):
            Translation.plural(", skipping %d day that fell while it was paused", ", skipping %d days that fell while it was paused", count: days)
        }
    }

    /// As JSON gives it, in English.
    var english: String {
        switch self {
        case .fromNowOn: "for the bills it posts from now on"
        case .skipping(let days): "skipping \(days) \(days == 1 ? "day" : "days") that fell while it was paused"
        }
    }
}
