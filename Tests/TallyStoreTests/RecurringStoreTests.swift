import Testing
import TallyCore
import TallyStore

@Suite("Recurring bills and their days in the file")
struct RecurringStoreTests {
    /// One rule of each schedule and each end, the optional fields set on some and not on others.
    static let rules = [
        RecurringRule(id: 1, bookID: 1, categoryID: 1, amount: 1_500, schedule: .days(every: 1, weekdaysOnly: false),
                      start: day("2026-01-01")),
        RecurringRule(id: 2, bookID: 1, categoryID: 2, amount: 99, remark: "every third day\nof two lines", place: "",
                      tags: ["a"], schedule: .days(every: 3, weekdaysOnly: false), start: day("2026-01-02"),
                      end: .until(day("2027-06-30")), created: 1_767_000_000),
        RecurringRule(id: 3, bookID: 1, categoryID: 1, amount: 2_550, remark: "lunch 午饭 🍜", place: "食堂 B1",
                      tags: ["work", "团建"], schedule: .days(every: 1, weekdaysOnly: true), start: day("2026-01-05"),
                      end: .times(12)),
        RecurringRule(id: 4, bookID: 1, categoryID: 1, amount: 800, schedule: .days(every: 2, weekdaysOnly: true),
                      start: day("2026-01-05"), asks: true),
        RecurringRule(id: 5, bookID: 1, categoryID: 3, amount: 4_000, schedule: .weeks(every: 1, on: 3), start: day("2026-01-07"),
                      end: .times(1)),
        RecurringRule(id: 6, bookID: 1, categoryID: 3, amount: 4_000, place: "gym", schedule: .weeks(every: 2, on: nil),
                      start: day("2026-01-01"), end: .until(day("2026-12-31")), asks: true),
        RecurringRule(id: 7, bookID: 1, categoryID: 4, amount: 350_000, remark: "rent", tags: ["home", "月租", "fixed"],
                      schedule: .months(every: 1, on: .day(31)), start: day("2026-01-31"), pausedOn: day("2026-05-02"),
                      lastHandled: day("2026-04-30"), created: 5),
        RecurringRule(id: 8, bookID: 1, categoryID: 4, amount: 12_000, schedule: .months(every: 3, on: .last), start: day("2026-03-01")),
        RecurringRule(id: 9, bookID: 1, categoryID: 5, amount: 9_900, schedule: .years(every: 1, month: 2, on: .day(29)),
                      start: day("2024-02-29"), end: .times(40), lastHandled: day("2025-02-28")),
        RecurringRule(id: 10, bookID: 1, categoryID: 5, amount: -500, remark: "a refund each other new year's eve",
                      schedule: .years(every: 2, month: 12, on: .last), start: day("2025-12-31"), end: .until(day("2035-12-31"))),
    ]

    static func adding(_ rules: [RecurringRule]) -> ChangeSet {
        ChangeSet(summary: "added recurring", rows: rules.map { insert(.recurringRule($0)) })
    }

    @Test func aRuleOfEachScheduleAndEndIsReadBackAsWritten() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            let change = Self.adding(Self.rules)
            try store.commit(change)
            ledger.apply(change)

            #expect(ledger.recurringRules == Self.rules)
            #expect(try LedgerStore(path: path, seed: .english).load().recurringRules == Self.rules)
            #expect(try LedgerStore(path: path, seed: .english).load() == ledger)
        }
    }

    /// A change names the whole row it changes, so every column, NULL or not, must match it.
    @Test func aRuleIsChangedAndDeletedByItsWholeRow() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            var ledger = try store.load()
            func commit(_ rows: [RowChange]) throws {
                let change = ChangeSet(summary: "changed", rows: rows)
                try store.commit(change)
                ledger.apply(change)
            }
            try commit(Self.adding(Self.rules).rows)

            var changed = Self.rules.map { rule in
                var changed = rule
                changed.schedule = .months(every: 2, on: .day(15))
                changed.end = .times(3)
                changed.place = rule.place == nil ? "somewhere" : nil
                changed.tags = rule.tags.isEmpty ? ["new"] : []
                changed.pausedOn = rule.pausedOn == nil ? day("2026-06-01") : nil
                changed.lastHandled = rule.lastHandled == nil ? day("2026-05-15") : nil
                changed.asks.toggle()
                return changed
            }
            try commit(zip(Self.rules, changed).map { update(.recurringRule($0), to: .recurringRule($1)) })
            #expect(try LedgerStore(path: path, seed: .english).load().recurringRules == changed)

            let stale = ChangeSet(summary: "stale", rows: [update(.recurringRule(Self.rules[0]), to: .recurringRule(changed[0]))])
            #expect(throws: StoreError.self, "a rule changed since is not changed over") { try store.commit(stale) }

            try commit([remove(.recurringRule(changed[2]))])
            changed.remove(at: 2)
            #expect(try LedgerStore(path: path, seed: .english).load().recurringRules == changed)
            #expect(try LedgerStore(path: path, seed: .english).load() == ledger)
        }
    }

    @Test func daysPostedAndSkippedAreReadBackWithTheirBill() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let rule = Self.rules[6]
            let posted = Occurrence(ruleID: rule.id, day: day("2026-01-31"), billID: 1)
            let skipped = Occurrence(ruleID: rule.id, day: day("2026-02-28"), billID: nil)
            let other = Occurrence(ruleID: Self.rules[0].id, day: day("2026-01-31"), billID: nil)
            try store.commit(Self.adding([Self.rules[0], rule]))
            try store.commit(ChangeSet(summary: "posted", rows: [
                insert(.bill(rule.bill(id: 1, on: posted.day, at: 7))), insert(.occurrence(posted)), insert(.occurrence(skipped)),
                insert(.occurrence(other)),
            ]))

            let reloaded = try LedgerStore(path: path, seed: .english).load()
            #expect(reloaded.occurrences(of: rule) == [posted, skipped])
            #expect(reloaded.occurrences(of: Self.rules[0]) == [other])
            #expect(reloaded.bill(id: 1)?.remark == "rent")

            try store.commit(ChangeSet(summary: "unskipped", rows: [remove(.occurrence(skipped))]))
            #expect(try LedgerStore(path: path, seed: .english).load().occurrences(of: rule) == [posted])
            #expect(throws: StoreError.self, "a day is deleted only as the file holds it") {
                try store.commit(ChangeSet(summary: "unposted", rows: [remove(.occurrence(Occurrence(ruleID: rule.id, day: posted.day, billID: nil)))]))
            }
        }
    }

    @Test func aDayHandledTwiceInOneChangeWritesNothingOfIt() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let rule = Self.rules[7]
            try store.commit(Self.adding([rule]))
            let before = try store.load()
            let due = day("2026-03-31")
            let twice = ChangeSet(summary: "posted", rows: [
                insert(.bill(rule.bill(id: 1, on: due, at: 0))), insert(.occurrence(Occurrence(ruleID: rule.id, day: due, billID: 1))),
                insert(.bill(rule.bill(id: 2, on: due, at: 0))), insert(.occurrence(Occurrence(ruleID: rule.id, day: due, billID: 2))),
            ])

            let error = #expect(throws: StoreError.self) { try store.commit(twice) }

            #expect(error?.code == 19)
            let after = try store.load()
            #expect(after == before)
            #expect(after.bills.isEmpty)
            #expect(after.occurrences.isEmpty)
            #expect(try store.undo() == Self.adding([rule]).inverted, "the failed change left nothing to undo")
        }
    }

    /// The key holds across changes too: a second session posting the same day is refused.
    @Test func aDayHandledAlreadyCannotBeHandledAgain() throws {
        try withTemporaryFolder { folder in
            let store = try LedgerStore(path: folder + "/ledger.db", seed: .english)
            let rule = Self.rules[7]
            try store.commit(Self.adding([rule]))
            let due = day("2026-03-31")
            try store.commit(ChangeSet(summary: "skipped", rows: [insert(.occurrence(Occurrence(ruleID: rule.id, day: due, billID: nil)))]))
            let before = try store.load()

            #expect(throws: StoreError.self) {
                try store.commit(ChangeSet(summary: "posted", rows: [
                    insert(.bill(rule.bill(id: 1, on: due, at: 0))), insert(.occurrence(Occurrence(ruleID: rule.id, day: due, billID: 1))),
                ]))
            }
            #expect(try store.load() == before)
        }
    }

    @Test func aPostingIsUndoneAndRedoneAsOneChange() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            let rule = Self.rules[7]
            let once = Self.rules[4]
            try store.commit(Self.adding([rule, once]))
            let before = try store.load()
            let posting = try #require(before.posting(through: day("2026-12-31"), at: 1_767_000_000))
            let change = posting.change(undoable: true)
            #expect(posting.bills.map { "\($0.rule.id) \($0.bill.day.iso)" } == [
                "5 2026-01-07", "8 2026-03-31", "8 2026-06-30", "8 2026-09-30", "8 2026-12-31",
            ])
            try store.commit(change)
            var posted = before
            posted.apply(change)
            #expect(try store.load() == posted)
            #expect(try store.load().posting(through: day("2026-12-31"), at: 1_767_000_001) == nil)

            let undone = try #require(try store.undo())
            #expect(undone == change.inverted)
            var reverted = posted
            reverted.apply(undone)
            #expect(try LedgerStore(path: path, seed: .english).load() == reverted)
            #expect(reverted.bills.isEmpty)
            #expect(reverted.occurrences.isEmpty)
            #expect(reverted.recurringRules == before.recurringRules)
            #expect(reverted.lastBillID == 5, "the ids given stay given")

            #expect(try store.redo() == change)
            let redone = try LedgerStore(path: path, seed: .english).load()
            #expect(redone == posted)
            #expect(redone.recurringRule(id: rule.id)?.lastHandled == day("2026-12-31"))
            #expect(redone.bills.count == 5)
        }
    }
}
