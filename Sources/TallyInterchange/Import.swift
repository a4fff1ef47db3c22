import TallyCore
import TallyLanguage

/// The rows of a CSV file made into bills, every one checked against the
/// ledger before anything is written: all of them are imported, or none.
struct CSVImport {
    let evaluator: Evaluator
    let options: ImportOptions
    let columns: ImportColumns
    let rowCount: Int
    let defaultBook: Book
    /// Whether any amount in the file has a minus: then an unsigned amount is income.
    let amountsAreSigned: Bool

    /// The most bad rows one error lists.
    static let maximumReported = 20

    init(evaluator: Evaluator, options: ImportOptions, file: borrowing ImportFile) throws(Diagnostic) {
        self.evaluator = evaluator
        self.options = options
        columns = file.columns
        rowCount = file.rowCount
        amountsAreSigned = file.amountsAreSigned
        defaultBook = try options.book.map { name throws(Diagnostic) in try evaluator.ledger.book(named: name) } ?? evaluator.ledger.currentBook
    }

    /// A row made into the fields of a bill, not yet given an id; the day
    /// last, where it packs best.
    struct Row {
        let bookID: Int64
        let categoryID: Int64
        let amount: Int64
        let remark: String
        let place: String?
        let tags: [String]
        let day: Day
    }

    /// The file's rows checked, then the file let go before the bills are
    /// made: its bytes, the rows' text and the bills are never held at once.
    func outcome(reading file: consuming ImportFile) throws(Diagnostic) -> Outcome {
        let checked = try check(file.parts)
        _ = consume file
        guard checked.badCount == 0 else {
            let more = checked.badCount > checked.bad.count ? ["… and \(checked.badCount - checked.bad.count) more"] : []
            throw Diagnostic(
                .rowsRefused(bad: checked.badCount, of: rowCount),
                at: options.file.range, notes: checked.bad + more)
        }
        return change(checked.good, resolver: checked.resolver)
    }

    /// Rows checked: the good ones made into bills' fields, the first bad ones
    /// described, and the names looked up on the way.
    struct Checked: Sendable {
        var good: [Row] = []
        var bad: [String] = []
        var badCount = 0
        var resolver: NameResolver

        mutating func append(_ later: Checked) {
            good += later.good
            bad = Array((bad + later.bad).prefix(CSVImport.maximumReported))
            badCount += later.badCount
        }
    }

    private func check(_ parts: [(reader: CSVReader, rows: Int)]) throws(Diagnostic) -> Checked {
        var checked = Checked(resolver: NameResolver(ledger: evaluator.ledger, createsCategories: options.createsCategories))
        checked.good.reserveCapacity(rowCount)
        // Parts are checked on two cores when no row can make a category, so
        // they can't disagree on what a new one is called.
        guard parts.count > 1 && !options.createsCategories else {
            for part in parts { try check(part.reader, into: &checked) }
            return checked
        }
        let resolver = checked.resolver
        let later = parts.dropFirst().map { part in
            Background { () -> Result<Checked, Diagnostic> in
                var checked = Checked(resolver: resolver)
                checked.good.reserveCapacity(part.rows)
                return Result { () throws(Diagnostic) in
                    try check(part.reader, into: &checked)
                    return checked
                }
            }
        }
        try check(parts[0].reader, into: &checked)
        for part in later { checked.append(try part.wait().get()) }
        return checked
    }

    /// Reads the rows of `part` one at a time into `checked`.
    private func check(_ part: CSVReader, into checked: inout Checked) throws(Diagnostic) {
        var reader = part
        while true {
            let record: CSVRecord
            do throws(CSVError) {
                guard let next = try reader.next() else { return }
                record = next
            } catch {
                throw ImportFile.unreadable(error, options)
            }
            do throws(RowProblem) {
                checked.good.append(try read(record, resolver: &checked.resolver))
            } catch {
                checked.badCount += 1
                if checked.bad.count < CSVImport.maximumReported {
                    checked.bad.append("\(options.file.value):\(record.line): \(error.reason)")
                }
            }
        }
    }

    private func read(_ record: CSVRecord, resolver: inout NameResolver) throws(RowProblem) -> Row {
        let fields = record.fields
        guard fields.count <= columns.count else {
            throw RowProblem("the row has \(fields.count) fields, but the header \(columns.count); a field that holds a comma is written in quotes")
        }
        let dateText = columns.value(.date, in: fields) ?? ""
        guard !dateText.trimmingSpaces.isEmpty else { throw RowProblem("the date is empty") }
        guard let day = Day(written: dateText) else {
            throw RowProblem("'\(Diagnostic.clipped(dateText))' is not a date; write 2016-07-01 or 2016/7/1")
        }
        let amountText = columns.value(.amount, in: fields) ?? ""
        guard let amount = WrittenAmount(amountText) else {
            throw RowProblem(amountText.trimmingSpaces.isEmpty ? "the amount is empty" : "'\(Diagnostic.clipped(amountText))' is not an amount")
        }
        let kindText = columns.value(.kind, in: fields) ?? ""
        var kind: Kind?
        if !kindText.isEmpty {
            guard let written = CSVImport.kindNames[kindText] ?? CSVImport.kindNames[Names.key(String(kindText.trimmingSpaces))] else {
                throw RowProblem("'\(Diagnostic.clipped(kindText))' is not a kind; write expense, income, 支出 or 收入")
            }
            kind = written
        }
        let bookText = String((columns.value(.book, in: fields) ?? "").trimmingSpaces)
        let book = bookText.isEmpty ? defaultBook : try resolver.book(named: bookText)
        let categoryText = String((columns.value(.category, in: fields) ?? "").trimmingSpaces)
        guard !categoryText.isEmpty else { throw RowProblem("the category is empty") }
        let category = try resolver.category(named: categoryText, kind: try self.kind(written: kind, amount, amountText, fallback: nil))
        let expected = try self.kind(written: kind, amount, amountText, fallback: category.kind)
        guard expected == category.kind else {
            throw RowProblem("\(reason(for: expected, written: kind, amountText)), but '\(category.name)' is an \(category.kind.rawValue) category")
        }
        if let code = amount.currencyCode, code != book.currency.code {
            throw RowProblem("the amount is in \(code), but book '\(book.name)' keeps \(book.currency.code)")
        }
        let minor: Int64
        do {
            minor = try amount.number.minorUnits(in: book.currency)
        } catch {
            throw RowProblem(Diagnostic(.badAmount(amountText, error), at: options.file.range).message + " for \(book.currency.code)")
        }
        guard minor > 0 else { throw RowProblem("an amount must be more than zero, not '\(Diagnostic.clipped(amountText))'") }
        guard minor <= maximumAmount else { throw RowProblem("'\(Diagnostic.clipped(amountText))' is too large for an amount") }
        let place = columns.value(.place, in: fields).flatMap { $0.isEmpty ? nil : $0 }
        return Row(
            bookID: book.id, categoryID: category.id, amount: minor, remark: columns.value(.remark, in: fields) ?? "",
            place: place, tags: try tags(columns.value(.tags, in: fields) ?? "", resolver: &resolver), day: day)
    }

    static let kindNames: [String: Kind] = ["expense": .expense, "income": .income, "支出": .expense, "收入": .income]

    /// The kind a row says it is: its kind column, else its amount's sign,
    /// else (no sign in the whole file) `fallback`, its category's.
    private func kind(written: Kind?, _ amount: WrittenAmount, _ text: String, fallback: Kind?) throws(RowProblem) -> Kind? {
        if let written {
            if written == .income && amount.sign == .minus {
                throw RowProblem("the kind is income, but the amount '\(Diagnostic.clipped(text))' is negative")
            }
            return written
        }
        switch amount.sign {
        case .minus: return .expense
        case .plus: return .income
        case .unsigned: return amountsAreSigned ? .income : fallback
        }
    }

    private func reason(for kind: Kind?, written: Kind?, _ amountText: String) -> String {
        if let written { return "the kind is \(written.rawValue)" }
        if amountsAreSigned, kind == .income, WrittenAmount(amountText)?.sign == .unsigned {
            return "a positive amount is income in a file of signed amounts"
        }
        return "the amount '\(Diagnostic.clipped(amountText))' makes it \(kind == .income ? "income" : "an expense")"
    }

    /// Space-separated tags, each with or without its `#`.
    private func tags(_ text: String, resolver: inout NameResolver) throws(RowProblem) -> [String] {
        guard !text.isEmpty else { return [] }
        var tags = TagList()
        for word in text.split(whereSeparator: \.isWhitespace) {
            if let problem = tags.add(name: try resolver.tag(word)) { throw RowProblem(problem.text) }
        }
        return tags.names
    }

    /// The change: new categories first, then each bill not already there.
    private func change(_ rows: [Row], resolver: NameResolver) -> Outcome {
        let ledger = evaluator.ledger
        var existing = options.allowsDuplicates ? [:] : CSVImport.existingBills(in: ledger, spanning: rows)
        var changes = resolver.created.map { RowChange(before: nil, after: .category($0)) }
        changes.reserveCapacity(changes.count + rows.count)
        var id = ledger.lastBillID
        var skipped = 0
        for row in rows {
            if !existing.isEmpty {
                let key = BillKey(day: row.day, bookID: row.bookID, categoryID: row.categoryID, amount: row.amount, remark: row.remark)
                if let count = existing[key], count > 0 {
                    existing[key] = count - 1
                    skipped += 1
                    continue
                }
            }
            id += 1
            let bill = Bill(
                id: id, bookID: row.bookID, categoryID: row.categoryID, amount: row.amount, day: row.day, remark: row.remark,
                place: row.place, tags: row.tags, created: evaluator.now, updated: evaluator.now)
            changes.append(RowChange(before: nil, after: .bill(bill)))
        }
        let added = Int(id - ledger.lastBillID)
        let file = options.file.value
        guard added > 0 else {
            return .result(.done(.nothingToImport(file: file, rows: rowCount)), format: nil)
        }
        let done = Done.imported(count: added, file: file, skipped: skipped, newCategories: resolver.created.map(\.name))
        return .change(ChangeSet(summary: "imported \(Literal.count(added, "bill")) from \(file)", rows: changes), done: .done(done), asking: nil)
    }

    /// What makes two bills the same for import: everything a row says of it.
    struct BillKey: Hashable {
        let day: Day
        let bookID: Int64
        let categoryID: Int64
        let amount: Int64
        let remark: String
    }

    /// How many bills of each key the ledger has over the rows' days.
    private static func existingBills(in ledger: Ledger, spanning rows: [Row]) -> [BillKey: Int] {
        guard let first = rows.map(\.day).min(), let last = rows.map(\.day).max() else { return [:] }
        var counts: [BillKey: Int] = [:]
        for bill in ledger.bills(in: DateRange(start: first, end: last)) {
            let key = BillKey(day: bill.day, bookID: bill.bookID, categoryID: bill.categoryID, amount: bill.amount, remark: bill.remark)
            counts[key, default: 0] += 1
        }
        return counts
    }
}

/// Why one row can't be imported.
struct RowProblem: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Books and categories by any of their names, looked up once per distinct
/// name however many rows use it; and the categories an import makes.
struct NameResolver {
    let ledger: Ledger
    let createsCategories: Bool
    /// By the key of each name, and by each name as rows wrote it, so most rows need no lower-casing.
    private var books: [String: Book] = [:]
    private var categories: [String: Category] = [:]
    private var booksAsWritten: [String: Book] = [:]
    private var categoriesAsWritten: [String: Category] = [:]
    private(set) var created: [Category] = []
    /// Each tag as rows wrote it, `#` or not, and the tag it is.
    private var tags: [Substring: String] = [:]

    init(ledger: Ledger, createsCategories: Bool) {
        self.ledger = ledger
        self.createsCategories = createsCategories
        for book in ledger.books { books[Names.key(book.name)] = book }
        for category in ledger.categories {
            for name in category.allNames { categories[Names.key(name)] = category }
        }
    }

    mutating func book(named name: String) throws(RowProblem) -> Book {
        if let book = booksAsWritten[name] { return book }
        guard let book = books[Names.key(name)] else {
            let suggestion = Suggestion.nearest(to: name, among: ledger.books.map(\.name))
            throw RowProblem(NameResolver.unknown("book", name, suggestion: suggestion)
                + (suggestion == nil ? "; make it first with 'book add \(Diagnostic.clipped(name))'" : ""))
        }
        booksAsWritten[name] = book
        return book
    }

    /// The category of that name; with `create categories`, a new one of
    /// `kind` (expense when the row does not say) when there is none.
    mutating func category(named name: String, kind: Kind?) throws(RowProblem) -> Category {
        if let category = categoriesAsWritten[name] { return category }
        let key = Names.key(name)
        if let category = categories[key] {
            categoriesAsWritten[name] = category
            return category
        }
        guard createsCategories else {
            let suggestion = Suggestion.nearest(to: name, among: ledger.categories.flatMap(\.allNames))
            throw RowProblem(NameResolver.unknown("category", name, suggestion: suggestion)
                + (suggestion == nil ? "; add 'create categories' to the import to make it" : ""))
        }
        if let problem = Names.problem(with: name) { throw RowProblem("category '\(Diagnostic.clipped(name))': \(problem)") }
        let position = (ledger.categories.map(\.position).max() ?? 0) + 1 + created.count
        let category = Category(
            id: ledger.nextCategoryID + Int64(created.count), name: name, kind: kind ?? .expense, icon: "🏷", aliases: [],
            position: position,
            account: ExportAccount.give(to: [(name, [])], besides: (ledger.categories + created).compactMap(\.account))[0])
        created.append(category)
        categories[key] = category
        categoriesAsWritten[name] = category
        return category
    }

    /// The tag `written` names, checked by `add`'s rule once however many rows carry it.
    mutating func tag(_ written: Substring) throws(RowProblem) -> String {
        if let name = tags[written] { return name }
        let text = String(written.hasPrefix("#") ? written.dropFirst() : written)
        if let problem = TagList.problem(with: text) {
            throw RowProblem("tag '\(Diagnostic.clipped(String(written)))': \(problem.text)")
        }
        let name = Names.key(text)
        tags[written] = name
        return name
    }

    static func unknown(_ kind: String, _ name: String, suggestion: String?) -> String {
        "unknown \(kind) '\(Diagnostic.clipped(name))'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    }
}
