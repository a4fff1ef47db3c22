import Foundation
import Testing

/// `make pot` reads the sources as C, to which `"…\(Translation.translated("x"))…"`
/// is one string literal: a text marked inside an interpolation never
/// reaches the catalogues and stays English in every language.
@Suite("Marking")
struct MarkingTests {
    static let markers = ["translated(\"", "plural(\"", "catalogued(\"", "contextual(\""].map { "Translation." + $0 } + ["said(\"", "counted(\""].map { "Phrase." + $0 } + [".words(\""]

    /// How many marked texts `line` holds inside a string's interpolation,
    /// read as one line of Swift: a string opens and closes on it, `\(`
    /// opens code until its parenthesis closes, `//` ends it.
    static func hiddenMarks(in line: Substring) -> Int {
        let characters = Array(line)
        // For each interpolation open, how many parentheses are open in it.
        var interpolations: [Int] = []
        var inString = false
        var hidden = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if inString {
                if character == "\\" {
                    if next == "(" {
                        interpolations.append(0)
                        inString = false
                    }
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && next == "/" {
                break
            } else if let open = interpolations.last {
                if character == "(" {
                    interpolations[interpolations.count - 1] = open + 1
                } else if character == ")" {
                    if open == 0 {
                        interpolations.removeLast()
                        inString = true
                    } else {
                        interpolations[interpolations.count - 1] = open - 1
                    }
                } else if markers.contains(where: { String(characters[index...].prefix($0.count)) == $0 }) {
                    hidden += 1
                }
            }
            index += 1
        }
        return hidden
    }

    @Test func theReadingFindsMarksInInterpolationsOnly() {
        #expect(Self.hiddenMarks(in: #"let a = "<p>\(Translation.translated("No bills."))</p>""#) == 1)
        #expect(Self.hiddenMarks(in: #"x = "\(Translation.format(Translation.translated("a %s"), b)) \(Translation.plural("%d", "%d", count: n))""#) == 2)
        #expect(Self.hiddenMarks(in: #"let a = "<p>" + Translation.translated("No bills.") + "</p>\(b)""#) == 0)
        #expect(Self.hiddenMarks(in: #"let a = "\(f("x"))" + Translation.translated("a \"quoted\" (word)")"#) == 0)
        #expect(Self.hiddenMarks(in: #"// "\(Translation.translated("a comment"))""#) == 0)
    }

    @Test func noTextIsMarkedInsideAnInterpolation() throws {
        let sources = CatalogueTests.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var hidden: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where Self.hiddenMarks(in: line) > 0 {
                hidden.append("\(file):\(number + 1)")
            }
        }
        #expect(hidden.isEmpty, "marked inside an interpolation, so make pot misses them: \(hidden)")
    }
}
