import TallyCore
import TallyLanguage
import TallyRender

/// The one place errors and warnings become text. An error in a statement
/// gets the short message, the line with a caret under what was wrong, then
/// what was expected, in scripts prefixed `FILE:LINE:COL: error:`; one that
/// points at no statement (the ledger file, a pipe) gets its message alone.
public struct ErrorRenderer: Sendable {
    public let style: Style
    /// Columns no line may pass; nil leaves lines whole (a log read by tools).
    public let width: Int?

    public init(style: Style, width: Int? = nil) {
        self.style = style
        self.width = width
    }

    /// What an error and a warning start with, in the reader's language.
    static var errorLabel: String { Translation.translated("error:") }
    static var warningLabel: String { Translation.translated("warning:") }

    /// An error at no place in a statement; `place` (`FILE:LINE`) says where, when it is known.
    public func render(_ problem: Problem, at place: String? = nil) -> String {
        (place.map { TerminalText.safe($0) + ": " } ?? "") + style.error(ErrorRenderer.errorLabel) + Sentences.gap(after: ErrorRenderer.errorLabel)
            + safeLines(problem.text)
    }

    /// An error of the command line itself, before or beside any statement: `tally: …`, as other tools write theirs.
    public static func commandLine(_ problem: Problem) -> String {
        "tally: " + problem.text
    }

    /// An error found in an answer rather than a statement, so with no line to point at.
    public func renderAnswer(_ diagnostic: Diagnostic) -> String {
        style.error(ErrorRenderer.errorLabel) + Sentences.gap(after: ErrorRenderer.errorLabel) + TerminalText.safe(diagnostic.message)
    }

    public func warning(_ problem: Problem) -> String {
        warning(problem.text)
    }

    public func warning(_ text: String) -> String {
        style.warning(ErrorRenderer.warningLabel) + Sentences.gap(after: ErrorRenderer.warningLabel) + safeLines(text)
    }

    /// Each line made safe for a terminal, the line breaks between them kept.
    private func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.safe(String($0)) }.joined(separator: "\n")
    }

    /// Characters shown either side of the mistake on a long line, when no width is set.
    static let context = 60

    public func render(_ diagnostic: Diagnostic, in source: ScriptSource) -> String {
        let start = diagnostic.range.start
        let heading: String
        let gutter: String
        let lineGutter: String
        switch source.origin {
        case .file(let name):
            let number = String(start.line + source.firstLine - 1)
            heading = "\(TerminalText.safe(name)):\(number):\(start.column): "
            lineGutter = " \(number) | "
            gutter = " " + String(repeating: " ", count: number.count) + " | "
        case .argument, .interactive:
            heading = ""
            lineGutter = "  "
            gutter = "  "
        }
        let (lineText, caretIndent, marker) = excerpt(of: diagnostic, in: source, room: width.map { $0 - lineGutter.count })
        let errorLabel = ErrorRenderer.errorLabel
        var lines = wrapped(heading + errorLabel + Sentences.gap(after: errorLabel) + TerminalText.safe(diagnostic.headline))
        // A long file name may push the label to the next line.
        if let index = lines.firstIndex(where: { $0.contains(errorLabel) }), let label = lines[index].firstRange(of: errorLabel) {
            lines[index].replaceSubrange(label, with: style.error(errorLabel))
        }
        lines.append(lineGutter + lineText)
        lines.append(gutter + caretIndent + style.bold(marker))
        for extra in [diagnostic.detail].compactMap({ $0 }) + diagnostic.notes {
            lines += wrapped(TerminalText.safe(extra))
        }
        return lines.joined(separator: "\n")
    }

    /// The statement's line, cut around the mistake to fit, and the caret under it.
    private func excerpt(of diagnostic: Diagnostic, in source: ScriptSource, room: Int?) -> (String, String, String) {
        let start = diagnostic.range.start
        // A tab's width depends on the terminal; shown as one space, the caret stays true.
        let line = source.line(start.line).map { $0 == "\t" ? " " : $0 }
        let spanEnd = diagnostic.range.end.line == start.line ? diagnostic.range.end.column : line.count + 1
        let first = min(start.column - 1, line.count)
        let last = min(max(first, spanEnd - 1), first + 2 * ErrorRenderer.context, line.count)
        let (shownStart, shownEnd) = room.map { window(of: line, around: first..<last, room: $0) }
            ?? (max(0, first - ErrorRenderer.context), min(line.count, last + ErrorRenderer.context))
        let cutBefore = shownStart > 0 ? "…" : ""
        let lineText = cutBefore + String(line[shownStart..<shownEnd]) + (shownEnd < line.count ? "…" : "")
        let before = cutBefore + String(line[shownStart..<first])
        let span = String(line[first..<min(last, max(first, shownEnd))])
        let marker = "^" + String(repeating: "~", count: max(0, TerminalText.width(TerminalText.safe(span)) - 1))
        let indent = String(repeating: " ", count: TerminalText.width(TerminalText.safe(before)))
        return (TerminalText.safe(lineText), indent, marker)
    }

    /// Which characters of `line` fit in `room` columns, the mistake's first
    /// one always shown, then as much of what was wrong and around it as fits.
    private func window(of line: [Character], around span: Range<Int>, room: Int) -> (Int, Int) {
        func columns(_ character: Character) -> Int { TerminalText.width(TerminalText.safe(String(character))) }
        // Two columns stay free for the marks of a cut line.
        let budget = max(1, room - 2)
        var start = span.lowerBound
        var end = min(span.lowerBound + 1, line.count)
        var used = line[start..<end].reduce(0) { $0 + columns($1) }
        while end < span.upperBound, used + columns(line[end]) <= budget {
            used += columns(line[end])
            end += 1
        }
        while true {
            var grew = false
            if start > 0, used + columns(line[start - 1]) <= budget {
                start -= 1
                used += columns(line[start])
                grew = true
            }
            if end < line.count, used + columns(line[end]) <= budget {
                used += columns(line[end])
                end += 1
                grew = true
            }
            if !grew { return (start, end) }
        }
    }

    private func wrapped(_ text: String) -> [String] {
        width.map { TextWrap.lines(text, width: $0) } ?? [text]
    }
}
