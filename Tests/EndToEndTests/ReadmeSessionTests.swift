import Foundation
import Testing

/// The README's first session, run as written: each statement after the
/// prompt, and what it shows must be what Tally prints.
@Suite("The README's first session")
struct ReadmeSessionTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The statements of the first fenced block under "A first session", and the output expected.
    static func firstSession() throws -> (statements: [String], output: String) {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## A first session").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        var statements: [String] = []
        var output = ""
        for line in block.split(separator: "\n") {
            if let prompt = line.range(of: "]> "), line.hasPrefix("tally[") {
                statements.append(String(line[prompt.upperBound...]))
            } else {
                output += line + "\n"
            }
        }
        return (statements, output)
    }

    @Test("runs as the README shows it")
    func runsAsShown() async throws {
        let (statements, output) = try Self.firstSession()
        #expect(statements.count >= 5)
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(
                ["--db", sandbox.ledger, "--today", "2026-11-29"] + statements.flatMap { ["-c", $0] }, home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == output, "\(firstDifference(run.stdout, output))")
        }
    }
}
