import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// The snapshot of a large ledger's bills answers exactly as the file does,
/// and is never read once the file's bills have changed, by Tally or any
/// other program, or when it is itself cut short or damaged.
@Suite("Columns snapshot")
struct ColumnsSnapshotTests {
    static let bills = 30_000

    /// A ledger too large to be `isSmall`, of bills added in no order of day,
    /// with remarks, places and tags in two scripts, some repeated and some not.
    func generatedLedger(in folder: String, seed: UInt64 = 1) throws -> LedgerStore {
        let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
        var random = SeededRandom(seed: seed)
        let categories = Seed.english.categories.map(\.id)
        let remarks = ["lunch", "咖啡", "bus to work", "", "rent", "電影 with friends"]
        let places = [nil, "Shop", "超市"]
        let tags = [[], ["work"], ["trip", "家"]]
        let rows = (1...Int64(Self.bills)).map { id in
            let remark = random.next(upTo: 4) == 0 ? "unique \(id)" : remarks[Int(random.next(upTo: UInt64(remarks.count)))]
            let made = Bill(
                id: id, bookID: 1, categoryID: categories[Int(random.next(upTo: UInt64(categories.count)))],
                amount: Int64(random.next(upTo: 100_000)) + 1, day: Day(ordinal: Day(iso: "2010-01-01")!.ordinal + Int32(random.next(upTo: 3650))),
                remark: remark, place: places[Int(random.next(upTo: 3))], tags: tags[Int(random.next(upTo: 3))],
                created: Int64(id), updated: Int64(id) + 1)
            return insert(.bill(made))
        }
        try store.commit(ChangeSet(summary: "generated", rows: rows))
        #expect(!store.isSmall, "large enough to keep a snapshot")
        return store
    }

    func snapshot(of store: LedgerStore) -> ColumnsSnapshot {
        ColumnsSnapshot(ledger: store.path)
    }

    /// The bills as the file holds them, read past the snapshot.
    func plainBills(of store: LedgerStore) throws -> BillColumns {
        try? FileManager.default.removeItem(atPath: snapshot(of: store).path)
        let bills = try store.load().bills
        try? FileManager.default.removeItem(atPath: snapshot(of: store).path)
        return bills
    }

    @Test func aSnapshotGivesBackEveryBillAsTheFileHoldsIt() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let plain = try store.load()
            let generation = try #require(try store.connection.billsGeneration())
            let kept = try #require(snapshot(of: store).read(generation: generation, texts: true, atMost: .max))
            #expect(kept == plain.bills)
            #expect(kept.parts == plain.bills.parts)
            let numbers = try #require(snapshot(of: store).read(generation: generation, texts: false, atMost: .max))
            #expect(!numbers.hasTexts)
            #expect(numbers.parts == BillColumns.Parts(
                ids: plain.bills.ids, days: plain.bills.days, amounts: plain.bills.amounts, categoryIDs: plain.bills.categoryIDs,
                bookIDs: plain.bills.bookIDs, accountIDs: plain.bills.accountIDs))
            #expect(try store.load() == plain)
            #expect(try store.load(texts: false).bills == (try store.connection.bills(texts: false)).sortedChronologically)
        }
    }

    /// A query that reads no text keeps the numbers alone, which a query of texts cannot take.
    @Test func aSnapshotOfNumbersAloneServesOnlyReadsWithoutTexts() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let numbers = try store.load(texts: false).bills
            #expect(!numbers.hasTexts)
            let generation = try #require(try store.connection.billsGeneration())
            #expect(snapshot(of: store).read(generation: generation, texts: false, atMost: .max) == numbers)
            #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: .max) == nil)
            let whole = try store.load().bills
            #expect(whole.hasTexts)
            #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: .max) == whole)
            #expect(try store.load(texts: false).bills == numbers)
        }
    }

    @Test func aBillChangedByAnotherTallyOrAnotherProgramIsSeenAndTheOldSnapshotIsNeverRead() throws {
        try withTemporaryFolder { folder in
            let mine = try generatedLedger(in: folder)
            _ = try mine.load()
            let before = try #require(try mine.connection.billsGeneration())
            #expect(snapshot(of: mine).read(generation: before, texts: true, atMost: .max) != nil)

            let theirs = try LedgerStore(path: mine.path, seed: .english)
            let edited = try theirs.load().bills.first { $0.id == 7 }!
            var changed = edited
            changed.amount += 1
            try theirs.commit(ChangeSet(summary: "edited #7", rows: [update(.bill(edited), to: .bill(changed))]))
            #expect(try mine.connection.billsGeneration() != before)
            #expect(try mine.load().bills.first { $0.id == 7 }?.amount == changed.amount)
            #expect(try mine.load().bills == (try plainBills(of: mine)))

            // A program that is not Tally, writing the file with SQL of its own.
            _ = try mine.load()
            let other = try Connection(path: mine.path)
            try other.exec("UPDATE bills SET remark = 'changed outside' WHERE id = 11")
            try other.exec("DELETE FROM bills WHERE id = 12")
            try other.exec("INSERT INTO bills (book_id, category_id, amount, day, remark, place, tags, created_at, updated_at) SELECT book_id, category_id, 5, day, 'new', NULL, '', 0, 0 FROM bills WHERE id = 13")
            other.close()
            let after = try mine.load().bills
            #expect(after.first { $0.id == 11 }?.remark == "changed outside")
            #expect(!after.contains { $0.id == 12 })
            #expect(after.contains { $0.remark == "new" && $0.amount == 5 })
            #expect(after == (try plainBills(of: mine)))
        }
    }

    @Test func aSnapshotCutShortLengthenedOrWithAnyPartDamagedIsNotRead() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let plain = try store.load().bills
            let generation = try #require(try store.connection.billsGeneration())
            let path = snapshot(of: store).path
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            var damages: [(String, Data)] = [("cut short", whole.prefix(whole.count - 1)), ("lengthened", whole + Data([0])), ("empty", Data())]
            // A flipped bit inside each of the fifteen parts, where the header says each lies.
            let words = whole.prefix(35 * 8).withUnsafeBytes { Array($0.bindMemory(to: UInt64.self)) }
            var offset = 35 * 8
            for part in 0..<15 {
                let length = Int(words[5 + 2 * part])
                if length > 0 {
                    var flipped = whole
                    flipped[offset + length / 2] ^= 0x10
                    damages.append(("part \(part)", flipped))
                }
                offset += length
            }
            for (what, damaged) in damages {
                try damaged.write(to: URL(fileURLWithPath: path))
                #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: .max) == nil, "\(what)")
                #expect(try store.load().bills == plain, "\(what)")
            }
            let remade = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(snapshot(of: store).read(generation: generation &+ 1, texts: true, atMost: .max) == nil, "made at another generation")
            #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: remade.count - 1) == nil, "larger than allowed")
            #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: remade.count) == plain)
        }
    }

    /// Any bit of the header flipped, and counts and lengths that would
    /// overflow or ask for all the memory there is: never read, never a crash.
    @Test func aHeaderOfAnyValueIsReadSafely() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            _ = try store.load()
            let generation = try #require(try store.connection.billsGeneration())
            let path = snapshot(of: store).path
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            var damages: [Data] = []
            for byte in 0..<(35 * 8) {
                for bit in [0, 4, 7] {
                    var flipped = whole
                    flipped[byte] ^= UInt8(1 << bit)
                    damages.append(flipped)
                }
            }
            for word in [2, 3, 4, 5, 7, 27, 29] {
                for value: UInt64 in [1 << 60, 1 << 61, 1 << 62, 1 << 63, .max] {
                    var hostile = whole
                    withUnsafeBytes(of: value) { hostile.replaceSubrange((word * 8)..<(word * 8 + 8), with: $0) }
                    damages.append(hostile)
                }
            }
            for damaged in damages {
                try damaged.write(to: URL(fileURLWithPath: path))
                #expect(snapshot(of: store).read(generation: generation, texts: true, atMost: .max) == nil)
            }
        }
    }

    /// Columns that pass their checksums but are not the file's bills: the file is read.
    @Test func aSnapshotNamingABillTwiceOrAStrayBillIsNotTheLedgers() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let plain = try store.load().bills
            let generation = try #require(try store.connection.billsGeneration())
            var twice = plain.parts
            twice.ids[1] = twice.ids[0]
            var stray = plain.parts
            stray.categoryIDs[0] = 999
            for parts in [twice, stray] {
                snapshot(of: store).write(try #require(BillColumns(parts: parts, texts: true)), generation: generation)
                #expect(try store.load().bills == plain)
                #expect(store.damage == nil, "the snapshot was wrong, not the ledger")
            }
        }
    }

    /// A program that drops the triggers drawing the generation: no snapshot is trusted after.
    @Test func aLedgerWhoseTriggersWereDroppedSinceItWasOpenedTrustsNoSnapshot() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let plain = try store.load().bills
            var parts = plain.parts
            parts.amounts[0] += 1
            snapshot(of: store).write(try #require(BillColumns(parts: parts, texts: true)), generation: try #require(try store.connection.billsGeneration()))
            let other = try Connection(path: store.path)
            try other.exec("DROP TRIGGER bills_updated")
            other.close()
            #expect(try store.load().bills == plain)
        }
    }

    @Test func idsAreEachBillOnceWithinTheLedgersRange() {
        #expect(BillColumns.namesEachBillOnce([3, 1, 2], upTo: 3))
        #expect(BillColumns.namesEachBillOnce([], upTo: 0))
        #expect(!BillColumns.namesEachBillOnce([1, 1], upTo: 3))
        #expect(!BillColumns.namesEachBillOnce([0, 1], upTo: 3))
        #expect(!BillColumns.namesEachBillOnce([4], upTo: 3))
        #expect(!BillColumns.namesEachBillOnce([1], upTo: .max))
    }

    /// What the snapshot is trusted with: it is read, whatever it holds, only
    /// while its generation is the file's, and not at all once the ledger is
    /// known to be damaged.
    @Test func aLedgerKnownToBeDamagedIsReadFromTheFileNotTheSnapshot() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let plain = try store.load().bills
            var parts = plain.parts
            parts.amounts[0] += 1
            let planted = try #require(BillColumns(parts: parts, texts: true))
            snapshot(of: store).write(planted, generation: try #require(try store.connection.billsGeneration()))
            #expect(try store.load().bills == planted, "the generation matches, so the snapshot is what is read")
            store.damage = "found damaged by a check"
            #expect(try store.load().bills == plain)
        }
    }

    /// Bills read from a file found damaged as they are read are never kept.
    @Test func noSnapshotIsMadeOfALedgerFoundDamagedWhileRead() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let other = try Connection(path: store.path)
            try other.exec("UPDATE bills SET category_id = 999 WHERE id = 5")
            other.close()
            _ = try store.load()
            #expect(store.damage?.contains("a category the ledger does not have") == true, "\(store.damage ?? "no damage")")
            #expect(!FileManager.default.fileExists(atPath: snapshot(of: store).path))
        }
    }

    /// A file of the user's own that has the snapshot's name, or a folder, is left as it is.
    @Test func whatElseHasTheSnapshotsNameIsNeverReplaced() throws {
        try withTemporaryFolder { folder in
            let store = try generatedLedger(in: folder)
            let path = snapshot(of: store).path
            try "my notes\n".write(toFile: path, atomically: false, encoding: .utf8)
            let plain = try store.load().bills
            #expect(try store.load().bills == plain)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes\n")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(try store.load().bills == plain)
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        }
    }

    @Test func aSmallLedgerKeepsNoSnapshot() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            try store.commit(adding(bill(1)))
            #expect(try store.load().bills.map(\.id) == [1])
            #expect(!FileManager.default.fileExists(atPath: snapshot(of: store).path))
        }
    }

    @Test func partsThatDoNotFitTogetherMakeNoColumns() throws {
        let columns = BillColumns([bill(1), bill(2)])
        #expect(BillColumns(parts: columns.parts, texts: true) == columns)
        var short = columns.parts
        short.amounts.removeLast()
        var stray = columns.parts
        stray.remarks[1] = 5
        var twice = columns.parts
        twice.texts[1] = twice.texts[0]
        var farDay = columns.parts
        farDay.days[0] = Day.last.ordinal + 1
        for parts in [short, stray, twice, farDay] {
            #expect(BillColumns(parts: parts, texts: true) == nil)
        }
    }
}

extension BillColumns {
    var sortedChronologically: BillColumns {
        var sorted = self
        sorted.sortChronologically()
        return sorted
    }
}
