import Foundation
import Testing

/// An import taken back and made again in one session, one the undo
/// history names instead of copying and one it keeps whole: what the
/// session answers after each step is what a new process reads from the file.
@Suite("Undo and redo of an import in one session")
struct ImportUndoTests {
    static let questions = ["count", "sum expense by category", "list limit 2", "count where remark ~ \"row 7\""]

    /// The questions' answers from a new process, as the file has it.
    func fileAnswers(_ sandbox: Sandbox) async throws -> String {
        let run = try await sandbox.tally(Self.questions.flatMap { ["-c", $0] })
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    @Test("after undo and redo of a 1,500-row and a 12-row import the session answers as the file does", arguments: [1_500, 12])
    func theSessionAnswersAsTheFile(rows: Int) async throws {
        try await withSandbox { sandbox in
            var csv = "date,kind,amount,category,remark\n"
            for row in 0..<rows {
                csv += "2016-\(1 + row % 12)-\(1 + row % 28),expense,\(1 + row % 977),\(["food", "transport", "snacks"][row % 3]),row \(row)\n"
            }
            try csv.write(toFile: sandbox.path("bills.csv"), atomically: true, encoding: .utf8)
            _ = try await sandbox.tally(["-c", "add 12 food before"])
            let empty = try await fileAnswers(sandbox)

            let asked = Self.questions.joined(separator: "\n")
            let script = ["import \(sandbox.path("bills.csv"))", asked, "undo", asked, "redo", asked, "undo", "redo", asked].joined(separator: "\n") + "\n"
            let session = try await sandbox.tally([], stdin: script)
            #expect(session.status == 0, "\(session)")
            let imported = try await fileAnswers(sandbox)
            #expect(imported != empty)
            #expect(imported.hasPrefix("\(rows + 1)\n"), "\(imported)")

            let said = session.stdout.components(separatedBy: "\n")
            /// The lines after the `occurrence`th that begins with `confirmation`, as many as `expected` has.
            func answers(after confirmation: String, _ occurrence: Int = 0, as expected: String) -> String {
                let starts = said.indices.filter { said[$0].hasPrefix(confirmation) }
                guard occurrence < starts.count else { return "no '\(confirmation)' in \(session.stdout)" }
                let first = starts[occurrence] + 1
                let count = expected.components(separatedBy: "\n").count - 1
                return said[first..<min(said.count, first + count)].map { $0 + "\n" }.joined()
            }
            #expect(answers(after: "imported \(rows) bills", as: imported) == imported)
            #expect(answers(after: "undid: imported", as: empty) == empty)
            #expect(answers(after: "redid: imported", as: imported) == imported)
            #expect(answers(after: "redid: imported", 1, as: imported) == imported)

            // A new process, which reads none of the bills to undo or redo, then does the same.
            let undone = try await sandbox.tally(["-c", "undo"])
            #expect(undone.status == 0 && undone.stdout.hasPrefix("undid: imported"), "\(undone)")
            #expect(try await fileAnswers(sandbox) == empty)
            let redone = try await sandbox.tally(["-c", "redo"])
            #expect(redone.status == 0 && redone.stdout.hasPrefix("redid: imported"), "\(redone)")
            #expect(try await fileAnswers(sandbox) == imported)
        }
    }
}
