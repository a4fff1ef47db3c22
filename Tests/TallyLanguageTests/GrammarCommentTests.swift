import Foundation
import Testing

/// The parser reads like the grammar: each method that parses a production
/// opens with that production, written as in `Grammar/tally.ebnf`.
@Suite("Parser comments follow the grammar")
struct GrammarCommentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first line of each production: `name = …`.
    static func grammarLines() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("Grammar/tally.ebnf"), encoding: .utf8)
        var lines: [String: String] = [:]
        for line in text.split(separator: "\n") where line.first?.isLowercase == true {
            guard let equals = line.firstRange(of: " = ") else { continue }
            let body = line.hasSuffix(" ;") ? line.dropLast(2) : line[...]
            lines[String(line[..<equals.lowerBound])] = String(body)
        }
        return lines
    }

    /// `// name = …` comments in the parser's files.
    static func parserComments() throws -> [String] {
        let folder = root.appendingPathComponent("Sources/TallyLanguage")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Parser") }
        var comments: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("// "), let first = trimmed.dropFirst(3).first, first.isLowercase,
                      trimmed.firstRange(of: " = ") != nil else { continue }
                comments.append(String(trimmed.dropFirst(3)))
            }
        }
        return comments
    }

    @Test func everyProductionCommentIsTheGrammarsFirstLine() throws {
        let grammar = try GrammarCommentTests.grammarLines()
        let comments = try GrammarCommentTests.parserComments()
        #expect(comments.count >= 25)
        for comment in comments {
            let name = String(comment[..<comment.firstRange(of: " = ")!.lowerBound])
            #expect(grammar[name] == comment, "the parser's '\(name)' differs from Grammar/tally.ebnf")
        }
    }
}
