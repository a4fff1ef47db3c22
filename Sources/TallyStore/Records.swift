import TallyCore

// How each kind of record maps to its table.

extension Connection {
    /// Writes `record` as its row, updating the row in place when it exists.
    /// Never INSERT OR REPLACE: that deletes the old row and inserts a new one,
    /// which would set off any ON DELETE action on the bills that point at it.
    func write(_ record: Record) throws(StoreError) {
        switch record {
        case .book(let book):
            try run(
                """
                INSERT INTO books (id, name, currency, icon, position) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, currency = excluded.currency,
                    icon = excluded.icon, position = excluded.position
                """,
                book.id, book.name, book.currency.code, book.icon, book.position)
        case .category(let category):
            try run(
                """
                INSERT INTO categories (id, name, kind, icon, aliases, position, archived) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, icon = excluded.icon,
                    aliases = excluded.aliases, position = excluded.position, archived = excluded.archived
                """,
                category.id, category.name, category.kind.rawValue, category.icon,
                category.aliases.joined(separator: "\n"), category.position, category.archived)
        case .bill(let bill):
            try run(
                """
                INSERT INTO bills (id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET book_id = excluded.book_id, category_id = excluded.category_id,
                    amount = excluded.amount, day = excluded.day, remark = excluded.remark, place = excluded.place,
                    tags = excluded.tags, created_at = excluded.created_at, updated_at = excluded.updated_at
                """,
                bill.id, bill.bookID, bill.categoryID, bill.amount, bill.day.yyyymmdd, bill.remark, bill.place,
                bill.tags.joined(separator: " "), bill.created, bill.updated)
        case .settings(let settings):
            var values = [
                (SettingKey.currentBook, String(settings.currentBookID)),
                (SettingKey.weekStart, settings.weekStart.rawValue),
            ]
            if let seen = settings.seenVersion { values.append((SettingKey.seenVersion, seen)) }
            for (key, value) in values {
                try run(
                    """
                    INSERT INTO settings (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """,
                    key, value)
            }
        case .savedQuery(let query):
            try run(
                """
                INSERT INTO saved_queries (key, name, statement) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET name = excluded.name, statement = excluded.statement
                """,
                query.key, query.name, query.statement)
        }
    }

    func delete(_ record: Record) throws(StoreError) {
        switch record {
        case .book(let book): try run("DELETE FROM books WHERE id = ?", book.id)
        case .category(let category): try run("DELETE FROM categories WHERE id = ?", category.id)
        case .bill(let bill): try run("DELETE FROM bills WHERE id = ?", bill.id)
        // A ledger always has its settings; a change can only replace them.
        case .settings: break
        case .savedQuery(let query): try run("DELETE FROM saved_queries WHERE key = ?", query.key)
        }
    }

    /// Writes each row's after-image in order, deleting the rows that have none.
    func apply(_ rows: [RowChange]) throws(StoreError) {
        for row in rows {
            if let after = row.after {
                try write(after)
            } else if let before = row.before {
                try delete(before)
            }
        }
    }

    func books() throws(StoreError) -> [Book] {
        var books: [Book] = []
        try forEachRow("SELECT id, name, currency, icon, position FROM books ORDER BY position, id") { row in
            books.append(
                Book(
                    id: row.int64(0), name: row.text(1), currency: Currency(code: row.text(2)), icon: row.text(3),
                    position: Int(row.int64(4))))
        }
        return books
    }

    func categories() throws(StoreError) -> [Category] {
        var categories: [Category] = []
        try forEachRow(
            "SELECT id, name, kind, icon, aliases, position, archived FROM categories ORDER BY position, id"
        ) { row throws(StoreError) in
            guard let kind = Kind(rawValue: row.text(2)) else {
                throw .corrupt(doing: "reading categories", "a category has an unknown kind")
            }
            categories.append(
                Category(
                    id: row.int64(0), name: row.text(1), kind: kind, icon: row.text(3),
                    aliases: row.text(4).split(separator: "\n").map(String.init), position: Int(row.int64(5)),
                    archived: row.int64(6) != 0))
        }
        return categories
    }

    /// Every bill in the order the file keeps them, which is a straight read;
    /// the ledger puts them in day order itself.
    func bills() throws(StoreError) -> [Bill] {
        var bills: [Bill] = []
        try forEachRow(
            """
            SELECT id, book_id, category_id, amount, day, remark, place, tags, created_at, updated_at FROM bills
            """
        ) { row throws(StoreError) in
            guard let day = Day(yyyymmdd: Int(row.int64(4))) else {
                throw .corrupt(doing: "reading bills", "a bill has no valid day")
            }
            bills.append(
                Bill(
                    id: row.int64(0), bookID: row.int64(1), categoryID: row.int64(2), amount: row.int64(3), day: day,
                    remark: row.text(5), place: row.optionalText(6),
                    tags: row.text(7).split(separator: " ").map(String.init), created: row.int64(8),
                    updated: row.int64(9)))
        }
        return bills
    }

    func settings() throws(StoreError) -> Settings {
        var values: [String: String] = [:]
        try forEachRow("SELECT key, value FROM settings") { row in values[row.text(0)] = row.text(1) }
        guard let currentBook = values[SettingKey.currentBook].flatMap({ Int64($0) }),
              let weekStart = values[SettingKey.weekStart].flatMap(WeekStart.init(rawValue:)) else {
            throw .corrupt(doing: "reading settings", "current_book or week_start is missing or malformed")
        }
        return Settings(currentBookID: currentBook, weekStart: weekStart, seenVersion: values[SettingKey.seenVersion])
    }

    func savedQueries() throws(StoreError) -> [SavedQuery] {
        var queries: [SavedQuery] = []
        try forEachRow("SELECT name, statement FROM saved_queries ORDER BY key") { row in
            queries.append(SavedQuery(name: row.text(0), statement: row.text(1)))
        }
        return queries
    }

    /// The highest bill id ever given, including deleted bills'.
    func lastBillID() throws(StoreError) -> Int64 {
        try integer("SELECT seq FROM sqlite_sequence WHERE name = 'bills'") ?? 0
    }
}

private enum SettingKey {
    static let currentBook = "current_book"
    static let weekStart = "week_start"
    static let seenVersion = "seen_version"
}
