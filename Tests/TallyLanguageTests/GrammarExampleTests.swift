import Foundation
import Testing
@testable import TallyLanguage

/// Every `(* example: … *)` in Grammar/tally.ebnf, read when the tests run.
enum GrammarExamples {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Grammar/tally.ebnf").path
    }()

    static let all: [String] = {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var examples: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "(* example:") {
            guard let close = rest[open.upperBound...].range(of: "*)") else { break }
            examples.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return examples
    }()
}

@Suite("Grammar: every example parses")
struct GrammarExampleTests {
    @Test func theGrammarHasEnoughExamplesToBeWorthTesting() {
        #expect(FileManager.default.fileExists(atPath: GrammarExamples.path))
        #expect(GrammarExamples.all.count >= 60)
    }

    @Test(arguments: GrammarExamples.all)
    func exampleParses(example: String) {
        let error = parseError(example)
        #expect(error == nil, "\(example): \(error?.message ?? "")")
    }

    @Test(arguments: GrammarExamples.all)
    func exampleIsOneStatementOrAScriptOfThem(example: String) throws {
        let expected = example.split(separator: ";").count
        #expect(try Parser.parse(example).count == expected)
    }
}
