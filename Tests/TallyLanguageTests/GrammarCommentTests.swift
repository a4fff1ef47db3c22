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

    /// `// name = …` comments in the parser's files, each with the first line after its comment block.
    static func parserComments() throws -> [(comment: String, next: String)] {
        let folder = root.appendingPathComponent("Sources/TallyLanguage")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Parser") }
        var comments: [(comment: String, next: String)] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
            for (index, line) in lines.enumerated() {
                guard line.hasPrefix("// "), let first = line.dropFirst(3).first, first.isLowercase,
                      line.firstRange(of: " = ") != nil else { continue }
                let next = lines[(index + 1)...].first { !$0.hasPrefix("//") } ?? ""
                comments.append((String(line.dropFirst(3)), next))
            }
        }
        return comments
    }

    @Test func everyProductionCommentIsTheGrammarsFirstLine() throws {
        let grammar = try GrammarCommentTests.grammarLines()
        let comments = try GrammarCommentTests.parserComments()
        #expect(comments.count >= 25)
        for (comment, _) in comments {
            let name = String(comment[..<comment.firstRange(of: " = ")!.lowerBound])
            #expect(grammar[name] == comment, "the parser's '\(name)' differs from Grammar/tally.ebnf")
        }
    }

    @Test func everyProductionHasAParserMethodUnderItsComment() throws {
        let grammar = try GrammarCommentTests.grammarLines()
        let comments = try GrammarCommentTests.parserComments()
        #expect(grammar.count >= 45)
        for name in grammar.keys.sorted() {
            let found = comments.filter { $0.comment.hasPrefix(name + " = ") }
            #expect(found.count == 1, "Grammar/tally.ebnf's '\(name)' has \(found.count) commented parser methods, not one")
            for (_, next) in found {
                #expect(next.contains("func "), "the comment of '\(name)' is followed by '\(next)', not a method")
            }
        }
    }
}
