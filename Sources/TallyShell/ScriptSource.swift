import TallyLanguage

/// Statements to run and where they came from, which decides how errors are
/// reported and whether anything may be asked of the user.
public struct ScriptSource: Sendable {
    public enum Origin: Sendable, Equatable {
        /// A script file, or standard input: errors read `FILE:LINE:COL: error:`.
        case file(String)
        /// A `-c` argument.
        case argument
        /// A line typed at the prompt.
        case interactive
    }

    public let origin: Origin
    public let text: String
    /// The line of the whole script that `text` starts on: statements read
    /// from a pipe arrive a few lines at a time.
    public let firstLine: Int
    /// Where each line of `text` starts, so an error's line is found at once
    /// however many errors a long script has.
    private let lineStarts: [String.Index]
    /// Set when `text` is a saved statement given values.
    let call: Call?

    /// A saved statement given values, and the statements that gave them.
    final class Call: Sendable {
        let saved: SavedCall
        let caller: ScriptSource

        init(_ saved: SavedCall, from caller: ScriptSource) {
            self.saved = saved
            self.caller = caller
        }
    }

    public init(origin: Origin, text: String, firstLine: Int = 1) {
        self.init(origin: origin, text: text, firstLine: firstLine, call: nil)
    }

    init(origin: Origin, text: String, firstLine: Int = 1, call: Call?) {
        self.origin = origin
        self.firstLine = firstLine
        self.call = call
        self.text = firstLine == 1 && text.hasPrefix("#!") ? ScriptSource.blankFirstLine(text) : text
        // Both of a line's breaks, "\n" and "\r\n", end in the byte of "\n",
        // and a character always ends there: its bytes find them at once.
        let bytes = self.text.utf8
        var starts = [bytes.startIndex]
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = bytes.index(after: newline)
            starts.append(index)
        }
        lineStarts = starts
    }

    /// The mistake and the statements to show it in: a mistake in a value
    /// given to a saved statement is shown where the value was written.
    func placing(_ diagnostic: Diagnostic) -> (Diagnostic, ScriptSource) {
        guard let call, let moved = call.saved.pointing(diagnostic) else { return (diagnostic, self) }
        return call.caller.placing(moved)
    }

    /// Whether `line` goes on on the next line: it ends in `\`, perhaps
    /// followed by blanks, as the lexer reads it.
    public static func continues<Line: BidirectionalCollection>(_ line: Line) -> Bool where Line.Element == UInt8 {
        guard let last = line.lastIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) else {
            return false
        }
        return line[last] == UInt8(ascii: "\\")
    }

    /// The line `line` (from 1) of the text, for showing under an error.
    public func line(_ line: Int) -> Substring {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        let end = text[start...].firstIndex(where: ScriptSource.isLineBreak) ?? text.endIndex
        return text[start..<end]
    }

    /// Swift reads "\r\n" as one character; the lexer counts it as one line break too.
    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n"
    }

    /// A `#!/usr/bin/env tally` line is blanked, not removed, so line numbers stay true.
    private static func blankFirstLine(_ text: String) -> String {
        guard let newline = text.firstIndex(where: isLineBreak) else { return "" }
        return String(text[newline...])
    }
}
