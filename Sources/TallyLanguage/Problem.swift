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
    case unknownName(kind: String, name: String, suggestion: String?)
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
    /// A clause written twice in one statement (`statement`: query, bill, import, export).
    case duplicateClause(String, statement: String)
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
    case takesItsOwnBills(thing: String)
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
    case undoConflict(verb: String, change: String, row: String, since: String)
    /// A change of a recurring bill that has posted or been seen to since.
    case undoAfterPosting(verb: String, change: String, rule: Int64)
    case undoDependedOn(verb: String, change: String)
    /// `undo N` where fewer changes can be taken back from here.
    case tooFewToReplay(verb: String, asked: Int, available: Int)
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
            if Problem.isSame(found, suggestion) { return "\(found) does not belong here" }
            return "unknown word \(found)" + Problem.didYouMean(suggestion)
        case .unexpected(let found, _, nil):
            return found.hasPrefix("end of") ? "incomplete statement" : "unexpected \(found)"
        case .misplaced(let placement): return placement
        case .unknownStatement(let word, let suggestion):
            return Translation.format(Translation.translated("unknown statement '%s'"), Diagnostic.clipped(word)) + Problem.didYouMean(suggestion)
                + (suggestion == nil ? Translation.translated("; type 'help' for the list") : "")
        case .unknownName(let kind, let name, let suggestion):
            return "unknown \(kind) '\(Diagnostic.clipped(name))'" + Problem.didYouMean(suggestion)
        case .noSuchDate(let text): return "no such date '\(Diagnostic.clipped(text))'"
        case .noSuchMonth(let text): return "no such month '\(Diagnostic.clipped(text))'; months are 01 to 12"
        case .noSuchQuarter(let text): return "no such quarter '\(Diagnostic.clipped(text))'; quarters are q1 to q4"
        case .noSuchWeek(let year, let week): return "\(year) has no ISO week \(week); it has \(Day.isoWeeks(in: year))"
        case .leapDayNeedsItsYear: return "February 29 needs its year, which must be a leap year: write 2028-02-29"
        case .badAmount(let written, let error): return Problem.text(of: error, in: Diagnostic.clipped(written))
        case .amountNotPositive(let text): return "an amount must be more than zero, not \(Diagnostic.clipped(text))"
        case .thousandsSeparator: return "write amounts without thousands separators, such as 1000.50"
        case .decimalComma(let point):
            return "write the decimals with a point, \(Diagnostic.clipped(point)); a comma is one only where the locale (LC_NUMERIC or LANG) writes it"
        case .duplicateClause("period", let statement): return "\(Problem.article(statement)) \(statement) takes only one period"
        case .duplicateClause(let clause, let statement): return "'\(clause)' may appear only once in \(Problem.article(statement)) \(statement)"
        case .givenTwice(let word): return "'\(Diagnostic.clipped(word))' is given twice"
        case .tooDeep: return "too deeply nested; at most \(Parser.maximumDepth) levels of parentheses"
        case .notAtLeastOne: return "the number must be at least 1"
        case .topWithOrderOrLimit: return "'top N' already orders and limits; use either 'top' or 'order by … limit'"
        case .ranksGroupsOnly(let clause): return "'\(clause)' ranks groups: add 'by DIMENSION', or use 'list' for bills"
        case .listTakesNoBy: return "'list' shows bills one by one and takes no 'by'; use 'order by' to sort them"
        case .tooManyDimensions: return "at most two dimensions: 'by month, category'"
        case .operatorNotFor(let op, let field, let allowed): return "'\(op)' does not apply to \(field); use \(allowed)"
        case .kindFollowsCategory: return "a bill's kind follows its category; change the category instead"
        case .badName(let problem): return problem.description
        case .tagWithSpaces: return "a tag is one word, without spaces"
        case .notATag(_, let stop?): return "a tag is one word, such as #work or #旅行; it can't hold '\(stop)'"
        case .notATag(let text, nil): return "'#\(Diagnostic.clipped(text))' is a bill id, not a tag; give the tag a letter"
        case .tooManyTags(let maximum): return "a bill may have at most \(maximum) tags"
        case .notAPlace(let word):
            return "'\(Diagnostic.clipped(word))' does not read as a place; quote the place if it is one: at \"\(Diagnostic.clipped(word))\""
        case .searchNeedsText: return "give some text to look for, such as search coffee"
        case .savedNameWithHyphen(let suggested):
            return "a saved statement's name is one word of letters, digits and _: write \(Diagnostic.clipped(suggested))"
        case .savedNameIsAStatement(let name): return "'\(name)' is a statement; choose another name"
        case .saveInSave: return "a saved statement cannot save another"
        case .savedValues(let name, let parameters, let given) where parameters.isEmpty:
            return "\(name) takes no values; got \(given)"
        case .savedValues(let name, let parameters, let given):
            return "\(name) needs \(Literal.count(parameters.count, "value")): \(parameters.joined(separator: ", ")); got \(given)"
        case .parameterUnused(let name):
            return "parameter '\(name)' stands for no value in the statement; use it where a name, text, amount, period or date goes"
        case .mappedTwice(let field): return "'\(field)' is mapped twice"
        case .noSuchBill(let id): return "there is no bill #\(Diagnostic.clipped(id))"
        case .unknownRule(let id): return "there is no rule #\(Diagnostic.clipped(id)); 'rules' lists them"
        case .noSuchRecurring(let id): return "there is no recurring bill #\(Diagnostic.clipped(id)); 'recurring' lists them"
        case .recurringBillDated:
            return "a recurring bill falls on the days of its schedule; write its first day with 'from DATE'"
        case .recurringEndsBeforeStart(let start, let end, let fromGiven):
            return "it would end on \(end.iso), before it starts on \(start.iso)" + (fromGiven ? "" : "; it starts today unless 'from' says otherwise")
        case .recurringEditDated(let id):
            return "recurring #\(id) falls on the days of its schedule; to change them, 'delete recurring #\(id)' and write it again with 'every'"
        case .dayNeedsItsRule: return "a day goes with its rule: accept #1 on 07-15 ('due' lists the rules and days waiting)"
        case .recurringPostsItself(let id):
            return "recurring #\(id) posts its days by itself; only a rule written with 'ask' waits to be accepted or skipped"
        case .weekdaysOnlyByTheDay: return "'on weekdays' goes with a schedule by the day: every day … on weekdays, or every weekday"
        case .recurringPaused(let id, true): return "recurring #\(id) is paused already; 'resume recurring #\(id)' goes on with it"
        case .recurringPaused(let id, false): return "recurring #\(id) is not paused"
        case .nothingDue(nil, _): return "nothing is due; 'upcoming' shows what comes next"
        case .nothingDue(let rule?, nil): return "nothing of recurring #\(rule) is due; 'due' lists what waits"
        case .nothingDue(let rule?, let day?): return "recurring #\(rule) is not due on \(day.iso); 'due' lists what waits"
        case .unreadableRule(let id, let reason): return "rule #\(id) no longer applies: \(reason); change it or 'rule delete #\(id)'"
        case .builtInProfile(let name): return "'\(name)' is built into Tally and cannot be deleted; a profile of yours of that name is used instead of it"
        case .kindMismatch(let category, let kind, let wanted):
            return "'\(category)' is an \(kind.rawValue) category, not an \(wanted.rawValue) one"
        case .kindWouldChange(let category, let kind, let bill):
            let other = kind == .income ? "an expense" : "an income"
            return "'\(category)' is an \(kind.rawValue) category, but #\(bill) is \(other) bill; "
                + "edit where keeps each bill's kind, and 'edit #\(bill) category=\(Literal.name(category))' changes it"
        case .amountAcrossCurrencies(let codes, let book):
            return "the bills are in \(codes.joined(separator: " and ")), and an amount is in one currency; "
                + "set it for the bills of one currency at a time, such as with 'and book = \(Literal.name(book))'"
        case .billInAnotherCurrency(let book, let keeps, let bill, let currency):
            return "book '\(book)' keeps \(keeps), but #\(bill) is in \(currency)"
        case .currencyOfAnotherBook(let sign, let book, let keeps, let takers):
            let taking = takers.isEmpty
                ? "no book keeps a currency written so"
                : "\(takers.count == 1 ? "book" : "books") \(takers.joined(separator: ", ")) would take it"
            return "book '\(book)' keeps \(keeps), which is not written '\(sign)'; \(taking)"
        case .periodEndsBeforeItStarts: return "this period ends before it starts"
        case .bookHasTransfers(let book, let count):
            return "book '\(book)' has \(Literal.count(count, "transfer")) between its accounts and others'; undo or delete them first"
        case .accountNameTaken(let name, let book): return "book '\(book)' already has an account named '\(name)'"
        case .accountArchived(let name): return "account '\(name)' is archived; 'account unarchive \(Literal.name(name))' takes it back into use"
        case .accountInAnotherBook(let account, let book, let bill):
            return "account '\(account)' is book '\(book)''s, not the book of #\(bill)"
        case .defaultAccountArchived(let name): return "account '\(name)' is where bills that name no account go; make another the default first"
        case .transferToItself(let name): return "a transfer moves money between two accounts; '\(name)' is both"
        case .transferNeedsReceived(let from, let to):
            return "\(from) and \(to) keep different currencies; say what arrived with 'as AMOUNT'"
        case .transferCurrency(let written, let account, let keeps):
            return "the amount is in \(written), but account '\(account)' keeps \(keeps)"
        case .balanceDiffers(let account, let day, let held, let statement, let difference):
            return "\(account) holds \(held) at the end of \(day.iso), but the statement says \(statement) (\(difference))"
        case .rateOfItself(let code): return "a rate prices one currency in another; \(code) is worth 1 \(code)"
        case .rateNotPositive: return "a rate is above zero, such as 7.12"
        case .noRate(let from, let to, let day):
            return "no rate of \(from) in \(to) on or before \(day.iso), the first day a bill needs one; give one with 'rate \(from) RATE \(to) on \(day.iso)'"
        case .unknownCurrency(let code, let suggestion):
            return "'\(Diagnostic.clipped(code))' is not an ISO 4217 currency code"
                + (suggestion.map { " — did you mean '\($0)'?" } ?? "; use one such as CNY, USD or EUR")
        case .bookNameTaken(let name): return "there is already a book named '\(name)'"
        case .categoryNameTaken(let name, let existing): return "'\(name)' already names the category '\(existing)'"
        case .onlyBook(let name): return "'\(name)' is the only book; add another before deleting it"
        case .takesItsOwnBills(let thing): return "a \(thing) cannot take its own bills"
        case .booksKeepOtherCurrencies(let destination, let destinationCurrency, let book, let bookCurrency):
            return "'\(destination)' keeps \(destinationCurrency), but '\(book)' keeps \(bookCurrency)"
        case .bookHasBills(let book, let count, let sameCurrency):
            let quoted = Literal.name(book)
            let deleteFirst = "delete them first with 'delete where book=\(quoted)'"
            let advice = sameCurrency.map { "move them with 'book delete \(quoted) into \(Literal.name($0))', or \(deleteFirst)" } ?? deleteFirst
            return "book '\(book)' has \(Literal.count(count, "bill")); \(advice)"
        case .categoryHasBills(let category, let count):
            return "category '\(category)' has \(Literal.count(count, "bill")); move them with 'category merge \(Literal.name(category)) into OTHER'"
        case .categoryKindsDiffer(let source, let sourceKind, let destination, let destinationKind):
            return "'\(source)' is an \(sourceKind.rawValue) category but '\(destination)' is an \(destinationKind.rawValue) one"
        case .categoryArchived(let category):
            return "category '\(category)' is archived; 'category unarchive \(Literal.name(category))' takes it back into use"
        case .lastCategoryOfKind(let category, let kind):
            return "'\(category)' is the only \(kind.rawValue) category in use; add another before archiving it"
        case .notAnAlias(let alias, let category, let aliases):
            return "'\(Diagnostic.clipped(alias))' is not an alias of '\(category)'; "
                + (aliases.isEmpty ? "it has none" : "its aliases are \(aliases.joined(separator: ", "))")
        case .aliasIsTheName(let name): return "'\(name)' is the category's name, not an alias; 'category rename' changes it"
        case .iconNotOneCharacter(let icon): return "an icon is one character, such as 🍜, not '\(Diagnostic.clipped(icon))'"
        case .noBudget(let book, let category): return "'\(book)' has no budget \(category.map { "for '\($0)'" } ?? "in total")"
        case .budgetNeedsAMonth: return "budgets are monthly: give a month, such as 'budget 2016-07' or 'budget last month'"
        case .reportSpansCurrencies(let codes):
            return "a report adds up one currency, but these bills are in \(codes.joined(separator: " and ")); name the books of one, such as where book = travel"
        case .reportNeedsAFileName: return "give the report a file's name, such as 2016.html"
        case .reportTooLong(let months, let from, let to):
            return "a report spans at most \(PeriodReport.monthsAtMost) months, but this one would run from \(from) to \(to), "
                + "\(months) months; give a shorter period, such as 'report \(to.prefix(4)) to \(to.prefix(4)).html'"
        case .budgetOnIncome(let category): return "budgets limit spending, and '\(category)' is an income category"
        case .tooManyPhotos(let bill): return "#\(bill) has \(Photo.maximumPerBill) photos already, as many as a bill may have"
        case .noSuchPhoto(let bill, let number, let count): return "#\(bill) has no photo \(number); it has \(count == 0 ? "none" : "\(count)")"
        case .photoBytesMissing(let number): return "the bytes of photo \(number) are missing from the ledger"
        case .photoAlreadyThere(let bill, let number): return "#\(bill) has this photo already (photo \(number))"
        case .noSuchColumn(let columns, let number): return "the file has \(columns) columns, so there is no column \(number)"
        case .missingColumn(let file, let field, let header):
            let shown = header.prefix(12).map { "'\(Diagnostic.clipped($0))'" }.joined(separator: ", ")
            if header.count == 1, let separator = [";", "\t", "|"].first(where: { header[0].contains($0) }) {
                let named = separator == "\t" ? "tab" : "\"\(separator)\""
                return "\(file) has no '\(field)' column; its header is one long field, \(shown): separated by \(named)? "
                    + "add separator \(named)"
            }
            return "\(file) has no '\(field)' column; its header is \(shown)\(header.count > 12 ? ", …" : ""); "
                + "name the column with columns (\(field)=HEADER)"
        case .columnTwice(let file, let line, let field, let first, let firstNumber, let second, let secondNumber):
            return "\(file):\(line): two columns could be the \(field): '\(Diagnostic.clipped(first))' (column \(firstNumber)) "
                + "and '\(Diagnostic.clipped(second))' (column \(secondNumber)); choose one with columns (\(field)=\(firstNumber))"
        case .noHeaderRow(let file, let skipped):
            return "\(file) has no header row\(skipped > 0 ? " after the \(skipped) skipped lines" : "")"
        case .rowsRefused(let bad, let total): return "\(bad) of \(total) rows can't be imported, so nothing was imported"
        case .csvUnreadable(let file, let line, let reason): return "\(file):\(line): \(reason); nothing was imported"
        case .journalUnreadable(let file, let line, let column, let reason):
            return "\(file):\(line)\(column.map { ":\($0)" } ?? ""): \(reason); nothing was imported"
        case .journalDryRun: return "a dry run reads CSV files; a journal is imported whole or not at all, and undo takes it back"
        case .importReadsCSV(let file, let named):
            return "import reads CSV, and '\(file)' is named like \(Problem.article(named)) \(named) file; export writes CSV to a name ending in .csv"
        case .notInEncoding(let file, let line, let encoding):
            return "\(file):\(line): this line is not \(encoding); say the file's encoding, such as encoding gbk or encoding utf-16; nothing was imported"
        case .unknownEncoding(let name, let known):
            return "unknown encoding '\(Diagnostic.clipped(name))'; Tally reads \(known.joined(separator: ", "))"
        case .badDateFormat(let reason): return reason
        case .profileUnreadable(let name, let reason): return "import profile '\(name)' cannot be read: \(reason)"
        case .headerNotFound(let file, let profile, let headers, let lines):
            return "\(file) has no line with the header of profile '\(profile)' (\(headers.map { "'\(Diagnostic.clipped($0))'" }.joined(separator: ", "))) "
                + "in its first \(lines) lines; is it the right file, or does it need 'skip N'?"
        case .columnsByNumber(let file):
            return "\(file) has no header, so its columns are named by number, such as columns (date=1, amount=3)"
        case .fileFailed(let failure): return Problem.text(of: failure)
        case .formatUnknown(let file, let known): return "'\(file)' does not say its format; end its name in \(known.joined(separator: ", "))"
        case .billsTooEarlyForJournal(let bills, let earliest):
            let named = bills.prefix(5).map { "#\($0)" }.joined(separator: ", ") + (bills.count > 5 ? ", …" : "")
            return "ledger reads no date before \(earliest), and \(Literal.count(bills.count, "bill")) (\(named)) \(bills.count == 1 ? "is" : "are") dated earlier; "
                + "leave \(bills.count == 1 ? "it" : "them") out with 'since \(earliest)' (or a 'where'), or export to a .beancount file, which takes every date"
        case .needsConfirmation(let what): return "\(what); scripts must confirm this with --yes"
        case .guidedEntryNeedsATerminal:
            return "'add' alone asks for each field at the prompt; in a script write the whole bill, such as add 25.50 food"
        case .amountNeeded: return "an amount is needed, such as 25.50 or 12+8.5"
        case .changedWhileAnswering: return "the ledger changed while you were answering; nothing was changed, so run the statement again"
        case .runsTooDeep(let depth): return "scripts run each other more than \(depth) deep"
        case .tooManyRuns(let runs, let mebibytes):
            return "one statement may run at most \(runs) scripts and saved statements, of \(mebibytes) MiB in all; stopped"
        case .undoAfterPosting(let verb, let change, let rule):
            return "cannot \(verb) '\(change)': recurring #\(rule) has posted or been seen to since; nothing was changed "
                + "('delete recurring #\(rule)' keeps the bills it posted)"
        case .undoConflict(let verb, let change, let row, let since):
            return "cannot \(verb) '\(change)': \(row) has been changed \(since), by another session; nothing was changed"
        case .undoDependedOn(let verb, let change):
            return "cannot \(verb) '\(change)': another session has since added rows that depend on what it would take away; nothing was changed"
        case .tooFewToReplay(let verb, let asked, let available):
            return "cannot \(verb) \(asked) changes: only \(available) can be \(verb == "undo" ? "undone" : "redone") here; nothing was changed"
        case .answerYesOrNo: return "answer y or n, or '<' to go back"
        case .statementTooLong(let mebibytes): return "a statement may be at most \(mebibytes) MiB"
        case .ledgerFailed(let failure, let unsaved):
            let lost = unsaved == 0 ? "" : unsaved == 1 ? " (the last change was not saved)" : " (the last \(unsaved) changes were not saved)"
            return Problem.text(of: failure) + lost
        case .ledgerDamaged(let problems, let path):
            let shown = problems.prefix(10).map { "  " + $0 }
            let more = problems.count > shown.count ? ["  … and \(problems.count - shown.count) more"] : []
            let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
            return (["the ledger at \(path) is damaged:"] + shown + more + [
                "Nothing will be written to it. Restore a copy from before the damage, or save what can still be read:",
                "  tally --db \(quoted) -c 'export rescue.csv'",
                "and import that into a new ledger.",
            ]).joined(separator: "\n")
        case .optionNeedsAValue(let option): return "\(option) needs a value"
        case .optionValue(let option, let takes, let given): return "\(option) takes \(takes), not '\(given)'"
        case .unknownOption(let option, let suggestion): return "unknown option '\(option)'" + Problem.didYouMean(suggestion)
        case .demoWithALedger: return "--demo makes a ledger of its own; leave out --db"
        case .cannotOpenLedger(let path, let failure): return "cannot open the ledger at '\(path)': \(failure)"
        case .demoFolderFailed(let reason): return "cannot make a folder for the demo: \(reason)"
        case .resultsUnwritable(let reason): return "cannot write the results: \(reason)"
        case .pagerFailed(let command, let reason):
            return "the pager '\(command)' could not be run (\(reason)); results are shown without it: set PAGER to one that runs, or 'set pager off'"
        case .answersMayBeWrong(let damage):
            return "the ledger is damaged (\(damage)): answers may be wrong, and nothing will be written to it; 'check' says what can be done"
        }
    }

    /// A file's failure in words, naming the file as the user wrote it.
    private static func text(of failure: FileFailure) -> String {
        let path = failure.path
        let writing = failure.writing
        let quoted = "'\(path)'"
        switch failure.reason {
        case .system(let words): return "cannot \(writing ? "write" : "read") \(quoted): \(words)"
        case .folder: return writing ? "\(quoted) is a folder; give a file's name" : "cannot read \(quoted): it is a folder"
        case .notARegularFile: return writing ? "\(quoted) is not a regular file; give another name" : "cannot read \(quoted): it is not a regular file"
        case .tooLarge(.script, _): return "cannot read \(quoted): a script may be at most \(FileContent.script.limit >> 20) MiB"
        case .tooLarge(.csv, _):
            return "cannot read \(quoted): a CSV file may be at most \(FileContent.csv.limit >> 20) MiB; split it and import each part"
        case .tooLarge(.photo, let size): return "\(quoted) has \(size) bytes; a photo may have at most \(Photo.maximumSize) (10 MiB)"
        case .notAnImage: return "\(quoted) is not an image Tally knows (JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP, TIFF or SVG)"
        case .exists(let advice): return "\(quoted) exists already; \(advice)"
        case .notForAReport(let kind): return "\(quoted) is \(kind), not a file a report can be written to; give a file's name, such as 2016.html"
        case .ledgerItself: return "\(quoted) is the ledger's own file, which a backup cannot replace; give another name"
        }
    }

    /// A failure of the store, as the user can act on it.
    private static func text(of failure: StoreFailure) -> String {
        switch failure.reason {
        case .busy: return "nothing was changed: \(failure)"
        case .readOnly: return "nothing was changed: the ledger can only be read here (\(failure.message))"
        case .damaged: return "the ledger is damaged (\(failure.message)); nothing was written to it, and 'check' says what can be done"
        case .changedMeanwhile: return "nothing was changed: \(failure.message), though it was read under the write lock"
        default: return "the ledger could not be read or written: \(failure)"
        }
    }

    /// Whether the word found is the one suggested: right, but out of place.
    static func isSame(_ found: String, _ suggestion: String) -> Bool {
        found.lowercased() == "'\(suggestion.lowercased())'"
    }

    /// `a query`, `an import`.
    private static func article(_ noun: String) -> String {
        "aeiou".contains(noun.first ?? " ") ? "an" : "a"
    }

    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { Translation.format(Translation.translated(" — did you mean '%s'?"), $0) } ?? ""
    }

    private static func text(of error: LexError) -> String {
        switch error {
        case .unterminatedString(let quote): return "unterminated string: missing closing \(quote)"
        case .unknownEscape(let character): return "unknown escape '\\\(character)' in string; use \\\", \\', \\\\, \\n or \\t"
        case .exclamationMarkAlone: return "'!' must be followed by '=' or '~'"
        case .backslashMidLine: return "'\\' continues a line only at the end of one"
        case .hashWithoutName: return "'#' must be followed by a bill id (#42) or a tag (#travel); comments start with --, or with '# ' at the start of a line"
        case .controlCharacter(let scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "unexpected control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
        case .unexpectedCharacter(let character): return "unexpected character '\(character)'"
        }
    }

    private static func text(of error: AmountError, in text: String) -> String {
        switch error {
        case .tooManyDecimals(0): return "'\(text)' has decimals, but this currency has none"
        case .tooManyDecimals(let allowed): return "'\(text)' has more than \(allowed) decimals"
        case .tooLarge: return "'\(text)' is too large for an amount"
        case .overflow: return "the total of '\(text)' is too large to add up exactly"
        }
    }
}
