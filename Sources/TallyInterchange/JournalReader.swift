import TallyCore

/// Reads an hledger or ledger journal (`.journal`, `.ledger`, `.hledger`):
/// its transactions, `P` prices and balance assertions, with what it passes
/// over said in `skipped`. Directives that carry no money (`account`,
/// `payee`, `tag`, `N`, comments) are read silently; those that change how
/// the rest reads (`commodity` and `decimal-mark` for decimal marks, `D`,
/// `Y`, `alias`, `apply account`, `apply tag`, `bucket`) are applied.
public enum JournalReader {
    public static func read(_ text: String) throws(PeerJournalError) -> PeerJournal {
        try JournalParser.journal(of: text)
    }
}

/// The state of one reading: where it is, and what the directives so far have set.
struct JournalParser: PeerParser {
    let lines: [PeerLine]
    var next = 0
    var journal = PeerJournal()
    var year: Int?
    var decimalMark: Character = "."
    var commodityMarks: [String: Character] = [:]
    var defaultCommodity: String?
    var aliases: [(from: String, to: String)] = []
    var applied: [Applied] = []
    var bucket: String?

    /// What an `apply` directive opened, until its `end`.
    enum Applied {
        case account(String)
        case tag(String)
        case year(previous: Int?)
        case other
    }

    init(lines: [PeerLine]) {
        self.lines = lines
    }

    /// journal -> { transaction | price | directive | comment | skipped }
    mutating func read() throws(PeerJournalError) {
        while next < lines.count {
            let line = lines[next]
            next += 1
            guard let first = line.characters.first, !line.isBlank else { continue }
            if ";#%|*".contains(first) { continue }
            if line.startsIndented {
                var rest = line
                rest.skipSpaces()
                if rest.peek() != ";" && rest.peek() != "#" { skip(line, Translation.translated("an indented line outside a transaction or directive")) }
            } else if first.isASCII && first.isNumber {
                try transaction(line, body: subLines())
            } else if first == "~" {
                skip(line, Translation.translated("periodic transactions are not read"), block: true)
            } else if first == "=" {
                skip(line, Translation.translated("automated transactions are not read"), block: true)
            } else {
                try directive(line)
            }
        }
    }

    private mutating func directive(_ header: PeerLine) throws(PeerJournalError) {
        var line = header
        let word = line.word()
        line.skipSpaces()
        switch word {
        case "P":
            try price(&line)
        case "D":
            defaultCommodity = try learnFormat(&line)
            _ = subLines()
        case "Y", "year":
            year = try yearNumber(&line)
        case "apply":
            try apply(&line, header)
        case "end":
            end(&line, header)
        case "alias":
            alias(&line, header)
        case "commodity":
            try commodityDirective(&line)
        case "decimal-mark":
            let column = line.column
            let mark = line.rest().trimmingSpaces
            guard let only = mark.first, mark.count == 1, only == "." || only == "," else {
                throw line.error(Translation.translated("expected '.' or ',' after decimal-mark"), column: column)
            }
            decimalMark = only
        case "comment", "test":
            while next < lines.count, lines[next].trimmed != "end \(word)" { next += 1 }
            next += 1
        case "account", "payee", "tag", "N":
            _ = subLines()
        case "bucket", "A":
            let account = String(line.rest().trimmingSpaces)
            bucket = account.isEmpty ? nil : account
        case "include", "!include":
            skip(header, Translation.translated("include is not followed"))
        case "C":
            skip(header, Translation.translated("commodity equivalences are not read"))
        case "i", "I", "o", "O", "b", "h":
            skip(header, Translation.translated("timeclock entries are not read"))
        default:
            skip(header, Translation.translated("not a transaction or a directive that is read"), block: true)
        }
    }

    /// price -> "P" DATE [TIME] COMMODITY AMOUNT
    private mutating func price(_ line: inout PeerLine) throws(PeerJournalError) {
        let day = try PeerDate.read(&line, separators: JournalParser.dateSeparators, year: year)
        line.skipSpaces()
        // ledger writes a time of day after the date.
        if line.peek()?.isNumber == true, line.peek(2) == ":" || line.peek(1) == ":" {
            _ = line.word()
            line.skipSpaces()
        }
        let column = line.column
        let commodity = try commoditySymbol(&line)
        if commodity.isEmpty { throw line.error(Translation.translated("expected the commodity the price is for") + line.found, column: column) }
        line.skipSpaces()
        let price = try amount(&line)
        try line.endOfLine(after: Translation.translated("the price"))
        journal.prices.append(PeerPrice(line: line.number, day: day, commodity: commodity, price: price))
    }

    /// commodity -> "commodity" (SAMPLE | COMMODITY) { "format" SAMPLE }
    private mutating func commodityDirective(_ line: inout PeerLine) throws(PeerJournalError) {
        if line.characters[line.index...].contains(where: { $0.isASCII && $0.isNumber }) {
            try learnFormat(&line)
        }
        for var subLine in subLines() {
            subLine.skipSpaces()
            if subLine.word() == "format" {
                subLine.skipSpaces()
                try learnFormat(&subLine)
            }
        }
    }

    /// Keeps the decimal mark of a sample amount (`1.000,00 EUR`) for its commodity, and says which that is.
    @discardableResult
    private mutating func learnFormat(_ line: inout PeerLine) throws(PeerJournalError) -> String {
        let written = try writtenAmount(&line)
        if let mark = PeerNumber.decimalMark(ofSample: written.number) {
            commodityMarks[written.commodity] = mark
        }
        return written.commodity
    }

    private mutating func yearNumber(_ line: inout PeerLine) throws(PeerJournalError) -> Int {
        let column = line.column
        let text = line.word()
        guard text.count == 4, let number = Int(text), number > 0 else {
            throw line.error(Translation.translated("expected a year such as 2016") + PeerLine.found(text.isEmpty ? nil : text), column: column)
        }
        return number
    }

    /// apply -> "apply" ("account" ACCOUNT | "tag" TAG | "year" YEAR | …)
    private mutating func apply(_ line: inout PeerLine, _ header: PeerLine) throws(PeerJournalError) {
        let what = line.word()
        line.skipSpaces()
        switch what {
        case "account":
            applied.append(.account(String(line.rest().trimmingSpaces)))
        case "tag":
            applied.append(.tag(String(line.rest().trimmingSpaces)))
        case "year":
            applied.append(.year(previous: year))
            year = try yearNumber(&line)
        default:
            applied.append(.other)
            skip(header, Translation.translated("apply %s is not applied", what))
        }
    }

    /// end -> "end" ["apply" [WORD]] | "end" "aliases"
    private mutating func end(_ line: inout PeerLine, _ header: PeerLine) {
        let rest = line.rest().trimmingSpaces
        if rest == "aliases" {
            aliases = []
        } else if rest.isEmpty || rest.hasPrefix("apply"), let last = applied.popLast() {
            if case .year(let previous) = last { year = previous }
        } else {
            skip(header, Translation.translated("nothing open for this end to close"))
        }
    }

    /// alias -> "alias" OLD "=" NEW
    private mutating func alias(_ line: inout PeerLine, _ header: PeerLine) {
        let text = line.rest()
        guard let equals = text.firstIndex(of: "=") else {
            skip(header, Translation.translated("an alias needs OLD = NEW"))
            return
        }
        let from = String(text[..<equals].trimmingSpaces)
        let to = String(text[text.index(after: equals)...].trimmingSpaces)
        if from.hasPrefix("/") {
            skip(header, Translation.translated("aliases by regular expression are not applied"))
        } else {
            aliases.append((from, to))
        }
    }

    /// The full name of `written`: inside `apply account`, then through the aliases, latest first, as hledger does.
    func accountName(_ written: String) -> String {
        let prefixes = applied.compactMap { if case .account(let prefix) = $0 { prefix } else { nil } }
        var name = (prefixes + [written]).joined(separator: ":")
        for alias in aliases.reversed() where name == alias.from || name.hasPrefix(alias.from + ":") {
            name = alias.to + name.dropFirst(alias.from.count)
        }
        return name
    }

    var appliedTags: [String] {
        applied.compactMap { if case .tag(let tag) = $0 { tag } else { nil } }
    }

    static let dateSeparators: Set<Character> = ["-", "/", "."]
}
