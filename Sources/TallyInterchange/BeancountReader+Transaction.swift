import TallyCore

extension BeancountParser {
    /// transaction -> FLAG [[PAYEE] NARRATION] { TAG | LINK } NEWLINE { METADATA | POSTING }
    mutating func transaction(_ line: inout PeerLine, day: Day, flag: String) throws(PeerJournalError) {
        let header = line.number
        var strings: [String] = []
        while line.peek() == "\"" {
            if strings.count == 2 { throw line.error(Translation.translated("a transaction has at most a payee and a narration before its tags")) }
            strings.append(try line.string())
            line.skipSpaces()
        }
        var tags = PeerTags()
        for tag in pushedTags { tags.add(tag) }
        for (key, value) in pushedMetadata { tags.add(key: key, value: value) }
        try tagsAndLinks(&line, into: &tags)

        var postings: [DraftPosting] = []
        for var bodyLine in subLines() {
            bodyLine.skipSpaces()
            guard let first = bodyLine.peek(), first != ";" else { continue }
            if first == "#" || first == "^" {
                try tagsAndLinks(&bodyLine, into: &tags)
            } else if first.isLowercase {
                let key = try bodyLine.metadataKey()
                let value = bodyLine.metadataValue()
                // A posting's own metadata is not kept.
                if postings.isEmpty { tags.add(key: key, value: value) }
            } else {
                postings.append(try posting(&bodyLine))
            }
        }
        try PeerBalancing.balance(&postings, line: header, tolerance: .halfLastDigit)
        journal.transactions.append(PeerTransaction(
            line: header, day: day, flag: flag, payee: strings.count == 2 ? strings[0] : "", narration: strings.last ?? "",
            tags: tags.tags, metadata: tags.metadata, postings: postings.map(\.posting)))
    }

    /// { "#" TAG | "^" LINK }, to the end of the line; links are not kept.
    private func tagsAndLinks(_ line: inout PeerLine, into tags: inout PeerTags) throws(PeerJournalError) {
        while let marker = line.peek(), marker == "#" || marker == "^" {
            let name = try line.tag(marker: marker)
            if marker == "#" { tags.add(name) }
            line.skipSpaces()
        }
        try line.endOfLine(after: Translation.translated("the tags"))
    }

    /// posting -> [FLAG] ACCOUNT [AMOUNT [COST] [("@" | "@@") AMOUNT]]
    private func posting(_ line: inout PeerLine) throws(PeerJournalError) -> DraftPosting {
        if let flag = line.peek(), "*!&#?%PSTCURM".contains(flag), PeerLine.isSpace(line.peek(1)) {
            line.advance()
            line.skipSpaces()
        }
        let column = line.column
        let account = try line.account()
        line.skipSpaces()
        guard !line.atEnd, line.peek() != ";" else {
            return DraftPosting(posting: PeerPosting(line: line.number, account: account, amount: nil), column: column)
        }
        let amount = try line.amount()
        var cost: PeerAmount??
        var price: PeerAmount?
        while true {
            line.skipSpaces()
            guard let next = line.peek(), next != ";" else { break }
            let at = line.column
            if line.match("{{") {
                cost = .some(try costWeight(&line, closing: "}}", of: amount))
            } else if line.match("{") {
                cost = .some(try costWeight(&line, closing: "}", of: amount))
            } else if line.match("@@") {
                line.skipSpaces()
                price = amount.signing(try line.amount())
            } else if line.match("@") {
                line.skipSpaces()
                price = try amount.costing(try line.amount(), line: line, column: at)
            } else {
                throw line.error(Translation.translated("expected '{', '@' or a comment after the amount") + line.found)
            }
        }
        let hasCostOrPrice = cost != nil || price != nil
        // Beancount weighs a posting by its cost where it has one, else by its price.
        let weight: PeerAmount? = if let cost { cost } else { price ?? amount }
        return DraftPosting(
            posting: PeerPosting(line: line.number, account: account, amount: amount, hasCostOrPrice: hasCostOrPrice, weight: weight),
            column: column)
    }

    /// cost -> "{" [COMPONENT {"," COMPONENT}] "}" | "{{" … "}}"
    /// COMPONENT -> [NUMBER] ["#" NUMBER] CURRENCY | DATE | STRING | "*"
    /// What the lot costs in all, where the braces say: nil for `{}` or a
    /// lot named by its date alone, which only the account's inventory knows.
    private func costWeight(_ line: inout PeerLine, closing: String, of amount: PeerAmount) throws(PeerJournalError) -> PeerAmount? {
        let column = line.column - closing.count
        var weight: PeerAmount?
        while true {
            line.skipSpaces()
            if line.match(closing) { return weight }
            if line.peek() == "\"" {
                _ = try line.string()
            } else if line.peek() == "*" {
                line.advance()
            } else if line.index + 5 <= line.characters.count,
                      line.characters[line.index..<line.index + 4].allSatisfy(\.isNumber),
                      "-/".contains(line.characters[line.index + 4]) {
                _ = try PeerDate.read(&line, separators: ["-", "/"], year: nil)
            } else {
                let componentColumn = line.column
                var perUnit: (units: Int128, scale: Int)?
                if line.peek() != "#" {
                    perUnit = try line.decimalNumber()
                    line.skipSpaces()
                }
                var total = try line.decimalNumber(after: "#")
                let currency = try line.currency()
                if closing == "}}" { (total, perUnit) = (perUnit, nil) }
                var parts: [PeerAmount] = []
                if let perUnit {
                    parts.append(try amount.costing(PeerAmount(units: perUnit.units, scale: perUnit.scale, commodity: currency), line: line, column: componentColumn))
                }
                if let total { parts.append(amount.signing(PeerAmount(units: total.units, scale: total.scale, commodity: currency))) }
                weight = try PeerSums(parts, line: line.number).totals.first
            }
            line.skipSpaces()
            if line.match(closing) { return weight }
            guard line.match(",") else {
                throw line.error(Translation.translated("expected ',' or '%s' to close the cost that opens at column %d", closing, column) + line.found)
            }
        }
    }
}
