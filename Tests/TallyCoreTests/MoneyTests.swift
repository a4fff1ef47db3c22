import Testing
@testable import TallyCore

@Suite struct ExactNumberTests {
    @Test(arguments: [
        ("25", 2500), ("25.5", 2550), ("25.50", 2550), ("0.05", 5), ("1.500", 150), ("007", 700),
    ])
    func readsAmountsIntoMinorUnits(text: String, minor: Int64) throws {
        #expect(try ExactNumber(text: text)!.minorUnits(in: .cny) == minor)
    }

    @Test(arguments: ["", ".", "1.2.3", "12abc", "1,5", "-5", " 5", "١٢"])
    func rejectsWhatIsNotAPlainDecimal(text: String) {
        #expect(ExactNumber(text: text) == nil)
    }

    @Test func rejectsMoreDecimalsThanTheCurrencyHas() throws {
        #expect(throws: AmountError.tooManyDecimals(allowed: 2)) { try ExactNumber(text: "1.234")!.minorUnits(in: .cny) }
        #expect(throws: AmountError.tooManyDecimals(allowed: 0)) { try ExactNumber(text: "1.5")!.minorUnits(in: Currency(code: "JPY")) }
        #expect(try ExactNumber(text: "1.0")!.minorUnits(in: Currency(code: "JPY")) == 1)
    }

    @Test func rejectsNumbersTooLongForInt64() {
        #expect(ExactNumber(text: "99999999999999999999") == nil)
    }

    @Test func comparesExactlyAcrossScales() {
        let number = ExactNumber(text: "25.5")!
        #expect(number.compare(minorUnits: 2550, of: .cny) == 0)
        #expect(number.compare(minorUnits: 2551, of: .cny) < 0)
        #expect(number.compare(minorUnits: 25, of: Currency(code: "JPY")) > 0)
        #expect(ExactNumber(text: "0.001")!.compare(minorUnits: 0, of: .cny) > 0)
    }

    @Test func writesItselfBack() {
        #expect(ExactNumber(text: "0.05")!.text == "0.05")
        #expect(ExactNumber(text: "12")!.text == "12")
        #expect(ExactNumber(text: "1.230")!.text == "1.230")
    }
}

@Suite struct MoneyFormatTests {
    @Test func formatsWithTheCurrencysDecimals() {
        #expect(MoneyFormat.plain(123450, .cny) == "1234.50")
        #expect(MoneyFormat.plain(5, .cny) == "0.05")
        #expect(MoneyFormat.plain(-5, .cny) == "-0.05")
        #expect(MoneyFormat.plain(1234, Currency(code: "JPY")) == "1234")
        #expect(MoneyFormat.plain(1234, Currency(code: "KWD")) == "1.234")
    }

    @Test func groupsThousandsForPeople() {
        #expect(MoneyFormat.grouped(123456789, .cny) == "1,234,567.89")
        #expect(MoneyFormat.grouped(99999, .cny) == "999.99")
        #expect(MoneyFormat.withSymbol(123450, .cny) == "¥1,234.50")
        #expect(MoneyFormat.withSymbol(-2500, Currency(code: "USD")) == "-$25.00")
        #expect(MoneyFormat.withSymbol(Int64.min, .cny) == "-¥92,233,720,368,547,758.08")
    }
}

@Suite struct ArithmeticTests {
    @Test func reportsOverflowInsteadOfWrapping() throws {
        #expect(throws: AmountError.overflow) { try Arithmetic.add(Int64.max, 1) }
        #expect(throws: AmountError.overflow) { try Arithmetic.add(Int64.min, -1) }
        #expect(try Arithmetic.add(Int64.max - 1, 1) == Int64.max)
    }

    @Test(arguments: [
        (Int128(5), 2, Int128(2)), (7, 2, 4), (10, 4, 2), (14, 4, 4), (-5, 2, -2), (-7, 2, -4), (1, 3, 0), (2, 3, 1), (100, 1, 100),
        // Past Int64: the average of 92,300 bills of the largest amount.
        (Int128(92_300) * 99_999_999_999_999 + 1, 92_300, 99_999_999_999_999),
    ])
    func averagesRoundHalfToEven(total: Int128, count: Int, expected: Int128) {
        #expect(Arithmetic.average(total, count: count) == expected)
    }
}

@Suite struct CurrencyTests {
    @Test func knowsDecimalsAndSymbols() {
        #expect(Currency(code: "cny") == .cny)
        #expect(Currency(code: "JPY").decimals == 0)
        #expect(Currency(code: "BHD").decimals == 3)
        #expect(Currency(code: "XYZ").decimals == 2)
        #expect(Currency(code: "XYZ").symbol == "XYZ ")
        #expect(Currency.isValidCode("usd"))
        #expect(!Currency.isValidCode("US"))
        #expect(!Currency.isValidCode("U$D"))
    }
}

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func digestsAsFIPSSays(text: String, expected: String) {
        #expect(SHA256.hex(Array(text.utf8)) == expected)
    }
}

@Suite struct ISOCurrencyTests {
    @Test(arguments: [("CNY", 2), ("jpy", 0), ("KWD", 3), ("IDR", 2), ("XOF", 0), ("EUR", 2)])
    func knowsISOCodesAndTheirDecimals(code: String, decimals: Int) {
        #expect(Currency.isValidCode(code))
        #expect(Currency(code: code).decimals == decimals)
    }

    @Test(arguments: ["XYZ", "US", "DOLLAR", "", "ÜSD"])
    func refusesWhatISO4217DoesNot(code: String) {
        #expect(!Currency.isValidCode(code))
    }

    @Test func noCurrencyIsFinerThanTheScaleAmountsCompareAt() {
        #expect(Currency.codes.count > 150)
        #expect(Currency.codes.allSatisfy { Currency(code: $0).scale <= Currency.finestScale })
    }
}
