import Testing
@testable import TallyCore

@Suite("Dates and amounts as people write them")
struct WrittenValuesTests {
    @Test(arguments: [
        ("2016-07-01", "2016-07-01"), ("2016/07/01", "2016-07-01"), ("2016/7/1", "2016-07-01"), ("2016.07.01", "2016-07-01"),
        ("2016-07-01 12:30", "2016-07-01"), ("2016-07-01 12:30:05", "2016-07-01"), ("2016-07-01T23:59:59Z", "2016-07-01"),
        ("2016/7/1 8:05", "2016-07-01"), (" 2016-07-01 ", "2016-07-01"), ("2016-07-01T12:30:00+08:00", "2016-07-01"),
    ])
    func readsDates(text: String, iso: String) {
        #expect(Day(written: text)?.iso == iso)
    }

    @Test(arguments: ["", "2016-02-30", "07/01/2016", "01.07.2016", "2016-07", "2016-07-01 noon", "2016-07-01 25:00", "2016-7-1-2", "２０１６-07-01"])
    func refusesWhatIsNotADate(text: String) {
        #expect(Day(written: text) == nil)
    }

    @Test(arguments: [
        ("-¥1,234.50", WrittenAmount.Sign.minus, "1234.50", nil as String?),
        ("¥8,000.00", .unsigned, "8000.00", nil),
        ("+25", .plus, "25", nil),
        ("(12.00)", .minus, "12.00", nil),
        ("12.00 USD", .unsigned, "12.00", "USD"),
        ("cny -3.5", .minus, "3.5", "CNY"),
        ("¥-5", .minus, "5", nil),
        ("−7", .minus, "7", nil),
        ("1,234,567", .unsigned, "1234567", nil),
        ("30元", .unsigned, "30", nil),
        ("￥ 12", .unsigned, "12", nil),
    ])
    func readsAmounts(text: String, sign: WrittenAmount.Sign, number: String, code: String?) throws {
        let amount = try #require(WrittenAmount(text))
        #expect(amount.sign == sign)
        #expect(amount.number.text == number)
        #expect(amount.currencyCode == code)
    }

    @Test(arguments: ["", "abc", "1,23", "1,2345.00", "1.234,50", "--5", "-+5", "5 5", "12.00 US", "1.2.3", "((5))", "¥"])
    func refusesWhatIsNotAnAmount(text: String) {
        #expect(WrittenAmount(text) == nil)
    }
}
