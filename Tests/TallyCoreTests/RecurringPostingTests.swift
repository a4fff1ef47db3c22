import Testing
@testable import TallyCore

/// Which days of a rule are still to post, and the one change that posts them.
@Suite struct RecurringPostingTests {
    let book = Book(id: 1, name: "daily", currency: .cny, position: 1)
    let categories = DefaultCategories.make(chinese: false)

    func day(_ iso: String) -> Day {
        Day(iso: iso)!
    }

    func ledger(_ rules: [RecurringRule], occurrences: [Occurrence] = [], weekStart: WeekStart = .monday,
                bills: [Bill] = [], lastBillID: Int64 = 0) -> Ledger {
        Ledger(books: [book], categories: categories, bills: bills, settings: Settings(currentBookID: 1, weekStart: weekStart),
               lastBillID: lastBillID, recurringRules: rules, occurrences: occurrences)
    }

    func rent(id: Int64 = 1, from start: String = "2026-01-01", asks: Bool = false, pausedOn: String? = nil) -> RecurringRule {
        RecurringRule(id: id, bookID: 1, categoryID: 2, amount: 350_000, remark: "rent", place: "flat 3", tags: ["home", "月租"],
                      schedule: .months(every: 1, on: .day(1)), start: day(start), asks: asks,
                      pausedOn: pausedOn.map(day), created: 100)
    }

    @Test func theDaysHandledAlreadyAreNotUnhandled() {
        let rule = rent()
        let handled = [
            Occurrence(ruleID: 1, day: day("2026-02-01"), billID: 4),
            Occurrence(ruleID: 1, day: day("2026-03-01"), billID: nil),
            Occurrence(ruleID: 2, day: day("2026-04-01"), billID: 5),
        ]
        #expect(ledger([rule], occurrences: handled).unhandledDays(of: rule, through: day("2026-05-10")).map(\.iso) == [
            "2026-01-01", "2026-04-01", "2026-05-01",
        ])
        #expect(ledger([rule]).unhandledDays(of: rule, through: day("2026-04-30")).count == 4)
        #expect(ledger([rule]).unhandledDays(of: rule, through: day("2025-12-31")).isEmpty)
    }

    @Test func aPausedRuleHasNoDaysAfterItsPause() {
        let paused = rent(pausedOn: "2026-03-15")
        #expect(ledger([paused]).unhandledDays(of: paused, through: day("2026-09-30")).map(\.iso) == [
            "2026-01-01", "2026-02-01", "2026-03-01",
        ])
        let pausedOnItsDay = rent(pausedOn: "2026-03-01")
        #expect(ledger([pausedOnItsDay]).unhandledDays(of: pausedOnItsDay, through: day("2026-09-30")).last?.iso == "2026-03-01")
        #expect(ledger([paused]).unhandledDays(of: paused, through: day("2026-02-10")).count == 2, "today before the pause still ends them")
        #expect(ledger([paused]).posting(through: day("2026-09-30"), at: 0)?.bills.count == 3)
    }

    @Test func aWeekWithoutADayFollowsTheLedgersWeekStart() {
        let weekly = RecurringRule(id: 1, bookID: 1, categoryID: 2, amount: 100, schedule: .weeks(every: 1, on: nil), start: day("2026-01-01"))
        #expect(ledger([weekly], weekStart: .monday).unhandledDays(of: weekly, through: day("2026-01-14")).map(\.iso) == ["2026-01-05", "2026-01-12"])
        #expect(ledger([weekly], weekStart: .sunday).unhandledDays(of: weekly, through: day("2026-01-14")).map(\.iso) == ["2026-01-04", "2026-01-11"])
    }

    /// A year overdue: twelve bills, each dated its own day, numbered on from the highest id ever given.
    @Test func aRuleAYearOverduePostsEachMonthOnce() throws {
        let rule = rent(from: "2025-01-01")
        let older = Bill(id: 7, bookID: 1, categoryID: 1, amount: 500, day: day("2025-06-03"))
        var books = ledger([rule], bills: [older], lastBillID: 9)

        let posting = try #require(books.posting(through: day("2025-12-31"), at: 1_767_000_000))

        let months = (1...12).map { Day(year: 2025, month: $0, day: 1)! }
        #expect(posting.bills.map(\.bill) == months.enumerated().map { index, day in
            Bill(id: 10 + Int64(index), bookID: 1, categoryID: 2, amount: 350_000, day: day, remark: "rent", place: "flat 3",
                 tags: ["home", "月租"], created: 1_767_000_000, updated: 1_767_000_000)
        })
        #expect(posting.bills.allSatisfy { $0.rule == rule })
        let occurrences = posting.rows.compactMap { row -> Occurrence? in
            guard row.before == nil, case .occurrence(let occurrence) = row.after else { return nil }
            return occurrence
        }
        #expect(occurrences == months.enumerated().map { Occurrence(ruleID: 1, day: $1, billID: 10 + Int64($0)) })
        let handled = rule.handled(through: "2025-12-01")
        #expect(posting.rows.filter { if case .recurringRule = $0.after { true } else { false } }
            == [RowChange(before: .recurringRule(rule), after: .recurringRule(handled))])
        #expect(posting.rows.count == 25)
        let change = posting.change(undoable: true)
        #expect(change.summary == "posted 12 recurring bills")
        #expect(change.undoable)

        books.apply(change)
        #expect(books.bills.map(\.id) == [10, 11, 12, 13, 14, 15, 7, 16, 17, 18, 19, 20, 21])
        #expect(books.occurrences(of: rule) == occurrences)
        #expect(books.recurringRule(id: 1) == handled)
        #expect(books.posting(through: day("2025-12-31"), at: 1_767_000_001) == nil, "nothing is posted twice")

        let next = try #require(books.posting(through: day("2026-01-01"), at: 1_767_100_000))
        #expect(next.bills.map(\.bill.id) == [22])
        #expect(next.bills.map(\.bill.day) == [day("2026-01-01")])
        #expect(next.change(undoable: true).summary == "posted 1 recurring bill")
        #expect(next.rows.last == RowChange(before: .recurringRule(handled), after: .recurringRule(rule.handled(through: "2026-01-01"))))
    }

    @Test func rulesPostedTogetherTakeConsecutiveIDs() throws {
        let weekly = RecurringRule(id: 2, bookID: 1, categoryID: 3, amount: 1_000, schedule: .weeks(every: 1, on: 3), start: day("2026-01-01"))
        let posting = try #require(ledger([rent(), weekly], lastBillID: 40).posting(through: day("2026-01-31"), at: 0))
        #expect(posting.bills.map(\.bill.id) == [41, 42, 43, 44, 45])
        #expect(posting.bills.map(\.rule.id) == [1, 2, 2, 2, 2])
        #expect(posting.bills.map(\.bill.day.iso) == ["2026-01-01", "2026-01-07", "2026-01-14", "2026-01-21", "2026-01-28"])
    }

    @Test func aRuleThatAsksPostsNothingAndWaitsAsDue() {
        let asking = rent(asks: true)
        let other = RecurringRule(id: 2, bookID: 1, categoryID: 3, amount: 1_000, schedule: .months(every: 1, on: .day(1)),
                                  start: day("2026-02-01"), asks: true)
        let books = ledger([other, asking], occurrences: [Occurrence(ruleID: 1, day: day("2026-02-01"), billID: nil)])

        #expect(books.posting(through: day("2026-03-10"), at: 0) == nil)
        #expect(books.dueOccurrences(through: day("2026-03-10")).map { "\($0.rule.id) \($0.day.iso)" } == [
            "1 2026-01-01", "2 2026-02-01", "1 2026-03-01", "2 2026-03-01",
        ])
        #expect(ledger([rent()]).dueOccurrences(through: day("2026-03-10")).isEmpty, "a rule that posts by itself is never due")
    }
}

extension RecurringRule {
    func handled(through iso: String) -> RecurringRule {
        var handled = self
        handled.lastHandled = Day(iso: iso)
        return handled
    }
}
