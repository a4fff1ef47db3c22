import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// The snapshot of a large ledger's bills answers exactly as the file does,
/// and is never read once the file's bills have changed, by Tally or any
/// other program, or when it is itself cut short or damaged.
@Suite("Columns snapshot")
struct ColumnsSnapshotTests {
    static let bills = 20_000

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
            let generation = try store.connection.billsGeneration()
            let kept = try #require(snapshot(of: store).read(generation: generation, texts: true))
            #expect(kept == plain.bills)
            #expect(kept.parts == plain.bills.parts)
            let numbers = try #require(snapshot(of: store).read(generation: generation, texts: false))
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
            let generation = try store.connection.billsGeneration()
            #expect(snapshot(of: store).read(generation: generation, texts: false) == numbers)
            #expect(snapshot(of: store).read(generation: generation, texts: true) == nil)
            let whole = try store.load().bills
            #expect(whole.hasTexts)
            #expect(snapshot(of: store).read(generation: generation, texts: true) == whole)
            #expect(try store.load(texts: false).bills == numbers)
        }
    }

    @Test func aBillChangedByAnotherTallyOrAnotherProgramIsSeenAndTheOldSnapshotIsNeverRead() throws {
        try withTemporaryFolder { folder in
            let mine = try generatedLedger(in: folder)
            _ = try mine.load()
            let before = try mine.connection.billsGeneration()
            #expect(snapshot(of: mine).read(generation: before, texts: true) != nil)

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
            let generation = try store.connection.billsGeneration()
            let path = snapshot(of: store).path
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            var damages: [Data] = [whole.prefix(whole.count - 1), whole + Data([0]), Data()]
            // A flipped bit in the header, in each column, and in the texts at the end.
            for offset in stride(from: 0, to: whole.count, by: whole.count / 40) + [whole.count - 1] {
                var flipped = whole
                flipped[offset] ^= 0x10
                damages.append(flipped)
            }
            for damaged in damages {
                try damaged.write(to: URL(fileURLWithPath: path))
                #expect(snapshot(of: store).read(generation: generation, texts: true) == nil, "\(damaged.count) bytes")
                #expect(try store.load().bills == plain)
            }
            #expect(snapshot(of: store).read(generation: generation &+ 1, texts: true) == nil, "made at another generation")
        }
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
            snapshot(of: store).write(planted, generation: try store.connection.billsGeneration())
            #expect(try store.load().bills == planted, "the generation matches, so the snapshot is what is read")
            store.damage = "found damaged by a check"
            #expect(try store.load().bills == plain)
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
