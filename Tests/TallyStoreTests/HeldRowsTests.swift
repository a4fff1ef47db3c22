import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// An import's bills are named in the undo history, not copied: undo checks
/// them in the file, refuses when one was changed since, and moves them aside
/// for redo, which checks them there and moves them back.
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

    /// A ledger whose import one session made and undid, and another session open on it.
    static func undoneImportBesideAnotherSession(in folder: String) throws -> (path: String, store: LedgerStore, other: LedgerStore) {
        let path = folder + "/ledger.db"
        let store = try LedgerStore(path: path, seed: .english)
        let other = try LedgerStore(path: path, seed: .english)
        try store.commit(imported())
        _ = try store.undo()
        return (path, store, other)
    }

    /// Runs one statement on the file, as another program would.
    static func execute(_ sql: StaticString, at path: String) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.exec(sql)
    }

    /// How many rows each table holds.
    static func counts(at path: String) throws -> [String: Int64] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        var counts: [String: Int64] = [:]
        for (name, sql) in [
            ("bills", "SELECT count(*) FROM bills"), ("undone_bills", "SELECT count(*) FROM undone_bills"),
            ("import_sources", "SELECT count(*) FROM import_sources"), ("undone_import_sources", "SELECT count(*) FROM undone_import_sources"),
        ] as [(String, StaticString)] {
            counts[name] = try connection.integer(sql) ?? -1
        }
        return counts
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

            // What undo wrote through the model: the import's category; its bills and sources were moved aside.
            #expect(try store.undo() == ChangeSet(summary: change.summary, rows: [change.rows[0]]).inverted)
            let undoneLedger = try store.load()
            #expect(HeldRowsTests.sameRecords(undoneLedger, before))
            // Ids once given are not given again.
            #expect(undoneLedger.lastBillID == HeldRowsTests.count)
            #expect(try HeldRowsTests.newestRows(at: path) == held)
            #expect(try HeldRowsTests.counts(at: path) == ["bills": 0, "undone_bills": HeldRowsTests.count, "import_sources": 0, "undone_import_sources": 1])

            #expect(try store.redo() == ChangeSet(summary: change.summary, rows: [change.rows[0]]))
            #expect(try store.load() == after)
            #expect(try HeldRowsTests.newestRows(at: path) == held)
            #expect(try HeldRowsTests.counts(at: path) == ["bills": HeldRowsTests.count, "undone_bills": 0, "import_sources": 1, "undone_import_sources": 0])

            _ = try store.undo()
            #expect(HeldRowsTests.sameRecords(try store.load(), before))
        }
    }

    /// Moved aside and back by SQLite, and deleted and inserted row by row
    /// as a change kept whole is: the same ledger either way.
    @Test func billsMovedAsideLeaveWhatWritingEachRowLeaves() throws {
        try withTemporaryFolder { folder in
            let change = HeldRowsTests.imported(from: 3)
            let two = ChangeSet(summary: "two", rows: [insert(.bill(bill(1))), insert(.bill(bill(2)))])
            var undone: [Ledger] = []
            var redone: [Ledger] = []
            for (index, named) in [false, true].enumerated() {
                let path = folder + "/ledger\(index).db"
                let store = try LedgerStore(path: path, seed: .english)
                try store.commit(two)
                try store.commit(change)
                if named {
                    _ = try store.undo()
                    undone.append(try store.load())
                    _ = try store.redo()
                } else {
                    let connection = try Connection(path: path)
                    try connection.transaction { () throws(StoreError) in try connection.apply(change.inverted.rows) }
                    connection.close()
                    undone.append(try LedgerStore(path: path, seed: .english).load())
                    let again = try Connection(path: path)
                    try again.transaction { () throws(StoreError) in try again.apply(change.rows) }
                    again.close()
                }
                redone.append(try LedgerStore(path: path, seed: .english).load())
            }
            #expect(undone[0] == undone[1])
            #expect(undone[0].bills.map(\.id) == [1, 2])
            #expect(redone[0] == redone[1])
            #expect(redone[0].bills.count == 2 + Int(HeldRowsTests.count))
        }
    }

    /// A bill moved aside, changed or deleted there by another program, stops the redo as a row changed since.
    @Test func aBillChangedWhileUndoneStopsTheRedo() throws {
        try withTemporaryFolder { folder in
            for (sql, label) in [
                ("UPDATE undone_bills SET amount = amount + 1 WHERE id = 900", "bill #900"),
                ("DELETE FROM undone_bills WHERE id = 1500", "bill #1500"),
                ("UPDATE undone_import_sources SET sources = substr(sources, 1, 17)", "the source rows of import 1"),
            ] as [(StaticString, String)] {
                let path = folder + "/\(label.hashValue).db"
                let store = try LedgerStore(path: path, seed: .english)
                try store.commit(HeldRowsTests.imported())
                _ = try store.undo()
                try HeldRowsTests.execute(sql, at: path)

                let ledger = try store.load()
                let replay = try store.change { reloaded throws(StoreError) in try store.redo(in: reloaded ?? ledger) }
                guard case .conflict(_, let row) = replay else { throw TestFailure("\(label): \(replay)") }
                #expect(row.label == label)
                #expect(try store.load().bills.isEmpty)
            }
        }
    }

    /// Another session deletes a category the undone bills name: redo would
    /// leave them pointing at nothing, so it writes nothing, and they stay aside.
    @Test func aRedoOfBillsWhoseCategoryWentIsRefused() throws {
        try withTemporaryFolder { folder in
            let (path, store, other) = try HeldRowsTests.undoneImportBesideAnotherSession(in: folder)
            let category = try #require(try store.load().category(id: 2))
            try other.commit(ChangeSet(summary: "deleted", rows: [remove(.category(category))]))

            let ledger = try store.load()
            let replay = try store.change { reloaded throws(StoreError) in try store.redo(in: reloaded ?? ledger) }
            guard case .dependedOn = replay else { throw TestFailure("\(replay)") }
            #expect(try HeldRowsTests.counts(at: path) == ["bills": 0, "undone_bills": HeldRowsTests.count, "import_sources": 0, "undone_import_sources": 1])
        }
    }

    /// Another session's bill, added while the import is undone, takes an id
    /// past the import's and does not end this session's redo: both stand after it.
    @Test func anotherSessionsBillWhileUndoneStandsBesideTheRedoneImport() throws {
        try withTemporaryFolder { folder in
            let (path, store, other) = try HeldRowsTests.undoneImportBesideAnotherSession(in: folder)
            let next = try other.load().lastBillID + 1
            #expect(next == HeldRowsTests.count + 1)
            try other.commit(ChangeSet(summary: "one", rows: [insert(.bill(bill(next)))]))
            #expect(try HeldRowsTests.counts(at: path)["undone_bills"] == HeldRowsTests.count)

            #expect(try store.redo() != nil)
            let ledger = try store.load()
            #expect(ledger.bills.map(\.id).sorted() == Array(1...next))
            #expect(try HeldRowsTests.counts(at: path) == ["bills": next, "undone_bills": 0, "import_sources": 1, "undone_import_sources": 0])
        }
    }

    /// A new change after the undo ends what redo could bring back: what was moved aside goes with it.
    @Test func aNewChangeForgetsWhatWasMovedAside() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(HeldRowsTests.imported(from: 1))
            try store.commit(ChangeSet(summary: "more", rows: Array(HeldRowsTests.imported(from: 5001).rows.dropFirst().dropLast())))
            _ = try store.undo()
            _ = try store.undo()
            #expect(try HeldRowsTests.counts(at: path)["undone_bills"] == 2 * HeldRowsTests.count)
            try store.commit(ChangeSet(summary: "one", rows: [insert(.bill(bill(9000)))]))
            #expect(try HeldRowsTests.counts(at: path) == ["bills": 1, "undone_bills": 0, "import_sources": 0, "undone_import_sources": 0])
            #expect(try store.redo() == nil)
        }
    }

    /// An undone entry too damaged to read does not stop the change that drops
    /// it: the rows it named stay aside, where nothing reaches them.
    @Test func aDamagedUndoneEntryIsDroppedWithoutStoppingTheNextChange() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(HeldRowsTests.imported())
            _ = try store.undo()
            try HeldRowsTests.execute("UPDATE journal SET rows = '[{\"held\": not JSON' WHERE undone = 1", at: path)
            try store.commit(ChangeSet(summary: "one", rows: [insert(.bill(bill(9000)))]))
            #expect(try store.load().bills.map(\.id) == [9000])
            #expect(try HeldRowsTests.counts(at: path) == ["bills": 1, "undone_bills": HeldRowsTests.count, "import_sources": 0, "undone_import_sources": 1])
            #expect(try store.redo() == nil)
        }
    }

    /// `undo 2` over an import and a bill added after it reads the ledger
    /// the import's undo left before it checks the next step; `redo 2` alike.
    @Test func stepsOverANamedImportEachSeeTheLedgerTheLastLeft() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let before = try store.load()
            try store.commit(HeldRowsTests.imported())
            try store.commit(ChangeSet(summary: "one", rows: [insert(.bill(bill(9000)))]))
            let after = try store.load()
            for (undo, expected) in [(true, before), (false, after)] {
                let ledger = try store.load()
                let steps = try store.change { reloaded throws(StoreError) in try store.replay(undo: undo, steps: 2, in: reloaded ?? ledger) }
                guard case .taken(let taken) = steps else { throw TestFailure("\(steps)") }
                #expect(taken.map(\.entry.movedRows) == (undo ? [false, true] : [true, false]))
                #expect(HeldRowsTests.sameRecords(try store.load(), expected))
            }
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

    /// A bill's digest worked out from its row is the digest of the bill the
    /// row is read as, whatever its texts hold: other scripts, bytes that are
    /// not UTF-8 written by another program, spaces run together in its tags.
    @Test func aRowsDigestIsItsBillsDigest() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(ChangeSet(summary: "bills", rows: (1...6).map { id in
                insert(.bill(Bill(
                    id: id, bookID: 1, categoryID: 1 + id % 3, amount: id * 101, day: Day(ordinal: 17_000 + Int32(id)),
                    remark: ["", "lunch", "午饭 ☕", "e\u{301}", "a\u{0}b", String(repeating: "x", count: 17)][Int(id) - 1],
                    place: id % 2 == 0 ? nil : ["", "北京", "Shop, Main St"][Int(id) % 3], tags: id % 3 == 0 ? [] : ["trip", "旅行\(id)"],
                    created: 1_700_000_000 + id, updated: 1_700_000_000 + 2 * id)))
            }))
            try HeldRowsTests.execute("UPDATE bills SET remark = CAST(X'61FF62' AS TEXT), tags = 'a  b' WHERE id = 5", at: path)
            try HeldRowsTests.execute("UPDATE bills SET place = CAST(X'E4B8' AS TEXT), tags = '  旅行 x  ' WHERE id = 6", at: path)
            let bills = Array(try store.load().bills).sorted { $0.id < $1.id }
            let connection = try Connection(path: path)
            defer { connection.close() }
            var days = DayReader()
            var fromRows: [UInt64] = []
            try connection.forEachBill(withIDs: 1...6) { row throws(StoreError) in fromRows.append(try BillDigest.of(row, days: &days)) }
            #expect(bills.count == 6)
            #expect(fromRows == bills.map(BillDigest.of))
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

    /// A history naming bills past the largest id is refused as changed, not followed off the end.
    @Test func aHistoryNamingBillsPastTheLargestIDIsStale() throws {
        try withTemporaryFolder { folder in
            _ = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let connection = try Connection(path: folder + "/ledger.db")
            defer { connection.close() }
            for undone in [false, true] {
                let resolved = try connection.resolve([.heldBills(first: .max - 1, digests: [1, 2, 3])], undone: undone)
                #expect(resolved.stale?.label == "bill #\(Int64.max - 1)")
                #expect(resolved.held.isEmpty)
            }
        }
    }
}
