import Testing
@testable import TallyCore

@Suite("Amounts with either decimal mark, and the symbols written with them")
struct DecimalMarkTests {
    @Test(arguments: [
        ("1.234,56", WrittenAmount.Sign.unsigned, "1234.56"),
        ("1 234,56", .unsigned, "1234.56"),
        ("1\u{00A0}234,56", .unsigned, "1234.56"),
        ("1\u{202F}234\u{202F}567,8", .unsigned, "1234567.8"),
        ("1'234,56", .unsigned, "1234.56"),
        ("12.345.678", .unsigned, "12345678"),
        ("3,00-", .minus, "3.00"),
        ("-3,50", .minus, "3.50"),
        ("−3,50", .minus, "3.50"),
        ("3,50−", .minus, "3.50"),
        ("+0,5", .plus, "0.5"),
        ("25", .unsigned, "25"),
        ("1,234", .unsigned, "1.234"),
        ("(1.000,00)", .minus, "1000.00"),
        ("1.234,56 €", .unsigned, "1234.56"),
        ("€ -1.234,56", .minus, "1234.56"),
        ("1 234,56\u{00A0}EUR", .unsigned, "1234.56"),
    ])
    func readsADecimalComma(text: String, sign: WrittenAmount.Sign, number: String) throws {
        let amount = try #require(WrittenAmount(text, decimalMark: .comma))
        #expect(amount.sign == sign)
        #expect(amount.number.text == number)
    }

    @Test(arguments: [
        "1.23.4,5", "1.23,45", "1.2345,00", "1,234.56", "1.234.5", "1,2,3", "12.34", ",5.", "1.234 567,8", "1 234.567,8", "1..234",
        ".234,5", "1.234,5.6", "3,00--", "-3,00-", "(3,00)-", "1_234,56", "1.234,5a", "١٢٣", "",
    ])
    func refusesWhatADecimalCommaCannotRead(text: String) {
        #expect(WrittenAmount(text, decimalMark: .comma) == nil)
    }

    @Test(arguments: [
        ("3.00-", WrittenAmount.Sign.minus, "3.00"), ("1 234.50", .unsigned, "1234.50"), ("1'234.50", .unsigned, "1234.50"),
        ("1\u{00A0}234", .unsigned, "1234"), ("1,234.5-", .minus, "1234.5"), ("$3.00−", .minus, "3.00"),
    ])
    func readsTheSameMarksAroundADecimalPoint(text: String, sign: WrittenAmount.Sign, number: String) throws {
        for amount in [WrittenAmount(text, decimalMark: .point), WrittenAmount(text)] {
            let amount = try #require(amount)
            #expect(amount.sign == sign)
            #expect(amount.number.text == number)
        }
    }

    @Test(arguments: ["1.234,56", "1,23.4", "1 23.4", "1 234,567.8", "3.00-+", "1'23.4"])
    func refusesWhatADecimalPointCannotRead(text: String) {
        #expect(WrittenAmount(text, decimalMark: .point) == nil)
    }

    @Test(arguments: [
        ("-$2.00", "$" as Character?), ("¥8,000.00", "¥"), ("￥12", "￥"), ("30元", "元"), ("£5", "£"), ("5 €", "€"),
        ("$5 USD", "$"), ("12.00 USD", nil), ("25", nil), ("-25.50", nil),
    ])
    func keepsTheSymbolWritten(text: String, symbol: Character?) throws {
        #expect(try #require(WrittenAmount(text)).currencySymbol == symbol)
    }

    @Test(arguments: ["$5€", "¥5元", "$$5", "€5€"])
    func refusesTwoSymbols(text: String) {
        #expect(WrittenAmount(text) == nil)
    }

    @Test(arguments: [
        ("$", "USD", true), ("$", "CAD", true), ("$", "HKD", true), ("$", "MXN", true), ("$", "CNY", false), ("$", "EUR", false),
        ("¥", "CNY", true), ("¥", "JPY", true), ("￥", "CNY", true), ("¥", "USD", false), ("元", "CNY", true), ("元", "JPY", false),
        ("€", "EUR", true), ("€", "GBP", false), ("£", "GBP", true), ("£", "EUR", false), ("₩", "KRW", true), ("₹", "INR", true),
        ("₽", "RUB", true), ("x", "USD", false),
    ])
    func symbolsStandForTheirCurrencies(symbol: Character, code: String, written: Bool) {
        #expect(Currency(code: code).isWritten(as: symbol) == written)
    }

    @Test func everySymbolReadIsOneACurrencyIsWrittenWith() throws {
        for (symbol, codes) in Currency.symbolsWritten {
            #expect(!codes.isEmpty)
            #expect(codes.allSatisfy(Currency.isValidCode), "\(symbol): \(codes.sorted())")
            #expect(try #require(WrittenAmount("\(symbol)5")).currencySymbol == symbol)
        }
    }
}
