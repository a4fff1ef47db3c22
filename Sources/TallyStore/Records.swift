import TallyCore

// How each kind of record maps to its table.

extension Connection {
    /// Writes each row's change in order: a new row is inserted, a changed one
    /// updated in place, a removed one deleted. A new row whose key is taken,
    /// or a row that is not there to change, is an error that undoes the whole
    /// change: one writer never overwrites another's row unseen.
    ///
    /// `held` are runs the undo history names, found in this transaction as
    /// it recorded them, each at its place among `rows`: moved out of the
    /// ledger for redo (`out`, as `rows` undo their change) or back in.
    ///
    /// `asPart` rows are a part of a change written by `writingBills`, which has chosen how its bills are written.
    func apply(
        _ rows: [RowChange], progress: ((Int) -> Void)? = nil, moving held: [HeldRun] = [], out: Bool = false, asPart: Bool = false
    ) throws(StoreError) {
        // Undo takes the rows back last first, so the runs too, each at its place counted from the end.
        let runs = out ? held.reversed().map { $0.at(rows.count - $0.position) } : held
        let write = { () throws(StoreError) in
            var start = rows.startIndex
            // Progress counts the bills moved too, as many as the change was announced with.
            var moved = 0
            let report = progress.map { progress in { (index: Int) in progress(index + moved) } }
            for run in runs {
                try self.write(rows[start..<run.position], progress: report)
                try self.move(run.rows, out: out)
                moved += run.billCount
                report?(run.position)
                start = run.position
            }
            try self.write(rows[start...], progress: report)
        }
        guard !asPart else { return try write() }
        // Bills added or removed, as an import or its undo does by the thousand.
        let billsInOrOut = held.reduce(0) { $0 + $1.billCount } + rows.count { row in
            switch (row.before, row.after) {
            case (nil, .bill?), (.bill?, nil): return true
            default: return false
            }
        }
        try writingBills(billsInOrOut, write)
    }

    /// Runs `body`, which adds or removes about `count` bills: when they are
    /// many beside those the ledger has, with the bills' indexes and triggers set aside.
    func writingBills(_ count: Int, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        if count >= Connection.bulkInsert, count * 8 >= Int(try integer("SELECT count(*) FROM bills") ?? 0) {
            try withoutBillIndexesAndTriggers(body)
        } else {
            try body()
        }
    }

    private func write(_ rows: ArraySlice<RowChange>, progress: ((Int) -> Void)?) throws(StoreError) {
        var nextReport = rows.startIndex
        var index = rows.startIndex
        while index < rows.endIndex {
            if let progress, index >= nextReport {
                progress(index)
                nextReport = index + 4096
            }
            let many = index + Connection.billsAStatement
            if many <= rows.endIndex, rows[index..<many].allSatisfy(\.insertsBill) {
                try insertBills(rows[index..<many])
                index = many
                continue
            }
            let row = rows[index]
            switch (row.before, row.after) {
            case (nil, let after?): try insert(after)
            case (let before?, let after?): try update(after, wasThere: before)
            case (let before?, nil): try delete(before)
            case (nil, nil): break
            }
            index += 1
        }
    }

    /// Bills an import adds one after another are written this many a
    /// statement: what SQLite does once a statement, keeping the largest id
    /// for AUTOINCREMENT among it, is then done once for all of them.
    static let billsAStatement = 32

    private static let manyBills = "INSERT INTO bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id) VALUES "
        + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: billsAStatement).joined(separator: ", ")

    /// `billsAStatement` rows that each insert a bill, written as `insert` writes one.
    private func insertBills(_ rows: ArraySlice<RowChange>) throws(StoreError) {
        let statement = try prepare(built: Connection.manyBills)
        defer { statement.reset() }
        var column: Int32 = 0
        func bind(_ value: some Bindable) throws(StoreError) {
            column += 1
            try statement.bind(value, at: column)
        }
        for row in rows {
            guard case .bill(let bill)? = row.after else { preconditionFailure("only bills are written many a statement") }
            try bind(bill.id)
            try bind(bill.bookID)
            try bind(bill.categoryID)
            try bind(bill.amount)
            try bind(bill.day.yyyymmdd)
            try bind(bill.remark)
            try bind(bill.place)
            try bind(bill.tags.isEmpty ? "" : bill.tags.joined(separator: " "))
            try bind(bill.created)
            try bind(bill.updated)
            try bind(bill.storedAccount)
        }
        while try statement.step() {}
    }

    /// Bills added or removed from which a change sets the bills' indexes
    /// and triggers aside: changing the day index bill by bill costs far
    /// more than building it again.
    static let bulkInsert = 10_000

    /// Runs `body` with the bills' indexes and triggers dropped, then makes
    /// them again from the definitions the file holds, and draws the new
    /// generation the triggers would have drawn. All inside the caller's
    /// transaction: other processes never see the ledger without them.
    private func withoutBillIndexesAndTriggers(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        var dropped: [(kind: String, name: String, sql: String)] = []
        try forEachRow(
            "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = 'bills' AND sql IS NOT NULL"
        ) { row in
            dropped.append((row.text(0) == "index" ? "INDEX" : "TRIGGER", row.text(1), row.text(2)))
        }
        for schema in dropped {
            try exec(text: "DROP \(schema.kind) \"" + schema.name.replacing("\"", with: "\"\"") + "\"")
        }
        try body()
        for schema in dropped {
            try exec(text: schema.sql)
        }
        if dropped.contains(where: { $0.kind == "TRIGGER" }) { try run("UPDATE bills_generation SET value = random()") }
    }

    private func insert(_ record: Record) throws(StoreError) {
        switch record {
        case .book(let book):
            try run(
                "INSERT INTO books (id, name, currency, icon, position, journal_account, beancount_account) VALUES (?, ?, ?, ?, ?, ?, ?)",
                book.id, book.name, book.currency.code, book.icon, book.position, book.account?.journal, book.account?.beancount)
        case .category(let category):
            try run(
                """
                INSERT INTO categories (id, name, kind, icon, aliases, position, archived, journal_account, beancount_account)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                category.id, category.name, category.kind.rawValue, category.icon,
                category.aliases.joined(separator: "\n"), category.position, category.archived,
                category.account?.journal, category.account?.beancount)
        case .bill(let bill):
            try insert(bill)
        case .settings(let settings):
            try write(settings)
        case .savedQuery(let query):
            try run(
                "INSERT INTO saved_queries (key, name, parameters, statement) VALUES (?, ?, ?, ?)",
                query.key, query.name, query.parameters.joined(separator: "\n"), query.statement)
        case .budget(let budget):
            try run(
                "INSERT INTO budgets (id, book_id, category_id, amount) VALUES (?, ?, ?, ?)",
                budget.id, budget.bookID, budget.categoryID, budget.amount)
        case .photo(let photo):
            try run(
                "INSERT INTO photos (id, bill_id, number, name, type, size, sha256, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                photo.id, photo.billID, photo.number, photo.name, photo.type, photo.size, photo.sha256, photo.added)
        case .importProfile(let profile):
            try run("INSERT INTO import_profiles (key, name, settings) VALUES (?, ?, ?)", profile.key, profile.name, profile.settings)
        case .rule(let rule):
            try run("INSERT INTO rules (id, position, text) VALUES (?, ?, ?)", rule.id, rule.position, rule.text)
        case .importSources(let batch):
            try run("INSERT INTO import_sources (batch, sources) VALUES (?, ?)", batch.id, ImportSourcePacking.pack(batch.sources))
        case .recurringRule(let rule):
            try insert(rule)
        case .occurrence(let occurrence):
            try insert(occurrence)
        case .rate(let rate):
            try insert(rate)
        case .account(let account):
            try insert(account)
        case .transfer(let transfer):
            try insert(transfer)
        case .reconciliation(let reconciliation):
            try insert(reconciliation)
        }
    }

    /// A bill, its values bound one by one: an import writes a million.
    private func insert(_ bill: Bill) throws(StoreError) {
        // A bill in its book's first account leaves the column to its NULL, as a
        // ledger from before accounts, which has no such column, is written.
        let statement = try prepare(
            bill.storedAccount == nil
                ? "INSERT INTO bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                : """
                INSERT INTO bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at, account_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        defer { statement.reset() }
        try statement.bind(bill.id, at: 1)
        try statement.bind(bill.bookID, at: 2)
        try statement.bind(bill.categoryID, at: 3)
        try statement.bind(bill.amount, at: 4)
        try statement.bind(bill.day.yyyymmdd, at: 5)
        try statement.bind(bill.remark, at: 6)
        try statement.bind(bill.place, at: 7)
        try statement.bind(bill.tags.isEmpty ? "" : bill.tags.joined(separator: " "), at: 8)
        try statement.bind(bill.created, at: 9)
        try statement.bind(bill.updated, at: 10)
        if let account = bill.storedAccount { try statement.bind(account, at: 11) }
        while try statement.step() {}
    }

    /// Changes the row `before` describes, only while it still holds exactly
    /// that: a row another process changed meanwhile is never written over.
    /// Never INSERT OR REPLACE: that deletes the old row and inserts a new one,
    /// which would set off any ON DELETE action on the bills that point at it.
    private func update(_ record: Record, wasThere before: Record) throws(StoreError) {
        switch (record, before) {
        case (.book(let book), .book(let old)):
            try run(
                """
                UPDATE books SET name = ?, currency = ?, icon = ?, position = ?, journal_account = ?, beancount_account = ?
                WHERE id = ? AND name = ? AND currency = ? AND icon = ? AND position = ? AND journal_account IS ? AND beancount_account IS ?
                """,
                book.name, book.currency.code, book.icon, book.position, book.account?.journal, book.account?.beancount,
                old.id, old.name, old.currency.code, old.icon, old.position, old.account?.journal, old.account?.beancount)
        case (.category(let category), .category(let old)):
            try run(
                """
                UPDATE categories SET name = ?, kind = ?, icon = ?, aliases = ?, position = ?, archived = ?, journal_account = ?, beancount_account = ?
                WHERE id = ? AND name = ? AND kind = ? AND icon = ? AND aliases = ? AND position = ? AND archived = ?
                    AND journal_account IS ? AND beancount_account IS ?
                """,
                category.name, category.kind.rawValue, category.icon, category.aliases.joined(separator: "\n"),
                category.position, category.archived, category.account?.journal, category.account?.beancount,
                old.id, old.name, old.kind.rawValue, old.icon, old.aliases.joined(separator: "\n"), old.position, old.archived,
                old.account?.journal, old.account?.beancount)
        case (.bill(let bill), .bill(let old)):
            try run(
                """
                UPDATE bills SET book_id = ?, category_id = ?, amount = ?, day = ?, remark = ?, place = ?, tags = ?,
                    created_at = ?, updated_at = ?, account_id = ?
                WHERE id = ? AND book_id = ? AND category_id = ? AND amount = ? AND day = ? AND remark = ? AND place IS ?
                    AND tags = ? AND created_at = ? AND updated_at = ? AND account_id IS ?
                """,
                bill.bookID, bill.categoryID, bill.amount, bill.day.yyyymmdd, bill.remark, bill.place,
                bill.tags.joined(separator: " "), bill.created, bill.updated, bill.storedAccount,
                old.id, old.bookID, old.categoryID, old.amount, old.day.yyyymmdd, old.remark, old.place,
                old.tags.joined(separator: " "), old.created, old.updated, old.storedAccount)
        case (.settings(let settings), _):
            try write(settings)
            return
        case (.savedQuery(let query), .savedQuery(let old)):
            try run(
                "UPDATE saved_queries SET name = ?, parameters = ?, statement = ? WHERE key = ? AND name = ? AND parameters = ? AND statement = ?",
                query.name, query.parameters.joined(separator: "\n"), query.statement,
                old.key, old.name, old.parameters.joined(separator: "\n"), old.statement)
        case (.budget(let budget), .budget(let old)):
            try run("UPDATE budgets SET amount = ? WHERE id = ? AND amount = ?", budget.amount, old.id, old.amount)
        case (.photo(let photo), .photo(let old)):
            try run("UPDATE photos SET number = ? WHERE id = ? AND number = ?", photo.number, old.id, old.number)
        case (.importProfile(let profile), .importProfile(let old)):
            try run(
                "UPDATE import_profiles SET name = ?, settings = ? WHERE key = ? AND name = ? AND settings = ?",
                profile.name, profile.settings, old.key, old.name, old.settings)
        case (.rule(let rule), .rule(let old)):
            try run(
                "UPDATE rules SET position = ?, text = ? WHERE id = ? AND position = ? AND text = ?",
                rule.position, rule.text, old.id, old.position, old.text)
        case (.importSources(let batch), .importSources(let old)):
            try run(
                "UPDATE import_sources SET sources = ? WHERE batch = ? AND sources = ?",
                ImportSourcePacking.pack(batch.sources), old.id, ImportSourcePacking.pack(old.sources))
        case (.recurringRule(let rule), .recurringRule(let old)):
            try update(rule, wasThere: old)
        case (.account(let account), .account(let old)):
            try update(account, wasThere: old)
        default:
            preconditionFailure("a row changes into a row of its own kind")
        }
        try expectOneRow(changing: before)
    }

    /// Deletes the row `record` describes, only while it still holds exactly that.
    private func delete(_ record: Record) throws(StoreError) {
        switch record {
        case .book(let book):
            try run(
                """
                DELETE FROM books
                WHERE id = ? AND name = ? AND currency = ? AND icon = ? AND position = ? AND journal_account IS ? AND beancount_account IS ?
                """,
                book.id, book.name, book.currency.code, book.icon, book.position, book.account?.journal, book.account?.beancount)
        case .category(let category):
            try run(
                """
                DELETE FROM categories
                WHERE id = ? AND name = ? AND kind = ? AND icon = ? AND aliases = ? AND position = ? AND archived = ?
                    AND journal_account IS ? AND beancount_account IS ?
                """,
                category.id, category.name, category.kind.rawValue, category.icon, category.aliases.joined(separator: "\n"),
                category.position, category.archived, category.account?.journal, category.account?.beancount)
        case .bill(let bill):
            try run(
                """
                DELETE FROM bills
                WHERE id = ? AND book_id = ? AND category_id = ? AND amount = ? AND day = ? AND remark = ? AND place IS ?
                    AND tags = ? AND created_at = ? AND updated_at = ? AND account_id IS ?
                """,
                bill.id, bill.bookID, bill.categoryID, bill.amount, bill.day.yyyymmdd, bill.remark, bill.place,
                bill.tags.joined(separator: " "), bill.created, bill.updated, bill.storedAccount)
        // A ledger always has its settings; a change can only replace them.
        case .settings: return
        case .savedQuery(let query):
            try run(
                "DELETE FROM saved_queries WHERE key = ? AND name = ? AND parameters = ? AND statement = ?",
                query.key, query.name, query.parameters.joined(separator: "\n"), query.statement)
        case .budget(let budget):
            try run("DELETE FROM budgets WHERE id = ? AND amount = ?", budget.id, budget.amount)
        case .photo(let photo):
            try run("DELETE FROM photos WHERE id = ? AND number = ?", photo.id, photo.number)
        case .importProfile(let profile):
            try run(
                "DELETE FROM import_profiles WHERE key = ? AND name = ? AND settings = ?", profile.key, profile.name, profile.settings)
        case .rule(let rule):
            try run("DELETE FROM rules WHERE id = ? AND position = ? AND text = ?", rule.id, rule.position, rule.text)
        case .importSources(let batch):
            try run("DELETE FROM import_sources WHERE batch = ? AND sources = ?", batch.id, ImportSourcePacking.pack(batch.sources))
        case .recurringRule(let rule):
            try delete(rule)
        case .occurrence(let occurrence):
            try delete(occurrence)
        case .rate(let rate):
            try delete(rate)
        case .account(let account):
            try delete(account)
        case .transfer(let transfer):
            try delete(transfer)
        case .reconciliation(let reconciliation):
            try delete(reconciliation)
        }
        try expectOneRow(changing: record)
    }

    private func write(_ settings: Settings) throws(StoreError) {
        var values = [
            (SettingKey.currentBook, String(settings.currentBookID)),
            (SettingKey.weekStart, settings.weekStart.rawValue),
        ]
        if let seen = settings.seenVersion { values.append((SettingKey.seenVersion, seen)) }
        if let home = settings.homeCurrency { values.append((SettingKey.homeCurrency, home)) }
        for (key, value) in values {
            try run(
                """
                INSERT INTO settings (key, value) VALUES (?, ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """,
                key, value)
        }
    }

    private func expectOneRow(changing record: Record) throws(StoreError) {
        guard changedRows() == 1 else {
            throw .changedMeanwhile(record.label)
        }
    }

    func books() throws(StoreError) -> [Book] {
        var books: [Book] = []
        try forEachRow("SELECT id, name, currency, icon, position, journal_account, beancount_account FROM books ORDER BY position, id") { row in
            books.append(
                Book(
                    id: row.int64(0), name: row.text(1), currency: Currency(code: row.text(2)), icon: row.text(3),
                    position: Int(row.int64(4)), account: row.account(5)))
        }
        return books
    }

    func categories() throws(StoreError) -> [Category] {
        var categories: [Category] = []
        try forEachRow(
            "SELECT id, name, kind, icon, aliases, position, archived, journal_account, beancount_account FROM categories ORDER BY position, id"
        ) { row throws(StoreError) in
            guard let kind = Kind(rawValue: row.text(2)) else {
                throw .corrupt(doing: Translation.translated("reading categories"), Translation.translated("a category has an unknown kind"))
            }
            categories.append(
                Category(
                    id: row.int64(0), name: row.text(1), kind: kind, icon: row.text(3),
                    aliases: row.text(4).split(separator: "\n").map(String.init), position: Int(row.int64(5)),
                    archived: row.int64(6) != 0, account: row.account(7)))
        }
        return categories
    }

    /// Every bill in the order the file keeps them, which is a straight read;
    /// the ledger puts them in day order itself.
    func bills(texts: Bool) throws(StoreError) -> BillColumns {
        var bills = BillColumns(texts: texts)
        var days = DayReader()
        var ids = RowIDOrder()
        bills.reserveCapacity(Int(try integer("SELECT count(*) FROM bills") ?? 0))
        if texts {
            try forEachRow(
                """
                SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0), remark, place, tags, created_at, updated_at FROM bills
                """
            ) { row throws(StoreError) in
                try ids.follow(row.int64(0))
                try Connection.append(row, to: &bills, &days)
            }
        } else {
            try forEachRow("SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0) FROM bills") { row throws(StoreError) in
                try ids.follow(row.int64(0))
                try Connection.append(row, to: &bills, &days)
            }
        }
        return bills
    }

    /// The bills whose day lies in `range`, through the day index, so already in day order.
    func bills(in range: DateRange, texts: Bool) throws(StoreError) -> BillColumns {
        var bills = BillColumns(texts: texts)
        var days = DayReader()
        let (start, end) = (Int64(range.start.yyyymmdd), Int64(range.end.yyyymmdd))
        if texts {
            try forEachRow(
                """
                SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0), remark, place, tags, created_at, updated_at FROM bills
                WHERE day BETWEEN ? AND ? ORDER BY day, id
                """, start, end
            ) { row throws(StoreError) in try Connection.append(row, to: &bills, &days) }
        } else {
            try forEachRow("SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0) FROM bills WHERE day BETWEEN ? AND ? ORDER BY day, id", start, end) {
                row throws(StoreError) in try Connection.append(row, to: &bills, &days)
            }
        }
        return bills
    }

    /// The bills that `change`'s rows name, as the file holds them now.
    func bills(namedIn change: ChangeSet) throws(StoreError) -> BillColumns {
        var ids: [Int64] = []
        for row in change.rows {
            for case .bill(let bill)? in [row.before, row.after] { ids.append(bill.id) }
        }
        ids.sort()
        var bills = BillColumns(texts: true)
        var start = ids.startIndex
        // One read for each run of ids one after the next: an old import's thousands of bills kept whole are one.
        while start < ids.endIndex {
            var end = start + 1
            while end < ids.endIndex, ids[end] == ids[end - 1] || (ids[end - 1] < .max && ids[end] == ids[end - 1] + 1) { end += 1 }
            let run = try self.bills(withIDs: ids[start]...ids[end - 1])
            for index in run.indices { bills.append(run[index]) }
            start = end
        }
        return bills
    }

    /// The bills whose ids lie in `ids`, in order of id.
    private func bills(withIDs ids: ClosedRange<Int64>) throws(StoreError) -> BillColumns {
        var bills = BillColumns(texts: true)
        var days = DayReader()
        try forEachBill(withIDs: ids) { row throws(StoreError) in try Connection.append(row, to: &bills, &days) }
        return bills
    }

    /// Each row of the bills whose ids lie in `ids`, in order of id, with the
    /// columns `append` reads; with `undone`, of the bills an undo moved aside for redo.
    func forEachBill(withIDs ids: ClosedRange<Int64>, undone: Bool = false, _ body: (Statement) throws(StoreError) -> Void) throws(StoreError) {
        try forEachRow(
            undone
                ? """
                SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0), remark, place, tags, created_at, updated_at
                FROM undone_bills WHERE id BETWEEN ? AND ? ORDER BY id
                """
                : """
                SELECT id, book_id, category_id, amount, day, coalesce(account_id, 0), remark, place, tags, created_at, updated_at
                FROM bills WHERE id BETWEEN ? AND ? ORDER BY id
                """,
            ids.lowerBound, ids.upperBound, body: body)
    }

    /// A row of `bills`, its texts looked up by their bytes: a remark the
    /// ledger has seen is not made into a String again. Rows read without
    /// their texts have six columns.
    private static func append(_ row: Statement, to bills: inout BillColumns, _ days: inout DayReader) throws(StoreError) {
        let day = try days.day(row.int64(4))
        guard bills.hasTexts else {
            bills.append(id: row.int64(0), bookID: row.int64(1), categoryID: row.int64(2), amount: row.int64(3), day: day, accountID: row.int64(5))
            return
        }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let remark = row.bytes(6) ?? empty
        let tags = row.bytes(8) ?? empty
        bills.append(
            id: row.int64(0), bookID: row.int64(1), categoryID: row.int64(2), amount: row.int64(3), day: day,
            remark: bills.text(bytes: remark) { String(decoding: remark, as: UTF8.self) },
            place: row.bytes(7).map { place in bills.text(bytes: place) { String(decoding: place, as: UTF8.self) } } ?? -1,
            tags: bills.tagList(bytes: tags) { Statement.words(tags) },
            created: row.int64(9), updated: row.int64(10), accountID: row.int64(5))
    }

    func settings() throws(StoreError) -> Settings {
        var values: [String: String] = [:]
        try forEachRow("SELECT key, value FROM settings") { row in values[row.text(0)] = row.text(1) }
        guard let currentBook = values[SettingKey.currentBook].flatMap({ Int64($0) }),
              let weekStart = values[SettingKey.weekStart].flatMap(WeekStart.init(rawValue:)) else {
            throw .corrupt(doing: Translation.translated("reading settings"), Translation.translated("current_book or week_start is missing or malformed"))
        }
        return Settings(
            currentBookID: currentBook, weekStart: weekStart, seenVersion: values[SettingKey.seenVersion],
            homeCurrency: values[SettingKey.homeCurrency])
    }

    func savedQueries() throws(StoreError) -> [SavedQuery] {
        var queries: [SavedQuery] = []
        try forEachRow("SELECT name, parameters, statement FROM saved_queries ORDER BY key") { row in
            let parameters = row.text(1).split(separator: "\n").map(String.init)
            queries.append(SavedQuery(name: row.text(0), parameters: parameters, statement: row.text(2)))
        }
        return queries
    }

    func importProfiles() throws(StoreError) -> [ImportProfile] {
        var profiles: [ImportProfile] = []
        try forEachRow("SELECT name, settings FROM import_profiles ORDER BY key") { row in
            profiles.append(ImportProfile(name: row.text(0), settings: row.text(1)))
        }
        return profiles
    }

    func rules() throws(StoreError) -> [Rule] {
        var rules: [Rule] = []
        try forEachRow("SELECT id, position, text FROM rules ORDER BY position, id") { row in
            rules.append(Rule(id: row.int64(0), position: Int(row.int64(1)), text: row.text(2)))
        }
        return rules
    }

    func importSources() throws(StoreError) -> [ImportSourceBatch] {
        var batches: [ImportSourceBatch] = []
        try forEachRow("SELECT batch, sources FROM import_sources ORDER BY batch") { row throws(StoreError) in
            batches.append(try Connection.importSources(row))
        }
        return batches
    }

    /// The batches of sources that `change`'s rows name, as the file holds them now.
    func importSources(namedIn change: ChangeSet) throws(StoreError) -> [ImportSourceBatch] {
        var batches: [ImportSourceBatch] = []
        for row in change.rows {
            for case .importSources(let named)? in [row.before, row.after] where !batches.contains(where: { $0.id == named.id }) {
                try forEachRow("SELECT batch, sources FROM import_sources WHERE batch = ?", named.id) { row throws(StoreError) in
                    batches.append(try Connection.importSources(row))
                }
            }
        }
        return batches
    }

    private static func importSources(_ row: Statement) throws(StoreError) -> ImportSourceBatch {
        guard let sources = ImportSourcePacking.unpack(row.blob(1)) else {
            throw .corrupt(
                doing: Translation.translated("reading where imported bills came from"), Translation.translated("import %d's sources are not whole", row.int64(0)))
        }
        return ImportSourceBatch(id: row.int64(0), sources: sources)
    }

    func budgets() throws(StoreError) -> [Budget] {
        var budgets: [Budget] = []
        try forEachRow("SELECT id, book_id, category_id, amount FROM budgets ORDER BY id") { row in
            budgets.append(Budget(id: row.int64(0), bookID: row.int64(1), categoryID: row.optionalInt64(2), amount: row.int64(3)))
        }
        return budgets
    }

    func photos() throws(StoreError) -> [Photo] {
        var photos: [Photo] = []
        try forEachRow("SELECT id, bill_id, number, name, type, size, sha256, added_at FROM photos ORDER BY id") { row in
            photos.append(Photo(
                id: row.int64(0), billID: row.int64(1), number: Int(row.int64(2)), name: row.text(3), type: row.text(4),
                size: Int(row.int64(5)), sha256: row.text(6), added: row.int64(7)))
        }
        return photos
    }

    /// Keeps `bytes` under their digest, once however many photos show them.
    func keepPhotoData(_ bytes: [UInt8], sha256: String) throws(StoreError) {
        try run("INSERT INTO photo_data (sha256, data) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING", sha256, bytes)
    }

    func photoData(sha256: String) throws(StoreError) -> [UInt8]? {
        var bytes: [UInt8]?
        try forEachRow("SELECT data FROM photo_data WHERE sha256 = ?", sha256) { row in bytes = row.blob(0) }
        return bytes
    }

    /// The highest bill id ever given, including deleted bills'.
    func lastBillID() throws(StoreError) -> Int64 {
        try integer("SELECT seq FROM sqlite_sequence WHERE name = 'bills'") ?? 0
    }

    /// The definitions of the triggers on the bills, in order of name; nil when there are none.
    func generationTriggers() throws(StoreError) -> String? {
        try text("SELECT group_concat(sql, char(10)) FROM (SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'bills' ORDER BY name)")
    }

    /// The number any change to a bill makes anew, in its own transaction;
    /// nil when the table has lost its row, and no copy of the bills can be trusted.
    func billsGeneration() throws(StoreError) -> Int64? {
        try integer("SELECT value FROM bills_generation")
    }
}

private enum SettingKey {
    static let currentBook = "current_book"
    static let weekStart = "week_start"
    static let seenVersion = "seen_version"
    static let homeCurrency = "home_currency"
}

/// A table read straight comes in rising id order; a page the file names
/// twice, or a row out of place, breaks it.
private struct RowIDOrder {
    private var last = Int64.min

    mutating func follow(_ id: Int64) throws(StoreError) {
        guard id > last else { throw .corrupt(doing: Translation.translated("reading bills"), Translation.translated("bill #%d comes twice or out of order", id)) }
        last = id
    }
}

/// Days as the file writes them (yyyymmdd) made into `Day`s. Bills come a
/// day's worth at a time, so the day before is usually this one, and is not
/// worked out again.
struct DayReader {
    private var written: Int64 = -1
    private var day = Day.first

    mutating func day(_ written: Int64) throws(StoreError) -> Day {
        if written == self.written { return day }
        guard let day = Day(yyyymmdd: Int(written)) else {
            throw .corrupt(doing: Translation.translated("reading bills"), Translation.translated("a bill has no valid day"))
        }
        (self.written, self.day) = (written, day)
        return day
    }
}

extension Statement {
    /// The account kept in `column` and the one after it; nil until given.
    func account(_ column: Int) -> ExportAccount? {
        guard let journal = bytes(column), let beancount = bytes(column + 1) else { return nil }
        return ExportAccount(journal: String(decoding: journal, as: UTF8.self), beancount: String(decoding: beancount, as: UTF8.self))
    }
}

extension Bill {
    /// A bill in its book's first account keeps NULL, as every bill written before accounts were kept does.
    var storedAccount: Int64? { accountID == 0 ? nil : accountID }
}

extension RowChange {
    fileprivate var insertsBill: Bool {
        guard before == nil, case .bill? = after else { return false }
        return true
    }
}
