import Foundation
import Testing

/// The README's first session, run as written: each statement after the
/// prompt, and what it shows must be what Tally prints.
@Suite("The README's first session")
struct ReadmeSessionTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The statements of the first fenced block at a prompt under `heading`, and the output expected.
    static func firstSession(under heading: String = "## A first session") throws -> (statements: [String], output: String) {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: heading).dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").enumerated().first { $0.offset % 2 == 1 && $0.element.hasPrefix("\ntally[") }?.element)
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

    @Test("its first session in Chinese runs as the README shows it, under zh_CN")
    func runsInChineseAsShown() async throws {
        let (statements, output) = try Self.firstSession(under: "## 中文")
        #expect(statements.count >= 5)
        try await withSandbox { sandbox in
            let run = try await TallyBinary.run(
                ["--db", sandbox.ledger, "--today", "2026-11-29"] + statements.flatMap { ["-c", $0] },
                environment: ["LANG": "zh_CN.UTF-8"], home: sandbox.url)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == output, "\(firstDifference(run.stdout, output))")
        }
    }
}
