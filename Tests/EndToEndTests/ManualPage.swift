import Foundation

/// A manual page's roff source, in the parts the English and the Chinese
/// pages are compared by.
struct ManualPage {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let english = root.appendingPathComponent("Documentation/tally.1")

    /// A translation of the English page, `man tally` under its language.
    struct Chinese: Sendable {
        let language: String
        /// Its NAME section as groff renders it.
        let name: String

        var url: URL { ManualPage.root.appendingPathComponent("Documentation/\(language)/tally.1") }

        static let simplified = Chinese(language: "zh_CN", name: "tally - 在终端里记账")
        static let traditional = Chinese(language: "zh_TW", name: "tally - 在終端機裡記帳")
        static let all = [simplified, traditional]
    }

    /// The man(7) macros that shape a page; a page's own requests (`.if`,
    /// `.ad`), its comments and its headings are not among them.
    static let structure: Set<String> = ["B", "I", "BI", "BR", "IB", "IR", "RB", "RI", "TP", "IP", "HP", "PP", "LP", "P", "RS", "RE", "SS", "nf", "fi", "br"]

    let lines: [String]

    init(_ url: URL) throws {
        lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `SH` of `.SH NAME`; nil for a line of text.
    static func macro(_ line: String) -> String? {
        guard line.hasPrefix(".") || line.hasPrefix("'") else { return nil }
        return line.dropFirst().drop { $0 == " " }.split(separator: " ").first.map(String.init) ?? ""
    }

    /// The fields of `.TH`: name, section, date, source and the manual's title.
    var header: [String] {
        guard let line = lines.first(where: { $0.hasPrefix(".TH ") }) else { return [] }
        var fields: [String] = []
        var field = ""
        var quoted = false
        for character in line.dropFirst(4) + " " {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(character)
            }
        }
        return fields
    }

    var headings: [String] { lines.filter { Self.macro($0) == "SH" } }

    var macros: [String] { lines.filter { Self.macro($0).map(Self.structure.contains) ?? false } }

    /// Each `.nf` … `.fi` block's lines.
    var examples: [[String]] {
        var blocks: [[String]] = []
        var block: [String]?
        for line in lines {
            switch Self.macro(line) {
            case "nf": block = []
            case "fi": blocks.append(block ?? []); block = nil
            case nil: block?.append(line)
            default: break
            }
        }
        return blocks
    }

    /// The lines of filled text, each run of them between two macros in turn.
    var textRuns: [[String]] {
        var runs: [[String]] = []
        var run: [String] = []
        var filling = true
        for line in lines {
            let macro = Self.macro(line)
            if macro == "nf" { filling = false }
            if macro == "fi" { filling = true }
            if macro == nil && filling {
                run.append(line)
            } else if !run.isEmpty {
                runs.append(run)
                run = []
            }
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// Each run of text as roff joins its lines: with a space, or none after `\c`.
    var paragraphs: [String] {
        textRuns.map { run in
            run.reduce("") { text, line in
                if text.isEmpty { return line }
                if text.hasSuffix("\\c") { return String(text.dropLast(2)) + line }
                return text + " " + line
            }
        }
    }

    /// What `paragraph` sets in bold or italic, `B:undo` or `I:FILE`, with the
    /// escapes that only guide breaking and hyphenation taken out.
    static func marked(in paragraph: String) -> [String] {
        paragraph.matches(of: /\\f([BI])(.+?)\\f[RP]/).map { match in
            "\(match.output.1):" + match.output.2.replacingOccurrences(of: "\\%", with: "").replacingOccurrences(of: "\\:", with: "")
                .replacingOccurrences(of: "\\&", with: "")
        }
    }

    /// `paragraph` as a reader sees its prose: what is set in bold or italic,
    /// the words to type, stands apart as `·`.
    static func prose(of paragraph: String) -> String {
        paragraph.replacing(/\\f[BI].+?\\f[RP]/, with: " · ")
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\\:", with: "").replacingOccurrences(of: "\\c", with: "")
            .replacingOccurrences(of: "\\&", with: "")
    }
}
