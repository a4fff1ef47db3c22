import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// Runs `body` with the path of a new, empty folder, removed afterwards, so
/// every test has a throwaway ledger of its own.
func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

extension Seed {
    static let english = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))
}

func insert(_ record: Record) -> RowChange {
    RowChange(before: nil, after: record)
}

func update(_ before: Record, to after: Record) -> RowChange {
    RowChange(before: before, after: after)
}

func remove(_ record: Record) -> RowChange {
    RowChange(before: record, after: nil)
}

func day(_ iso: String) -> Day {
    Day(iso: iso)!
}

/// A bill in the seeded book, in `food` unless told otherwise.
func bill(_ id: Int64, categoryID: Int64 = 1) -> Bill {
    Bill(id: id, bookID: 1, categoryID: categoryID, amount: 2550, day: day("2016-07-01"), remark: "bill \(id)")
}

func adding(_ bill: Bill) -> ChangeSet {
    ChangeSet(summary: "added #\(bill.id)", rows: [insert(.bill(bill))])
}

func mode(of path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
}

/// A ledger as the first Tally wrote it: the first schema, seeded, holding
/// `bills`, in WAL mode and not marked as Tally's.
func firstSchemaLedger(at path: String, holding bills: [Bill]) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let connection = try Connection(path: path)
    try connection.exec("PRAGMA journal_mode = WAL")
    try connection.createSchema(upTo: 1)
    try connection.run("INSERT INTO books (id, name, currency, icon, position) VALUES (1, 'daily', 'CNY', '📒', 1)")
    for category in Seed.english.categories {
        try connection.run(
            "INSERT INTO categories (id, name, kind, icon, aliases, position, archived) VALUES (?, ?, ?, ?, ?, ?, 0)",
            category.id, category.name, category.kind.rawValue, category.icon, category.aliases.joined(separator: "\n"), category.position)
    }
    try connection.apply([insert(.settings(Settings(currentBookID: 1)))] + bills.map { insert(.bill($0)) })
    connection.close()
}

extension LedgerStore {
    /// Writes `change` under the write lock, as a session does.
    func commit(_ change: ChangeSet, statement: String = "") throws(StoreError) {
        try self.change { _ throws(StoreError) in try write(change, statement: statement) }
    }

    /// Undoes this session's newest change; what was written, or nil when there was nothing to undo.
    func undo() throws(StoreError) -> ChangeSet? {
        let ledger = try load()
        return try change { reloaded throws(StoreError) in try undo(in: reloaded ?? ledger).applied }
    }

    /// Redoes what this session undid last; what was written, or nil when there was nothing to redo.
    func redo() throws(StoreError) -> ChangeSet? {
        let ledger = try load()
        return try change { reloaded throws(StoreError) in try redo(in: reloaded ?? ledger).applied }
    }
}

extension LedgerStore.Replay {
    var applied: ChangeSet? {
        if case .replayed(_, let applied) = self { return applied }
        return nil
    }
}
