import TallyCore

/// An amount as written, before its number is read by its commodity's decimal mark.
struct JournalAmountText {
    var negative: Bool
    var number: String
    var numberColumn: Int
    var commodity: String
}

/// What follows a posting's account: its amount, cost or price, and assertion.
struct PostingFigures {
    var amount: PeerAmount?
    var hasCostOrPrice = false
    var weight: PeerAmount?
    var assertion: PeerAmount?
    var assertionIncludesSubaccounts = false
}

extension JournalParser {
    /// AMOUNT -> [SIGN] COMMODITY [SIGN] NUMBER | [SIGN] NUMBER [COMMODITY]
    func writtenAmount(_ line: inout PeerLine) throws(PeerJournalError) -> JournalAmountText {
        var negative = JournalParser.sign(&line)
        if line.peek() == "(" { throw line.error(Translation.translated("amount expressions such as (…) are not read; write the amount")) }
        if JournalParser.startsNumber(line) {
            let column = line.column
            let number = line.take(while: JournalParser.isNumberCharacter)
            line.skipSpaces()
            return JournalAmountText(negative: negative, number: number, numberColumn: column, commodity: try commoditySymbol(&line))
        }
        let commodityColumn = line.column
        let commodity = try commoditySymbol(&line)
        if commodity.isEmpty {
            throw line.error(Translation.translated("expected an amount such as 25.00 USD or $25") + line.found, column: commodityColumn)
        }
        line.skipSpaces()
        if line.peek() == "-" || line.peek() == "+" {
            if negative { throw line.error(Translation.translated("an amount has one sign")) }
            negative = JournalParser.sign(&line)
        }
        guard JournalParser.startsNumber(line) else { throw line.error(Translation.translated("expected a number after '%s'", commodity) + line.found) }
        let column = line.column
        return JournalAmountText(negative: negative, number: line.take(while: JournalParser.isNumberCharacter), numberColumn: column, commodity: commodity)
    }

    /// The amount at the line's place, its number read by the decimal mark its
    /// commodity's directive or `decimal-mark` gives, `.` where neither does.
    func amount(_ line: inout PeerLine) throws(PeerJournalError) -> PeerAmount {
        let written = try writtenAmount(&line)
        let commodity = written.commodity.isEmpty ? defaultCommodity ?? "" : written.commodity
        do {
            let (units, scale) = try PeerNumber.value(of: written.number, decimalMark: commodityMarks[commodity] ?? decimalMark)
            return PeerAmount(units: written.negative ? -units : units, scale: scale, commodity: commodity)
        } catch {
            let advice = error.isAboutMarks ? Translation.translated(" (a comma is the decimal mark only where a `decimal-mark ,` or `commodity` directive says so)") : ""
            throw line.error(error.message + advice, column: written.numberColumn + error.offset)
        }
    }

    /// COMMODITY -> '"' TEXT '"' | SYMBOL; empty where there is none.
    func commoditySymbol(_ line: inout PeerLine) throws(PeerJournalError) -> String {
        guard line.peek() == "\"" else { return line.take(while: JournalParser.isSymbolCharacter) }
        let column = line.column
        line.advance()
        let name = line.take { $0 != "\"" }
        if line.atEnd { throw line.error(Translation.translated("expected '\"' to close the commodity's name"), column: column) }
        line.advance()
        return name
    }

    /// POSTING_FIGURES -> [AMOUNT] { LOT } [("@" | "@@") AMOUNT] [("=" | "==" | "=*" | "==*") AMOUNT]
    /// LOT -> "{" ["="] AMOUNT "}" | "{{" ["="] AMOUNT "}}" | "[" DATE "]" | "(" NOTE ")"
    func postingFigures(_ line: inout PeerLine) throws(PeerJournalError) -> PostingFigures {
        var figures = PostingFigures()
        if !line.atEnd, line.peek() != "=", line.peek() != ";" {
            var probe = line
            if line.peek() != "(", line.peek() != "\"", (try? writtenAmount(&probe)) == nil {
                throw line.error(Translation.translated("expected an amount after the account") + line.found)
            }
            figures.amount = try amount(&line)
        }
        var cost: PeerAmount?
        var price: PeerAmount?
        while true {
            line.skipSpaces()
            guard let next = line.peek(), next != ";" else { break }
            let column = line.column
            if line.match("{{") || line.match("{") {
                let total = line.index - (column - 1) == 2
                let quantity = try PeerAmount.quantity(figures.amount, before: .cost, line: line, column: column)
                let written = try lotAmount(&line, closing: total ? "}}" : "}", column: column)
                cost = total ? quantity.signing(written) : try quantity.costing(written, line: line, column: column)
            } else if line.match("(@@)") || line.match("@@") {
                let quantity = try PeerAmount.quantity(figures.amount, before: .price, line: line, column: column)
                price = quantity.signing(try priceAmount(&line))
            } else if line.match("(@)") || line.match("@") {
                let quantity = try PeerAmount.quantity(figures.amount, before: .price, line: line, column: column)
                price = try quantity.costing(try priceAmount(&line), line: line, column: column)
            } else if next == "[" || next == "(" {
                let closing: Character = next == "[" ? "]" : ")"
                _ = line.take { $0 != closing }
                if line.atEnd {
                    let expected = next == "[" ? Translation.translated("expected ']' to close the lot's date") : Translation.translated("expected ')' to close the lot's note")
                    throw line.error(expected, column: column)
                }
                line.advance()
            } else if line.match("==*") || line.match("=*") || line.match("==") || line.match("=") {
                figures.assertionIncludesSubaccounts = line.characters[column - 1..<line.index].contains("*")
                line.skipSpaces()
                figures.assertion = try amount(&line)
            } else {
                throw line.error(Translation.translated("expected '@', '=' or a comment after the amount") + line.found)
            }
        }
        figures.hasCostOrPrice = cost != nil || price != nil
        // ledger balances a posting by its lot's cost where it has one, else by its price.
        figures.weight = figures.hasCostOrPrice ? cost ?? price : figures.amount
        return figures
    }

    private func priceAmount(_ line: inout PeerLine) throws(PeerJournalError) -> PeerAmount {
        line.skipSpaces()
        return try amount(&line)
    }

    private func lotAmount(_ line: inout PeerLine, closing: String, column: Int) throws(PeerJournalError) -> PeerAmount {
        line.skipSpaces()
        _ = line.match("=")
        line.skipSpaces()
        let cost = try amount(&line)
        line.skipSpaces()
        guard line.match(closing) else {
            throw line.error(Translation.translated("expected '%s' to close the cost that opens at column %d", closing, column) + line.found)
        }
        return cost
    }

    /// SIGN -> "-" | "+", stepped over with the spaces after it; whether it is "-".
    static func sign(_ line: inout PeerLine) -> Bool {
        guard let sign = line.peek(), sign == "-" || sign == "+" else { return false }
        line.advance()
        line.skipSpaces()
        return sign == "-"
    }

    static func startsNumber(_ line: PeerLine) -> Bool {
        guard let first = line.peek() else { return false }
        if first.isASCII && first.isNumber { return true }
        return (first == "." || first == ",") && line.peek(1).map { $0.isASCII && $0.isNumber } == true
    }

    static func isNumberCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isNumber || character == "." || character == ",")
    }

    /// A commodity written bare is anything but spaces, digits and the marks amounts and postings use.
    static func isSymbolCharacter(_ character: Character) -> Bool {
        !(character.isWhitespace || (character.isASCII && character.isNumber) || "-+.,;:@{}[]()=*/\"'~&|<>!^%?#".contains(character))
    }
}

extension PeerAmount {
    /// What follows an amount and says what it was exchanged for.
    enum Exchange {
        case cost, price
    }

    /// The amount a cost or price is of, or the error at `column` where there is none.
    static func quantity(_ amount: PeerAmount?, before what: Exchange, line: PeerLine, column: Int) throws(PeerJournalError) -> PeerAmount {
        guard let amount else {
            let message = switch what {
            case .cost: Translation.translated("a cost needs an amount before it")
            case .price: Translation.translated("a price needs an amount before it")
            }
            throw line.error(message, column: column)
        }
        return amount
    }

    /// What `self` costs at `unit` each, or the error at `column` where that is too large to work out.
    func costing(_ unit: PeerAmount, line: PeerLine, column: Int) throws(PeerJournalError) -> PeerAmount {
        guard let cost = times(unit) else { throw line.error(Translation.translated("the cost of this posting is too large to work out exactly"), column: column) }
        return cost
    }
}
