import TallyLanguage

/// The one place errors in statements become text: the line, a caret under
/// what was wrong, and the message; in scripts prefixed `FILE:LINE:COL: error:`.
public struct DiagnosticRenderer: Sendable {
    public let style: Style

    public init(style: Style) {
        self.style = style
    }

    /// Characters shown either side of the mistake on a long line.
    static let context = 60

    public func render(_ diagnostic: Diagnostic, in source: ScriptSource) -> String {
        let start = diagnostic.range.start
        // A tab's width depends on the terminal; shown as one space, the caret stays true.
        let fullLine = source.line(start.line).map { $0 == "\t" ? " " : $0 }
        let spanEnd = diagnostic.range.end.line == start.line ? diagnostic.range.end.column : fullLine.count + 1
        // A very long line is shown around the mistake only, marked where it was cut.
        let first = min(start.column - 1, fullLine.count)
        let last = min(max(first, spanEnd - 1), first + 2 * DiagnosticRenderer.context, fullLine.count)
        let shownStart = max(0, first - DiagnosticRenderer.context)
        let shownEnd = min(fullLine.count, last + DiagnosticRenderer.context)
        let cutBefore = shownStart > 0 ? "…" : ""
        let lineText = cutBefore + String(fullLine[shownStart..<shownEnd]) + (shownEnd < fullLine.count ? "…" : "")
        let before = cutBefore + String(fullLine[shownStart..<first])
        let span = String(fullLine[first..<last])
        let marker = "^" + String(repeating: "~", count: max(0, TerminalText.width(TerminalText.safe(span)) - 1))
        let indent = String(repeating: " ", count: TerminalText.width(TerminalText.safe(before)))
        let message = style.error("error:") + " " + TerminalText.safe(diagnostic.message)
        let notes = diagnostic.notes.map { "\n" + TerminalText.safe($0) }.joined()
        switch source.origin {
        case .file(let name):
            let number = String(start.line + source.firstLine - 1)
            let gutter = String(repeating: " ", count: number.count)
            return "\(TerminalText.safe(name)):\(number):\(start.column): \(message)\n"
                + " \(number) | \(TerminalText.safe(lineText))\n"
                + " \(gutter) | \(indent)\(style.bold(marker))" + notes
        case .argument, .interactive:
            return "  \(TerminalText.safe(lineText))\n  \(indent)\(style.bold(marker))\n\(message)" + notes
        }
    }
}
