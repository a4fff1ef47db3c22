import Testing
@testable import TallyCore

/// Each schedule against the days of ten years told by membership alone: a
/// day is in when its distance from the first one, in days or months or
/// years, is a whole number of intervals and it is the day asked for.
@Suite struct ScheduleTests {
    static let starts = ["2020-01-01", "2020-01-04", "2020-01-05", "2020-02-29", "2021-01-31", "2023-06-16", "2027-11-30"]

    @Test(arguments: [
        Schedule.days(every: 1, weekdaysOnly: false), .days(every: 3, weekdaysOnly: false),
        .days(every: 1, weekdaysOnly: true), .days(every: 2, weekdaysOnly: true),
    ], starts)
    func byTheDayFallsOnEachNthDayFromTheFirst(schedule: Schedule, start: String) {
        expectSame(schedule, from: start)
    }

    @Test(arguments: [1, 2], starts)
    func byTheWeekFallsOnItsWeekdayEveryNWeeks(every: Int, start: String) {
        for weekday in 1...7 {
            expectSame(.weeks(every: every, on: weekday), from: start)
        }
    }

    @Test(arguments: WeekStart.allCases, starts)
    func aWeekWithoutADayFallsOnTheFirstDayOfTheWeek(weekStart: WeekStart, start: String) {
        expectSame(.weeks(every: 1, on: nil), from: start, weekStart: weekStart)
        expectSame(.weeks(every: 2, on: nil), from: start, weekStart: weekStart)
    }

    @Test(arguments: [1, 2, 3], starts)
    func byTheMonthFallsOnItsDayOrTheLastOfAShorterMonth(every: Int, start: String) {
        for monthDay in [MonthDay.day(1), .day(15), .day(28), .day(29), .day(30), .day(31), .last] {
            expectSame(.months(every: every, on: monthDay), from: start)
        }
    }

    @Test(arguments: [1, 2], starts)
    func byTheYearFallsOnItsDate(every: Int, start: String) {
        for (month, monthDay) in [(3, MonthDay.day(15)), (2, .day(29)), (12, .day(31)), (2, .last), (1, .day(1))] {
            expectSame(.years(every: every, month: month, on: monthDay), from: start)
        }
    }

    /// The independent days are themselves checked against what a calendar shows.
    @Test func theTenYearsCountedByHandAreTheCalendarsDays() {
        #expect(TenYears.days.count == 3653)
        #expect(TenYears.days.filter { $0.weekday <= 5 }.count == 2609)
        #expect(TenYears.days.filter { $0.weekday == 7 }.map(\.iso).prefix(2) == ["2020-01-05", "2020-01-12"])
        #expect(TenYears.days.last?.iso == "2029-12-31")
        #expect(TenYears.days.last?.weekday == 1)
    }

    @Test func weekdaysSkipSaturdayAndSunday() {
        #expect(first(6, .days(every: 1, weekdaysOnly: true), from: "2020-01-02") == [
            "2020-01-02", "2020-01-03", "2020-01-06", "2020-01-07", "2020-01-08", "2020-01-09",
        ])
    }

    /// From a Sunday, every second weekday begins on the Monday after it, as
    /// every other schedule begins on its first day on or after the start.
    @Test func everyOtherWeekdayFromAWeekendBeginsOnMonday() {
        #expect(first(6, .days(every: 2, weekdaysOnly: true), from: "2020-01-05") == [
            "2020-01-06", "2020-01-08", "2020-01-10", "2020-01-14", "2020-01-16", "2020-01-20",
        ])
    }

    @Test func aMonthlyDayClampedInAShortMonthComesBackTheNext() {
        #expect(first(5, .months(every: 1, on: .day(31)), from: "2021-01-31") == [
            "2021-01-31", "2021-02-28", "2021-03-31", "2021-04-30", "2021-05-31",
        ])
        #expect(first(3, .months(every: 1, on: .day(30)), from: "2020-01-30") == ["2020-01-30", "2020-02-29", "2020-03-30"])
        #expect(first(3, .months(every: 1, on: .last), from: "2021-02-01") == ["2021-02-28", "2021-03-31", "2021-04-30"])
    }

    @Test func aStartAfterTheDayOfItsMonthBeginsTheMonthAfter() {
        #expect(first(3, .months(every: 1, on: .day(15)), from: "2020-01-20") == ["2020-02-15", "2020-03-15", "2020-04-15"])
        #expect(first(3, .months(every: 2, on: .day(15)), from: "2020-01-20") == ["2020-02-15", "2020-04-15", "2020-06-15"])
        #expect(first(2, .months(every: 3, on: .day(10)), from: "2020-11-11") == ["2020-12-10", "2021-03-10"])
        #expect(first(2, .years(every: 1, month: 3, on: .day(15)), from: "2020-03-16") == ["2021-03-15", "2022-03-15"])
    }

    @Test func aStartOnTheDayItselfIsItsFirstDay() {
        #expect(first(2, .days(every: 3, weekdaysOnly: false), from: "2020-01-01") == ["2020-01-01", "2020-01-04"])
        #expect(first(2, .days(every: 1, weekdaysOnly: true), from: "2020-01-03") == ["2020-01-03", "2020-01-06"])
        #expect(first(2, .weeks(every: 2, on: 3), from: "2020-01-01") == ["2020-01-01", "2020-01-15"])
        #expect(first(2, .months(every: 1, on: .day(15)), from: "2020-01-15") == ["2020-01-15", "2020-02-15"])
        #expect(first(2, .months(every: 1, on: .day(31)), from: "2021-02-28") == ["2021-02-28", "2021-03-31"])
        #expect(first(3, .months(every: 3, on: .day(31)), from: "2020-11-30") == ["2020-11-30", "2021-02-28", "2021-05-31"])
        #expect(first(2, .years(every: 1, month: 3, on: .day(15)), from: "2020-03-15") == ["2020-03-15", "2021-03-15"])
    }

    @Test func theTwentyNinthOfFebruaryIsTheTwentyEighthInACommonYear() {
        #expect(first(5, .years(every: 1, month: 2, on: .day(29)), from: "2020-01-01") == [
            "2020-02-29", "2021-02-28", "2022-02-28", "2023-02-28", "2024-02-29",
        ])
        #expect(first(3, .years(every: 2, month: 2, on: .day(29)), from: "2021-03-01") == ["2022-02-28", "2024-02-29", "2026-02-28"])
        #expect(first(2, .years(every: 1, month: 12, on: .day(31)), from: "2020-12-31") == ["2020-12-31", "2021-12-31"])
    }

    @Test func aWeekWithoutADayFollowsTheWeekStart() {
        #expect(first(2, .weeks(every: 1, on: nil), from: "2020-01-01", weekStart: .monday) == ["2020-01-06", "2020-01-13"])
        #expect(first(2, .weeks(every: 1, on: nil), from: "2020-01-01", weekStart: .sunday) == ["2020-01-05", "2020-01-12"])
    }

    /// The calendar ends on 9999-12-31, a Friday: an interval that would
    /// pass it ends the days there, not on that last day.
    @Test func theDaysStopAtTheCalendarsEndWithoutFallingOnIt() {
        #expect(days(.days(every: 4, weekdaysOnly: false), from: "9999-12-25") == ["9999-12-25", "9999-12-29"])
        #expect(days(.weeks(every: 1, on: 1), from: "9999-12-01") == ["9999-12-06", "9999-12-13", "9999-12-20", "9999-12-27"])
        #expect(days(.weeks(every: 1, on: 1), from: "9999-12-28") == [])
        #expect(days(.days(every: 1, weekdaysOnly: true), from: "9999-12-30") == ["9999-12-30", "9999-12-31"])
        #expect(days(.months(every: 1, on: .day(31)), from: "9999-11-01") == ["9999-11-30", "9999-12-31"])
        #expect(days(.years(every: 1, month: 6, on: .day(1)), from: "9998-01-01") == ["9998-06-01", "9999-06-01"])
    }

    @Test(arguments: [
        Schedule.days(every: 3, weekdaysOnly: false), .days(every: 1, weekdaysOnly: true), .weeks(every: 2, on: 5),
        .months(every: 1, on: .day(31)), .months(every: 3, on: .last), .years(every: 1, month: 2, on: .day(29)),
    ])
    func aRuleEndsOnItsLastDayInclusiveOrAfterItsTimes(schedule: Schedule) {
        let start = day("2020-03-10")
        let all = expected(schedule, from: start)
        let rule = { (end: RecurrenceEnd) in
            RecurringRule(id: 1, bookID: 1, categoryID: 1, amount: 100, schedule: schedule, start: start, end: end)
                .days(through: TenYears.lastDay, weekStart: .monday)
        }
        #expect(rule(.never) == all)
        let middle = all[all.count / 2]
        #expect(rule(.until(middle)) == Array(all.prefix(all.count / 2 + 1)), "the last day is one of its days")
        #expect(rule(.until(middle.adding(days: -1))) == Array(all.prefix(all.count / 2)))
        #expect(rule(.times(12)) == Array(all.prefix(12)))
        #expect(rule(.times(1)) == [all[0]])
        #expect(rule(.until(day("2028-07-01"))) == all.filter { $0 <= day("2028-07-01") })
        #expect(rule(.until(start.adding(days: -1))) == [])
        let earlier = RecurringRule(id: 1, bookID: 1, categoryID: 1, amount: 100, schedule: schedule, start: start, end: .times(12))
        #expect(earlier.days(through: all[4], weekStart: .monday) == Array(all.prefix(5)), "through a day, a day on it included")
    }

    // MARK: - Helpers

    func day(_ iso: String) -> Day {
        Day(iso: iso)!
    }

    func days(_ schedule: Schedule, from start: String, weekStart: WeekStart = .monday) -> [String] {
        schedule.days(from: day(start), weekStart: weekStart).map(\.iso)
    }

    func first(_ count: Int, _ schedule: Schedule, from start: String, weekStart: WeekStart = .monday) -> [String] {
        schedule.days(from: day(start), weekStart: weekStart).prefix(count).map(\.iso)
    }

    func expectSame(_ schedule: Schedule, from start: String, weekStart: WeekStart = .monday,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let wanted = expected(schedule, from: day(start), weekStart: weekStart)
        let found = Array(schedule.days(from: day(start), weekStart: weekStart).prefix { $0 <= TenYears.lastDay })
        let rule = RecurringRule(id: 1, bookID: 1, categoryID: 1, amount: 100, schedule: schedule, start: day(start))
        #expect(!wanted.isEmpty, "the ten years hold days of it", sourceLocation: sourceLocation)
        #expect(firstDifference(found, wanted) == nil, "\(schedule) from \(start)", sourceLocation: sourceLocation)
        #expect(firstDifference(rule.days(through: TenYears.lastDay, weekStart: weekStart), wanted) == nil,
                "\(schedule) from \(start)", sourceLocation: sourceLocation)
    }

    /// Where two lists of days part, or nil when they are the same.
    func firstDifference(_ found: [Day], _ wanted: [Day]) -> String? {
        guard let index = (0..<max(found.count, wanted.count)).first(where: { found.indices.contains($0) != wanted.indices.contains($0) || found[$0] != wanted[$0] })
        else { return nil }
        let got = index < found.count ? found[index].iso : "nothing"
        let want = index < wanted.count ? wanted[index].iso : "nothing"
        return "day \(index + 1) is \(got), not \(want)"
    }

    /// The days of the ten years, on or after `start`, that `schedule` falls on, decided day by day.
    func expected(_ schedule: Schedule, from start: Day, weekStart: WeekStart = .monday) -> [Day] {
        let candidates = TenYears.days.filter { $0.day >= start }
        let falls: (CountedDay) -> Bool
        // How far one day is from another, in the unit that a whole number of intervals must measure.
        let apart: (CountedDay, CountedDay) -> Int
        let interval: Int
        switch schedule {
        case .days(let every, let weekdaysOnly):
            falls = { !weekdaysOnly || $0.weekday <= 5 }
            apart = { $0.number - $1.number }
            interval = every
        case .weeks(let every, let weekday):
            let target = weekday ?? (weekStart == .monday ? 1 : 7)
            falls = { $0.weekday == target }
            apart = { $0.number - $1.number }
            interval = 7 * every
        case .months(let every, let monthDay):
            falls = { $0.dayOfMonth == Self.dayAsked(monthDay, in: $0) }
            apart = { ($0.year * 12 + $0.month) - ($1.year * 12 + $1.month) }
            interval = every
        case .years(let every, let month, let monthDay):
            falls = { $0.month == month && $0.dayOfMonth == Self.dayAsked(monthDay, in: $0) }
            apart = { $0.year - $1.year }
            interval = every
        }
        guard let first = candidates.first(where: falls) else { return [] }
        return candidates.filter { falls($0) && apart($0, first) % interval == 0 }.map(\.day)
    }

    static func dayAsked(_ monthDay: MonthDay, in day: CountedDay) -> Int {
        switch monthDay {
        case .day(let asked): return min(asked, day.monthLength)
        case .last: return day.monthLength
        }
    }
}

/// A day told by counting from 2020-01-01, a Wednesday, with the month
/// lengths written out: nothing of `Day`'s arithmetic but making the day.
struct CountedDay {
    let year: Int
    let month: Int
    let dayOfMonth: Int
    let monthLength: Int
    /// ISO: Monday 1 … Sunday 7.
    let weekday: Int
    /// Days since 2020-01-01.
    let number: Int
    let day: Day

    var iso: String { day.iso }
}

enum TenYears {
    static let lastDay = Day(year: 2029, month: 12, day: 31)!

    static let days: [CountedDay] = {
        var days: [CountedDay] = []
        var weekday = 3
        for year in 2020...2029 {
            // Every fourth year is leap within these ten; 2100 is far.
            let lengths = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            for month in 1...12 {
                for dayOfMonth in 1...lengths[month - 1] {
                    days.append(CountedDay(
                        year: year, month: month, dayOfMonth: dayOfMonth, monthLength: lengths[month - 1], weekday: weekday,
                        number: days.count, day: Day(year: year, month: month, day: dayOfMonth)!))
                    weekday = weekday % 7 + 1
                }
            }
        }
        return days
    }()
}
