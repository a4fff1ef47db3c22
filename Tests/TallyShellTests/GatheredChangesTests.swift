import Foundation
import Testing
import TallyCore
import TallyStore
@testable import TallyShell

/// Changes that follow one another in a script are committed together; each
/// is confirmed only once the transaction holding it is, and each stays its
/// own step for undo.
@Suite final class GatheredChangesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-gathered-\(UUID().uuidString)").path
    var path: String { folder + "/ledger.db" }
    let seed = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func session(gathering: Bool = true) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = Day(iso: "2026-11-30")
        options.gathersChanges = gathering
        let output = CapturedOutput()
        let store = try LedgerStore(path: path, seed: seed, creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    /// How many bills another program reading the file finds.
    func committedBills() throws -> Int {
        let store = try LedgerStore(path: path, seed: seed)
        defer { store.close() }
        return try store.load().bills.count
    }

    static func confirmation(_ number: Int) -> String {
        "added #\(number)  2026-11-01  expense  \(number).00  food  r\(number)"
    }

    @Test func eachConfirmationWaitsForTheCommitThatHoldsIt() throws {
        let (session, output) = try session()
        let adds = (1...300).map { "add \($0) food r\($0) on 2026-11-01" }.joined(separator: "\n")
        #expect(session.run(ScriptSource(origin: .file("adds.tally"), text: adds)) == .success)
        // The last changes are still gathered: no one can read them, and they are not confirmed yet.
        let committed = try committedBills()
        #expect(committed < 300)
        #expect(output.results == (0..<committed).map { GatheredChangesTests.confirmation($0 + 1) })
        #expect(session.run(.script(ScriptSource(origin: .file("end.tally"), text: ""))) == .success)
        #expect(try committedBills() == 300)
        #expect(output.results == (1...300).map(GatheredChangesTests.confirmation))

        #expect(session.run(.script(ScriptSource(origin: .argument, text: "undo\nundo"))) == .success)
        #expect(try committedBills() == 298, "each change is undone alone")
        #expect(output.errors == [])
    }

    @Test func anErrorComesAfterTheConfirmationsBeforeIt() throws {
        let (session, output) = try session()
        let script = "add 1 food r1 on 2026-11-01\nadd 2 food r2 on 2026-11-01\nedit #9 amount=3\nadd 3 food r3 on 2026-11-01"
        #expect(session.run(ScriptSource(origin: .file("s.tally"), text: script)) == .statementFailed)
        #expect(try committedBills() == 2)
        #expect(output.results == [GatheredChangesTests.confirmation(1), GatheredChangesTests.confirmation(2)])
        #expect(output.errors.count == 1)
    }

    @Test func aQueryAnswersAfterTheChangesBeforeItAreCommitted() throws {
        let (session, output) = try session()
        #expect(session.run(ScriptSource(origin: .file("s.tally"), text: "add 1 food r1 on 2026-11-01\ncount")) == .success)
        #expect(try committedBills() == 1)
        #expect(output.results == [GatheredChangesTests.confirmation(1), "1"])
    }

    @Test func linesTypedAtThePromptAreCommittedOneByOne() throws {
        let (session, output) = try session()
        #expect(session.run(ScriptSource(origin: .interactive, text: "add 1 food r1 on 2026-11-01")) == .success)
        #expect(try committedBills() == 1)
        #expect(output.results == [GatheredChangesTests.confirmation(1)])
    }
}
