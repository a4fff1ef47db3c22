import TallyCore

/// One line of a peer's file and a place in it, for reading it by hand:
/// columns count characters from 1, as Tally's own errors do.
struct PeerLine {
    let number: Int
    let characters: [Character]
    var index = 0

    init(number: Int, characters: [Character]) {
        self.number = number
        self.characters = characters
    }

    /// The lines of `text`: a byte-order mark dropped, `\r\n` and a lone `\r` ending a line as `\n` does.
    static func lines(of text: String) -> [PeerLine] {
        var lines: [PeerLine] = []
        var current: [Character] = []
        var first = true
        for character in text {
            if first {
                first = false
                if character == "\u{FEFF}" { continue }
            }
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(PeerLine(number: lines.count + 1, characters: current))
                current = []
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { lines.append(PeerLine(number: lines.count + 1, characters: current)) }
        return lines
    }

    var column: Int { index + 1 }
    var atEnd: Bool { index >= characters.count }

    func peek(_ distance: Int = 0) -> Character? {
        index + distance < characters.count ? characters[index + distance] : nil
    }

    mutating func advance(_ count: Int = 1) {
        index = min(index + count, characters.count)
    }

    /// Steps over `expected` where it comes next.
    mutating func match(_ expected: String) -> Bool {
        let wanted = Array(expected)
        guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted else { return false }
        index += wanted.count
        return true
    }

    static func isSpace(_ character: Character?) -> Bool { character == " " || character == "\t" }

    /// Steps over spaces and tabs, and says whether there were any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while PeerLine.isSpace(peek()) { index += 1 }
        return index > start
    }

    var startsIndented: Bool { PeerLine.isSpace(characters.first) }
    var isBlank: Bool { characters.allSatisfy { PeerLine.isSpace($0) } }

    /// The line as written, trimmed: what a skipped line shows.
    var trimmed: String { String(String(characters).trimmingSpaces) }

    /// The characters from here up to (not including) the first for which `stop` holds, stepped over.
    mutating func take(while keep: (Character) -> Bool) -> String {
        let start = index
        while let character = peek(), keep(character) { index += 1 }
        return String(characters[start..<index])
    }

    /// The rest of the line, stepped over.
    mutating func rest() -> String {
        let text = String(characters[min(index, characters.count)...])
        index = characters.count
        return text
    }

    /// The first word from here (up to a space or the end), stepped over.
    mutating func word() -> String {
        take { !PeerLine.isSpace($0) }
    }

    /// Nothing but a comment may follow `what`, which is in the reader's language.
    mutating func endOfLine(after what: @autoclosure () -> String) throws(PeerJournalError) {
        skipSpaces()
        guard atEnd || peek() == ";" else { throw error(Translation.translated("expected the end of the line after %s", what()) + found) }
    }

    func error(_ message: String, column: Int? = nil) -> PeerJournalError {
        PeerJournalError(line: number, column: column ?? self.column, message: message)
    }

    /// What stands here, after what was expected: `, found 'WORD'`, or
    /// `, found the end of the line`.
    var found: String {
        var copy = self
        let next = copy.word()
        return PeerLine.found(next.isEmpty ? nil : next)
    }

    /// `, found 'text'`, or where there is no text `, found the end of the line`.
    static func found(_ text: String?) -> String {
        guard let text else { return Translation.translated(", found the end of the line") }
        return Translation.translated(", found '%s'", text)
    }
}
