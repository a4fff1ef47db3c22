import TallyCore

/// Turns a parsed statement into an outcome. Pure: it reads the ledger it is
/// given and *today*, and returns values; committing changes and drawing
/// results are the session's work.
public struct Evaluator: Sendable {
    public let ledger: Ledger
    public let today: Day
    /// Seconds since 1970, stamped on bills as they are written.
    public let now: Int64
    /// The currency of a new book that names none: the locale's.
    public let defaultCurrency: Currency
    /// Ctrl-C, which may stop the listing of many bills part way; the
    /// outcome is then incomplete, and `interruption.leftOut` says so. Never
    /// given for a change, which must see every bill it is about.
    public var interruption: Interruption?

    public init(ledger: Ledger, today: Day, now: Int64, defaultCurrency: Currency = .cny) {
        self.ledger = ledger
        self.today = today
        self.now = now
        self.defaultCurrency = defaultCurrency
    }

    /// What a statement of the ledger comes to; `range` is where it was written.
    public func evaluate(_ statement: LedgerStatement, at range: SourceRange) throws(Diagnostic) -> Outcome {
        switch statement {
        case .query(let query):
            return .result(try run(query), format: query.format)
        case .add(let add):
            return try self.add(add)
        case .edit(let id, let assignments):
            return try edit(id, assignments)
        case .editWhere(let condition, let period, let assignments):
            return try editWhere(condition, period, assignments)
        case .deleteBills(let ids):
            return try deleteBills(ids)
        case .deleteWhere(let condition, let period):
            return try deleteWhere(condition, period)
        case .converted(let view, let target):
            return try converting(view, to: target).evaluate(view, at: range)
        case .formatted(let view, let format):
            guard case .result(let result, _) = try evaluate(view, at: range) else {
                preconditionFailure("only a view, whose outcome is a result, is read with a format")
            }
            return .result(result, format: format)
        case .books:
            return .result(.records(try booksTable()), format: nil)
        case .categories(let kind, let listing):
            return .result(.records(try categoriesTable(kind: kind, listing: listing)), format: nil)
        case .bookAdd(let name, let currency):
            return try bookAdd(name, currency)
        case .bookUse(let name):
            return try bookUse(name)
        case .bookRename(let old, let new):
            return try bookRename(old, new)
        case .bookDelete(let name, let into):
            return try bookDelete(name, into)
        case .categoryAdd(let name, let kind, let icon, let aliases):
            return try categoryAdd(name, kind, icon, aliases)
        case .categoryRename(let old, let new):
            return try categoryRename(old, new)
        case .categoryMerge(let old, let into):
            return try categoryMove(old, into: into, verb: .merged)
        case .categoryDelete(let name, let into):
            return try categoryDelete(name, into)
        case .categoryIcon(let name, let icon):
            return try categoryIcon(name, icon)
        case .categoryAliases(let name, let aliases, let adding):
            return try categoryAliases(name, aliases, adding: adding)
        case .categoryArchive(let name, let archiving):
            return try categoryArchive(name, archiving: archiving)
        case .categoryPosition(let name, let place):
            return try categoryPosition(name, to: place)
        case .tagRename(let old, let new):
            return try tagRename(old, new)
        case .set(let name, let value):
            return try set(name, value)
        case .timeline(let period):
            return .result(.timeline(try timeline(period, at: range)), format: nil)
        case .pie(let kind, let period):
            return .result(.pie(try pie(kind, period, at: range)), format: nil)
        case .months(let year):
            return .result(.months(try months(year, at: range)), format: nil)
        case .detail(let category, let period):
            return .result(.detail(try detail(category, period, at: range)), format: nil)
        case .show(let id):
            return .result(.billDetail(try show(id)), format: nil)
        case .search(let text, let period):
            return .result(.search(try search(text, period)), format: nil)
        case .budgetSet(let target, let amount):
            return try budgetSet(target, amount)
        case .budgetOff(let target):
            return try budgetOff(target)
        case .budgetReport(let period):
            return .result(.budgets(try budgetReport(period, at: range)), format: nil)
        case .attachments(let id):
            return .result(.photos(try attachments(id)), format: nil)
        case .extract(let id, let number, let file, let overwrites):
            return .extractPhoto(try photo(id, number), file: file, overwrites: overwrites)
        case .detach(let id, let number):
            return try detach(id, number)
        case .export(let options):
            return try export(options)
        case .report(let options):
            return try report(options, at: range)
        case .save(let name, let parameters, let statement, let calls):
            return try save(name, parameters, statement, calls: calls)
        case .saved:
            return .result(.records(RecordTable(
                columns: ["name", "parameters", "statement"],
                rows: ledger.savedQueries.map { [.text($0.name), .list($0.parameters), .text($0.statement)] })), format: nil)
        case .forget(let name):
            return try forget(name)
        case .profiles:
            return .result(.records(profilesTable()), format: nil)
        case .profileShow(let name):
            return .result(.records(try profileTable(name)), format: nil)
        case .profileAdd(let name, let settings):
            return profileAdd(name, settings)
        case .profileDelete(let name):
            return try profileDelete(name)
        case .rules:
            return .result(.records(rulesTable()), format: nil)
        case .ruleAdd(let spec, let text):
            return try ruleAdd(spec, text)
        case .ruleDelete(let id):
            return try ruleDelete(id)
        case .ruleMove(let id, let place):
            return try ruleMove(id, to: place)
        case .recurring(let statement):
            return try recurring(statement, at: range)
        case .accounts(let statement):
            return try accounts(statement)
        case .rateSet(let base, let rate, let quote, let day):
            return try rateSet(base, rate, quote, day)
        case .rates:
            return .result(.records(ratesTable()), format: nil)
        }
    }

    /// The saved statement a name typed alone runs.
    public func savedStatement(named name: Located<String>) throws(Diagnostic) -> SavedQuery {
        guard let query = ledger.savedQuery(named: name.value) else {
            let candidates = ChineseWords.startingAStatement + ledger.savedQueries.map(\.name)
            throw Diagnostic(.unknownStatement(name.value, suggestion: Suggestion.nearest(to: name.value, among: candidates)), at: name.range)
        }
        return query
    }

    /// The sum of an amount expression in `currency`'s minor units; it must be
    /// above zero and at most `maximumAmount`.
    /// The amount in `book`'s currency; a currency's sign written with it
    /// must be one that currency is written with, else the bill is meant
    /// for another book.
    public func amount(_ expression: AmountExpression, in book: Book) throws(Diagnostic) -> Int64 {
        if let sign = expression.currencySign, !book.currency.isWritten(as: sign.value) {
            let takers = ledger.books.filter { $0.currency.isWritten(as: sign.value) }
            throw Diagnostic(
                .currencyOfAnotherBook(sign: sign.value, book: book.name, keeps: book.currency.code,
                                       takenBy: takers.map { "'\($0.name)' (\($0.currency.code))" }),
                at: sign.range)
        }
        return try amount(expression, in: book.currency)
    }

    public func amount(_ expression: AmountExpression, in currency: Currency) throws(Diagnostic) -> Int64 {
        var total: Int64 = 0
        for (term, negated) in zip(expression.terms, expression.negated) {
            let minor: Int64
            do {
                minor = try term.value.minorUnits(in: currency)
            } catch {
                throw Diagnostic(.badAmount(term.value.text, error), at: term.range)
            }
            guard minor <= maximumAmount else { throw Diagnostic(.badAmount(term.value.text, .tooLarge), at: term.range) }
            do {
                total = try Arithmetic.add(total, negated ? -minor : minor)
            } catch {
                throw Diagnostic(.badAmount(term.value.text, .tooLarge), at: expression.range)
            }
        }
        guard total > 0 else {
            throw Diagnostic(.amountNotPositive(MoneyFormat.plain(total, currency)), at: expression.range)
        }
        guard total <= maximumAmount else {
            throw Diagnostic(.badAmount(MoneyFormat.plain(total, currency), .tooLarge), at: expression.range)
        }
        return total
    }
}
