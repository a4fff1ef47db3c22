import Foundation
import Testing
import TallyLanguage

/// Every statement the README shows at a `tally[…]>` prompt must parse.
@Suite struct ReadmeExampleTests {
    static func statements() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("tally["), let prompt = line.range(of: "]> ") else { return nil }
            return String(line[prompt.upperBound...])
        }
    }

    @Test func findsTheExamples() throws {
        #expect(try ReadmeExampleTests.statements().count >= 20)
    }

    @Test func everyExampleParses() throws {
        for statement in try ReadmeExampleTests.statements() {
            #expect(throws: Never.self, "\(statement)") { try Parser.parse(statement) }
        }
    }
}
