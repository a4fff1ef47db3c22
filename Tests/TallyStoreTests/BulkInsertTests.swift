import TallyCore
@testable import TallyStore
import Testing

/// A change adding many bills sets the bills' indexes aside and builds them
/// again, inside its transaction: the file ends up as if each had been added.
@Suite("Bulk inserts")
struct BulkInsertTests {
    static func indexes(at path: String) throws -> [String] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        var found: [String] = []
        try connection.forEachRow("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bills' ORDER BY name") { row in
            found.append(row.text(0))
        }
        return found
    }

    static func manyBills(from first: Int64, count: Int) -> ChangeSet {
        ChangeSet(summary: "imported", rows: (first..<first + Int64(count)).map { id in
            insert(.bill(Bill(id: id, bookID: 1, categoryID: 1 + id % 5, amount: id, day: Day(ordinal: Int32(17_000 + id % 400)), remark: "r")))
        })
    }

    @Test func theIndexesComeBackTheSame() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let before = try Self.indexes(at: path)
            #expect(before.count == 1)
            try store.commit(Self.manyBills(from: 1, count: Connection.bulkInsert))
            #expect(try Self.indexes(at: path) == before)
            #expect(try store.load().bills.count == Connection.bulkInsert)
            store.close()
            // Opened again, the file is still a ledger of this version, whole.
            let again = try LedgerStore(path: path, seed: .english)
            #expect(try again.load().bills.count == Connection.bulkInsert)
        }
    }

    @Test func aBulkChangeThatFailsLeavesTheIndexesAndTheBills() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(adding(bill(1)))
            let before = try Self.indexes(at: path)
            // The last new bill takes an id already there: the whole change is refused.
            var rows = Self.manyBills(from: 2, count: Connection.bulkInsert).rows
            rows.append(insert(.bill(bill(1))))
            #expect(throws: StoreError.self) { try store.commit(ChangeSet(summary: "imported", rows: rows)) }
            #expect(try Self.indexes(at: path) == before)
            #expect(try store.load().bills.map(\.id) == [1])
        }
    }
    /// Bills written many a statement are the rows that writing each alone
    /// leaves: every field, a place or account left empty as NULL, and a
    /// row of another kind or a run too short between them written alone.
    @Test func billsWrittenManyAStatementAreWhatEachAloneWrites() throws {
        try withTemporaryFolder { folder in
            let first = try LedgerStore(path: folder + "/first.db", seed: .english).load()
            let card = Account(id: first.nextAccountID, bookID: 1, name: "card", position: 1)
            let bills = (1...Int64(2 * Connection.billsAStatement + 7)).map { id in
                Bill(
                    id: id, bookID: 1, categoryID: 1 + id % 5, amount: id % 9 == 0 ? -id : 100 * id, day: Day(ordinal: Int32(17_000 + id % 40)),
                    remark: id % 4 == 0 ? "" : "remark \(id) 饭", place: id % 3 == 0 ? "place \(id)" : nil, tags: id % 5 == 0 ? ["a", "b\(id)"] : [],
                    created: 1_700_000_000 + id, updated: 1_700_000_100 + id, accountID: id % 2 == 0 ? card.id : 0)
            }
            var rows = [insert(.account(card))] + bills.map { insert(.bill($0)) }
            rows.insert(insert(.category(Category(id: 90, name: "between", kind: .expense, icon: "", aliases: [], position: 90))), at: 40)
            var stored: [[String]] = []
            for (name, apart) in [("many", false), ("alone", true)] {
                let path = folder + "/\(name).db"
                let store = try LedgerStore(path: path, seed: .english)
                if apart {
                    for row in rows { try store.commit(ChangeSet(summary: "one", rows: [row])) }
                } else {
                    try store.commit(ChangeSet(summary: "all", rows: rows))
                }
                let connection = try Connection(path: path)
                var table: [String] = []
                try connection.forEachRow(
                    """
                    SELECT quote(id) || quote(book_id) || quote(category_id) || quote(amount) || quote(day) || quote(remark) || quote(place)
                        || quote(tags) || quote(created_at) || quote(updated_at) || quote(account_id) FROM bills ORDER BY id
                    """
                ) { row in table.append(row.text(0)) }
                connection.close()
                stored.append(table)
                #expect(Array(try store.load().bills).sorted { $0.id < $1.id } == bills)
            }
            #expect(stored[0].count == bills.count)
            #expect(stored[0] == stored[1])
        }
    }
}
