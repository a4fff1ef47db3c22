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
}
