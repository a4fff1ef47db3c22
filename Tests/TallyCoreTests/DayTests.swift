import Testing
@testable import TallyCore

@Suite struct DayTests {
    @Test func roundTripsCivilDates() {
        for ordinal in stride(from: Int32(-800_000), through: 2_900_000, by: 997) {
            let day = Day(ordinal: ordinal)
            let (y, m, d) = day.civil
            guard (1...9999).contains(y) else { continue }
            #expect(Day(year: y, month: m, day: d) == day)
        }
        #expect(Day(year: 1970, month: 1, day: 1)!.ordinal == 0)
        #expect(Day(year: 2016, month: 7, day: 1)!.iso == "2016-07-01")
    }

    @Test(arguments: ["2016-02-29", "2000-02-29", "2016-12-31", "0001-01-01", "9999-12-31"])
    func acceptsRealDates(text: String) {
        #expect(Day(iso: text)?.iso == text)
    }

    @Test(arguments: ["2015-02-29", "1900-02-29", "2016-13-01", "2016-00-10", "2016-04-31", "2016-7-1", "16-07-01", "2016/07/01", "2016-07-01x"])
    func rejectsImpossibleOrMalformedDates(text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test func knowsWeekdays() {
        #expect(Day(iso: "2016-07-01")!.isoWeekday == 5)
        #expect(Day(iso: "2016-07-03")!.isoWeekday == 7)
        #expect(Day(iso: "1969-12-29")!.isoWeekday == 1)
    }

    @Test(arguments: [
        ("2016-01-03", 2015, 53), ("2016-01-04", 2016, 1), ("2015-12-31", 2015, 53), ("2008-12-29", 2009, 1),
        ("2016-07-04", 2016, 27), ("2020-12-31", 2020, 53), ("2021-01-03", 2020, 53),
    ])
    func numbersISOWeeks(text: String, year: Int, week: Int) {
        let (y, w) = Day(iso: text)!.isoWeek
        #expect(y == year)
        #expect(w == week)
    }

    @Test func knowsWhichYearsHaveWeek53() {
        #expect(Day.isoWeeks(in: 2015) == 53)
        #expect(Day.isoWeeks(in: 2020) == 53)
        #expect(Day.isoWeeks(in: 2016) == 52)
        #expect(Day.startOfISOWeek(year: 2015, week: 53)?.iso == "2015-12-28")
        #expect(Day.startOfISOWeek(year: 2016, week: 53) == nil)
        #expect(Day.startOfISOWeek(year: 2016, week: 1)?.iso == "2016-01-04")
    }

    @Test func addsMonthsClampingToTheMonthsEnd() {
        #expect(Day(iso: "2016-03-31")!.adding(months: -1).iso == "2016-02-29")
        #expect(Day(iso: "2015-03-31")!.adding(months: -1).iso == "2015-02-28")
        #expect(Day(iso: "2016-01-15")!.adding(months: -1).iso == "2015-12-15")
        #expect(Day(iso: "2016-02-29")!.adding(months: 12).iso == "2017-02-28")
    }

    @Test func keepsTheCompactStoreForm() {
        #expect(Day(iso: "2016-07-01")!.yyyymmdd == 20160701)
        #expect(Day(yyyymmdd: 20160229)?.iso == "2016-02-29")
        #expect(Day(yyyymmdd: 20150229) == nil)
    }

    @Test func readsWeekdayNames() {
        #expect(Weekday.parse("Mon") == 1)
        #expect(Weekday.parse("sunday") == 7)
        #expect(Weekday.parse("su") == nil)
    }
}

@Suite struct DateRangeTests {
    @Test func coversCalendarPeriods() {
        #expect(DateRange.month(2016, 2) == DateRange(start: Day(iso: "2016-02-01")!, end: Day(iso: "2016-02-29")!))
        #expect(DateRange.quarter(2016, 4) == DateRange(start: Day(iso: "2016-10-01")!, end: Day(iso: "2016-12-31")!))
        #expect(DateRange.quarter(2016, 5) == nil)
        #expect(DateRange.isoWeek(2015, 53) == DateRange(start: Day(iso: "2015-12-28")!, end: Day(iso: "2016-01-03")!))
        #expect(DateRange.year(2016)?.end.iso == "2016-12-31")
    }

    @Test func startsWeeksOnMondayOrSunday() {
        let sunday = Day(iso: "2016-07-03")!
        #expect(DateRange.week(containing: sunday, weekStart: .monday).start.iso == "2016-06-27")
        #expect(DateRange.week(containing: sunday, weekStart: .sunday).start.iso == "2016-07-03")
        #expect(DateRange.week(containing: sunday, weekStart: .sunday).end.iso == "2016-07-09")
    }
}
