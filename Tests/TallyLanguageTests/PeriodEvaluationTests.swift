import Testing
import TallyCore
@testable import TallyLanguage

struct PeriodCase: Sendable, CustomTestStringConvertible {
    let text: String
    let today: Day
    let expected: Int
    init(_ text: String, today: String = "2017-01-15", _ expected: Int) {
        self.text = text
        self.today = day(today)
        self.expected = expected
    }
    var testDescription: String { "\(text) (today \(today.iso))" }
}

@Suite("Evaluator: periods")
struct PeriodEvaluationTests {
    @Test(arguments: [
        PeriodCase("count in 2016", 18),
        PeriodCase("count in 2015", 2),
        PeriodCase("count in 2017", 1),
        PeriodCase("count in 2016-02", 2),
        PeriodCase("count in 2016-02-29", 1),
        PeriodCase("count on 2016-02-29", 1),
        PeriodCase("count in 2016-02-28", 1),
        PeriodCase("count in 2016-q1", 6),
        PeriodCase("count in 2016-q2", 3),
        PeriodCase("count in 2016-q3", 6),
        PeriodCase("count in 2016-q4", 3),
        PeriodCase("count in 2015-q4", 2),
        PeriodCase("count in 2017-q1", 1),
        PeriodCase("count in 2015-w53", 4),
        PeriodCase("count in 2016-w01", 1),
        PeriodCase("count in 2016-w26", 4),
        PeriodCase("count in 2016-w52", 2),
        PeriodCase("count in jul 2016", 4),
        PeriodCase("count in february 2016", 2),
        PeriodCase("count in july", 4),
        PeriodCase("count in july", today: "2016-08-01", 4),
        PeriodCase("count in feb", today: "2016-05-01", 2),
        PeriodCase("count today", today: "2016-04-01", 2),
        PeriodCase("count on today", today: "2016-04-01", 2),
        PeriodCase("count in today", today: "2016-04-01", 2),
        PeriodCase("count yesterday", today: "2016-04-02", 2),
        PeriodCase("count on yesterday", today: "2016-03-01", 1),
        PeriodCase("count this week", today: "2016-01-03", 4),
        PeriodCase("count this week", today: "2015-12-28", 4),
        PeriodCase("count this week", today: "2016-01-04", 1),
        PeriodCase("count last week", today: "2016-01-04", 4),
        PeriodCase("count last week", today: "2016-01-10", 4),
        PeriodCase("count this month", today: "2016-07-20", 4),
        PeriodCase("count last month", today: "2016-01-15", 2),
        PeriodCase("count last month", today: "2016-03-31", 2),
        PeriodCase("count this quarter", today: "2016-08-15", 6),
        PeriodCase("count last quarter", today: "2016-08-15", 3),
        PeriodCase("count last quarter", today: "2016-01-15", 2),
        PeriodCase("count last quarter", today: "2016-05-31", 6),
        PeriodCase("count this year", today: "2016-05-05", 18),
        PeriodCase("count last year", 18),
        PeriodCase("count last year", today: "2016-02-29", 2),
        PeriodCase("count last 30 days", today: "2016-07-30", 4),
        PeriodCase("count last 30 days", today: "2016-07-31", 3),
        PeriodCase("count last 1 day", today: "2016-04-01", 2),
        PeriodCase("count last 2 weeks", today: "2016-01-10", 5),
        PeriodCase("count last 2 months", today: "2016-03-31", 3),
        PeriodCase("count last 1 quarter", today: "2016-07-01", 2),
        PeriodCase("count last 1 year", today: "2016-12-31", 18),
        PeriodCase("count last 2 years", today: "2017-12-31", 19),
        PeriodCase("count last 2 years", 21),
        PeriodCase("count from 2016-07-01 to 2016-07-03", 3),
        PeriodCase("count from 2015-12-31 to 2016-01-01", 2),
        PeriodCase("count from 2016-04-01 to 2016-04-01", 2),
        PeriodCase("count from yesterday to today", today: "2016-07-03", 2),
        PeriodCase("count since 2016-12-31", 2),
        PeriodCase("count since yesterday", today: "2017-01-02", 1),
        PeriodCase("count until 2015-12-31", 2),
        PeriodCase("count until yesterday", today: "2016-01-02", 3),
        PeriodCase("count in last month", today: "2016-01-15", 2),
    ])
    func countIn(_ period: PeriodCase) throws {
        #expect(try count(period.text, today: period.today) == period.expected)
    }

    @Test(arguments: [
        PeriodCase("count this week", today: "2016-01-03", 2),
        PeriodCase("count this week", today: "2016-01-09", 2),
        PeriodCase("count this week", today: "2016-01-02", 3),
        PeriodCase("count last week", today: "2016-01-03", 3),
    ])
    func weeksStartingOnSunday(_ period: PeriodCase) throws {
        #expect(try count(period.text, in: Fixture.ledger(weekStart: .sunday), today: period.today) == period.expected)
    }

    @Test func periodTotalsAtTheEdges() throws {
        #expect(try measure("sum expense in 2015-w53") == cny(17_550))
        #expect(try measure("sum expense in 2016-q1") == cny(36_734))
        #expect(try measure("sum expense last month", today: day("2016-01-15")) == cny(14_550))
        #expect(try measure("sum income last quarter", today: day("2016-07-01")) == cny(100_000))
        #expect(try measure("sum net this year", today: day("2015-12-31")) == cny(-14_550))
    }

    @Test func aPeriodThatEndsBeforeItStartsIsAnError() throws {
        let diagnostic = try #require(try evaluationError("count from 2016-07-03 to 2016-07-01"))
        #expect(diagnostic.problem == .periodEndsBeforeItStarts)
        #expect(Span(diagnostic.range) == Span(1, 7, 36))
    }

    @Test(arguments: [
        ("2016-01-03", WeekStart.monday, "2015-12-28", "2016-01-03"),
        ("2016-01-03", .sunday, "2016-01-03", "2016-01-09"),
        ("2016-01-02", .sunday, "2015-12-27", "2016-01-02"),
        ("2016-01-04", .monday, "2016-01-04", "2016-01-10"),
    ])
    func thisWeekResolves(today: String, weekStart: WeekStart, start: String, end: String) {
        #expect(PeriodSpec.this(.week).resolve(today: day(today), weekStart: weekStart)
            == DateRange(start: day(start), end: day(end)))
    }

    @Test(arguments: [
        (PeriodSpec.last(.month), "2016-01-15", "2015-12-01", "2015-12-31"),
        (.last(.month), "2016-03-31", "2016-02-01", "2016-02-29"),
        (.last(.quarter), "2016-01-15", "2015-10-01", "2015-12-31"),
        (.last(.year), "2016-02-29", "2015-01-01", "2015-12-31"),
        (.last(.week), "2016-01-04", "2015-12-28", "2016-01-03"),
        (.lastCount(30, .day), "2016-07-31", "2016-07-02", "2016-07-31"),
        (.lastCount(2, .week), "2016-01-10", "2015-12-28", "2016-01-10"),
        (.lastCount(1, .month), "2016-03-31", "2016-03-01", "2016-03-31"),
        (.lastCount(1, .year), "2016-02-29", "2015-03-01", "2016-02-29"),
        (.monthWithoutYear(2), "2016-07-01", "2016-02-01", "2016-02-29"),
        (.this(.quarter), "2016-12-31", "2016-10-01", "2016-12-31"),
        (.this(.year), "2016-02-29", "2016-01-01", "2016-12-31"),
    ])
    func relativePeriodsResolve(period: PeriodSpec, today: String, start: String, end: String) {
        #expect(period.resolve(today: day(today), weekStart: .monday) == DateRange(start: day(start), end: day(end)))
    }
}
