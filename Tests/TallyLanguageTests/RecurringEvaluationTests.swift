import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Recurring bills: reading and evaluating them")
struct RecurringEvaluationTests {
    func spec(_ text: String) throws -> RecurringSpec {
        guard case .ledger(.recurring(.add(let spec))) = try statement(text) else { throw TestFailure("not a recurring bill: \(text)") }
        return spec
    }

    func applying(_ text: String, to ledger: Ledger, today: Day = defaultToday) throws -> Ledger {
        var next = ledger
        next.apply(try change(text, in: ledger, today: today).set)
        return next
    }

    @Test func theIssuesExamplesReadAsTheirSchedules() throws {
        let rent = try spec("every month on 1 -3000 housing rent from 2026-01 until 2027-06")
        #expect(rent.schedule.value == .months(every: 1, on: .day(1)))
        #expect(rent.bill.kind == .expense && rent.bill.category.value == "housing" && rent.bill.remark == "rent")
        #expect(rent.from?.value == .range(DateRange.month(2026, 1)!))
        guard case .until(let until)? = rent.end?.value else { throw TestFailure("no end") }
        #expect(until == .range(DateRange.month(2027, 6)!))
        guard case .times(12)? = try spec("every month on 1 -3000 housing rent from 2026-01 12 times").end?.value else {
            throw TestFailure("no count")
        }
        #expect(try spec("every 2 weeks on fri +4200 salary").schedule.value == .weeks(every: 2, on: 5))
        let domain = try spec("every year on 03-15 -899 study \"domain name\"")
        #expect(domain.schedule.value == .years(every: 1, month: 3, on: .day(15)) && domain.bill.remark == "domain name")
        let lunch = try spec("every day -15 food lunch on weekdays")
        #expect(lunch.schedule.value == .days(every: 1, weekdaysOnly: false) && lunch.weekdaysOnly != nil && lunch.bill.remark == "lunch")
        let phone = try spec("every month on last -59 topup phone plan")
        #expect(phone.schedule.value == .months(every: 1, on: .last) && phone.bill.remark == "phone plan")
        #expect(try spec("every fri 30 food pizza").schedule.value == .weeks(every: 1, on: 5))
        #expect(try spec("every weekday 15 food lunch").schedule.value == .days(every: 1, weekdaysOnly: true))
        #expect(try spec("every week 15 food").schedule.value == .weeks(every: 1, on: nil))
        #expect(try spec("every 3 months -120 household water ask").asks)
    }

    @Test func remarksKeepWordsThatStartNoClause() throws {
        #expect(try spec("every month -50 food from grandma").bill.remark == "from grandma")
        #expect(try spec("every month -50 food ask mom").bill.remark == "ask mom")
        #expect(try spec("every month -50 food lunch on the way at KFC #work").bill.remark == "lunch on the way")
    }

    @Test func mistakesPointAtWhatIsWrong() throws {
        #expect(parseError("every month on 1 -30 food on 2016-07-01")?.message.hasPrefix("a recurring bill falls on the days of its schedule") == true)
        #expect(parseError("every month on 32 -30 food")?.message.contains("a day of the month, 1 to 31, or last") == true)
        #expect(parseError("every year on 02-30 -30 food")?.message.contains("a day of the year") == true)
        #expect(parseError("every fortnight -30 food")?.message.contains("day, weekday, week, month, year") == true)
        #expect(parseError("every month -30 food 3 times 4 times")?.message.contains("may appear only once") == true)
        #expect(try evaluationError("every month -30 food from 2017-03 until 2017-01")?.message.hasPrefix("it would end on 2017-01-31") == true)
        #expect(try evaluationError("every month -30 food on weekdays")?.message.hasPrefix("'on weekdays' goes with a schedule by the day") == true)
        #expect(try evaluationError("recurring #9")?.message == "there is no recurring bill #9; 'recurring' lists them")
        #expect(try evaluationError("accept")?.message == "nothing is due; 'upcoming' shows what comes next")
    }

    @Test func theDaysThatHaveComePostAtOnceInTheSameChange() throws {
        let made = try change("every month on 31 -3000 housing rent from 2016-10", in: Fixture.ledger(), today: day("2017-01-15"))
        #expect(reportText(made.report) == "added recurring #1: every month on 31 from 2016-10-01; posted 3 bills, 2016-10-31 to 2016-12-31; next 2017-01-31")
        var ledger = Fixture.ledger()
        ledger.apply(made.set)
        let posted = ledger.occurrences.values.sorted { $0.day < $1.day }
        #expect(posted.map(\.day.iso) == ["2016-10-31", "2016-11-30", "2016-12-31"])
        #expect(posted.compactMap { $0.billID.flatMap(ledger.bill(id:))?.amount } == [300_000, 300_000, 300_000])
        #expect(ledger.recurringRule(id: 1)?.lastHandled == day("2016-12-31"))
        #expect(ledger.posting(through: day("2017-01-15"), at: fixedNow) == nil)
        let next = try #require(ledger.posting(through: day("2017-02-01"), at: fixedNow))
        #expect(next.bills.map(\.bill.day.iso) == ["2017-01-31"])
    }

    @Test func aRuleThatAsksWaitsInDueUntilAcceptedAtTheRealAmountOrSkipped() throws {
        var ledger = try applying("every month on 5 -120 household water ask from 2016-11", to: Fixture.ledger())
        #expect(ledger.occurrences.isEmpty && ledger.posting(through: defaultToday, at: fixedNow) == nil)
        guard case .records(let due) = try result("due", in: ledger) else { throw TestFailure("no table") }
        #expect(due.rows.map { $0[0].text } == ["2016-11-05", "2016-12-05", "2017-01-05"])
        let accepted = try change("accept #1 on 2016-12-05 125.40", in: ledger)
        ledger.apply(accepted.set)
        let bill = try #require(ledger.occurrences[Occurrence.Key(ruleID: 1, day: day("2016-12-05"))]?.billID.flatMap(ledger.bill(id:)))
        #expect(bill.amount == 12_540 && bill.day == day("2016-12-05"))
        ledger = try applying("skip #1", to: ledger)
        #expect(ledger.dueOccurrences(through: defaultToday).isEmpty)
        #expect(ledger.occurrences.values.filter { $0.billID == nil }.map(\.day.iso).sorted() == ["2016-11-05", "2017-01-05"])
    }

    @Test func pausingStopsItAndResumingSkipsTheDaysBetween() throws {
        var ledger = try applying("every month on 1 -3000 housing rent from 2016-12", to: Fixture.ledger(), today: day("2016-12-10"))
        ledger = try applying("pause recurring #1", to: ledger, today: day("2016-12-10"))
        #expect(ledger.posting(through: day("2017-02-15"), at: fixedNow) == nil)
        #expect(try evaluationError("pause recurring #1", in: ledger)?.message.hasPrefix("recurring #1 is paused already") == true)
        let resumed = try change("resume recurring #1", in: ledger, today: day("2017-02-15"))
        #expect(reportText(resumed.report) == "resumed recurring #1, skipping 2 days that fell while it was paused")
        ledger.apply(resumed.set)
        #expect(ledger.posting(through: day("2017-02-15"), at: fixedNow) == nil)
        #expect(ledger.posting(through: day("2017-03-01"), at: fixedNow)?.bills.map(\.bill.day.iso) == ["2017-03-01"])
    }

    @Test func editingChangesTheBillsToComeAndDeletingKeepsThosePosted() throws {
        var ledger = try applying("every month on 1 -3000 housing rent from 2016-12", to: Fixture.ledger())
        ledger = try applying("edit recurring #1 amount=3200 remark=\"new rent\"", to: ledger)
        #expect(ledger.recurringRule(id: 1)?.amount == 320_000 && ledger.recurringRule(id: 1)?.remark == "new rent")
        #expect(ledger.occurrences.values.compactMap { $0.billID.flatMap(ledger.bill(id:))?.amount } == [300_000, 300_000])
        #expect(try evaluationError("edit recurring #1 date=2017-01-01", in: ledger) != nil)
        let deleted = try change("delete recurring #1", in: ledger)
        #expect(reportText(deleted.report) == "deleted recurring #1; the 2 bills it posted stay")
        let bills = ledger.bills.count
        ledger.apply(deleted.set)
        #expect(ledger.recurringRules.isEmpty && ledger.occurrences.isEmpty && ledger.bills.count == bills)
    }

    @Test func upcomingAndAForecastCountWhatIsToComeAndNothingElse() throws {
        let ledger = try applying("every 2 weeks on fri +4200 salary from 2017-01-01", to: Fixture.ledger())
        guard case .records(let coming) = try result("upcoming", in: ledger) else { throw TestFailure("no table") }
        #expect(coming.rows.map { $0[0].text } == ["2017-01-20", "2017-02-03"])
        #expect(coming.totals.map { $0[0].text } == ["income", "expense", "balance"])
        #expect(coming.totals[2][2] == .money(840_000, .cny))
        #expect(try measure("sum income in 2017-02", in: ledger) == cny(0))
        #expect(try measure("sum income in 2017-02 with forecast", in: ledger) == cny(840_000))
        #expect(try measure("sum income next month with forecast", in: ledger) == cny(840_000))
        #expect(try count("count income in 2017-01 with forecast", in: ledger) == (try count("count income in 2017-01", in: ledger)) + 1)
    }

    @Test func nextPeriodsStartTomorrowOrNextMonth() throws {
        let today = day("2017-01-15")
        #expect(try query("count next 30 days").period?.value.resolve(today: today, weekStart: .monday)
            == DateRange(start: day("2017-01-16"), end: day("2017-02-14")))
        #expect(try query("count next month").period?.value.resolve(today: today, weekStart: .monday) == DateRange.month(2017, 2))
        #expect(try query("count next year").period?.value.resolve(today: today, weekStart: .monday) == DateRange.year(2018))
    }

    @Test func schedulesAreWrittenAsEveryWritesThem() {
        #expect(Schedule.days(every: 1, weekdaysOnly: true).written(weekStart: .monday) == "every weekday")
        #expect(Schedule.weeks(every: 2, on: 5).written(weekStart: .monday) == "every 2 weeks on fri")
        #expect(Schedule.weeks(every: 1, on: nil).written(weekStart: .sunday) == "every week on sun")
        #expect(Schedule.months(every: 1, on: .last).written(weekStart: .monday) == "every month on last")
        #expect(Schedule.years(every: 1, month: 3, on: .day(15)).written(weekStart: .monday) == "every year on 03-15")
    }

    @Test func aTimelinePastTodayShowsTheExpectedBillsMarkedAndInNoTotal() throws {
        let ledger = try applying("every month on 1 -3000 housing rent from 2016-12", to: Fixture.ledger())
        guard case .timeline(let timeline) = try result("timeline next month", in: ledger) else { throw TestFailure("no timeline") }
        #expect(timeline.days.flatMap(\.bills).map { "\($0.day.iso) \($0.isForecast)" } == ["2017-02-01 true"])
        #expect(timeline.billCount == 0 && timeline.expectedCount == 1 && timeline.summary.expense == 0)
        guard case .timeline(let now) = try result("timeline", in: ledger) else { throw TestFailure("no timeline") }
        #expect(now.expectedCount == 0, "nothing falls after today in January")
    }

    @Test func monthsShowWhatEachMonthExpectsBesideItsOwnNumbers() throws {
        let ledger = try applying("every month on 1 -3000 housing rent from 2016-12", to: Fixture.ledger())
        guard case .months(let months) = try result("months 2017", in: ledger) else { throw TestFailure("no months") }
        #expect(months.months.map(\.month) == Array(1...12))
        #expect(months.months[0].expected == nil)
        #expect(months.months[1...].allSatisfy { $0.expected?.expense == 300_000 && $0.count == 0 })
        #expect(try measure("sum expense in 2017", in: ledger) == cny(months.total.expense))
    }

    @Test func aForecastListsTheExpectedBillsMarked() throws {
        let ledger = try applying("every 2 weeks on fri +4200 salary from 2017-01-01", to: Fixture.ledger())
        guard case .bills(let list) = try result("list income in 2017-01 with forecast", in: ledger) else { throw TestFailure("no list") }
        #expect(list.rows.filter(\.isForecast).map(\.day.iso) == ["2017-01-20"])
        #expect(list.rows.filter { !$0.isForecast }.contains { $0.day.iso == "2017-01-06" && $0.category == "salary" })
    }

    @Test func aBudgetOfTheMonthUnderWayCountsRecurringBillsAsTheyFallAndTheRestAtItsPace() throws {
        var ledger = try applying("budget food 500", to: Fixture.ledger())
        ledger = try applying("every month on 5 -200 food canteen card from 2017-01", to: ledger)
        ledger = try applying("every month on 20 -100 food lunch from 2017-01", to: ledger)
        guard case .budgets(let report) = try result("budget", in: ledger) else { throw TestFailure("no report") }
        let food = try #require(report.lines.first { $0.category == "food" })
        let spent = try #require({ if case .money(let amount, _) = try measure("sum expense where category=food in 2017-01", in: ledger) { amount } else { nil } }())
        #expect(food.spent == spent)
        let outlook = try #require(food.outlook)
        #expect(outlook.scheduled == 10_000)
        // The canteen card of the 5th counts once, as it fell; the rest goes on at 31 days for 15.
        #expect(outlook.projected == (spent - 20_000) * 31 / 15 + 20_000 + 10_000)
        #expect(outlook.end == day("2017-01-31"))
        guard case .budgets(let december) = try result("budget 2016-12", in: ledger) else { throw TestFailure("no report") }
        #expect(december.lines.allSatisfy { $0.outlook == nil })
    }
}
