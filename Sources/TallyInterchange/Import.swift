import TallyCore
import TallyLanguage

/// The rows of a CSV file made into bills, every one checked against the
/// ledger before anything is written: all of them are imported, or none.
struct CSVImport {
    let evaluator: Evaluator
    let options: ImportOptions
    let settings: ImportSettings
    let columns: ImportColumns
    let rowCount: Int
    let defaultBook: Book
    /// Whether any amount in the file has a minus: then an unsigned amount is income.
    let amountsAreSigned: Bool
    /// Whether the file has the columns of Tally's own CSV, where an expense
    /// below zero is a refund; elsewhere the minus of an expense only says it is spent.
    let isTallyCSV: Bool
    let dates: DateFormat?
    let skipColumns: [Int]
    let profile: String?
    let decimalMark: DecimalMark
    /// The currency the settings say the file is in.
    let currency: String?
    /// The settings' constant fields, looked up once rather than for every row.
    let constantPlace: String?
    let constantRemark: String?
    let constantTags: String
    let constantBook: Bool
    /// `set account=card`: the account of rows that name none.
    let constantAccount: String?

    /// The most bad rows one error lists.
    static let maximumReported = 20

    init(evaluator: Evaluator, options: ImportOptions, file: borrowing ImportFile) throws(Diagnostic) {
        self.evaluator = evaluator
        self.options = options
        settings = file.settings
        columns = file.columns
        rowCount = file.rowCount
        amountsAreSigned = file.amountsAreSigned
        isTallyCSV = file.columns.names.map(Names.key) == BillRow.columns
        dates = file.dates
        skipColumns = file.skipColumns
        profile = file.profile
        decimalMark = file.settings.decimalComma == true ? .comma : .point
        currency = file.settings.currency?.value
        let constants = file.settings.constants
        func constant(_ field: ImportField) -> Located<String>? { constants.first { $0.field.value == field }?.value }
        constantPlace = constant(.place)?.value
        constantRemark = constant(.remark)?.value
        constantTags = constant(.tags)?.value ?? ""
        constantBook = constant(.book) != nil
        constantAccount = constant(.account)?.value
        // `otherwise` makes its category when there is none, but not one a letter away from one there is: that is a typo.
        if let fallback = settings.fallback, evaluator.ledger.category(named: fallback.value) == nil,
           let near = Suggestion.nearest(to: fallback.value, among: evaluator.ledger.categories.flatMap(\.allNames)) {
            throw Diagnostic(
                .unknownName(kind: .category, name: fallback.value, suggestion: near), at: fallback.range,
                notes: [Translation.translated(
                    "'otherwise' makes a category only when none has a name like it; make it first with 'category add %s expense'",
                    Literal.name(fallback.value))])
        }
        defaultBook = try (constant(.book) ?? settings.book).map { name throws(Diagnostic) in try evaluator.ledger.book(named: name) }
            ?? evaluator.ledger.currentBook
    }

    /// A row made into the fields of a bill, not yet given an id; its
    /// category `RuleBook.uncategorised(kind)` until something gives it one.
    struct Row: Sendable {
        var bookID: Int64
        var categoryID: Int64
        /// Nil while neither the row nor a category has said.
        var kind: Kind?
        /// Below zero for a refund, as a bill's.
        let amount: Int64
        var remark: String
        var place: String?
        var tags: [String]
        let day: Day
        let line: Int
        /// What the row said, every cell of it.
        let digest: Int64
        /// The row's own transaction id, when it has one.
        let transaction: String?
        /// Whether the book came from the row or a constant, not the default.
        let namesBook: Bool
        /// As a bill holds it: 0 for the book's first account.
        var accountID: Int64 = 0
        /// Whether the row's own account column named it.
        var namesAccount = false
        /// The balance column's, in the book's minor units.
        var balance: Int64? = nil
        var categorised: Bool { categoryID > 0 }
    }

    /// The file's rows checked, then the file let go before the bills are
    /// made: its bytes, the rows' text and the bills are never held at once.
    func outcome(reading file: consuming ImportFile) throws(Diagnostic) -> Outcome {
        var checked = try check(file.parts)
        _ = consume file
        var learned: LearnedCategories?
        try categorise(&checked, learned: &learned)
        if options.mode == .dryRun { return preview(checked) }
        guard checked.badCount == 0 else { throw refusal(checked.bad, of: checked.badCount) }
        let statement = try RunningBalance(checking: checked.good, file: options.file, in: evaluator.ledger)
        let fates = self.fates(of: checked.good)
        return change(checked.good, fates, skipped: checked.skipped.count, resolver: checked.resolver, statement: statement)
    }

    /// Why nothing is imported: `count` bad rows, the first of them `named` by line.
    func refusal(_ named: [(line: Int, text: String)], of count: Int) -> Diagnostic {
        let more = count > named.count ? [Translation.translated("… and %d more", count - named.count)] : []
        return Diagnostic(.rowsRefused(bad: count, of: rowCount), at: options.file.range, notes: named.map(\.text) + more)
    }

    /// Rows checked: the good ones made into bills' fields, the first bad ones
    /// described, the rows skipped on purpose, and the names looked up on the way.
    struct Checked: Sendable {
        var good: [Row] = []
        var bad: [(line: Int, text: String)] = []
        var badCount = 0
        var skipped: [(line: Int, why: Phrase)] = []
        /// Rows' learned categories, by line, for a dry run to show and a refusal to offer.
        var suggestions: [Int: String] = [:]
        var resolver: NameResolver

        mutating func append(_ later: Checked) {
            good += later.good
            bad = Array((bad + later.bad).prefix(CSVImport.maximumReported))
            badCount += later.badCount
            skipped += later.skipped
        }

        mutating func refuse(_ line: Int, _ reason: String, in file: String) {
            badCount += 1
            if bad.count < CSVImport.maximumReported { bad.append((line, "\(file):\(line): \(reason)")) }
        }
    }

    private func check(_ parts: [(reader: CSVReader, rows: Int)]) throws(Diagnostic) -> Checked {
        let creates = settings.createsCategories == true
        var checked = Checked(resolver: NameResolver(ledger: evaluator.ledger, createsCategories: creates))
        checked.good.reserveCapacity(rowCount)
        // Parts are checked on two cores when no row can make a category, so
        // they can't disagree on what a new one is called.
        guard parts.count > 1 && !creates else {
            for part in parts { try check(part, into: &checked) }
            return checked
        }
        let resolver = checked.resolver
        let later = parts.dropFirst().map { part in
            Background { () -> Result<Checked, Diagnostic> in
                var checked = Checked(resolver: resolver)
                checked.good.reserveCapacity(part.rows)
                return Result { () throws(Diagnostic) in
                    try check(part, into: &checked)
                    return checked
                }
            }
        }
        try check(parts[0], into: &checked)
        for part in later { checked.append(try part.wait().get()) }
        return checked
    }

    /// Reads the rows of `part` one at a time into `checked`.
    private func check(_ part: (reader: CSVReader, rows: Int), into checked: inout Checked) throws(Diagnostic) {
        var reader = part.reader
        try check(part.rows, from: &reader, into: &checked)
    }

    /// Reads the next `count` rows of `reader` one at a time into `checked`.
    func check(_ count: Int, from reader: inout CSVReader, into checked: inout Checked) throws(Diagnostic) {
        for _ in 0..<count {
            let record: CSVRecord
            do throws(CSVError) {
                guard let next = try reader.next() else { return }
                record = next
            } catch {
                throw ImportFile.unreadable(error, options.file)
            }
            do throws(RowProblem) {
                switch try read(record, resolver: &checked.resolver) {
                case .bill(let row): checked.good.append(row)
                case .skipped(let why): checked.skipped.append((record.line, why))
                }
            } catch {
                checked.refuse(record.line, error.reason, in: options.file.value)
            }
        }
    }

    enum Read {
        case bill(Row)
        /// A row the settings pass over: a closed or neutral transaction,
        /// and why, in words said only if a dry run lists the row.
        case skipped(Phrase)
    }

    private func read(_ record: CSVRecord, resolver: inout NameResolver) throws(RowProblem) -> Read {
        let fields = record.fields
        guard fields.count <= columns.count || columns.names.isEmpty else {
            throw RowProblem(Translation.translated(
                "the row has %d fields, but the header %d; a field that holds the separator is written in quotes", fields.count, columns.count))
        }
        for (test, column) in zip(settings.skipping, skipColumns) where column < fields.count && !skipColumns.isEmpty {
            let cell = fields[column].trimmingSpaces
            if test.contains ? cell.lowercased().contains(test.text.lowercased()) : Names.key(String(cell)) == Names.key(test.text) {
                return .skipped(columns.names.indices.contains(column)
                    ? .said("%s is '%s'", columns.names[column], cell) : .said("column %d is '%s'", column + 1, cell))
            }
        }
        let kindText = String((columns.value(.kind, in: fields) ?? "").trimmingSpaces)
        var kind: Kind?
        if !kindText.isEmpty {
            switch try meaning(ofKind: kindText) {
            case .skip: return .skipped(.said("the kind is '%s'", kindText))
            case .expense: kind = .expense
            case .income: kind = .income
            }
        }
        let day = try self.day(columns.value(.date, in: fields) ?? "")
        let bookText = String((columns.value(.book, in: fields) ?? "").trimmingSpaces)
        let book = bookText.isEmpty ? defaultBook : try resolver.book(named: bookText)
        let (minor, signed) = try amount(fields, in: book)
        let refund = isRefund(written: kind, signed)
        kind = try self.kind(written: kind, signed)
        var categoryID = RuleBook.uncategorised(kind ?? .expense)
        let categoryText = String((columns.value(.category, in: fields) ?? "").trimmingSpaces)
        if !categoryText.isEmpty {
            let category = try resolver.category(named: categoryText, kind: kind)
            if let kind, kind != category.kind {
                let why = reason(for: kind, written: kindText.isEmpty ? nil : kind, signed)
                throw RowProblem(category.kind == .expense
                    ? Translation.translated("%s, but '%s' is an expense category", why, category.name)
                    : Translation.translated("%s, but '%s' is an income category", why, category.name))
            }
            kind = category.kind
            categoryID = category.id
        }
        let place = columns.value(.place, in: fields).flatMap { text($0) } ?? constantPlace
        let remark = columns.value(.remark, in: fields).flatMap { text($0) } ?? constantRemark ?? ""
        let tags = try self.tags((columns.value(.tags, in: fields) ?? "") + (constantTags.isEmpty ? "" : " " + constantTags), resolver: &resolver)
        let transaction = columns.value(.transaction, in: fields).map { String($0.trimmingSpaces) }.flatMap { $0.isEmpty ? nil : $0 }
        return .bill(Row(
            bookID: book.id, categoryID: categoryID, kind: kind, amount: refund ? -minor : minor, remark: remark, place: place, tags: tags, day: day,
            line: record.line, digest: Fingerprint.digest(fields), transaction: transaction,
            namesBook: !bookText.isEmpty || constantBook, accountID: try account(columns.value(.account, in: fields) ?? constantAccount, in: book),
            namesAccount: !(columns.value(.account, in: fields) ?? "").trimmingSpaces.isEmpty,
            balance: try balance(columns.value(.balance, in: fields), in: book)))
    }

    /// The running balance a row gives, read as its amount is, below zero when written so.
    private func balance(_ cell: String?, in book: Book) throws(RowProblem) -> Int64? {
        let text = String((cell ?? "").trimmingSpaces)
        guard !text.isEmpty else { return nil }
        let (minor, sign) = try read(amount: text, in: book)
        return sign == .minus ? -minor : minor
    }

    /// The account a row names in its book, else the book's default, as a bill holds it.
    private func account(_ cell: String?, in book: Book) throws(RowProblem) -> Int64 {
        let ledger = evaluator.ledger
        let name = String((cell ?? "").trimmingSpaces)
        guard !name.isEmpty else { return ledger.billAccountID(ledger.defaultAccount(ofBook: book.id)) }
        guard let account = ledger.account(named: name, inBook: book.id) else {
            throw RowProblem(
                Translation.translated("book '%s' has no account '%s'; 'account add %s' makes one", book.name, name, Literal.name(name)))
        }
        return ledger.billAccountID(account)
    }

    /// A cell's text, nil when empty. Read with a profile, a downloaded
    /// statement's cell loses the spaces it is padded with, and `/` (what
    /// Alipay and WeChat write for nothing) is empty; any other file's is
    /// kept exactly, as an export wrote it.
    private func text(_ cell: String) -> String? {
        guard profile != nil else { return cell.isEmpty ? nil : cell }
        let text = cell.trimmingSpaces
        return text.isEmpty || text == "/" ? nil : String(text)
    }

    private func day(_ text: String) throws(RowProblem) -> Day {
        guard !text.trimmingSpaces.isEmpty else { throw RowProblem(Translation.translated("the date is empty")) }
        if let dates {
            guard let day = dates.day(text) else {
                throw RowProblem(Translation.translated("'%s' is not a date written %s", Diagnostic.clipped(text), dates.pattern))
            }
            return day
        }
        guard let day = Day(written: text) else {
            throw RowProblem(
                Translation.translated("'%s' is not a date; write 2016-07-01 or 2016/7/1, or say how with dates \"%%m/%%d/%%Y\"", Diagnostic.clipped(text)))
        }
        return day
    }

    /// What a word of the kind column means: the settings' words first, then Tally's own.
    private func meaning(ofKind text: String) throws(RowProblem) -> KindMeaning {
        let key = Names.key(text)
        if let word = settings.kinds.first(where: { Names.key($0.word) == key }) { return word.meaning }
        if let kind = CSVImport.kindNames[key] { return kind }
        let words = settings.kinds.map(\.word) + ["expense", "income", "支出", "收入"]
        throw RowProblem(Translation.translated(
            "'%s' is not a kind; write %s, or say what it means with kinds (%s=expense)",
            Diagnostic.clipped(text), words.joined(separator: ", "), Diagnostic.clipped(text)))
    }

    static let kindNames: [String: KindMeaning] = [
        "expense": .expense, "income": .income, "支出": .expense, "收入": .income, "debit": .expense, "credit": .income,
        "dr": .expense, "cr": .income,
    ]

    /// The row's amount in the book's minor units, and how it was signed:
    /// from its amount column, or from whichever of its in and out columns it fills.
    private func amount(_ fields: [String], in book: Book) throws(RowProblem) -> (Int64, Signed) {
        if columns.has(.amount) {
            let text = columns.value(.amount, in: fields) ?? ""
            let written = try read(amount: text, in: book)
            return (written.minor, .amount(written.sign, text))
        }
        let incoming = String((columns.value(.amountIn, in: fields) ?? "").trimmingSpaces)
        let outgoing = String((columns.value(.amountOut, in: fields) ?? "").trimmingSpaces)
        switch (incoming.isEmpty, outgoing.isEmpty) {
        case (true, true): throw RowProblem(Translation.translated("the amount is empty: the row has neither money in nor money out"))
        case (false, false):
            throw RowProblem(Translation.translated(
                "the row has money in ('%s') and money out ('%s'); give it one", Diagnostic.clipped(incoming), Diagnostic.clipped(outgoing)))
        case (false, true):
            let written = try read(amount: incoming, in: book)
            return (written.minor, .column(written.sign == .minus ? .expense : .income, incoming))
        case (true, false):
            let written = try read(amount: outgoing, in: book)
            return (written.minor, .column(written.sign == .minus ? .income : .expense, outgoing))
        }
    }

    /// How a row's amount says its kind.
    enum Signed {
        case amount(WrittenAmount.Sign, String)
        /// An in or out column's, which says the kind itself.
        case column(Kind, String)
    }

    private func read(amount text: String, in book: Book) throws(RowProblem) -> (minor: Int64, sign: WrittenAmount.Sign) {
        if let currency, currency != book.currency.code {
            throw RowProblem(Translation.translated("the file is in %s, but book '%s' keeps %s", currency, book.name, book.currency.code))
        }
        guard let amount = WrittenAmount(text, decimalMark: decimalMark) else {
            guard !text.trimmingSpaces.isEmpty else { throw RowProblem(Translation.translated("the amount is empty")) }
            throw RowProblem(Translation.translated("'%s' is not an amount", Diagnostic.clipped(text))
                + (decimalMark == .point && text.contains(",") ? Translation.translated("; if its decimal mark is a comma, say decimal comma") : ""))
        }
        if let code = amount.currencyCode, code != book.currency.code {
            throw RowProblem(Translation.translated("the amount is in %s, but book '%s' keeps %s", code, book.name, book.currency.code))
        }
        if let symbol = amount.currencySymbol, !book.currency.isWritten(as: symbol) {
            throw RowProblem(Translation.translated("the amount is written in %s, but book '%s' keeps %s", symbol, book.name, book.currency.code))
        }
        let minor: Int64
        do {
            minor = try amount.number.minorUnits(in: book.currency)
        } catch {
            let why = Diagnostic(.badAmount(text, error), at: options.file.range).message
            throw RowProblem(why + Translation.translated(" for %s", book.currency.code))
        }
        guard minor != 0 else { throw RowProblem(Translation.translated("the amount is zero")) }
        guard minor > 0 else { throw RowProblem(Translation.translated("an amount must be more than zero, not '%s'", Diagnostic.clipped(text))) }
        guard minor <= maximumAmount else { throw RowProblem(Translation.translated("'%s' is too large for an amount", Diagnostic.clipped(text))) }
        return (minor, amount.sign)
    }

    /// The kind a row says it is: its kind column, else its in or out
    /// column, else its amount's sign as the settings read it, else (no sign
    /// in the whole file) nil, for its category to say.
    private func kind(written: Kind?, _ signed: Signed) throws(RowProblem) -> Kind? {
        switch signed {
        case .column(let kind, let text):
            if let written, written != kind {
                throw RowProblem(kind == .income
                    ? Translation.translated("the kind is expense, but '%s' is money in", Diagnostic.clipped(text))
                    : Translation.translated("the kind is income, but '%s' is money out", Diagnostic.clipped(text)))
            }
            return kind
        case .amount(let sign, let text):
            if let written {
                if written == .income && sign == .minus {
                    throw RowProblem(Translation.translated("the kind is income, but the amount '%s' is negative", Diagnostic.clipped(text)))
                }
                return written
            }
            switch (settings.expenseSign, sign) {
            case (.positive?, .minus): return .income
            case (.positive?, _): return .expense
            case (_, .minus): return .expense
            case (_, .plus): return .income
            case (.negative?, .unsigned): return .income
            case (nil, .unsigned): return amountsAreSigned ? .income : nil
            }
        }
    }

    /// Whether the row is money back: in Tally's own CSV, an expense, as its
    /// kind column says, below zero.
    private func isRefund(written: Kind?, _ signed: Signed) -> Bool {
        guard isTallyCSV, written == .expense, case .amount(.minus, _) = signed else { return false }
        return true
    }

    /// Why the row is of `kind`, as the first clause of a sentence.
    private func reason(for kind: Kind, written: Kind?, _ signed: Signed) -> String {
        if let written { return written == .income ? Translation.translated("the kind is income") : Translation.translated("the kind is expense") }
        switch signed {
        case .column(_, let text):
            return kind == .income
                ? Translation.translated("'%s' is money in", Diagnostic.clipped(text)) : Translation.translated("'%s' is money out", Diagnostic.clipped(text))
        case .amount(let sign, let text):
            if amountsAreSigned, kind == .income, sign == .unsigned {
                return Translation.translated("a positive amount is income in a file of signed amounts")
            }
            return kind == .income
                ? Translation.translated("the amount '%s' makes it income", Diagnostic.clipped(text))
                : Translation.translated("the amount '%s' makes it an expense", Diagnostic.clipped(text))
        }
    }

    /// Space-separated tags, each with or without its `#`.
    private func tags(_ text: String, resolver: inout NameResolver) throws(RowProblem) -> [String] {
        var tags = TagList()
        for word in CSVImport.words(text) {
            if let problem = tags.add(name: try resolver.tag(word)) { throw RowProblem(problem.text) }
        }
        return tags.names
    }
}

extension CSVImport {
    /// The words of `text` between white space. ASCII text, as most cells
    /// are, is split byte by byte, where each byte is a Character: the same
    /// words, without finding the Characters of a million cells.
    static func words(_ text: String) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace) }
        // The ASCII Characters that are white space: tab, line feed, vertical tab, form feed, carriage return, space.
        return text.utf8.split { $0 == 0x20 || (0x09...0x0D).contains($0) }.map { Substring($0) }
    }
}

/// Why one row can't be imported.
struct RowProblem: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
