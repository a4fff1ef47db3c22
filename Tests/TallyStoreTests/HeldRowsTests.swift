import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// An import's bills are named in the undo history, not copied: undo reads
/// them back from the file, refuses when one was changed since, and keeps
/// them whole once undone so that redo can bring them back.
@Suite("Bills the undo history names")
struct HeldRowsTests {
    static let count = Int64(HeldRows.shortestRun + 500)

    /// An import of `count` bills from #`first` on, with the sources of their rows.
    static func imported(from first: Int64 = 1) -> ChangeSet {
        let bills = (first..<first + count).map { id in
            Bill(
                id: id, bookID: 1, categoryID: 1 + id % 5, amount: 100 + id, day: Day(ordinal: 17_000 + Int32(id % 400)),
                remark: id % 7 == 0 ? "" : "row \(id) \"quoted\" 餐饮", place: id % 3 == 0 ? nil : "place \(id % 11)",
                tags: id % 4 == 0 ? ["trip", "t\(id % 3)"] : [], created: 1_700_000_000, updated: 1_700_000_000 + id % 2)
        }
        let sources = ImportSourceBatch(id: 1, sources: bills.map { ImportSource(billID: $0.id, fingerprint: $0.id &* 31, digest: -$0.id) })
        return ChangeSet(
            summary: "imported \(count) bills",
            rows: [insert(.category(Category(id: 90, name: "imported", kind: .expense, icon: "📥", aliases: [], position: 90)))]
                + bills.map { insert(.bill($0)) } + [insert(.importSources(sources))])
    }

    /// The newest entry's rows as the file keeps them.
    static func newestRows(at path: String) throws -> String {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.text("SELECT rows FROM journal ORDER BY id DESC LIMIT 1") ?? ""
    }

    /// Whether two ledgers hold the same bills, categories and sources.
    static func sameRecords(_ a: Ledger, _ b: Ledger) -> Bool {
        Array(a.bills) == Array(b.bills) && a.categories == b.categories && a.importSources == b.importSources
    }

    /// Runs one statement on the file, as another program would.
    static func execute(_ sql: StaticString, at path: String) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.exec(sql)
    }

    @Test func anImportIsNamedAndUndoneRedoneAndUndoneAgain() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let before = try store.load()
            let change = HeldRowsTests.imported()
            try store.commit(change)
            let held = try HeldRowsTests.newestRows(at: path)
            #expect(held.contains("{\"held\":[1,\""))
            #expect(held.contains("{\"heldSources\":[1,\""))
            // A digest of eight bytes in Base64 for each bill, and little else.
            #expect(held.utf8.count < Int(HeldRowsTests.count) * 12 + 500)
            let after = try store.load()

            let undone = try #require(try store.undo())
            #expect(undone == change.inverted)
            let undoneLedger = try store.load()
            #expect(HeldRowsTests.sameRecords(undoneLedger, before))
            // Ids once given are not given again.
            #expect(undoneLedger.lastBillID == HeldRowsTests.count)
            let whole = try HeldRowsTests.newestRows(at: path)
            #expect(!whole.contains("held"))
            #expect(whole.contains("{\"after\":{\"b\":[1,"))

            #expect(try store.redo() == change)
            #expect(try store.load() == after)
            let heldAgain = try HeldRowsTests.newestRows(at: path)
            #expect(heldAgain.utf8.count == held.utf8.count)
            #expect(heldAgain.drop { $0 != "{" }.contains(held[held.range(of: "{\"held\"")!.lowerBound...]))

            #expect(try store.undo() == change.inverted)
            #expect(HeldRowsTests.sameRecords(try store.load(), before))
        }
    }

    /// Undone through a statement per row, as before bills were named, and
    /// through one statement for the whole run: the same ledger either way.
    @Test func billsDeletedAtOnceLeaveWhatDeletingEachLeaves() throws {
        try withTemporaryFolder { folder in
            let change = HeldRowsTests.imported(from: 3)
            var ledgers: [Ledger] = []
            for (index, named) in [false, true].enumerated() {
                let path = folder + "/ledger\(index).db"
                let store = try LedgerStore(path: path, seed: .english)
                try store.commit(ChangeSet(summary: "two", rows: [insert(.bill(bill(1))), insert(.bill(bill(2)))]))
                try store.commit(change)
                let connection = try Connection(path: path)
                try connection.transaction { () throws(StoreError) in
                    try connection.apply(change.inverted.rows, unchangedBills: named ? [3...(2 + HeldRowsTests.count)] : [])
                }
                connection.close()
                ledgers.append(try LedgerStore(path: path, seed: .english).load())
            }
            #expect(ledgers[0] == ledgers[1])
            #expect(ledgers[0].bills.map(\.id) == [1, 2])
        }
    }

    @Test func aNamedBillEditedSinceStopsTheUndo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let change = HeldRowsTests.imported()
            try store.commit(change)
            guard case .bill(let original)? = change.rows[700].after else { throw TestFailure("row 700 adds no bill") }
            var edited = original
            edited.amount += 1
            try LedgerStore(path: path, seed: .english)
                .commit(ChangeSet(summary: "edited", rows: [update(.bill(original), to: .bill(edited))], undoable: false))

            let ledger = try store.load()
            let replay = try store.change { reloaded throws(StoreError) in try store.undo(in: reloaded ?? ledger) }
            guard case .conflict(_, let row) = replay else { throw TestFailure("\(replay)") }
            #expect(row == StaleRow(.bill(edited)))
            #expect(try store.load().bills.count == Int(HeldRowsTests.count))
        }
    }

    /// Changed behind Tally's back, by a program that leaves the times as they were, or deleted: still found.
    @Test func aNamedBillChangedOrGoneOutsideTallyStopsTheUndo() throws {
        try withTemporaryFolder { folder in
            for (sql, label, left) in [
                ("UPDATE bills SET remark = remark || '!' WHERE id = 1200", "bill #1200", HeldRowsTests.count),
                ("DELETE FROM bills WHERE id = 5", "bill #5", HeldRowsTests.count - 1),
                ("UPDATE import_sources SET sources = substr(sources, 1, 17)", "the source rows of import 1", HeldRowsTests.count),
            ] as [(StaticString, String, Int64)] {
                let path = folder + "/\(label.hashValue).db"
                let store = try LedgerStore(path: path, seed: .english)
                try store.commit(HeldRowsTests.imported())
                try HeldRowsTests.execute(sql, at: path)

                let ledger = try store.load()
                let replay = try store.change { reloaded throws(StoreError) in try store.undo(in: reloaded ?? ledger) }
                guard case .conflict(_, let row) = replay else { throw TestFailure("\(label): \(replay)") }
                #expect(row.label == label)
                #expect(try store.load().bills.count == Int(left))
            }
        }
    }

    @Test func aBillDigestTellsEveryFieldApart() {
        let base = Bill(id: 7, bookID: 1, categoryID: 2, amount: 300, day: Day(ordinal: 17_000), remark: "ab", place: nil, tags: ["x"], created: 5, updated: 6)
        var variants: [Bill] = []
        func vary(_ change: (inout Bill) -> Void) {
            var bill = base
            change(&bill)
            variants.append(bill)
        }
        vary { $0.bookID = 2 }
        vary { $0.categoryID = 3 }
        vary { $0.amount = -300 }
        vary { $0.day = Day(ordinal: 17_001) }
        vary { $0.remark = "ba" }
        vary { $0.remark = "ab\u{0}" }
        vary { $0.place = "" }
        vary { $0.tags = [] }
        vary { $0.tags = ["x", ""] }
        vary { $0.remark = "a"; $0.tags = ["bx"] }
        vary { $0.accountID = 4 }
        vary { $0.created = 6 }
        vary { $0.updated = 5 }
        let digests = Set(([base] + variants).map(BillDigest.of))
        #expect(digests.count == variants.count + 1)
        #expect(BillDigest.of(base) == BillDigest.of(Bill(
            id: 7, bookID: 1, categoryID: 2, amount: 300, day: Day(ordinal: 17_000), remark: String("xab".dropFirst()), tags: ["x"], created: 5, updated: 6)))
    }

    /// The bulk path sets the bills' triggers aside and puts them back as they were, with a new generation.
    @Test func aBulkChangeKeepsTheTriggersAndDrawsANewGeneration() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let connection = try Connection(path: path)
            defer { connection.close() }
            let triggers = try connection.generationTriggers()
            let generation = try connection.billsGeneration()
            try store.commit(ChangeSet(summary: "many", rows: (1...Int64(Connection.bulkInsert)).map { insert(.bill(bill($0))) }))
            #expect(try connection.generationTriggers() == triggers)
            #expect(triggers?.contains("bills_deleted") == true)
            #expect(try connection.billsGeneration() != generation)
        }
    }

    /// Only a whole run of deletes, one id after the next either way, within bills read unchanged, is deleted at once.
    @Test func runsDeletedAtOnceAreWholeAndUnchanged() {
        let count = Int64(HeldRows.shortestRun)
        func deleting(_ ids: [Int64]) -> [RowChange] { ids.map { remove(.bill(bill($0))) } }
        let rising = Array(1...count)
        let unchanged = [1...count]
        #expect(Connection.runs(of: deleting(rising), deleting: unchanged).mapValues(\.ids) == [0: 1...count])
        #expect(Connection.runs(of: [insert(.bill(bill(0)))] + deleting(rising.reversed()), deleting: unchanged).mapValues(\.ids) == [1: 1...count])
        #expect(Connection.runs(of: deleting(rising), deleting: [2...count]).isEmpty)
        #expect(Connection.runs(of: deleting(rising), deleting: []).isEmpty)
        #expect(Connection.runs(of: deleting(Array(rising.dropLast())), deleting: unchanged).isEmpty)
        var gap = rising
        gap[500] += 1
        #expect(Connection.runs(of: deleting(gap), deleting: unchanged).isEmpty)
        let top = Array((Int64.max - count + 1)...Int64.max)
        #expect(Connection.runs(of: deleting(top + [Int64.min]), deleting: [top[0]...Int64.max]).mapValues(\.ids) == [0: top[0]...Int64.max])
    }

    /// A history naming bills past the largest id is refused as changed, not followed off the end.
    @Test func aHistoryNamingBillsPastTheLargestIDIsStale() throws {
        try withTemporaryFolder { folder in
            _ = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let connection = try Connection(path: folder + "/ledger.db")
            defer { connection.close() }
            let resolved = try connection.resolve([.heldBills(first: .max - 1, digests: [1, 2, 3])])
            #expect(resolved.stale?.label == "bill #\(Int64.max - 1)")
            #expect(resolved.heldBills.isEmpty)
        }
    }
}
