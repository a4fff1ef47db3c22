import Foundation
import Testing
import TallyCore
@testable import TallyStore
@testable import TallyShell

/// Collects results, taking the first as the moment Ctrl-C is pressed.
final class CtrlCAfterFirstResult: Output {
    var results: [String] = []
    let failure: String? = nil
    let resultsToTerminal = false
    let interruption: Interruption? = Interruption()
    func result(_ text: String) {
        results.append(text)
        interruption?.request()
    }
    func error(_ text: String) {}
}

/// Ctrl-C during a line of statements at the prompt: what is left of the line
/// is not run, and a change already under way is made whole and confirmed.
@Suite final class InterruptedLineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-interrupted-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func session() throws -> (Session, CtrlCAfterFirstResult) {
        var options = SessionOptions()
        options.today = Day(iso: "2016-07-20")
        let output = CtrlCAfterFirstResult()
        let store = try LedgerStore(
            path: folder + "/ledger.db", seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    @Test func theRestOfTheLineIsNotRun() throws {
        let (session, output) = try session()
        _ = session.run(ScriptSource(origin: .interactive, text: "count; -5 food; count"))
        #expect(output.results == ["0"])
        #expect(session.ledger.bills.count == 0)
        #expect(try session.store.load().bills.count == 0)
    }

    @Test func aChangeMadeBeforeCtrlCStandsAndItsConfirmationIsShown() throws {
        let (session, output) = try session()
        _ = session.run(ScriptSource(origin: .interactive, text: "-5 food lunch; -6 food; count"))
        #expect(output.results == ["added #1  2016-07-20  expense  5.00  food  lunch"])
        #expect(try session.store.load().bills.map(\.remark) == ["lunch"])
    }
}
