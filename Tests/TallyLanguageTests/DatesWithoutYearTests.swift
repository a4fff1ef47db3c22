import Testing
import TallyCore
@testable import TallyLanguage

/// A date or period written without its year, resolved on a given today.
struct YearlessCase: Sendable, CustomTestStringConvertible {
    let text: String
    let today: String
    let from: String
    let to: String

    /// A day: the period is that one day.
    init(_ text: String, on today: String, _ day: String) {
        self.init(text, on: today, day, day)
    }

    init(_ text: String, on today: String, _ from: String, _ to: String) {
        self.text = text
        self.today = today
        self.from = from
        self.to = to
    }

    var testDescription: String { "\(text) on \(today)" }
}

/// A date or month without its year is the latest one up to today: on
/// January 2, `dec 30` is three days ago and `in dec` the month just gone,
/// never the coming December.
@Suite("Dates and periods without a year")
struct DatesWithoutYearTests {
    /// Every form of date without a year, where a date stands (`on`), on
    /// early January days, on the day itself, and mid-year.
    @Test(arguments: [
        YearlessCase("on dec 30", on: "2027-01-02", "2026-12-30"),
        YearlessCase("on december 30", on: "2027-01-02", "2026-12-30"),
        YearlessCase("on 30 dec", on: "2027-01-02", "2026-12-30"),
        YearlessCase("on 12-30", on: "2027-01-02", "2026-12-30"),
        YearlessCase("on 12-30", on: "2027-01-01", "2026-12-30"),
        YearlessCase("on jan 1", on: "2027-01-01", "2027-01-01"),
        YearlessCase("on jan 2", on: "2027-01-01", "2026-01-02"),
        YearlessCase("on 01-02", on: "2027-01-02", "2027-01-02"),
        YearlessCase("on jan 3", on: "2027-01-02", "2026-01-03"),
        YearlessCase("on dec 30", on: "2026-12-30", "2026-12-30"),
        YearlessCase("on dec 31", on: "2026-12-30", "2025-12-31"),
        YearlessCase("on jul 14", on: "2026-07-15", "2026-07-14"),
        YearlessCase("on jul 16", on: "2026-07-15", "2025-07-16"),
        YearlessCase("on 3 mar", on: "2024-03-01", "2023-03-03"),
        YearlessCase("on dec 30 2027", on: "2027-01-02", "2027-12-30"),
        YearlessCase("on 2027-12-30", on: "2027-01-02", "2027-12-30"),
    ])
    func aDateIsTheLatestSuchDayUpToToday(_ form: YearlessCase) throws {
        try expectRange(form)
    }

    /// Every period form without a year: a month named alone is the latest
    /// such month that has begun; a day is the latest such day.
    @Test(arguments: [
        YearlessCase("in dec", on: "2027-01-02", "2026-12-01", "2026-12-31"),
        YearlessCase("in december", on: "2027-01-02", "2026-12-01", "2026-12-31"),
        YearlessCase("in jan", on: "2027-01-02", "2027-01-01", "2027-01-31"),
        YearlessCase("in feb", on: "2027-01-02", "2026-02-01", "2026-02-28"),
        YearlessCase("in nov", on: "2027-01-31", "2026-11-01", "2026-11-30"),
        YearlessCase("in dec", on: "2026-12-01", "2026-12-01", "2026-12-31"),
        YearlessCase("in dec", on: "2026-11-30", "2025-12-01", "2025-12-31"),
        YearlessCase("in jul", on: "2026-07-15", "2026-07-01", "2026-07-31"),
        YearlessCase("in aug", on: "2026-07-15", "2025-08-01", "2025-08-31"),
        YearlessCase("in sept", on: "2026-07-15", "2025-09-01", "2025-09-30"),
        YearlessCase("in feb", on: "2025-03-01", "2025-02-01", "2025-02-28"),
        YearlessCase("in feb", on: "2024-03-01", "2024-02-01", "2024-02-29"),
        YearlessCase("in dec 30", on: "2027-01-02", "2026-12-30"),
        YearlessCase("in 30 dec", on: "2027-01-02", "2026-12-30"),
        YearlessCase("in 12-30", on: "2027-01-02", "2026-12-30"),
        YearlessCase("since dec 1", on: "2027-01-02", "2026-12-01", "…"),
        YearlessCase("until dec 1", on: "2027-01-02", "…", "2026-12-01"),
        YearlessCase("from dec 1 to dec 31", on: "2027-01-02", "2026-12-01", "2026-12-31"),
        // The end follows the start into the new year, even past today.
        YearlessCase("from dec 1 to jan 5", on: "2027-01-02", "2026-12-01", "2027-01-05"),
        YearlessCase("from 12-20 to 01-10", on: "2027-03-10", "2026-12-20", "2027-01-10"),
        YearlessCase("from dec 1 to 2027-01-05", on: "2027-01-02", "2026-12-01", "2027-01-05"),
        YearlessCase("from 2026-11-01 to dec 1", on: "2027-01-02", "2026-11-01", "2026-12-01"),
        YearlessCase("from jan 1 to today", on: "2027-01-02", "2027-01-01", "2027-01-02"),
        YearlessCase("from jul 1 to jul 10", on: "2026-07-05", "2026-07-01", "2026-07-10"),
    ])
    func aPeriodIsTheLatestThatHasBegun(_ form: YearlessCase) throws {
        try expectRange(form)
    }

    /// `in 12`, `in q4` and `in w52` are no periods: a year is four digits, and a quarter or week needs one.
    @Test(arguments: [
        ("count in 12", "expected a four-digit year"),
        ("count in q4", "expected a period"),
        ("count in w52", "expected a period"),
    ])
    func aQuarterOrWeekNeedsItsYear(text: String, message: String) {
        #expect(parseError(text)?.message.contains(message) == true, "\(text): \(parseError(text)?.message ?? "parses")")
    }

    /// Views and reports take the same periods: `pie dec` on January 2 is last December's.
    @Test func viewsAndReportsReadAMonthWithoutItsYearAlike() throws {
        let today = day("2027-01-02")
        let december = DateRange(start: day("2026-12-01"), end: day("2026-12-31"))
        for text in ["pie dec", "timeline dec", "detail food dec", "search lunch in dec", "budget dec", "report dec to x"] {
            let period: PeriodSpec? = switch try statement(text) {
            case .ledger(.pie(_, let period)), .ledger(.timeline(let period)), .ledger(.detail(_, let period)),
                 .ledger(.search(_, let period)), .ledger(.budgetReport(let period)):
                period?.value
            case .ledger(.report(let options)): options.period?.value
            default: nil
            }
            #expect(period?.resolve(today: today, weekStart: .monday) == december, "\(text)")
        }
    }

    /// A condition's date is the same day: `date >= dec 1` on January 2 reaches back into December.
    @Test func queriesOnJanuary2ReadDecemberAsTheOneJustGone() throws {
        let today = day("2017-01-02")
        #expect(try listedIDs("list where date >= dec 1", today: today) == [17, 18])
        #expect(try listedIDs("list on dec 31", today: today) == [17])
        #expect(try listedIDs("list from dec 31 to jan 1", today: today) == [17, 18])
        #expect(try count("count expense in dec", today: today) == 1)
        #expect(try measure("sum expense in dec", today: today) == cny(8_800))
        #expect(try count("count in nov", today: today) == 1)
        #expect(try count("count in jan", today: today) == 1)
    }

    private func expectRange(_ form: YearlessCase) throws {
        let period = try #require(try query("count " + form.text).period?.value)
        let range = period.resolve(today: day(form.today), weekStart: .monday)
        // "…" is a period's open end, as `since` and `until` leave one.
        let start = form.from == "…" ? DateRange.everything.start : day(form.from)
        let end = form.to == "…" ? DateRange.everything.end : day(form.to)
        #expect(range == DateRange(start: start, end: end), "\(form.text) on \(form.today)")
    }
}

/// The day a bill is added on: the latest such day when it has no year,
/// and any day said to be ahead of today, with a note saying so.
@Suite("Evaluator: a bill's day")
struct BillDayTests {
    @Test(arguments: [
        ("18 food x dec 30", "2027-01-02", "2026-12-30"),
        ("18 food x on dec 30", "2027-01-02", "2026-12-30"),
        ("18 food x 12-30", "2027-01-02", "2026-12-30"),
        ("18 food x 30 dec", "2027-01-02", "2026-12-30"),
        ("18 food x on december 30", "2027-01-02", "2026-12-30"),
        ("18 food x jan 2", "2027-01-02", "2027-01-02"),
        ("18 food x jan 3", "2027-01-02", "2026-01-03"),
        ("18 food x jul 14", "2026-07-15", "2026-07-14"),
        ("18 food x jul 16", "2026-07-15", "2025-07-16"),
        ("18 food x", "2027-01-02", "2027-01-02"),
        ("18 food x today", "2027-01-02", "2027-01-02"),
        ("18 food x yesterday", "2027-01-02", "2027-01-01"),
        ("18 food x 今天", "2027-01-02", "2027-01-02"),
        ("18 food x 昨天", "2027-01-02", "2027-01-01"),
        ("18 food x 前天", "2027-01-02", "2026-12-31"),
        ("18 food x tomorrow", "2027-01-02", "2027-01-03"),
        ("18 food x 明天", "2027-01-02", "2027-01-03"),
        ("18 food x 后天", "2027-01-02", "2027-01-04"),
        ("18 food x on 前天", "2027-01-02", "2026-12-31"),
        ("add 18 food on tomorrow", "2027-01-02", "2027-01-03"),
        ("18 food x 2027-12-30", "2027-01-02", "2027-12-30"),
    ])
    func aBillIsDatedTheDayItsDateMeans(text: String, today: String, expected: String) throws {
        #expect(try addedBill(text, today: day(today)).day == day(expected))
    }

    @Test func aBillDatedAfterTodayIsAddedWithANoteSayingHowFarAhead() throws {
        let ahead = try change("-5 food tickets 2027-01-14", today: day("2027-01-02"))
        #expect(ahead.warnings == ["#26 is dated 2027-01-14, 12 days ahead"])
        let tomorrow = try change("-5 food tea tomorrow", today: day("2027-01-02"))
        #expect(tomorrow.warnings == ["#26 is dated 2027-01-03, 1 day ahead"])
        for text in ["-5 food tea dec 30", "-5 food tea today", "-5 food tea", "-5 food tea jan 3"] {
            #expect(try change(text, today: day("2027-01-02")).warnings == [], "\(text)")
        }
    }

    @Test(arguments: [
        ("-25 food lunch tomorrow", "add | expense | 25 | food | remark lunch | on today+1 | at - | tags [] | book -"),
        ("-25 food 午饭 昨天", "add | expense | 25 | food | remark 午饭 | on yesterday | at - | tags [] | book -"),
        ("-25 food 午饭 前天 #work", "add | expense | 25 | food | remark 午饭 | on today-2 | at - | tags [work] | book -"),
        ("-25 food 今天", "add | expense | 25 | food | remark - | on today | at - | tags [] | book -"),
        ("-25 food see you tomorrow at noon", "add | expense | 25 | food | remark see you tomorrow at noon | on - | at - | tags [] | book -"),
        ("-25 food tomorrow's lunch", "add | expense | 25 | food | remark tomorrow's lunch | on - | at - | tags [] | book -"),
    ])
    func aDayWordEndingTheRemarkIsTheBillsDate(text: String, expected: String) throws {
        #expect(summary(try addBill(text)) == expected)
    }

    @Test(arguments: ["count tomorrow", "count 昨天", "count on 前天", "list where date = 明天", "delete 昨天", "timeline 今天"])
    func dayWordsArePeriodsAndDates(text: String) {
        #expect(parseError(text) == nil, "\(text): \(parseError(text)?.message ?? "")")
    }
}
