import TallyLanguage

/// The one place errors in statements become text: the line, a caret under
/// what was wrong, and the message; in scripts prefixed `FILE:LINE:COL: error:`.
public struct DiagnosticRenderer: Sendable {
    public let style: Style

    public init(style: Style) {
        self.style = style
    }

    public func render(_ diagnostic: Diagnostic, in source: ScriptSource) -> String {
        let start = diagnostic.range.start
        // A tab's width depends on the terminal; shown as one space, the caret stays true.
        let lineText = String(source.line(start.line).map { $0 == "\t" ? " " : $0 })
        let before = String(lineText.prefix(start.column - 1))
        let spanEnd = diagnostic.range.end.line == start.line ? diagnostic.range.end.column : lineText.count + 1
        let span = String(lineText.dropFirst(start.column - 1).prefix(max(0, spanEnd - start.column)))
        let marker = "^" + String(repeating: "~", count: max(0, TerminalText.width(TerminalText.safe(span)) - 1))
        let indent = String(repeating: " ", count: TerminalText.width(TerminalText.safe(before)))
        let message = style.error("error:") + " " + TerminalText.safe(diagnostic.message)
        switch source.origin {
        case .file(let name):
            let number = String(start.line)
            let gutter = String(repeating: " ", count: number.count)
            return "\(TerminalText.safe(name)):\(start.line):\(start.column): \(message)\n"
                + " \(number) | \(TerminalText.safe(lineText))\n"
                + " \(gutter) | \(indent)\(style.bold(marker))"
        case .argument, .interactive:
            return "  \(TerminalText.safe(lineText))\n  \(indent)\(style.bold(marker))\n\(message)"
        }
    }
}
