import TallyCore

/// The grammar of the language, as shipped in `Grammar/tally.ebnf`.
struct Grammar {
    /// One or more productions written together, with the notes and examples
    /// that follow them.
    struct Production: Equatable {
        /// A line of the productions, or a `(* … *)` note, in the order the file writes them.
        enum Part: Equatable {
            case formal(Substring)
            /// A note's lines as written, and its paragraphs, each its lines joined by single spaces.
            case note(written: [Substring], paragraphs: [String])
        }

        let names: [String]
        let parts: [Part]
        /// The statements of its `(* example: … *)` lines.
        let examples: [String]

        /// The productions and their notes, as the file writes them.
        var syntax: String {
            shown(parts.flatMap { part -> [Substring] in
                switch part {
                case .formal(let line): [line]
                case .note(let written, _): written
                }
            })
        }

        /// The productions as written, formal as they are, and each note in
        /// the reader's language: in the same `(* … *)`, a paragraph a line
        /// for the terminal to fit, the second paragraph on under the first.
        /// A note the catalogue does not translate, as in English, is as written.
        var translatedSyntax: String {
            shown(parts.flatMap { part -> [Substring] in
                switch part {
                case .formal(let line):
                    return [line]
                case .note(let written, let paragraphs):
                    let translated = paragraphs.map(Translation.translated)
                    guard translated != paragraphs else { return written }
                    return translated.enumerated().flatMap { index, paragraph -> [Substring] in
                        let end = index == translated.count - 1 ? " *)" : ""
                        return index == 0 ? ["(* " + paragraph + end] : ["", "   " + paragraph + end]
                    }
                }
            })
        }

        /// The paragraphs of its notes: what the catalogues translate.
        var notes: [String] {
            parts.flatMap { part -> [String] in
                guard case .note(_, let paragraphs) = part else { return [] }
                return paragraphs
            }
        }

        private func shown(_ lines: [Substring]) -> String {
            lines.map { "  " + $0 }.joined(separator: "\n").trimmingTrailingBlankLines()
        }
    }

    let productions: [Production]

    static let shipped = Grammar(String(decoding: PackageResources.tally_ebnf, as: UTF8.self))

    /// Every paragraph of every production's notes, once each.
    var notes: [String] {
        var seen = Set<String>()
        return productions.flatMap(\.notes).filter { seen.insert($0).inserted }
    }

    /// Splits the file into productions. Productions on consecutive lines,
    /// before any comment, form one block: `add` and `quick_add` share notes.
    /// A comment before the first production, or after a section's heading
    /// and before the next production, belongs to none. `make pot` reads the
    /// notes alike, with po/grammar-notes.awk.
    init(_ source: String) {
        var productions: [Production] = []
        var names: [String] = []
        var parts: [Production.Part] = []
        var examples: [String] = []
        var hasNotes = false
        var comment: [Substring]?
        func finish() {
            guard !names.isEmpty else { return }
            productions.append(Production(names: names, parts: parts, examples: examples))
            names = []
            parts = []
            examples = []
        }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if var open = comment {
                open.append(line)
                comment = open
                if Grammar.closes(line) {
                    parts.append(.note(written: open, paragraphs: Grammar.paragraphs(of: open)))
                    comment = nil
                }
                continue
            }
            if let first = line.first, first.isLowercase, let equals = line.firstRange(of: " = ") {
                if hasNotes { finish() }
                hasNotes = false
                names.append(String(line[..<equals.lowerBound]))
            } else if line.hasPrefix("(* ----") {
                finish()
                continue
            } else if line.hasPrefix("(*") {
                hasNotes = true
            }
            guard !names.isEmpty else { continue }
            if line.hasPrefix("(* example: ") {
                examples.append(String(line.dropFirst(12).dropLast(3)))
            } else if line.hasPrefix("(*") {
                comment = [line]
                if Grammar.closes(line) {
                    parts.append(.note(written: [line], paragraphs: Grammar.paragraphs(of: [line])))
                    comment = nil
                }
            } else {
                parts.append(.formal(line))
            }
        }
        finish()
        self.productions = productions
    }

    func production(_ name: String) -> Production? {
        productions.first { $0.names.contains(name) }
    }

    private static func closes(_ line: Substring) -> Bool {
        line.trimmingSpaces.hasSuffix("*)")
    }

    /// A comment's text without its `(*` and `*)`, a paragraph each run of
    /// lines between blank ones, the lines trimmed and joined by single spaces.
    private static func paragraphs(of comment: [Substring]) -> [String] {
        var lines = comment.map(\.trimmingSpaces)
        lines[0] = lines[0].dropFirst(2)
        lines[lines.count - 1] = lines[lines.count - 1].dropLast(2)
        var paragraphs: [String] = []
        var paragraph: [Substring] = []
        for line in lines.map(\.trimmingSpaces) + [""] {
            if !line.isEmpty {
                paragraph.append(line)
            } else if !paragraph.isEmpty {
                paragraphs.append(paragraph.joined(separator: " "))
                paragraph = []
            }
        }
        return paragraphs
    }
}

extension String {
    func trimmingTrailingBlankLines() -> String {
        var text = Substring(self)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return String(text)
    }
}
