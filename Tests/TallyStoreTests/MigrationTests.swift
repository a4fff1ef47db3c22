import Foundation
import Testing
import TallyCore
@testable import TallyStore

@Suite("Opening and migrating a ledger file")
struct MigrationTests {
    @Test func aNewFileIsCreatedMigratedAndSeeded() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/nested/deeper/ledger.db"
            let ledger = try LedgerStore(path: path, seed: .english, creatingFolders: true).load()

            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
            #expect(ledger.books == [Book(id: 1, name: "daily", currency: .cny, position: 1,
                                          account: ExportAccount(journal: "daily", beancount: "Daily"))])
            #expect(ledger.categories.count == 38)
            #expect(ledger.categories.map { category in
                var plain = category
                plain.account = nil
                return plain
            } == DefaultCategories.make(chinese: false))
            #expect(ledger.categories.first { $0.name == "food" }?.account == ExportAccount(journal: "food", beancount: "Food"))
            #expect(ledger.settings == Settings(currentBookID: 1, weekStart: .monday))
            #expect(ledger.bills.isEmpty)
            #expect(ledger.lastBillID == 0)
            #expect(try mode(of: path) == 0o600)
            #expect(try mode(of: folder + "/nested") == 0o700)
            #expect(try mode(of: folder + "/nested/deeper") == 0o700)
        }
    }

    /// Every change drops what this session could redo: found through an
    /// index, so a script of many changes never reads the whole history for each.
    @Test func whatCanBeRedoneIsFoundThroughAnIndex() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            _ = try LedgerStore(path: path, seed: .english).load()
            var plan: [String] = []
            try Connection(path: path).forEachRow(
                "EXPLAIN QUERY PLAN DELETE FROM journal WHERE undone = 1 AND (session = ? OR id <= ?)", "s", Int64(0)
            ) { row in plan.append(row.text(3)) }
            #expect(plan.contains { $0.contains("USING INDEX journal_undone") || $0.contains("USING COVERING INDEX journal_undone") }, "\(plan)")
        }
    }

    /// A category named validly keeps its name even when an older one cleans to it.
    @Test func aLedgerFromBeforeAccountsWereKeptGivesEveryBookAndCategoryOneOnce() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let connection = try Connection(path: path)
            // Version 8 gave books and categories their accounts.
            try connection.createSchema(upTo: 7)
            try connection.run("INSERT INTO books (id, name, currency, icon, position) VALUES (1, 'daily', 'CNY', '', 1), (2, '日本', 'JPY', '', 2)")
            try connection.run(
                """
                INSERT INTO categories (id, name, kind, icon, aliases, position, archived)
                VALUES (1, 'a:b', 'expense', '', '', 1, 0), (2, 'a-b', 'expense', '', '', 2, 0), (3, '餐饮', 'income', '', 'canyin', 3, 0)
                """)
            try connection.run("INSERT INTO settings (key, value) VALUES ('current_book', '1'), ('week_start', 'monday')")
            connection.close()

            let ledger = try LedgerStore(path: path, seed: .english).load()
            #expect(ledger.books.map(\.account) == [ExportAccount(journal: "daily", beancount: "Daily"), ExportAccount(journal: "日本", beancount: "X-日本")])
            #expect(ledger.categories.map(\.account) == [
                ExportAccount(journal: "a-b-2", beancount: "A-b-2"), ExportAccount(journal: "a-b", beancount: "A-b"),
                ExportAccount(journal: "餐饮", beancount: "Canyin-餐饮"),
            ])
            #expect(try LedgerStore(path: path, seed: .english).load() == ledger, "given once: opening again changes nothing")
        }
    }

    /// A ledger at an older schema `version`: one book, one category, its settings.
    static func oldLedger(at path: String, version: Int, weekStart: WeekStart = .monday) throws -> Connection {
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let connection = try Connection(path: path)
        try connection.createSchema(upTo: version)
        try connection.run("INSERT INTO books (id, name, currency, icon, position) VALUES (1, 'daily', 'CNY', '', 1)")
        try connection.run("INSERT INTO categories (id, name, kind, icon, aliases, position, archived) VALUES (1, 'food', 'expense', '', '', 1, 0)")
        try connection.run("INSERT INTO settings (key, value) VALUES ('current_book', '1'), ('week_start', ?)", weekStart.rawValue)
        return connection
    }

    /// The schema before refunds refused an amount below zero, and SQLite
    /// changes no CHECK in place: the bills table is made anew.
    @Test func aLedgerFromBeforeRefundsKeepsItsBillsPhotosAndHighestIDAndThenTakesARefund() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            // Version 9 let an amount be below zero.
            let connection = try Self.oldLedger(at: path, version: 8)
            try connection.apply([bill(1), bill(2), bill(3)].map { insert(.bill($0)) })
            try connection.run("DELETE FROM bills WHERE id = 3")
            try connection.run("INSERT INTO photo_data (sha256, data) VALUES ('ab', x'00')")
            try connection.run("INSERT INTO photos (id, bill_id, number, name, type, size, sha256, added_at) VALUES (1, 1, 1, 'a.png', 'png', 1, 'ab', 0)")
            connection.close()

            let store = try LedgerStore(path: path, seed: .english)
            let ledger = try store.load()
            #expect(ledger.bills.map(\.id) == [1, 2])
            #expect(ledger.lastBillID == 3, "the id of the deleted bill is never given again")
            #expect(ledger.photos(ofBill: 1).map(\.name) == ["a.png"])
            var refund = bill(4)
            refund.amount = -2550
            try store.commit(adding(refund))
            #expect(try store.load().bills.map(\.amount) == [2550, 2550, -2550])
            store.close()

            let migrated = try Connection(path: path)
            var references: [String] = []
            try migrated.forEachRow("PRAGMA foreign_key_check") { row in references.append(row.text(0)) }
            #expect(references.isEmpty, "\(references)")
            var indexes: [String] = []
            try migrated.forEachRow("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bills' ORDER BY name") { row in
                indexes.append(row.text(0))
            }
            #expect(indexes == ["bills_by_day"])
            #expect(throws: StoreError.self, "an amount of zero is still refused") {
                try migrated.run(
                    "INSERT INTO bills (book_id, category_id, amount, day, remark, tags, created_at, updated_at) VALUES (1, 1, 0, 20160701, '', '', 0, 0)")
            }
        }
    }

    /// An import recorded before sources were packed smaller keeps its
    /// sources, and its undo, which names them by a digest, still holds.
    @Test func importSourcesPackedAsBeforeArePackedAnewAndStillUndone() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let before = try store.load()
            // Without the import's new category, which the migration would give its accounts.
            let imported = HeldRowsTests.imported()
            let change = ChangeSet(summary: imported.summary, rows: Array(imported.rows.dropFirst()))
            try store.commit(change)
            let after = try store.load()
            store.close()
            let sources = try #require(after.importSources.batch(1)).sources
            let older = try Connection(path: path)
            try older.run("UPDATE import_sources SET sources = ? WHERE batch = 1", fixedWidth(sources))
            try older.exec("CREATE INDEX bills_by_book ON bills (book_id); CREATE INDEX bills_by_category ON bills (category_id);")
            try older.exec("DROP TABLE undone_bills; DROP TABLE undone_import_sources;")
            try older.exec("ALTER TABLE journal DROP COLUMN phrase")
            try older.setUserVersion(14)
            older.close()

            let migrated = try LedgerStore(path: path, seed: .english)
            #expect(HeldRowsTests.sameRecords(try migrated.load(), after))
            let file = try Connection(path: path)
            var packed: [UInt8] = []
            try file.forEachRow("SELECT sources FROM import_sources WHERE batch = 1") { row in packed = row.blob(0) }
            #expect(packed == ImportSourcePacking.pack(sources))
            #expect(try file.userVersion() == Connection.currentVersion)
            file.close()
            #expect(try migrated.undo() == ChangeSet(summary: change.summary, rows: []).inverted, "its bills are moved aside, not written row by row")
            #expect(HeldRowsTests.sameRecords(try migrated.load(), before))
        }
    }

    @Test func aLedgerFromBeforeRecurringBillsKeepsItsBillsAndThenTakesARule() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            // Version 11 kept recurring bills and the days they were posted.
            let connection = try Self.oldLedger(at: path, version: 10, weekStart: .sunday)
            var refund = bill(2)
            refund.amount = -900
            try connection.apply([bill(1), refund].map { insert(.bill($0)) })
            #expect(try connection.userVersion() == 10)
            connection.close()

            let store = try LedgerStore(path: path, seed: .english)
            let ledger = try store.load()
            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
            #expect(Array(ledger.bills) == [bill(1), refund])
            #expect(ledger.settings.weekStart == .sunday)
            #expect(ledger.recurringRules.isEmpty)
            #expect(ledger.occurrences.isEmpty)

            let rule = RecurringRule(id: 1, bookID: 1, categoryID: 1, amount: 2550, schedule: .weeks(every: 1, on: nil), start: day("2016-07-01"))
            let added = ChangeSet(summary: "added recurring", rows: [insert(.recurringRule(rule))])
            var withRule = ledger
            withRule.apply(added)
            let posting = try #require(withRule.posting(through: day("2016-07-10"), at: 0))
            try store.commit(ChangeSet(summary: "added recurring", rows: added.rows + posting.rows))
            let reloaded = try LedgerStore(path: path, seed: .english).load()
            #expect(reloaded.bills.map(\.id) == [1, 2, 3, 4], "numbered on from the bills the old file held")
            #expect(reloaded.bills.suffix(2).map(\.day) == [day("2016-07-03"), day("2016-07-10")], "Sundays, as the old file's week starts")
            #expect(reloaded.occurrences(of: rule).map(\.billID) == [3, 4])
        }
    }

    @Test func theSeedNameAndCurrencyAreUsed() throws {
        try withTemporaryFolder { folder in
            let seed = Seed(
                bookName: "日常", currency: Currency(code: "USD"), categories: DefaultCategories.make(chinese: true))
            let ledger = try LedgerStore(path: folder + "/ledger.db", seed: seed).load()

            #expect(ledger.books.map(\.name) == ["日常"])
            #expect(ledger.books[0].currency == Currency(code: "USD"))
            #expect(ledger.categories[0].name == "用餐")
        }
    }

    @Test func reopeningDoesNotSeedAgain() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            let food = ledger.category(named: "food")!
            var meals = food
            meals.name = "meals"
            let change = ChangeSet(summary: "renamed", rows: [update(.category(food), to: .category(meals))])
            try store.commit(change)
            ledger.apply(change)

            let chinese = Seed(bookName: "other", currency: .cny, categories: DefaultCategories.make(chinese: true))
            let reopened = try LedgerStore(path: path, seed: chinese).load()

            #expect(reopened == ledger)
            #expect(reopened.category(id: 1)?.name == "meals")
        }
    }

    @Test func anExistingEmptyFileIsMigrated() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))

            let ledger = try LedgerStore(path: path, seed: .english).load()

            #expect(try Connection(path: path).userVersion() == Connection.currentVersion)
            #expect(ledger.books.map(\.name) == ["daily"])
            #expect(ledger.categories.count == 38)
        }
    }

    @Test func aFileThatIsNotADatabaseIsAnError() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.txt"
            let text = String(repeating: "this is a shopping list, not a ledger\n", count: 100)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))

            let error = #expect(throws: StoreError.self) { try LedgerStore(path: path, seed: .english) }

            #expect(error?.code == 26)
            let after = try String(contentsOfFile: path, encoding: .utf8)
            #expect(after == text)
        }
    }

    @Test func aFileFromANewerTallyIsRefused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            _ = try LedgerStore(path: path, seed: .english)
            try Connection(path: path).setUserVersion(99)

            let error = #expect(throws: StoreError.self) { try LedgerStore(path: path, seed: .english) }

            #expect(error?.description.contains("newer") == true)
        }
    }
}
