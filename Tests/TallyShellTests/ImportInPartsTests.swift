import Foundation
import Testing
import TallyCore
import TallyStore
@testable import TallyShell

/// A CSV import checked and written a part at a time leaves the ledger,
/// the answers and the undo history that the import of every row at once
/// does: the same bills under the same ids, the same sources, the same
/// duplicates found, the same bad rows named, and nothing written when any
/// row is bad.
@Suite final class ImportInPartsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-parts-\(UUID().uuidString)").path
    static let today = Day(iso: "2026-11-30")!

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func session(_ name: String, rowsAPart: Int) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = ImportInPartsTests.today
        options.assumeYes = true
        options.importRowsAPart = rowsAPart
        let output = CapturedOutput()
        let store = try LedgerStore(
            path: "\(folder)/\(name).db", seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    /// Rows over two years, half out of day order, some repeated word for
    /// word, some for no category, and some a rule or what was learned gives one.
    static func rows(_ count: Int, seed: UInt64, bad: Set<Int> = [], transactions: Bool = false) -> String {
        var random = SeededRandom(seed: seed)
        let categories = ["food", "transport", "", "shopping", "salary", "", "food"]
        var lines = ["date,kind,amount,category,remark,place" + (transactions ? ",transaction id" : "")]
        var previous = ""
        for index in 0..<count {
            if index % 17 == 5 {
                lines.append(previous)
                continue
            }
            let day = Day(iso: "2025-01-01")!.adding(days: Int(random.next() % 700))
            let category = categories[Int(random.next() % UInt64(categories.count))]
            let kind = category == "salary" ? "income" : "expense"
            let remark = ["coffee \(index % 5)", "lunch", "bus \(index % 3)", "taxi home"][Int(random.next() % 4)]
            let place = index % 3 == 0 ? "Shop \(index % 7)" : ""
            let date = bad.contains(index) ? "2025-13-\(index % 28 + 1)" : day.iso
            previous = "\(date),\(kind),\(random.next() % 9_000 + 100).\(random.next() % 90 + 10),\(category),\(remark),\(place)"
                + (transactions ? ",T\(index)" : "")
            lines.append(previous)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each bill's fields but the times it was written at, which differ from session to session.
    static func bills(_ ledger: Ledger) -> [String] {
        ledger.bills.map { bill in
            "\(bill.id) \(bill.bookID) \(bill.categoryID) \(bill.amount) \(bill.day.iso) \(bill.remark)|\(bill.place ?? "-")|\(bill.tags) \(bill.accountID)"
        }
    }

    func expectSameLedgers(_ statement: String, _ plain: String, _ parts: String) throws {
        let seed = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))
        let one = try LedgerStore(path: "\(folder)/\(plain).db", seed: seed).load()
        let other = try LedgerStore(path: "\(folder)/\(parts).db", seed: seed).load()
        #expect(ImportInPartsTests.bills(other) == ImportInPartsTests.bills(one), "after \(statement)")
        #expect(other.categories == one.categories, "after \(statement)")
        #expect(other.importSources == one.importSources, "after \(statement)")
    }

    /// Runs each statement in both ledgers, in parts of `rowsAPart` rows or
    /// all at once, and compares what each says and holds after it.
    @discardableResult
    func compare(_ statements: [String], rowsAPart: Int, setUp: [String] = [], name: String) throws -> (results: [String], errors: [String]) {
        let (plain, plainOutput) = try session("\(name)-plain", rowsAPart: .max)
        let (parts, partsOutput) = try session("\(name)-parts", rowsAPart: rowsAPart)
        for statement in setUp + statements {
            let plainStatus = plain.run(ScriptSource(origin: .argument, text: statement))
            let partsStatus = parts.run(ScriptSource(origin: .argument, text: statement))
            #expect(partsStatus == plainStatus, "\(statement)")
            #expect(partsOutput.results == plainOutput.results, "\(statement)")
            #expect(partsOutput.errors == plainOutput.errors, "\(statement)")
            try expectSameLedgers(statement, "\(name)-plain", "\(name)-parts")
        }
        return (partsOutput.results, partsOutput.errors)
    }

    @Test(arguments: [1, 7, 64, 250])
    func aFileImportedInPartsIsTheFileImportedAtOnce(rowsAPart: Int) throws {
        try ImportInPartsTests.rows(400, seed: 1).write(toFile: "\(folder)/first.csv", atomically: false, encoding: .utf8)
        // Overlapping the first: its rows there already, some changed, and new ones.
        try ImportInPartsTests.rows(300, seed: 1).replacingOccurrences(of: "lunch", with: "dinner")
            .write(toFile: "\(folder)/second.csv", atomically: false, encoding: .utf8)
        // Rows with their own transaction ids, then some of them changed.
        let transactions = ImportInPartsTests.rows(200, seed: 9, transactions: true)
        try transactions.write(toFile: "\(folder)/tx.csv", atomically: false, encoding: .utf8)
        try transactions.replacingOccurrences(of: "coffee", with: "tea").write(toFile: "\(folder)/tx-changed.csv", atomically: false, encoding: .utf8)
        let said = try compare([
            "import \(folder)/first.csv otherwise unsorted",
            "count", "sum expense by category", "count where category = unsorted",
            "import \(folder)/first.csv otherwise unsorted",
            "import \(folder)/second.csv otherwise unsorted update",
            "import \(folder)/second.csv otherwise unsorted allow duplicates",
            "undo", "count", "undo", "redo", "count",
            "import \(folder)/tx.csv otherwise unsorted", "import \(folder)/tx-changed.csv otherwise unsorted",
            "import \(folder)/tx-changed.csv otherwise unsorted update", "count where remark ~ tea", "undo", "count where remark ~ tea",
        ], rowsAPart: rowsAPart, setUp: [
            "add 25 food lunch on 2025-03-03", "category add unsorted expense", "rule remark ~ taxi => category transport",
        ], name: "file-\(rowsAPart)")
        #expect(said.errors == [])
        #expect(said.results.contains("imported 400 bills from \(folder)/first.csv"))
        #expect(said.results.contains { $0.hasSuffix("updated 37 bills whose rows changed") }, "\(said.results)")
        #expect(said.results.contains("imported 300 bills from \(folder)/second.csv"))
    }

    /// Bills there already, one the first row equals, are found as the import at once finds them.
    @Test func billsThereAlreadyAreFoundPartByPart() throws {
        let csv = ImportInPartsTests.rows(200, seed: 3)
        try csv.write(toFile: "\(folder)/rows.csv", atomically: false, encoding: .utf8)
        let said = try compare(["import \(folder)/rows.csv otherwise unsorted learn", "count", "sum by category"], rowsAPart: 9, setUp: [
            "category add unsorted expense", "import \(folder)/rows.csv otherwise unsorted dry run",
        ] + csv.split(separator: "\n").dropFirst().prefix(40).enumerated().compactMap { index, line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard index % 4 == 0, !cells[3].isEmpty else { return nil }
            return "add \(cells[2]) \(cells[3]) \"\(cells[4])\"\(cells[5].isEmpty ? "" : " at \"\(cells[5])\"") on \(cells[0])"
        }, name: "there")
        #expect(said.results.contains { $0.contains(" equal") || $0.contains("there already") }, "\(said.results)")
    }

    /// A bad row in a late part writes nothing of the parts before it, and
    /// the error names the first bad rows, and counts them, as at once.
    @Test(arguments: [[377], [3, 190, 391], Array(stride(from: 2, to: 400, by: 13))])
    func aBadRowAnywhereWritesNothing(bad: [Int]) throws {
        try ImportInPartsTests.rows(400, seed: 2, bad: Set(bad)).write(toFile: "\(folder)/bad.csv", atomically: false, encoding: .utf8)
        let said = try compare(["import \(folder)/bad.csv otherwise unsorted", "count"], rowsAPart: 50, setUp: [
            "category add unsorted expense", "add 1 food first",
        ], name: "bad-\(bad.count)")
        #expect(said.errors.count == 1 && said.errors[0].contains("\(bad.count) of 400"), "\(said.errors)")
        let (parts, _) = try session("bad-\(bad.count)-parts", rowsAPart: 50)
        #expect(parts.run(ScriptSource(origin: .argument, text: "count")) == .success)
        #expect(try LedgerStore(path: "\(folder)/bad-\(bad.count)-parts.db", seed: Seed(currency: .cny, categories: [])).load().bills.count == 1)
    }

    /// Rows that nothing gives a category are refused alongside those bad as
    /// read, the first twenty named in line order as at once.
    @Test func rowsWithoutACategoryAreRefusedAsAtOnce() throws {
        try ImportInPartsTests.rows(300, seed: 4, bad: [250, 260, 270]).write(toFile: "\(folder)/none.csv", atomically: false, encoding: .utf8)
        let said = try compare(["import \(folder)/none.csv", "count"], rowsAPart: 40, name: "uncategorised")
        #expect(said.errors.count == 1 && said.errors[0].contains("nothing gives this row a category"), "\(said.errors)")
    }

    /// Categories a row makes are made in the order of the rows, by one resolver, as at once.
    @Test func categoriesMadeByRowsAreMadeInOrder() throws {
        var lines = ["date,kind,amount,category,remark"]
        for index in 0..<300 {
            lines.append("2025-0\(index % 9 + 1)-1\(index % 9),expense,\(index + 1).50,kind \(index % 23),row \(index)")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: "\(folder)/make.csv", atomically: false, encoding: .utf8)
        let said = try compare(["import \(folder)/make.csv create categories", "categories", "undo", "categories", "redo", "count"],
                               rowsAPart: 11, name: "make")
        #expect(said.results.first?.hasPrefix("imported 300 bills from \(folder)/make.csv; new categories: kind 0, kind 1,") == true)
        #expect(said.results.last == "300")
    }

    /// The model is not made to follow an import in parts: it is read again, and answers as the file has it.
    @Test func theSessionReadsTheLedgerAgainAfterAnImportInParts() throws {
        try ImportInPartsTests.rows(120, seed: 5).write(toFile: "\(folder)/after.csv", atomically: false, encoding: .utf8)
        let (parts, output) = try session("after", rowsAPart: 10)
        #expect(parts.run(ScriptSource(origin: .argument, text: "category add unsorted expense")) == .success)
        #expect(parts.run(ScriptSource(origin: .argument, text: "count")) == .success)
        #expect(parts.run(ScriptSource(origin: .argument, text: "import \(folder)/after.csv otherwise unsorted")) == .success)
        #expect(parts.run(ScriptSource(origin: .argument, text: "count")) == .success)
        #expect(output.results.suffix(2) == ["imported 120 bills from \(folder)/after.csv", "120"])
    }
}
