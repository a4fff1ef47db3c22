import Testing
import TallyCore
@testable import TallyLanguage

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func day(_ iso: String) -> Day {
    guard let day = Day(iso: iso) else { preconditionFailure("bad test date \(iso)") }
    return day
}

/// Parses exactly one statement, failing the test on anything else.
func parseOne(_ text: String) throws -> ParsedStatement {
    var parser = Parser(text)
    guard let first = parser.next() else { throw TestFailure("no statement in \(text)") }
    let parsed = try first.get()
    if let extra = parser.next() { throw TestFailure("more than one statement in \(text): \(extra)") }
    return parsed
}

func statement(_ text: String) throws -> Statement {
    try parseOne(text).statement
}

func query(_ text: String) throws -> Query {
    guard case .ledger(.query(let query)) = try statement(text) else { throw TestFailure("not a query: \(text)") }
    return query
}

func addBill(_ text: String) throws -> AddBill {
    guard case .ledger(.add(let add)) = try statement(text) else { throw TestFailure("not an add: \(text)") }
    return add
}

/// The parser's first error for `text`, or nil when it parses.
func parseError(_ text: String) -> Diagnostic? {
    do {
        _ = try Parser.parse(text)
        return nil
    } catch {
        return error
    }
}

/// `(line, first column, column after the last)` of a range.
struct Span: Equatable, Sendable, CustomStringConvertible {
    let line: Int
    let start: Int
    let end: Int
    init(_ line: Int, _ start: Int, _ end: Int) {
        self.line = line
        self.start = start
        self.end = end
    }
    init(_ range: SourceRange) {
        self.init(range.start.line, range.start.column, range.end.column)
    }
    var description: String { "\(line):\(start)..<\(end)" }
}

/// A condition as an S-expression, so trees compare as text.
func render(_ condition: Condition) -> String {
    switch condition {
    case .and(let terms): return "(" + terms.map(render).joined(separator: " and ") + ")"
    case .or(let terms): return "(" + terms.map(render).joined(separator: " or ") + ")"
    case .not(let a): return "(not \(render(a)))"
    case .comparison(let comparison):
        let operands = comparison.operands.map { render($0.value) }
        let right = comparison.op.value == .isIn || comparison.op.value == .notIn
            ? "(" + operands.joined(separator: ", ") + ")"
            : operands.joined()
        return "\(comparison.field.value.rawValue) \(comparison.op.value.rawValue) \(right)"
    }
}

func render(_ operand: Operand) -> String {
    switch operand {
    case .text(let text): return text
    case .number(let number): return number.text
    case .date(let date): return render(date)
    }
}

func render(_ date: DateSpec) -> String {
    switch date {
    case .day(let day): return day.iso
    case .dayWithoutYear(let month, let day): return "\(month)/\(day) without its year"
    case .fromToday(0): return "today"
    case .fromToday(-1): return "yesterday"
    case .fromToday(let days): return days > 0 ? "today+\(days)" : "today\(days)"
    }
}

func condition(_ text: String) throws -> String {
    guard let condition = try query("count where " + text).condition else { throw TestFailure("no condition") }
    return render(condition)
}

// MARK: Evaluation

let defaultToday = day("2017-01-15")
let fixedNow: Int64 = 1_484_438_400

func evaluate(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Outcome {
    let parsed = try parseOne(text)
    guard case .ledger(let statement) = parsed.statement else { throw TestFailure("not a statement of the ledger: \(text)") }
    return try Evaluator(ledger: ledger, today: today, now: fixedNow).evaluate(statement, at: parsed.range)
}

/// The evaluator's error for `text`, or nil when it succeeds.
func evaluationError(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Diagnostic? {
    let parsed = try parseOne(text)
    let evaluator = Evaluator(ledger: ledger, today: today, now: fixedNow)
    // Of the session's statements, these ask the evaluator about the ledger before the session runs them.
    let asksTheLedger = switch parsed.statement {
    case .ledger, .session(.runSaved), .session(.importFile), .session(.attach): true
    case .session: false
    }
    guard asksTheLedger else { throw TestFailure("the session runs \(text) without the evaluator") }
    do throws(Diagnostic) {
        switch parsed.statement {
        case .ledger(let statement): _ = try evaluator.evaluate(statement, at: parsed.range)
        case .session(.runSaved(let name, _, _)): _ = try evaluator.savedStatement(named: name)
        case .session(.importFile(let options)): try evaluator.checkImportTarget(options)
        case .session(.attach(let id, _)): _ = try evaluator.roomForAPhoto(id)
        case .session: break
        }
        return nil
    } catch {
        return error
    }
}

/// That the evaluator refuses the statement with the problem of `errorCase`, pointing where it says.
func expectRefused(_ errorCase: ErrorCase, in ledger: Ledger = Fixture.ledger(), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let diagnostic = try #require(try evaluationError(errorCase.text, in: ledger), sourceLocation: sourceLocation)
    #expect(diagnostic.problem == errorCase.problem, sourceLocation: sourceLocation)
    #expect(Span(diagnostic.range) == errorCase.span, sourceLocation: sourceLocation)
}

func result(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> QueryResult {
    guard case .result(let result, _) = try evaluate(text, in: ledger, today: today) else {
        throw TestFailure("no result from \(text)")
    }
    return result
}

/// What a report says, when `result` is one.
func reportText(_ result: QueryResult) -> String? {
    guard case .done(let done) = result else { return nil }
    return done.text
}

/// The single cell of a query without `by`.
func measure(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Measure {
    guard case .aggregate(let aggregate) = try result(text, in: ledger, today: today) else {
        throw TestFailure("not an aggregate: \(text)")
    }
    guard aggregate.cells.count == 1 else { throw TestFailure("\(aggregate.cells.count) cells for \(text)") }
    return aggregate.cells[0].measure
}

func count(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Int {
    guard case .count(let count) = try measure(text, in: ledger, today: today) else { throw TestFailure("not a count: \(text)") }
    return count
}

func groups(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> GroupResult {
    guard case .groups(let groups) = try result(text, in: ledger, today: today) else { throw TestFailure("no groups: \(text)") }
    return groups
}

func listedIDs(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> [Int64] {
    guard case .bills(let list) = try result(text, in: ledger, today: today) else { throw TestFailure("no bills: \(text)") }
    return list.rows.map(\.id)
}

struct Change {
    let set: ChangeSet
    let report: QueryResult
    /// The question the change asks first, such as `delete 6 bills`.
    let confirmation: String?
    let sample: [BillRow]
    let warnings: [String]
}

func change(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Change {
    guard case .change(let set, let report, let confirmation, let warnings) = try evaluate(text, in: ledger, today: today) else {
        throw TestFailure("no change from \(text)")
    }
    return Change(set: set, report: report, confirmation: confirmation?.question, sample: confirmation?.sample ?? [], warnings: warnings)
}

func cny(_ minor: Int128) -> Measure { .money(minor, .cny) }
func usd(_ minor: Int128) -> Measure { .money(minor, Fixture.usd) }

// MARK: Statements as text

/// A statement as one canonical line, so parsed forms compare as text.
func summary(_ statement: Statement) -> String {
    func name(_ located: Located<String>?) -> String { located?.value ?? "-" }
    switch statement {
    case .ledger(let statement): return summary(statement)
    case .session(let statement): return summary(statement)
    }
}

func summary(_ statement: SessionStatement) -> String {
    func name(_ located: Located<String>?) -> String { located?.value ?? "-" }
    switch statement {
    case .undo(let steps): return "undo" + (steps.map { " \($0.value)" } ?? "")
    case .redo(let steps): return "redo" + (steps.map { " \($0.value)" } ?? "")
    case .changes(let limit): return "changes" + (limit.map { " \($0.value)" } ?? "")
    case .help(let topic): return "help \(topic?.value ?? "-")"
    case .quit: return "quit"
    case .guidedAdd: return "add"
    case .run(let target): return "run [\(target.value)]"
    case .runSaved(let saved, let values, let format):
        return "run saved \(name(saved))" + values.map { " [\($0.value)]" }.joined() + (format.map { " as \($0.rawValue)" } ?? "")
    case .about: return "about"
    case .check: return "check"
    case .attach(let id, let file): return "attach #\(id.value) [\(file.value)]"
    case .backup(let file, let overwrites): return "backup [\(file.value)]" + (overwrites ? " overwrite" : "")
    case .importFile(let options):
        return "import [\(options.file.value)] " + summary(options.settings)
            + (options.profile.map { " with \($0.value)" } ?? "") + (options.mode == .dryRun ? " dry run" : "")
            + (options.updates ? " update" : "") + (options.learns ? " learn" : "")
    case .importRates(let file):
        return "import rates [\(file.value)]"
    }
}

func summary(_ settings: ImportSettings) -> String {
    func column(_ reference: ColumnReference) -> String {
        switch reference {
        case .header(let header): return header
        case .number(let number): return "#\(number)"
        }
    }
    let columns = settings.columns.map { "\($0.field.value.rawValue)=\(column($0.column.value))" }
    var text = "book \(settings.book?.value ?? "-") columns [\(columns.joined(separator: ", "))] skip \(settings.skip ?? 0)"
    text += settings.createsCategories == true ? " create" : ""
    text += settings.allowsDuplicates == true ? " duplicates" : ""
    text += settings.hasHeader == false ? " no header" : ""
    text += settings.separator.map { " separator [\($0.value)]" } ?? ""
    text += settings.encoding.map { " encoding \($0.value)" } ?? ""
    text += settings.dates.map { " dates \($0.value)" } ?? ""
    text += settings.decimalComma.map { $0 ? " decimal comma" : " decimal point" } ?? ""
    text += settings.currency.map { " currency \($0.value)" } ?? ""
    text += settings.expenseSign.map { " expense \($0.rawValue)" } ?? ""
    text += settings.kinds.isEmpty ? "" : " kinds [" + settings.kinds.map { "\($0.word)=\($0.meaning.rawValue)" }.joined(separator: ", ") + "]"
    text += settings.constants.isEmpty ? "" : " set [" + settings.constants.map { "\($0.field.value.rawValue)=\($0.value.value)" }.joined(separator: ", ") + "]"
    text += settings.skipping.isEmpty ? ""
        : " skip where [" + settings.skipping.map { "\(column($0.column.value)) \($0.contains ? "~" : "=") \($0.text)" }.joined(separator: " or ") + "]"
    text += settings.footers.map { " footer \($0)" }.joined()
    text += settings.fallback.map { " otherwise \($0.value)" } ?? ""
    return text
}

func summary(_ action: RuleAction) -> String {
    switch action {
    case .category(let name): return "category \(name.value)"
    case .tags(let tags): return "tags " + tags.map { "#\($0)" }.joined(separator: " ")
    case .place(let place): return "place \(place)"
    case .book(let name): return "book \(name.value)"
    case .remark(let remark): return "remark \(remark)"
    case .account(let name): return "account \(name.value)"
    }
}

func summary(_ statement: LedgerStatement) -> String {
    func name(_ located: Located<String>?) -> String { located?.value ?? "-" }
    switch statement {
    case .query(let query): return summary(query)
    case .add(let add): return summary(add)
    case .edit(let id, let assignments):
        return "edit #\(id.value) " + assignments.map(summary).joined(separator: " ")
    case .editWhere(let condition, let period, let assignments):
        return "edit where \(condition.map(render) ?? "-") period \(period.map { render($0.value) } ?? "-") set "
            + assignments.map(summary).joined(separator: " ")
    case .deleteBills(let ids): return "delete " + ids.map { "#\($0.value)" }.joined(separator: " ")
    case .deleteWhere(let condition, let period):
        return "delete where \(condition.map(render) ?? "-") period \(period.map { render($0.value) } ?? "-")"
    case .formatted(let view, let format): return summary(view) + " as \(format.rawValue)"
    case .converted(let view, let target): return summary(view) + " in \(target.value)"
    case .books: return "books"
    case .categories(let kind, let listing):
        return "categories \(kind?.rawValue ?? "-")" + (listing == .inUse ? "" : " \(listing)")
    case .bookAdd(let book, let currency): return "book add \(name(book)) currency \(name(currency))"
    case .bookUse(let book): return "use \(name(book))"
    case .bookRename(let old, let new): return "book rename \(name(old)) to \(name(new))"
    case .bookDelete(let book, let into): return "book delete \(name(book)) into \(name(into))"
    case .categoryAdd(let category, let kind, let icon, let aliases):
        return "category add \(name(category)) \(kind.rawValue) icon \(icon ?? "-") aliases [\(aliases.map(\.value).joined(separator: ", "))]"
    case .categoryRename(let old, let new): return "category rename \(name(old)) to \(name(new))"
    case .categoryMerge(let old, let into): return "category merge \(name(old)) into \(name(into))"
    case .categoryDelete(let category, let into): return "category delete \(name(category)) into \(name(into))"
    case .categoryIcon(let category, let icon): return "category icon \(name(category)) \(icon.value)"
    case .categoryAliases(let category, let aliases, let adding):
        return "category \(adding ? "alias" : "unalias") \(name(category)) [\(aliases.map(\.value).joined(separator: ", "))]"
    case .categoryArchive(let category, let archiving): return "category \(archiving ? "archive" : "unarchive") \(name(category))"
    case .categoryPosition(let category, let place): return "category move \(name(category)) to \(place.value)"
    case .tagRename(let old, let new): return "tag rename #\(old.value) #\(new.value)"
    case .set(let setting, let value): return "set \(setting.value) \(value.value)"
    case .save(let saved, let parameters, let text, _):
        let declared = parameters.isEmpty ? "" : "(" + parameters.map(\.value).joined(separator: ", ") + ")"
        return "save \(name(saved))\(declared) [\(text)]"
    case .saved: return "saved"
    case .forget(let saved): return "forget \(name(saved))"
    case .timeline(let period): return "timeline period \(period.map { render($0.value) } ?? "-")"
    case .pie(let kind, let period): return "pie \(kind.rawValue) period \(period.map { render($0.value) } ?? "-")"
    case .months(let year): return "months \(year.map { String($0.value) } ?? "-")"
    case .detail(let category, let period): return "detail \(name(category)) period \(period.map { render($0.value) } ?? "-")"
    case .show(let id): return "show #\(id.value)"
    case .search(let text, let period): return "search \(name(text)) period \(period.map { render($0.value) } ?? "-")"
    case .budgetSet(let target, let amount): return "budget \(summary(target)) \(amount.terms.map(\.value.text).joined(separator: "+"))"
    case .budgetOff(let target): return "budget \(summary(target)) off"
    case .budgetReport(let period): return "budget period \(period.map { render($0.value) } ?? "-")"
    case .attachments(let id): return "attachments #\(id.value)"
    case .extract(let id, let number, let file, let overwrites):
        return "extract #\(id.value) \(number.value) [\(file.value)]" + (overwrites ? " overwrite" : "")
    case .detach(let id, let number): return "detach #\(id.value) \(number.value)"
    case .export(let options):
        return "export [\(options.file.value)] where \(options.condition.map(render) ?? "-") period \(options.period.map { render($0.value) } ?? "-")"
            + (options.overwrites ? " overwrite" : "")
    case .report(let options):
        return "report [\(options.file.value)] where \(options.condition.map { render($0.value) } ?? "-") period \(options.period.map { render($0.value) } ?? "-")"
            + (options.overwrites ? " overwrite" : "")
    case .profiles: return "profiles"
    case .profileShow(let profile): return "profile \(profile.value)"
    case .profileAdd(let profile, let settings): return "profile add \(profile.value) [\(settings)]"
    case .profileDelete(let profile): return "profile delete \(profile.value)"
    case .rules: return "rules"
    case .ruleAdd(let spec, let text): return "rule \(render(spec.condition)) => \(spec.actions.map(summary).joined(separator: ", ")) [\(text)]"
    case .ruleDelete(let id): return "rule delete #\(id.value)"
    case .ruleMove(let id, let place): return "rule move #\(id.value) to \(place.value)"
    case .recurring(let recurring): return "recurring \(recurring)"
    case .rateSet(let base, let rate, let quote, let day): return "rate \(base.value) \(rate.value.units)e-\(rate.value.scale) \(quote.value) \(day.map { render($0.value) } ?? "-")"
    case .rates: return "rates"
    case .accounts(let statement): return "accounts \(statement)"
    }
}

func summary(_ target: BudgetTarget) -> String {
    switch target {
    case .category(let name): return name.value
    case .total: return "total"
    }
}

func summary(_ query: Query) -> String {
    var parts = [query.aggregate.rawValue, query.kind?.rawValue ?? "-"]
    if let condition = query.condition { parts.append("where " + render(condition)) }
    if let period = query.period { parts.append("period " + render(period.value)) }
    if !query.dimensions.isEmpty { parts.append("by " + query.dimensions.map(\.value.rawValue).joined(separator: ",")) }
    if let order = query.order { parts.append("order \(order.key.value) \(order.descending ? "desc" : "asc")") }
    if let limit = query.limit { parts.append("limit \(limit)") }
    if let top = query.top { parts.append("top \(top)") }
    if let format = query.format { parts.append("as \(format.rawValue)") }
    return parts.joined(separator: " | ")
}

func summary(_ amount: AmountExpression) -> String {
    zip(amount.terms, amount.negated).enumerated().map { index, pair in
        (index == 0 ? (pair.1 ? "-" : "") : (pair.1 ? "-" : "+")) + pair.0.value.text
    }.joined() + (amount.currencySign.map { " in \($0.value)" } ?? "")
}

func summary(_ add: AddBill) -> String {
    var parts = ["add", add.kind?.rawValue ?? "-", summary(add.amount), add.category.value]
    parts.append("remark " + (add.remark ?? "-"))
    parts.append("on " + (add.date.map { render($0.value) } ?? "-"))
    parts.append("at " + (add.place ?? "-"))
    parts.append("tags [" + add.tags.joined(separator: ", ") + "]")
    parts.append("book " + (add.book?.value ?? "-"))
    if let account = add.account { parts.append(account.words + (account.afterPlace ? " after the place" : "")) }
    return parts.joined(separator: " | ")
}

func summary(_ assignment: Assignment) -> String {
    switch assignment {
    case .amount(let amount): return "amount=\(summary(amount))"
    case .category(let name): return "category=\(name.value)"
    case .remark(let remark): return "remark=\(remark)"
    case .place(let place): return "place=\(place ?? "nil")"
    case .date(let date): return "date=\(render(date.value))"
    case .tags(let change):
        switch change.value {
        case .replace(let tags): return "tags=(\(tags.joined(separator: ",")))"
        case .adjust(let adding, let removing):
            return "tags=" + (adding.map { "+" + $0 } + removing.map { "-" + $0 }).joined(separator: " ")
        }
    case .book(let name): return "book=\(name.value)"
    case .account(let account): return "account=" + (account.book.map { $0.value + ":" } ?? "") + account.name.value
    }
}

func render(_ period: PeriodSpec) -> String {
    switch period {
    case .range(let range): return range.start == range.end ? range.start.iso : "\(range.start.iso)..\(range.end.iso)"
    case .monthWithoutYear(let month): return "month \(month) without its year"
    case .date(let date): return render(date)
    case .this(let unit): return "this \(unit.rawValue)"
    case .last(let unit): return "last \(unit.rawValue)"
    case .lastCount(let count, let unit): return "last \(count) \(unit.rawValue)"
    case .next(let unit): return "next \(unit.rawValue)"
    case .nextCount(let count, let unit): return "next \(count) \(unit.rawValue)"
    case .between(let from, let to): return "\(render(from))..\(render(to))"
    case .since(let from): return "since \(render(from))"
    case .until(let to): return "until \(render(to))"
    }
}
