import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Parser: periods")
struct ParserPeriodTests {
    @Test(arguments: [
        ("in 2016", "2016-01-01..2016-12-31"),
        ("in 2016-07", "2016-07-01..2016-07-31"),
        ("in 2016-7", "2016-07-01..2016-07-31"),
        ("in 2016-02", "2016-02-01..2016-02-29"),
        ("in 2015-02", "2015-02-01..2015-02-28"),
        ("in 2016-07-01", "2016-07-01"),
        ("in 2016-02-29", "2016-02-29"),
        ("in 2016-q1", "2016-01-01..2016-03-31"),
        ("in 2016-q3", "2016-07-01..2016-09-30"),
        ("in 2016-Q4", "2016-10-01..2016-12-31"),
        ("in 2016-w27", "2016-07-04..2016-07-10"),
        ("in 2016-W01", "2016-01-04..2016-01-10"),
        ("in 2016-w1", "2016-01-04..2016-01-10"),
        ("in 2015-w53", "2015-12-28..2016-01-03"),
        ("in 2020-w53", "2020-12-28..2021-01-03"),
        ("in 2016-w52", "2016-12-26..2017-01-01"),
        ("in jul 2016", "2016-07-01..2016-07-31"),
        ("in July 2016", "2016-07-01..2016-07-31"),
        ("in sept 2016", "2016-09-01..2016-09-30"),
        ("in feb 2016", "2016-02-01..2016-02-29"),
        ("in july", "month 7 without its year"),
        ("in may", "month 5 without its year"),
        ("in DEC", "month 12 without its year"),
        ("today", "today"),
        ("yesterday", "yesterday"),
        ("in today", "today"),
        ("this week", "this week"),
        ("this month", "this month"),
        ("this quarter", "this quarter"),
        ("this year", "this year"),
        ("last week", "last week"),
        ("last month", "last month"),
        ("last quarter", "last quarter"),
        ("last year", "last year"),
        ("in last month", "last month"),
        ("last 30 days", "last 30 day"),
        ("last 2 weeks", "last 2 week"),
        ("last 6 months", "last 6 month"),
        ("last 2 quarters", "last 2 quarter"),
        ("last 3 years", "last 3 year"),
        ("last 1 year", "last 1 year"),
        ("in last 30 days", "last 30 day"),
        ("on 2016-07-01", "2016-07-01"),
        ("on today", "today"),
        ("on yesterday", "yesterday"),
        ("from 2016-07-01 to 2016-07-31", "2016-07-01..2016-07-31"),
        ("from yesterday to today", "yesterday..today"),
        ("since 2016-07-01", "since 2016-07-01"),
        ("since today", "since today"),
        ("until 2016-07-31", "until 2016-07-31"),
        ("until yesterday", "until yesterday"),
        ("in 2016/07", "2016-07-01..2016-07-31"),
        ("in 2016/07/01", "2016-07-01"),
        ("on 2016/7/1", "2016-07-01"),
        ("on 11-05", "11/5 without its year"),
        ("on nov 5 2016", "2016-11-05"),
        ("on 5 nov 2016", "2016-11-05"),
        ("in nov 5 2016", "2016-11-05"),
        ("in 5 nov 2016", "2016-11-05"),
        ("on nov 5", "11/5 without its year"),
        ("on 5 nov", "11/5 without its year"),
        ("on 5 November", "11/5 without its year"),
        ("in nov 5", "11/5 without its year"),
        ("in 5 nov", "11/5 without its year"),
        ("in 11-05", "11/5 without its year"),
        ("from nov 1 to 11-30", "11/1 without its year..11/30 without its year"),
    ])
    func periodForm(text: String, expected: String) throws {
        let period = try #require(try query("count " + text).period)
        #expect(render(period.value) == expected)
        #expect(Span(period.range) == Span(1, 7, 7 + text.count))
    }

    @Test func aCalendarPeriodIsAFixedRangeButMonthNamesAndRelativeWordsWaitForToday() throws {
        #expect(try query("count in 2016-07").period?.value == .range(DateRange.month(2016, 7)!))
        #expect(try query("count in july").period?.value == .monthWithoutYear(7))
        #expect(try query("count last 30 days").period?.value == .lastCount(30, .day))
        #expect(try query("count on 2016-07-01").period?.value == .date(.day(day("2016-07-01"))))
    }

    @Test func aDateWithoutItsYearIsTheLatestSuchDayUpToToday() throws {
        let spec = try #require(try query("count on nov 5").period?.value)
        #expect(spec.resolve(today: day("2026-11-30"), weekStart: .monday) == .day(day("2026-11-05")))
        #expect(spec.resolve(today: day("2026-11-05"), weekStart: .monday) == .day(day("2026-11-05")))
        #expect(spec.resolve(today: day("2016-07-20"), weekStart: .monday) == .day(day("2015-11-05")))
    }

    @Test(arguments: [
        ("count on 02-29", "February 29 needs its year"),
        ("count on feb 29", "February 29 needs its year"),
        ("count on 02-30", "no such date '02-30'"),
        ("count on 13-01", "no such date '13-01'"),
        ("count on nov", "expected a day of the month after 'nov'"),
        ("count on 5", "expected a date such as 07-01"),
        ("count in 2016/q3", "expected a month (07) after '2016/'"),
        ("count on 2016-07/01", "expected a full date"),
        ("count on 2016/07-01", "unexpected '2016/07'; expected a full date"),
        ("count on 11/05", "unexpected '11'; expected a date such as 07-01"),
        ("count on nov 31 2016", "no such date '2016-11-31'"),
    ])
    func aWrongDateWithoutItsYearSaysWhy(text: String, message: String) {
        #expect(parseError(text)?.message.contains(message) == true, "\(text): \(parseError(text)?.message ?? "no error")")
    }

    @Test(arguments: [
        ("count on 2016/ 07/01", "unexpected '2016'; expected a full date such as 2016-07-01"),
        ("count on 11 -05", "unexpected '11'; expected a date such as 07-01"),
        ("count in 2016 -07", "unexpected '-'"),
        ("count on 2016- 07-01", "unexpected '2016'; expected a full date such as 2016-07-01"),
    ])
    func thePartsOfADateTouch(text: String, message: String) {
        #expect(parseError(text)?.message.hasPrefix(message) == true, "\(text): \(parseError(text)?.message ?? "no error")")
    }
}
