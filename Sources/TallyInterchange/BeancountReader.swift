import TallyCore

/// Reads a beancount file: its transactions, `price`, `balance`, `open`,
/// `close` and `option` entries, with the entries it does not read (`pad`,
/// `note`, `document`, `event`, `query`, `custom`, `include`, `plugin`)
/// said in `skipped`. `commodity` entries and org-mode headings carry no
/// money and are read silently; `pushtag` and `pushmeta` are applied.
public enum BeancountReader {
    public static func read(_ text: String) throws(PeerJournalError) -> PeerJournal {
        try BeancountParser.journal(of: text)
    }
}

/// The state of one reading: where it is, and the tags and metadata pushed so far.
struct BeancountParser: PeerParser {
    let lines: [PeerLine]
    var next = 0
    var journal = PeerJournal()
    var pushedTags: [String] = []
    var pushedMetadata: [(key: String, value: String)] = []

    init(lines: [PeerLine]) {
        self.lines = lines
    }

    /// file -> { dated_entry | undated_entry | comment }
    mutating func read() throws(PeerJournalError) {
        while next < lines.count {
            var line = lines[next]
            next += 1
            guard let first = line.characters.first, !line.isBlank else { continue }
            if first == ";" || first == "*" { continue }
            if line.startsIndented {
                line.skipSpaces()
                if line.peek() != ";" { skip(line, Translation.translated("an indented line outside an entry")) }
            } else if first.isASCII && first.isNumber {
                try datedEntry(&line)
            } else {
                try undatedEntry(&line)
            }
        }
    }


    /// dated_entry -> DATE (transaction | "open" … | "close" … | "balance" … | "price" … | "commodity" … | skipped_entry)
    private mutating func datedEntry(_ line: inout PeerLine) throws(PeerJournalError) {
        let day = try PeerDate.read(&line, separators: ["-", "/"], year: nil)
        guard line.skipSpaces() else { throw line.error(Translation.translated("expected a space after the date") + line.found) }
        let column = line.column
        let keyword = line.word()
        line.skipSpaces()
        switch keyword {
        case "txn", "*", "!", "&", "#", "?", "%", "P", "S", "T", "C", "U", "R", "M":
            try transaction(&line, day: day, flag: keyword == "txn" ? "*" : keyword)
        case "open":
            let account = try line.account()
            var currencies: [String] = []
            line.skipSpaces()
            if line.peek().map(BeancountParser.startsCurrency) == true {
                repeat {
                    line.skipSpaces()
                    currencies.append(try line.currency())
                    line.skipSpaces()
                } while line.match(",")
            }
            if line.peek() == "\"" { _ = try line.string() }
            try line.endOfLine(after: Translation.translated("the account's currencies"))
            journal.opens.append(PeerOpen(line: line.number, day: day, account: account, currencies: currencies))
            _ = subLines()
        case "close":
            let account = try line.account()
            try line.endOfLine(after: Translation.translated("the account"))
            journal.closes.append(PeerClose(line: line.number, day: day, account: account))
            _ = subLines()
        case "balance":
            try balance(&line, day: day)
            _ = subLines()
        case "price":
            let commodity = try line.currency()
            line.skipSpaces()
            let price = try line.amount()
            try line.endOfLine(after: Translation.translated("the price"))
            journal.prices.append(PeerPrice(line: line.number, day: day, commodity: commodity, price: price))
            _ = subLines()
        case "commodity":
            _ = try line.currency()
            try line.endOfLine(after: Translation.translated("the currency"))
            _ = subLines()
        case "pad":
            skip(line, Translation.translated("pad is not read: the amount it stands for is left to the balance after it"), block: true)
        case "note", "document", "event", "query", "custom":
            skip(line, Translation.translated("%s entries carry no amount that is read", keyword), block: true)
        default:
            throw line.error(
                Translation.translated("expected an entry such as open, balance or a transaction's flag after the date") + PeerLine.found(keyword.isEmpty ? nil : keyword),
                column: column)
        }
    }

    /// balance -> ACCOUNT NUMBER ["~" NUMBER] CURRENCY
    private mutating func balance(_ line: inout PeerLine, day: Day) throws(PeerJournalError) {
        let account = try line.account()
        line.skipSpaces()
        let (units, scale) = try line.decimalNumber()
        line.skipSpaces()
        let tolerance = try line.decimalNumber(after: "~")
        let currency = try line.currency()
        try line.endOfLine(after: Translation.translated("the balance"))
        journal.balances.append(PeerBalance(
            line: line.number, day: day, account: account, amount: PeerAmount(units: units, scale: scale, commodity: currency),
            atStartOfDay: true, tolerance: tolerance.map { PeerAmount(units: $0.units, scale: $0.scale, commodity: currency) }))
    }

    /// undated_entry -> "option" STRING STRING | "plugin" STRING [STRING] | "include" STRING
    ///                | "pushtag" TAG | "poptag" TAG | "pushmeta" KEY ":" VALUE | "popmeta" KEY ":"
    private mutating func undatedEntry(_ line: inout PeerLine) throws(PeerJournalError) {
        let header = line
        let word = line.word()
        line.skipSpaces()
        switch word {
        case "option":
            let name = try line.string()
            line.skipSpaces()
            let value = try line.string()
            try line.endOfLine(after: Translation.translated("the option's value"))
            journal.options.append(PeerOption(line: line.number, name: name, value: value))
        case "plugin":
            skip(header, Translation.translated("plugins are not run"))
        case "include":
            skip(header, Translation.translated("include is not followed"))
        case "pushtag":
            pushedTags.append(try line.tag(marker: "#"))
        case "poptag":
            let column = line.column
            let tag = try line.tag(marker: "#")
            guard let index = pushedTags.lastIndex(of: tag) else {
                throw line.error(Translation.translated("#%s was not pushed", tag), column: column)
            }
            pushedTags.remove(at: index)
        case "pushmeta":
            let key = try line.metadataKey()
            pushedMetadata.append((key, line.metadataValue()))
        case "popmeta":
            let column = line.column
            let key = try line.metadataKey()
            guard let index = pushedMetadata.lastIndex(where: { $0.key == key }) else {
                throw line.error(Translation.translated("%s: was not pushed", key), column: column)
            }
            pushedMetadata.remove(at: index)
        default:
            skip(header, Translation.translated("not an entry that is read"), block: true)
        }
    }

    static func startsCurrency(_ character: Character) -> Bool {
        character.isASCII && character.isUppercase
    }
}

/// The words of beancount's lines.
extension PeerLine {
    /// ACCOUNT -> NAME { ":" NAME }, each name starting with a capital letter or a digit.
    mutating func account() throws(PeerJournalError) -> String {
        let column = self.column
        let name = take { !PeerLine.isSpace($0) && !"\";,{}@~".contains($0) }
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ $0.first.map { $0.isUppercase || $0.isNumber } == true }) else {
            throw error(Translation.translated("expected an account such as Assets:Cash") + (name.isEmpty ? found : PeerLine.found(name)), column: column)
        }
        return name
    }

    /// CURRENCY -> a capital letter, then capitals, digits and `'._-/`.
    mutating func currency() throws(PeerJournalError) -> String {
        let column = self.column
        guard let first = peek(), BeancountParser.startsCurrency(first) else {
            throw error(Translation.translated("expected a currency such as USD") + found)
        }
        let name = take { $0.isASCII && ($0.isUppercase || $0.isNumber || "'._-/".contains($0)) }
        if name.count > 24 { throw error(Translation.translated("'%s' is longer than a currency may be", name), column: column) }
        return name
    }

    /// NUMBER -> ["-" | "+"] DIGITS ["." DIGITS], digit groups marked by commas.
    mutating func decimalNumber() throws(PeerJournalError) -> (units: Int128, scale: Int) {
        let column = self.column
        var negative = false
        if let sign = peek(), sign == "-" || sign == "+" {
            negative = sign == "-"
            advance()
        }
        if peek() == "(" { throw error(Translation.translated("arithmetic in amounts is not read; write the number"), column: column) }
        let numberColumn = self.column
        let text = take(while: JournalParser.isNumberCharacter)
        if text.isEmpty { throw error(Translation.translated("expected a number") + found, column: column) }
        var after = self
        after.skipSpaces()
        if let operation = after.peek(), "+-*/".contains(operation) {
            throw error(Translation.translated("arithmetic in amounts is not read; write the number"), column: column)
        }
        do {
            let (units, scale) = try PeerNumber.value(of: text, decimalMark: ".")
            return (negative ? -units : units, scale)
        } catch {
            throw self.error(error.message, column: numberColumn + error.offset)
        }
    }

    /// [MARK NUMBER], and the spaces after it.
    mutating func decimalNumber(after mark: String) throws(PeerJournalError) -> (units: Int128, scale: Int)? {
        guard match(mark) else { return nil }
        skipSpaces()
        let number = try decimalNumber()
        skipSpaces()
        return number
    }

    /// AMOUNT -> NUMBER CURRENCY
    mutating func amount() throws(PeerJournalError) -> PeerAmount {
        let (units, scale) = try decimalNumber()
        skipSpaces()
        return PeerAmount(units: units, scale: scale, commodity: try currency())
    }

    /// STRING -> '"' { CHARACTER | "\" CHARACTER } '"', on one line.
    mutating func string() throws(PeerJournalError) -> String {
        let column = self.column
        guard peek() == "\"" else { throw error(Translation.translated("expected a string in quotes") + found) }
        advance()
        var text = ""
        while let character = peek() {
            advance()
            switch character {
            case "\"":
                return text
            case "\\":
                guard let escaped = peek() else { break }
                advance()
                text.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
            default:
                text.append(character)
            }
        }
        throw error(Translation.translated("expected '\"' to close the string that opens at column %d", column))
    }

    /// TAG -> "#" NAME, or a link, "^" NAME.
    mutating func tag(marker: Character) throws(PeerJournalError) -> String {
        let column = self.column
        guard match(String(marker)) else { throw error(Translation.translated("expected %sNAME", marker) + found) }
        let name = take { !PeerLine.isSpace($0) && $0 != ";" }
        if name.isEmpty { throw error(Translation.translated("expected a name after '%s'", marker), column: column) }
        return name
    }

    /// KEY -> a small letter, then letters, digits, `-` and `_`; then ":".
    mutating func metadataKey() throws(PeerJournalError) -> String {
        let column = self.column
        let key = take { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard key.first.map({ $0.isLowercase }) == true, match(":") else {
            index = column - 1
            throw error(Translation.translated("expected a key such as name:") + found)
        }
        return key
    }

    /// What follows a metadata key: a string's text, or anything else as written, less a comment.
    mutating func metadataValue() -> String {
        skipSpaces()
        var copy = self
        if peek() == "\"", let text = try? copy.string() { return text }
        return String(take { $0 != ";" }.trimmingSpaces)
    }
}
