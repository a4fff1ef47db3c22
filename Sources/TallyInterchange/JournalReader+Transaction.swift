import TallyCore

extension JournalParser {
    /// transaction -> DATE ["=" DATE] ["*" | "!"] ["(" CODE ")"] DESCRIPTION [";" COMMENT] NEWLINE { COMMENT_LINE | POSTING }
    mutating func transaction(_ header: PeerLine, body: [PeerLine]) throws(PeerJournalError) {
        var line = header
        let day = try PeerDate.read(&line, separators: JournalParser.dateSeparators, year: year)
        if line.match("=") { _ = try PeerDate.read(&line, separators: JournalParser.dateSeparators, year: day.year) }
        line.skipSpaces()
        var flag = ""
        if let mark = line.peek(), mark == "*" || mark == "!" {
            flag = String(mark)
            line.advance()
            line.skipSpaces()
        }
        var code = ""
        if line.peek() == "(" {
            let column = line.column
            line.advance()
            code = line.take { $0 != ")" }
            if line.atEnd { throw line.error(Translation.translated("expected ')' to close the code"), column: column) }
            line.advance()
        }
        let description = line.take { $0 != ";" }.trimmingSpaces
        var tags = PeerTags()
        // `apply tag NAME` tags each transaction; `apply tag KEY: VALUE` gives it that value.
        for tag in appliedTags { tags.read(tag.contains(":") ? tag : tag + ":") }
        if line.match(";") { tags.read(line.rest()) }

        var postings: [DraftPosting] = []
        for var bodyLine in body {
            bodyLine.skipSpaces()
            if bodyLine.peek() == ";" || bodyLine.peek() == "#" {
                // A comment under a posting is the posting's; only the transaction's tags are kept.
                bodyLine.advance()
                if postings.isEmpty { tags.read(bodyLine.rest()) }
                continue
            }
            postings.append(try posting(&bodyLine))
        }
        if let bucket, postings.count == 1 {
            postings.append(DraftPosting(posting: PeerPosting(line: postings[0].posting.line, account: accountName(bucket), amount: nil), column: 1))
        }
        try PeerBalancing.balance(&postings, line: header.number, tolerance: .exact)
        for draft in postings {
            guard let assertion = draft.posting.assertion else { continue }
            journal.balances.append(PeerBalance(
                line: draft.posting.line, day: day, account: draft.posting.account, amount: assertion,
                atStartOfDay: false, includesSubaccounts: draft.includesSubaccounts))
        }
        let (payee, narration) = JournalParser.split(description)
        journal.transactions.append(PeerTransaction(
            line: header.number, day: day, flag: flag, code: code, payee: payee, narration: narration,
            tags: tags.tags, metadata: tags.metadata, postings: postings.map(\.posting)))
    }

    /// posting -> INDENT ["*" | "!"] ACCOUNT [("  " | TAB) POSTING_FIGURES] [";" COMMENT]
    private func posting(_ line: inout PeerLine) throws(PeerJournalError) -> DraftPosting {
        if let mark = line.peek(), mark == "*" || mark == "!", PeerLine.isSpace(line.peek(1)) {
            line.advance()
            line.skipSpaces()
        }
        let column = line.column
        // An account name may hold single spaces: two, or a tab, end it.
        var written = ""
        while let next = line.peek(), next != "\t", !(next == " " && (line.peek(1) == nil || PeerLine.isSpace(line.peek(1)))) {
            written.append(next)
            line.advance()
        }
        var kind = PeerPostingKind.real
        if let first = written.first, let last = written.last, written.count > 2, first == "(" && last == ")" || first == "[" && last == "]" {
            kind = first == "(" ? .unbalancedVirtual : .balancedVirtual
            written = String(written.dropFirst().dropLast())
        }
        if written.isEmpty { throw line.error(Translation.translated("expected an account"), column: column) }
        line.skipSpaces()
        let figures = try postingFigures(&line)
        let posting = PeerPosting(
            line: line.number, account: accountName(written), amount: figures.amount, hasCostOrPrice: figures.hasCostOrPrice,
            weight: figures.weight, assertion: figures.assertion, kind: kind)
        return DraftPosting(posting: posting, column: column, isAssignment: figures.amount == nil && figures.assertion != nil,
                            includesSubaccounts: figures.assertionIncludesSubaccounts)
    }

    /// hledger's `payee | note`: the payee before the first `|`, the rest the note; all of it the note where there is no `|`.
    static func split(_ description: Substring) -> (payee: String, narration: String) {
        guard let bar = description.firstIndex(of: "|") else { return ("", String(description)) }
        return (String(description[..<bar].trimmingSpaces), String(description[description.index(after: bar)...].trimmingSpaces))
    }
}
