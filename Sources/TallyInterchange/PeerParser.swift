/// What the journal and beancount readers share: the lines, where they are, and what they have read.
protocol PeerParser {
    var lines: [PeerLine] { get }
    var next: Int { get set }
    var journal: PeerJournal { get set }
    init(lines: [PeerLine])
    mutating func read() throws(PeerJournalError)
}

extension PeerParser {
    /// All of `text`, read.
    static func journal(of text: String) throws(PeerJournalError) -> PeerJournal {
        var parser = Self(lines: PeerLine.lines(of: text))
        try parser.read()
        return parser.journal
    }

    /// The indented lines after the one just read, up to a blank or unindented line.
    mutating func subLines() -> [PeerLine] {
        let start = next
        while next < lines.count, lines[next].startsIndented, !lines[next].isBlank { next += 1 }
        return Array(lines[start..<next])
    }

    /// Passes over `line` (and, for a `block`, its indented lines), saying why.
    mutating func skip(_ line: PeerLine, _ reason: String, block: Bool = false) {
        journal.skipped.append(PeerSkipped(line: line.number, text: line.trimmed, reason: reason))
        if block { _ = subLines() }
    }
}
