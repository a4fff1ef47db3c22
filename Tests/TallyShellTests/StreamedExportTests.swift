import Foundation
import Testing
import TallyCore
import TallyStore
@testable import TallyShell

/// A CSV or JSON export written a stretch of days at a time, read from the
/// file in one transaction, is byte for byte the one written from every
/// bill at once, and holds no bill in the session's model.
@Suite final class StreamedExportTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-streamed-\(UUID().uuidString)").path
    static let today = Day(iso: "2026-11-30")!

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let selections = [
        "", "in 2025", "in 2026-03", "since 2026-06-01", "until 2025-01-15", "where category = food", "where book = travel",
        "where account = card", "where remark ~ coffee in 2025", "where amount > 100 since 2025-07-01", "in 2030",
        "where tag = work", "on 2025-07-01",
    ]

    func session(streaming: Bool) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = StreamedExportTests.today
        options.loadsBillsAsAsked = true
        options.exportsInStretches = streaming
        let output = CapturedOutput()
        let store = try LedgerStore(path: folder + "/ledger.db", seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    @Test(arguments: ["csv", "json"])
    func writesWhatTheWholeLedgerWrites(format: String) throws {
        let (filling, _) = try session(streaming: false)
        try filling.fillWithDemo()
        // Remarks a CSV must quote or guard as a formula, a place with a comma, a refund, tags
        // of another script, and a bill in a book of one account.
        #expect(filling.run(ScriptSource(origin: .argument, text: """
            add 12 food "say \\"hi\\", then, go" at "Shop, Main St" on 2025-03-03
            add 7 transport book travel on 2026-02-02
            add 9 food "=SUM(A1:A9)" at "@home" #旅行 #work on 2025-04-04
            +5 food "money back" on 2025-05-05
            """)) == .success)
        for (number, selection) in StreamedExportTests.selections.enumerated() {
            let (plain, plainOutput) = try session(streaming: false)
            let (streamed, streamedOutput) = try session(streaming: true)
            #expect(plain.run(ScriptSource(origin: .argument, text: "export \(folder)/plain-\(number).\(format) \(selection)")) == .success)
            #expect(streamed.run(ScriptSource(origin: .argument, text: "export \(folder)/streamed-\(number).\(format) \(selection)")) == .success)
            let plainFile = try String(contentsOfFile: "\(folder)/plain-\(number).\(format)", encoding: .utf8)
            let streamedFile = try String(contentsOfFile: "\(folder)/streamed-\(number).\(format)", encoding: .utf8)
            #expect(streamedFile == plainFile, "export \(selection)")
            #expect(streamedOutput.results.map { $0.replacingOccurrences(of: "/streamed-", with: "/plain-") } == plainOutput.results)
            #expect(streamedOutput.errors == [] && plainOutput.errors == [])
            #expect(streamed.ledger.bills.isEmpty && !plain.ledger.bills.isEmpty)
        }
    }

    /// An account column appears only when a bill exported has an account:
    /// a book of several accounts none of whose bills is chosen adds none.
    @Test func theAccountColumnIsThereOnlyWhenABillExportedHasOne() throws {
        let (filling, _) = try session(streaming: false)
        try filling.fillWithDemo()
        for selection in ["where book = travel", "where category = salary", ""] {
            let (plain, _) = try session(streaming: false)
            let (streamed, _) = try session(streaming: true)
            let name = selection.isEmpty ? "all" : selection.split(separator: " ").last!
            #expect(plain.run(ScriptSource(origin: .argument, text: "export \(folder)/p-\(name).csv \(selection)")) == .success)
            #expect(streamed.run(ScriptSource(origin: .argument, text: "export \(folder)/s-\(name).csv \(selection)")) == .success)
            let header = try String(contentsOfFile: "\(folder)/s-\(name).csv", encoding: .utf8).prefix { $0 != "\n" }
            #expect(try String(contentsOfFile: "\(folder)/p-\(name).csv", encoding: .utf8) == String(contentsOfFile: "\(folder)/s-\(name).csv", encoding: .utf8))
            #expect(header.hasSuffix(",account") == (selection != "where book = travel"), "\(selection): \(header)")
        }
    }

    /// A mistake in the statement, or a file that is there already, is said
    /// as the plain export says it, and leaves no file behind.
    @Test func mistakesAreTheWholeLedgersAndLeaveNoFile() throws {
        let (filling, _) = try session(streaming: false)
        try filling.fillWithDemo()
        try "kept".write(toFile: folder + "/taken.csv", atomically: false, encoding: .utf8)
        for statement in ["export \(folder)/x.csv where category = fodo", "export \(folder)/taken.csv", "export \(folder)/x.json in 2025-13"] {
            let (plain, plainOutput) = try session(streaming: false)
            let (streamed, streamedOutput) = try session(streaming: true)
            #expect(plain.run(ScriptSource(origin: .argument, text: statement)) != .success)
            #expect(streamed.run(ScriptSource(origin: .argument, text: statement)) != .success)
            #expect(streamedOutput.errors == plainOutput.errors && !streamedOutput.errors.isEmpty, "\(statement)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "ledger.db" && !$0.hasPrefix("ledger.db-") }
        #expect(left == ["taken.csv"])
        #expect(try String(contentsOfFile: folder + "/taken.csv", encoding: .utf8) == "kept")
    }
}
