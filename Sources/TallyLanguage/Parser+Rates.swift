import TallyCore

extension Parser {
    // rate = "rate" CODE NUMBER CODE [ "on" date ]
    /// `rate USD 7.12 CNY on 2016-07-01`: one US dollar is 7.12 yuan from that day on.
    mutating func rateStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        let base = try currencyCode(Translation.translated("the currency priced, such as USD"))
        guard check(.number), let number = ExactNumber(text: peek.text) else {
            throw unexpected(Translation.translated("what one %s is worth, such as 7.12", base.value))
        }
        let rate = Located(number, advance().range)
        let quote = try currencyCode(Translation.translated("the currency it is worth that in, such as CNY"))
        let day = matchWord("on") ? try date() : nil
        return .rateSet(base: base, rate: rate, quote: quote, day: day)
    }

    /// A currency's ISO 4217 code, in any case: `USD`, `cny`.
    mutating func currencyCode(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<String> {
        guard check(.word) else { throw unexpected(expected()) }
        let token = advance()
        let code = token.text.uppercased()
        guard Currency.isValidCode(code) else {
            throw Diagnostic(.unknownCurrency(token.text, suggestion: Suggestion.nearest(to: code, among: Currency.codes)), at: token.range)
        }
        return Located(code, token.range)
    }
}
