import TallyRender

/// Text broken at spaces, and in Chinese between characters, so that no
/// line is wider than the terminal: how errors and help fit it, rather than
/// being split mid-word by the terminal.
enum TextWrap {
    /// `text` broken at spaces so that no line is wider than `width`; a word
    /// wider than a line is cut, and a dash stays with the word after it.
    /// Chinese prose also breaks between its characters (see `segments`).
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        let chinese = isChineseProse(text)
        var quote: Character?
        for word in chinese ? quotedTogether(words(of: text)) : words(of: text) {
            for (index, segment) in segments(of: word, breaking: chinese, quote: &quote).enumerated() {
                let joint = index == 0 ? " " : ""
                if current.isEmpty {
                    current = segment
                } else if TerminalText.width(current) + joint.count + TerminalText.width(segment) <= width {
                    current += joint + segment
                } else {
                    lines.append(current)
                    current = segment
                }
                while TerminalText.width(current) > width {
                    let (line, rest) = cut(current, toColumns: width)
                    lines.append(line)
                    current = rest
                }
            }
        }
        lines.append(current)
        return lines
    }

    /// Help text with each line no wider than `width`. A line is broken
    /// between the pieces two or more spaces part (whole statements, a key and
    /// what it does), a piece too wide for a line of its own between its words. What
    /// goes on to the next line stands under the line's second piece when
    /// that begins in the left half, else two columns in from the line's
    /// start, never past the middle; a line of prose that starts at the
    /// margin goes on at the margin. A line that opens with Chinese prose
    /// goes on under its own text: under what follows the `(* ` of a note.
    static func help(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            TerminalText.width(String(line)) <= width ? [String(line)] : help(line: String(line), width: width)
        }.joined(separator: "\n")
    }

    private static func help(line: String, width: Int) -> [String] {
        let indent = String(line.prefix { $0 == " " })
        let pieces = self.pieces(of: String(line.dropFirst(indent.count)))
        let second = indent.count + TerminalText.width(pieces[0].text) + (pieces.count > 1 ? pieces[1].gap.count : 0)
        let hanging = if pieces.count > 1 && second <= width / 2 {
            second
        } else if isChineseProse(pieces[0].text) {
            indent.count + (pieces[0].text.hasPrefix("(* ") ? 3 : 0)
        } else {
            indent.isEmpty ? 0 : indent.count + 2
        }
        // A line indented past the middle goes on from the middle: there is no room to keep its indent.
        let margin = String(repeating: " ", count: min(hanging, width / 2))
        var lines: [String] = []
        var current = indent.count > width / 2 ? margin : indent
        var fresh = true
        func fits(_ text: String) -> Bool { TerminalText.width(text) <= width }
        // A quote may hold the two spaces that part pieces, as a journal's line does.
        var quote: Character?
        for piece in pieces {
            let units = self.units(of: piece.text, quote: &quote)
            if fits(current + (fresh ? "" : piece.gap) + piece.text) {
                current += (fresh ? "" : piece.gap) + piece.text
                fresh = false
                continue
            }
            // Whole on a line of its own when it fits there, else its words from here on.
            if !fresh && fits(margin + piece.text) {
                lines.append(current)
                current = margin
                fresh = true
            }
            for (index, (joint, word)) in units.enumerated() {
                let space = fresh ? "" : (index == 0 ? piece.gap : joint)
                if fits(current + space + word) {
                    current += space + word
                } else {
                    if !fresh { lines.append(current) }
                    let cut = self.lines(word, width: max(1, width - margin.count))
                    lines += cut.dropLast().map { margin + $0 }
                    current = margin + (cut.last ?? "")
                }
                fresh = false
            }
        }
        lines.append(current)
        return lines
    }

    /// The text between runs of two or more spaces, each with the run before it.
    private static func pieces(of text: String) -> [(gap: String, text: String)] {
        var pieces: [(gap: String, text: String)] = []
        var gap = ""
        var piece = ""
        var spaces = ""
        for character in text {
            if character == " " {
                spaces.append(character)
                continue
            }
            if spaces.count >= 2 {
                if !piece.isEmpty { pieces.append((gap, piece)) }
                gap = spaces
                piece = ""
            } else {
                piece += spaces
            }
            spaces = ""
            piece.append(character)
        }
        pieces.append((gap, piece))
        return pieces
    }

    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var dash: String?
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if let pending = dash {
                words.append(pending + " " + word)
                dash = nil
            } else if word == "—" {
                dash = word
            } else {
                words.append(word)
            }
        }
        return words + (dash.map { [$0] } ?? [])
    }

    /// The first `width` columns of `text` (at least one character), and the rest.
    private static func cut(_ text: String, toColumns width: Int) -> (String, String) {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let columns = TerminalText.width(of: text[end])
            if used > 0 && used + columns > width { break }
            used += columns
            end = text.index(after: end)
        }
        return (String(text[..<end]), String(text[end...]))
    }
}
