import TallyCore

/// What went wrong with a statement, as data: each case holds the facts, and
/// `text` is the one place they become words.
public enum Problem: Sendable, Equatable {
    // MARK: Reading the statement

    /// The lexer could not read the text.
    case unreadable(LexError)
    case unexpected(found: String, expected: String, suggestion: String? = nil)
    /// A word that is right, but not where it stands; the placement says where it goes.
    case misplaced(placement: String)
    case unknownStatement(String, suggestion: String?)
    case unknownName(kind: NameKind, name: String, suggestion: String?)
    case noSuchDate(String)
    case noSuchQuarter(String)
    case noSuchMonth(String)
    case noSuchWeek(year: Int, week: Int)
    /// `02-29` or `feb 29` without a year: not every year has the day.
    case leapDayNeedsItsYear
    case badAmount(String, AmountError)
    case amountNotPositive(String)
    case thousandsSeparator
    /// `25,50` where the locale writes decimals with a point: `point` is the amount so written.
    case decimalComma(point: String)
    /// A clause written twice in one statement.
    case duplicateClause(String, statement: ClauseHost)
    case givenTwice(String)
    case tooDeep
    case notAtLeastOne
    case topWithOrderOrLimit
    case ranksGroupsOnly(clause: String)
    case listTakesNoBy
    case tooManyDimensions
    case operatorNotFor(op: String, field: String, allowed: String)
    case kindFollowsCategory
    case badName(NameProblem)
    case tagWithSpaces
    /// Text `#` does not read as a tag: `stop` is the first character a tag can't hold, nil when it is all digits (a bill id).
    case notATag(String, stop: Character?)
    case tooManyTags(Int)
    case searchNeedsText
    /// `at this` after a bill's remark: words that read as prose, not as a place.
    case notAPlace(String)
    case savedNameWithHyphen(suggested: String)
    case savedNameIsAStatement(String)
    case saveInSave
    /// A saved statement run with another number of values than it has parameters.
    case savedValues(name: String, parameters: [String], given: Int)
    /// A parameter of a statement being saved that stands nowhere a value goes.
    case parameterUnused(String)
    case mappedTwice(String)

    // MARK: The ledger as it is

    case noSuchBill(String)
    case unknownRule(String)
    case noSuchRecurring(String)
    /// `on DATE` or a date in a recurring bill, whose days its schedule gives.
    case recurringBillDated
    case recurringEndsBeforeStart(start: Day, end: Day, fromGiven: Bool)
    /// `date=` in `edit recurring`, whose days its schedule gives.
    case recurringEditDated(id: Int64)
    /// `accept` or `skip` naming a rule that posts without asking.
    case recurringPostsItself(id: Int64)
    /// A day after `accept` or `skip` without the rule it is a day of.
    case dayNeedsItsRule
    /// `on weekdays` after a schedule that is not by the day.
    case weekdaysOnlyByTheDay
    case recurringPaused(id: Int64, paused: Bool)
    /// `accept` or `skip` with nothing waiting that it could mean.
    case nothingDue(rule: Int64?, day: Day?)
    case unreadableRule(id: Int64, reason: String)
    case builtInProfile(String)
    case kindMismatch(category: String, kind: Kind, wanted: Kind)
    /// `edit where … set category=…` naming a category of the other kind than a bill it picked.
    case kindWouldChange(category: String, kind: Kind, bill: Int64)
    /// `edit where … set amount=…` on bills of several currencies, in which one amount means different sums.
    case amountAcrossCurrencies(codes: [String], book: String)
    case billInAnotherCurrency(book: String, keeps: String, bill: Int64, currency: String)
    /// `$12` in a book of yuan: the books whose currency is written so, named with it, could take it.
    case currencyOfAnotherBook(sign: Character, book: String, keeps: String, takenBy: [String])
    case periodEndsBeforeItStarts
    case unknownCurrency(String, suggestion: String?)
    /// `rate CNY 1 CNY`.
    case rateOfItself(String)
    case bookHasTransfers(book: String, count: Int)
    case accountNameTaken(String, book: String)
    case accountArchived(String)
    case accountInAnotherBook(account: String, book: String, bill: Int64)
    case defaultAccountArchived(String)
    case transferToItself(String)
    /// `transfer 100 USD from travel:card to cash` without what arrived in the other currency.
    case transferNeedsReceived(from: String, to: String)
    case transferCurrency(written: String, account: String, keeps: String)
    /// A statement's balance that differs from the account's: the facts, and the bills to look through are the notes.
    case balanceDiffers(account: String, day: Day, held: String, statement: String, difference: String)
    case rateNotPositive
    /// A bill in `from` on `day`, the first the query needs, has no rate into `to`.
    case noRate(from: String, to: String, day: Day)
    case bookNameTaken(String)
    case categoryNameTaken(name: String, existing: String)
    case onlyBook(String)
    case takesItsOwnBills(thing: BillHolder)
    case booksKeepOtherCurrencies(destination: String, destinationCurrency: String, book: String, bookCurrency: String)
    /// A book with bills deleted without `into`; `sameCurrency` names a book that could take them.
    case bookHasBills(book: String, count: Int, sameCurrency: String?)
    case categoryHasBills(category: String, count: Int)
    case categoryKindsDiffer(source: String, sourceKind: Kind, destination: String, destinationKind: Kind)
    /// A new bill, or a bill moved, into a category taken out of use.
    case categoryArchived(String)
    /// Archiving the last category of a kind in use would leave a new bill of that kind none to take.
    case lastCategoryOfKind(String, kind: Kind)
    case notAnAlias(alias: String, category: String, aliases: [String])
    case aliasIsTheName(String)
    /// An icon of more than one character, which would not fit where icons are drawn.
    case iconNotOneCharacter(String)
    case noBudget(book: String, category: String?)
    case budgetNeedsAMonth
    /// A report adds up one currency; the books it covers keep several.
    case reportSpansCurrencies([String])
    /// `report to ""`, `report to reports/`: a folder or nothing, where a file's name goes.
    case reportNeedsAFileName
    /// The months a report would span, more than it shows.
    case reportTooLong(months: Int, from: String, to: String)
    case budgetOnIncome(String)
    case tooManyPhotos(bill: Int64)
    case noSuchPhoto(bill: Int64, number: Int, count: Int)
    case photoBytesMissing(Int)
    case photoAlreadyThere(bill: Int64, number: Int)

    // MARK: Files

    case noSuchColumn(columns: Int, number: Int)
    case missingColumn(file: String, field: String, header: [String])
    /// Two columns a field could be read from: by their headers (`date` and `日期`), or a header `columns (…)` names written twice.
    case columnTwice(file: String, line: Int, field: String, first: String, firstNumber: Int, second: String, secondNumber: Int)
    case noHeaderRow(file: String, skipped: Int)
    case rowsRefused(bad: Int, of: Int)
    case csvUnreadable(file: String, line: Int, reason: String)
    /// A journal or beancount file that does not read, or a line of it Tally cannot take as it says.
    case journalUnreadable(file: String, line: Int, column: Int?, reason: String)
    case journalDryRun
    /// A file whose name says it holds another format, such as one `export` writes.
    case importReadsCSV(file: String, named: String)
    case notInEncoding(file: String, line: Int, encoding: String)
    case unknownEncoding(String, known: [String])
    case badDateFormat(String)
    case profileUnreadable(name: String, reason: String)
    case headerNotFound(file: String, profile: String, headers: [String], lines: Int)
    case columnsByNumber(file: String)
    /// A file that could not be read or written; the reason is the system's.
    case fileFailed(FileFailure)
    case formatUnknown(file: String, known: [String])
    /// Bills dated before the first day ledger reads, which a journal cannot hold.
    case billsTooEarlyForJournal(bills: [Int64], earliest: String)

    // MARK: The session

    case needsConfirmation(String)
    case guidedEntryNeedsATerminal
    case amountNeeded
    case changedWhileAnswering
    case runsTooDeep(Int)
    case tooManyRuns(runs: Int, mebibytes: Int)
    case undoConflict(undo: Bool, change: Phrase, row: String)
    /// A change of a recurring bill that has posted or been seen to since.
    case undoAfterPosting(undo: Bool, change: Phrase, rule: Int64)
    case undoDependedOn(undo: Bool, change: Phrase)
    /// `undo N` where fewer changes can be taken back from here.
    case tooFewToReplay(undo: Bool, asked: Int, available: Int)
    /// An answer to a guided entry's last question that is neither yes nor no.
    case answerYesOrNo
    /// A statement read from a pipe longer than any script may be.
    case statementTooLong(mebibytes: Int)

    // MARK: The ledger file

    /// The store could not read or write the ledger; `unsaved` gathered changes went with it.
    case ledgerFailed(StoreFailure, unsaved: Int)
    /// A whole check found the file damaged: what it found, and what can be done.
    case ledgerDamaged(problems: [String], path: String)
    /// The ledger was found damaged before: a warning that answers may be wrong.
    case answersMayBeWrong(damage: String)
    case cannotOpenLedger(path: String, StoreFailure)

    // MARK: The command line

    case optionNeedsAValue(String)
    case optionValue(option: String, takes: String, given: String)
    case unknownOption(String, suggestion: String?)
    case demoWithALedger
    case demoFolderFailed(String)
    /// The results could not be written to standard output.
    case resultsUnwritable(String)
    /// The pager could not be run (`$PAGER` names no program, say): results are shown without it.
    case pagerFailed(command: String, reason: String)

    /// The problem in words: short, and the fix first when there is one.
    public var text: String {
        switch self {
        case .unreadable(let error): return Problem.text(of: error)
        case .unexpected(let found, _, let suggestion?):
            if Problem.isSame(found, suggestion) { return Translation.translated("%s does not belong here", Problem.shown(found)) }
            return Translation.translated("unknown word %s", Problem.shown(found)) + Problem.didYouMean(suggestion)
        case .unexpected(let found, _, nil):
            if found.hasPrefix("end of") { return Translation.translated("incomplete statement") }
            guard found.hasPrefix(Problem.stringToken) else { return Translation.translated("unexpected %s", found) }
            return Translation.translated("unexpected string %s", found.dropFirst(Problem.stringToken.count))
        case .misplaced(let placement): return placement
        case .unknownStatement(let word, let suggestion):
            return Translation.translated("unknown statement '%s'", Diagnostic.clipped(word)) + Problem.didYouMean(suggestion)
                + (suggestion == nil ? Translation.translated("; type 'help' for the list") : "")
        case .unknownName(let kind, let name, let suggestion):
            return Problem.unknown(kind, Diagnostic.clipped(name)) + Problem.didYouMean(suggestion)
        case .noSuchDate(let text): return Translation.translated("no such date '%s'", Diagnostic.clipped(text))
        case .noSuchMonth(let text): return Translation.translated("no such month '%s'; months are 01 to 12", Diagnostic.clipped(text))
        case .noSuchQuarter(let text): return Translation.translated("no such quarter '%s'; quarters are q1 to q4", Diagnostic.clipped(text))
        case .noSuchWeek(let year, let week): return Translation.translated("%d has no ISO week %d; it has %d", year, week, Day.isoWeeks(in: year))
        case .leapDayNeedsItsYear: return Translation.translated("February 29 needs its year, which must be a leap year: write 2028-02-29")
        case .badAmount(let written, let error): return Problem.text(of: error, in: Diagnostic.clipped(written))
        case .amountNotPositive(let text): return Translation.translated("an amount must be more than zero, not %s", Diagnostic.clipped(text))
        case .thousandsSeparator: return Translation.translated("write amounts without thousands separators, such as 1000.50")
        case .decimalComma(let point):
            return Translation.translated(
                "write the decimals with a point, %s; a comma is one only where the locale (LC_NUMERIC or LANG) writes it", Diagnostic.clipped(point))
        case .duplicateClause("period", .query): return Translation.translated("a query takes only one period")
        case .duplicateClause("period", .report): return Translation.translated("a report takes only one period")
        case .duplicateClause("period", .export): return Translation.translated("an export takes only one period")
        case .duplicateClause(let clause, let statement): return Problem.onlyOnce(clause, in: statement)
        case .givenTwice(let word): return Translation.translated("'%s' is given twice", Diagnostic.clipped(word))
        case .tooDeep: return Translation.translated("too deeply nested; at most %d levels of parentheses", Parser.maximumDepth)
        case .notAtLeastOne: return Translation.translated("the number must be at least 1")
        case .topWithOrderOrLimit: return Translation.translated("'top N' already orders and limits; use either 'top' or 'order by … limit'")
        case .ranksGroupsOnly(let clause): return Translation.translated("'%s' ranks groups: add 'by DIMENSION', or use 'list' for bills", clause)
        case .listTakesNoBy: return Translation.translated("'list' shows bills one by one and takes no 'by'; use 'order by' to sort them")
        case .tooManyDimensions: return Translation.translated("at most two dimensions: 'by month, category'")
        case .operatorNotFor(let op, let field, let allowed): return Translation.translated("'%s' does not apply to %s; use %s", op, field, allowed)
        case .kindFollowsCategory: return Translation.translated("a bill's kind follows its category; change the category instead")
        case .badName(let problem): return problem.description
        case .tagWithSpaces: return Translation.translated("a tag is one word, without spaces")
        case .notATag(_, let stop?): return Translation.translated("a tag is one word, such as #work or #旅行; it can't hold '%s'", stop)
        case .notATag(let text, nil):
            return Translation.translated("'#%s' is a bill id, not a tag; give the tag a letter", Diagnostic.clipped(text))
        case .tooManyTags(let maximum): return Translation.translated("a bill may have at most %d tags", maximum)
        case .notAPlace(let word):
            return Translation.translated(
                "'%s' does not read as a place; quote the place if it is one: at \"%s\"", Diagnostic.clipped(word), Diagnostic.clipped(word))
        case .searchNeedsText: return Translation.translated("give some text to look for, such as search coffee")
        case .savedNameWithHyphen(let suggested):
            return Translation.translated("a saved statement's name is one word of letters, digits and _: write %s", Diagnostic.clipped(suggested))
        case .savedNameIsAStatement(let name): return Translation.translated("'%s' is a statement; choose another name", name)
        case .saveInSave: return Translation.translated("a saved statement cannot save another")
        case .savedValues(let name, let parameters, let given) where parameters.isEmpty:
            return Translation.translated("%s takes no values; got %d", name, given)
        case .savedValues(let name, let parameters, let given):
            return Translation.plural(
                "%2$s needs %1$d value: %3$s; got %4$d", "%2$s needs %1$d values: %3$s; got %4$d",
                count: parameters.count, name, parameters.joined(separator: ", "), given)
        case .parameterUnused(let name):
            return Translation.translated(
                "parameter '%s' stands for no value in the statement; use it where a name, text, amount, period or date goes", name)
        case .mappedTwice(let field): return Translation.translated("'%s' is mapped twice", field)
        case .noSuchBill(let id): return Translation.translated("there is no bill #%s", Diagnostic.clipped(id))
        case .unknownRule(let id): return Translation.translated("there is no rule #%s; 'rules' lists them", Diagnostic.clipped(id))
        case .noSuchRecurring(let id):
            return Translation.translated("there is no recurring bill #%s; 'recurring' lists them", Diagnostic.clipped(id))
        case .recurringBillDated:
            return Translation.translated("a recurring bill falls on the days of its schedule; write its first day with 'from DATE'")
        case .recurringEndsBeforeStart(let start, let end, let fromGiven):
            return Translation.translated("it would end on %s, before it starts on %s", end.iso, start.iso)
                + (fromGiven ? "" : Translation.translated("; it starts today unless 'from' says otherwise"))
        case .recurringEditDated(let id):
            return Translation.translated(
                "recurring #%d falls on the days of its schedule; to change them, 'delete recurring #%d' and write it again with 'every'", id, id)
        case .dayNeedsItsRule: return Translation.translated("a day goes with its rule: accept #1 on 07-15 ('due' lists the rules and days waiting)")
        case .recurringPostsItself(let id):
            return Translation.translated(
                "recurring #%d posts its days by itself; only a rule written with 'ask' waits to be accepted or skipped", id)
        case .weekdaysOnlyByTheDay:
            return Translation.translated("'on weekdays' goes with a schedule by the day: every day … on weekdays, or every weekday")
        case .recurringPaused(let id, true):
            return Translation.translated("recurring #%d is paused already; 'resume recurring #%d' goes on with it", id, id)
        case .recurringPaused(let id, false): return Translation.translated("recurring #%d is not paused", id)
        case .nothingDue(nil, _): return Translation.translated("nothing is due; 'upcoming' shows what comes next")
        case .nothingDue(let rule?, nil): return Translation.translated("nothing of recurring #%d is due; 'due' lists what waits", rule)
        case .nothingDue(let rule?, let day?):
            return Translation.translated("recurring #%d is not due on %s; 'due' lists what waits", rule, day.iso)
        case .unreadableRule(let id, let reason):
            return Translation.translated("rule #%d no longer applies: %s; change it or 'rule delete #%d'", id, reason, id)
        case .builtInProfile(let name):
            return Translation.translated(
                "'%s' is built into Tally and cannot be deleted; a profile of yours of that name is used instead of it", name)
        case .kindMismatch(let category, let kind, let wanted):
            return Translation.translated("'%s' is an %s category, not an %s one", category, kind.words.shown, wanted.words.shown)
        case .kindWouldChange(let category, let kind, let bill):
            return Problem.kindWouldChange(category: category, kind: kind, bill: bill)
        case .amountAcrossCurrencies(let codes, let book):
            return Translation.translated(
                "the bills are in %s, and an amount is in one currency; set it for the bills of one currency at a time, such as with 'and book = %s'",
                Problem.both(codes), Literal.name(book))
        case .billInAnotherCurrency(let book, let keeps, let bill, let currency):
            return Translation.translated("book '%s' keeps %s, but #%d is in %s", book, keeps, bill, currency)
        case .currencyOfAnotherBook(let sign, let book, let keeps, let takers):
            let named = takers.joined(separator: ", ")
            let taking = takers.isEmpty
                ? Translation.translated("no book keeps a currency written so")
                : takers.count == 1 ? Translation.translated("book %s would take it", named) : Translation.translated("books %s would take it", named)
            return Translation.translated("book '%s' keeps %s, which is not written '%s'; %s", book, keeps, sign, taking)
        case .periodEndsBeforeItStarts: return Translation.translated("this period ends before it starts")
        case .bookHasTransfers(let book, let count):
            return Translation.plural(
                "book '%2$s' has %1$d transfer between its accounts and others'; undo or delete them first",
                "book '%2$s' has %1$d transfers between its accounts and others'; undo or delete them first", count: count, book)
        case .accountNameTaken(let name, let book): return Translation.translated("book '%s' already has an account named '%s'", book, name)
        case .accountArchived(let name):
            return Translation.translated("account '%s' is archived; 'account unarchive %s' takes it back into use", name, Literal.name(name))
        case .accountInAnotherBook(let account, let book, let bill):
            return Translation.translated("account '%s' is book '%s''s, not the book of #%d", account, book, bill)
        case .defaultAccountArchived(let name):
            return Translation.translated("account '%s' is where bills that name no account go; make another the default first", name)
        case .transferToItself(let name): return Translation.translated("a transfer moves money between two accounts; '%s' is both", name)
        case .transferNeedsReceived(let from, let to):
            return Translation.translated("%s and %s keep different currencies; say what arrived with 'as AMOUNT'", from, to)
        case .transferCurrency(let written, let account, let keeps):
            return Translation.translated("the amount is in %s, but account '%s' keeps %s", written, account, keeps)
        case .balanceDiffers(let account, let day, let held, let statement, let difference):
            return Translation.translated(
                "%s holds %s at the end of %s, but the statement says %s (%s)", account, held, day.iso, statement, difference)
        case .rateOfItself(let code): return Translation.translated("a rate prices one currency in another; %s is worth 1 %s", code, code)
        case .rateNotPositive: return Translation.translated("a rate is above zero, such as 7.12")
        case .noRate(let from, let to, let day):
            return Translation.translated(
                "no rate of %s in %s on or before %s, the first day a bill needs one; give one with 'rate %s RATE %s on %s'",
                from, to, day.iso, from, to, day.iso)
        case .unknownCurrency(let code, let suggestion):
            return Translation.translated("'%s' is not an ISO 4217 currency code", Diagnostic.clipped(code))
                + (suggestion.map { Problem.didYouMean($0) } ?? Translation.translated("; use one such as CNY, USD or EUR"))
        case .bookNameTaken(let name): return Translation.translated("there is already a book named '%s'", name)
        case .categoryNameTaken(let name, let existing): return Translation.translated("'%s' already names the category '%s'", name, existing)
        case .onlyBook(let name): return Translation.translated("'%s' is the only book; add another before deleting it", name)
        case .takesItsOwnBills(let thing): return Problem.takesItsOwnBills(thing)
        case .booksKeepOtherCurrencies(let destination, let destinationCurrency, let book, let bookCurrency):
            return Translation.translated("'%s' keeps %s, but '%s' keeps %s", destination, destinationCurrency, book, bookCurrency)
        case .bookHasBills(let book, let count, let sameCurrency?):
            return Translation.plural(
                "book '%2$s' has %1$d bill; move them with 'book delete %3$s into %4$s', or delete them first with 'delete where book=%3$s'",
                "book '%2$s' has %1$d bills; move them with 'book delete %3$s into %4$s', or delete them first with 'delete where book=%3$s'",
                count: count, book, Literal.name(book), Literal.name(sameCurrency))
        case .bookHasBills(let book, let count, nil):
            return Translation.plural(
                "book '%2$s' has %1$d bill; delete them first with 'delete where book=%3$s'",
                "book '%2$s' has %1$d bills; delete them first with 'delete where book=%3$s'", count: count, book, Literal.name(book))
        case .categoryHasBills(let category, let count):
            return Translation.plural(
                "category '%2$s' has %1$d bill; move them with 'category merge %3$s into OTHER'",
                "category '%2$s' has %1$d bills; move them with 'category merge %3$s into OTHER'", count: count, category, Literal.name(category))
        case .categoryKindsDiffer(let source, let sourceKind, let destination, let destinationKind):
            return Translation.translated(
                "'%s' is an %s category but '%s' is an %s one", source, sourceKind.words.shown, destination, destinationKind.words.shown)
        case .categoryArchived(let category):
            return Translation.translated(
                "category '%s' is archived; 'category unarchive %s' takes it back into use", category, Literal.name(category))
        case .lastCategoryOfKind(let category, let kind):
            return Translation.translated("'%s' is the only %s category in use; add another before archiving it", category, kind.words.shown)
        case .notAnAlias(let alias, let category, let aliases) where aliases.isEmpty:
            return Translation.translated("'%s' is not an alias of '%s'; it has none", Diagnostic.clipped(alias), category)
        case .notAnAlias(let alias, let category, let aliases):
            return Translation.translated(
                "'%s' is not an alias of '%s'; its aliases are %s", Diagnostic.clipped(alias), category, aliases.joined(separator: ", "))
        case .aliasIsTheName(let name):
            return Translation.translated("'%s' is the category's name, not an alias; 'category rename' changes it", name)
        case .iconNotOneCharacter(let icon): return Translation.translated("an icon is one character, such as 🍜, not '%s'", Diagnostic.clipped(icon))
        case .noBudget(let book, let category?): return Translation.translated("'%s' has no budget for '%s'", book, category)
        case .noBudget(let book, nil): return Translation.translated("'%s' has no budget in total", book)
        case .budgetNeedsAMonth:
            return Translation.translated("budgets are monthly: give a month, such as 'budget 2016-07' or 'budget last month'")
        case .reportSpansCurrencies(let codes):
            return Translation.translated(
                "a report adds up one currency, but these bills are in %s; name the books of one, such as where book = travel", Problem.both(codes))
        case .reportNeedsAFileName: return Translation.translated("give the report a file's name, such as 2016.html")
        case .reportTooLong(let months, let from, let to):
            return Translation.translated(
                "a report spans at most %d months, but this one would run from %s to %s, %d months; give a shorter period, such as 'report %s to %s.html'",
                PeriodReport.monthsAtMost, from, to, months, to.prefix(4), to.prefix(4))
        case .budgetOnIncome(let category): return Translation.translated("budgets limit spending, and '%s' is an income category", category)
        case .tooManyPhotos(let bill):
            return Translation.translated("#%d has %d photos already, as many as a bill may have", bill, Photo.maximumPerBill)
        case .noSuchPhoto(let bill, let number, 0): return Translation.translated("#%d has no photo %d; it has none", bill, number)
        case .noSuchPhoto(let bill, let number, let count): return Translation.translated("#%d has no photo %d; it has %d", bill, number, count)
        case .photoBytesMissing(let number): return Translation.translated("the bytes of photo %d are missing from the ledger", number)
        case .photoAlreadyThere(let bill, let number): return Translation.translated("#%d has this photo already (photo %d)", bill, number)
        case .noSuchColumn(let columns, let number):
            return Translation.translated("the file has %d columns, so there is no column %d", columns, number)
        case .missingColumn(let file, let field, let header): return Problem.missingColumn(file: file, field: field, header: header)
        case .columnTwice(let file, let line, let field, let first, let firstNumber, let second, let secondNumber):
            return Translation.translated(
                "%s:%d: two columns could be the %s: '%s' (column %d) and '%s' (column %d); choose one with columns (%s=%d)",
                file, line, field, Diagnostic.clipped(first), firstNumber, Diagnostic.clipped(second), secondNumber, field, firstNumber)
        case .noHeaderRow(let file, let skipped) where skipped > 0:
            return Translation.translated("%s has no header row after the %d skipped lines", file, skipped)
        case .noHeaderRow(let file, _): return Translation.translated("%s has no header row", file)
        case .rowsRefused(let bad, let total): return Translation.translated("%d of %d rows can't be imported, so nothing was imported", bad, total)
        case .csvUnreadable(let file, let line, let reason): return Problem.nothingImported(at: "\(file):\(line)", reason)
        case .journalUnreadable(let file, let line, let column, let reason):
            return Problem.nothingImported(at: "\(file):\(line)\(column.map { ":\($0)" } ?? "")", reason)
        case .journalDryRun:
            return Translation.translated("a dry run reads CSV files; a journal is imported whole or not at all, and undo takes it back")
        case .importReadsCSV(let file, let named) where Problem.article(named) == "an":
            return Translation.translated(
                "import reads CSV, and '%s' is named like an %s file; export writes CSV to a name ending in .csv", file, named)
        case .importReadsCSV(let file, let named):
            return Translation.translated(
                "import reads CSV, and '%s' is named like a %s file; export writes CSV to a name ending in .csv", file, named)
        case .notInEncoding(let file, let line, let encoding):
            return Translation.translated(
                "%s:%d: this line is not %s; say the file's encoding, such as encoding gbk or encoding utf-16; nothing was imported",
                file, line, encoding)
        case .unknownEncoding(let name, let known):
            return Translation.translated("unknown encoding '%s'; Tally reads %s", Diagnostic.clipped(name), known.joined(separator: ", "))
        case .badDateFormat(let reason): return reason
        case .profileUnreadable(let name, let reason): return Translation.translated("import profile '%s' cannot be read: %s", name, reason)
        case .headerNotFound(let file, let profile, let headers, let lines):
            return Translation.translated(
                "%s has no line with the header of profile '%s' (%s) in its first %d lines; is it the right file, or does it need 'skip N'?",
                file, profile, headers.map { "'\(Diagnostic.clipped($0))'" }.joined(separator: ", "), lines)
        case .columnsByNumber(let file):
            return Translation.translated("%s has no header, so its columns are named by number, such as columns (date=1, amount=3)", file)
        case .fileFailed(let failure): return Problem.text(of: failure)
        case .formatUnknown(let file, let known):
            return Translation.translated("'%s' does not say its format; end its name in %s", file, known.joined(separator: ", "))
        case .billsTooEarlyForJournal(let bills, let earliest):
            let named = bills.prefix(5).map { "#\($0)" }.joined(separator: ", ") + (bills.count > 5 ? ", …" : "")
            return Translation.plural(
                "ledger reads no date before %2$s, and %1$d bill (%3$s) is dated earlier; leave it out with 'since %2$s' (or a 'where'), or export to a .beancount file, which takes every date",
                "ledger reads no date before %2$s, and %1$d bills (%3$s) are dated earlier; leave them out with 'since %2$s' (or a 'where'), or export to a .beancount file, which takes every date",
                count: bills.count, earliest, named)
        case .needsConfirmation(let what): return Translation.translated("%s; scripts must confirm this with --yes", what)
        case .guidedEntryNeedsATerminal:
            return Translation.translated("'add' alone asks for each field at the prompt; in a script write the whole bill, such as add 25.50 food")
        case .amountNeeded: return Translation.translated("an amount is needed, such as 25.50 or 12+8.5")
        case .changedWhileAnswering:
            return Translation.translated("the ledger changed while you were answering; nothing was changed, so run the statement again")
        case .runsTooDeep(let depth): return Translation.translated("scripts run each other more than %d deep", depth)
        case .tooManyRuns(let runs, let mebibytes):
            return Translation.translated("one statement may run at most %d scripts and saved statements, of %d MiB in all; stopped", runs, mebibytes)
        case .undoAfterPosting(let undo, let change, let rule): return Problem.afterPosting(undo: undo, change.shown, rule: rule)
        case .undoConflict(let undo, let change, let row): return Problem.conflict(undo: undo, change.shown, row: row)
        case .undoDependedOn(let undo, let change): return Problem.dependedOn(undo: undo, change.shown)
        case .tooFewToReplay(let undo, let asked, let available): return Problem.tooFew(undo: undo, asked: asked, available: available)
        case .answerYesOrNo: return Translation.translated("answer y or n, or '<' to go back")
        case .statementTooLong(let mebibytes): return Translation.translated("a statement may be at most %d MiB", mebibytes)
        case .ledgerFailed(let failure, 0): return Problem.text(of: failure)
        case .ledgerFailed(let failure, 1): return Problem.text(of: failure) + Translation.translated(" (the last change was not saved)")
        case .ledgerFailed(let failure, let unsaved):
            return Problem.text(of: failure) + Translation.translated(" (the last %d changes were not saved)", unsaved)
        case .ledgerDamaged(let problems, let path): return Problem.damaged(problems, path: path)
        case .optionNeedsAValue(let option): return Translation.translated("%s needs a value", option)
        case .optionValue(let option, let takes, let given): return Translation.translated("%s takes %s, not '%s'", option, takes, given)
        case .unknownOption(let option, let suggestion): return Translation.translated("unknown option '%s'", option) + Problem.didYouMean(suggestion)
        case .demoWithALedger: return Translation.translated("--demo makes a ledger of its own; leave out --db")
        case .cannotOpenLedger(let path, let failure): return Translation.translated("cannot open the ledger at '%s': %s", path, failure)
        case .demoFolderFailed(let reason): return Translation.translated("cannot make a folder for the demo: %s", reason)
        case .resultsUnwritable(let reason): return Translation.translated("cannot write the results: %s", reason)
        case .pagerFailed(let command, let reason):
            return Translation.translated(
                "the pager '%s' could not be run (%s); results are shown without it: set PAGER to one that runs, or 'set pager off'", command, reason)
        case .answersMayBeWrong(let damage):
            return Translation.translated(
                "the ledger is damaged (%s): answers may be wrong, and nothing will be written to it; 'check' says what can be done", damage)
        }
    }

    /// Whether the word found is the one suggested: right, but out of place.
    static func isSame(_ found: String, _ suggestion: String) -> Bool {
        found.lowercased() == "'\(suggestion.lowercased())'"
    }

    /// `a query`, `an import`.
    static func article(_ noun: String) -> String {
        "aeiou".contains(noun.first ?? " ") ? "an" : "a"
    }

    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { Translation.translated(" — did you mean '%s'?", $0) } ?? ""
    }
}
