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

    public init(origin: Origin, text: String) {
        self.origin = origin
        self.text = text.hasPrefix("#!") ? ScriptSource.blankFirstLine(text) : text
    }

    /// The line `line` (from 1) of the text, for showing under an error.
    public func line(_ line: Int) -> Substring {
        var current = 1
        var start = text.startIndex
        for index in text.indices where current < line {
            if text[index] == "\n" {
                current += 1
                start = text.index(after: index)
            }
        }
        let end = text[start...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
        return text[start..<end]
    }

    /// A `#!/usr/bin/env tally` line is blanked, not removed, so line numbers stay true.
    private static func blankFirstLine(_ text: String) -> String {
        guard let newline = text.firstIndex(of: "\n") else { return "" }
        return String(text[newline...])
    }
}
