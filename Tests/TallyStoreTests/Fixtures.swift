import Foundation
import TallyCore
import TallyStore

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
