extension Ledger {
    public func recurringRule(id: Int64) -> RecurringRule? {
        recurringRules.first { $0.id == id }
    }

    public var nextRecurringID: Int64 { (recurringRules.map(\.id).max() ?? 0) + 1 }

    /// The days of `rule` posted or skipped, in order.
    public func occurrences(of rule: RecurringRule) -> [Occurrence] {
        occurrences.values.filter { $0.ruleID == rule.id }.sorted { $0.day < $1.day }
    }

    /// The days of `rule` through `today` that nothing has seen to yet:
    /// none while it is paused, nor any that fell while it was.
    public func unhandledDays(of rule: RecurringRule, through today: Day) -> [Day] {
        let last = rule.pausedOn.map { min($0, today) } ?? today
        return rule.days(through: last, weekStart: settings.weekStart).filter {
            occurrences[Occurrence.Key(ruleID: rule.id, day: $0)] == nil
        }
    }

    /// The days of rules that ask first, come and waiting to be accepted or skipped, by day.
    public func dueOccurrences(through today: Day) -> [(rule: RecurringRule, day: Day)] {
        recurringRules.filter(\.asks).flatMap { rule in unhandledDays(of: rule, through: today).map { (rule, $0) } }
            .sorted { ($0.day, $0.rule.id) < ($1.day, $1.rule.id) }
    }

    /// The change that posts every day come of every rule that posts by
    /// itself, each a bill dated its own day, or nil when none has come.
    /// Computed from the ledger as the file holds it, under the write lock,
    /// it posts each day once: a day posted is a row the next reading finds.
    public func posting(through today: Day, at time: Int64) -> RecurringPosting? {
        var posting = RecurringPosting(ledger: self)
        for rule in recurringRules where !rule.asks {
            let days = unhandledDays(of: rule, through: today)
            if !days.isEmpty { posting.post(rule, on: days, at: time) }
        }
        return posting.bills.isEmpty ? nil : posting
    }
}

/// Bills posted for recurring rules, with the rows that record each day as
/// posted and each rule as changed by it: one change.
public struct RecurringPosting: Sendable {
    public private(set) var rows: [RowChange] = []
    /// What was posted, in order, with the rule that posted each.
    public private(set) var bills: [(rule: RecurringRule, bill: Bill)] = []
    private var nextBillID: Int64
    /// Each rule as the rows so far leave it.
    private var rules: [Int64: RecurringRule] = [:]

    public init(ledger: Ledger) {
        nextBillID = ledger.nextBillID
    }

    /// Posts `rule` on each of `days` (amount as the rule says unless given),
    /// or only records them as skipped.
    public mutating func post(_ rule: RecurringRule, on days: [Day], amount: Int64? = nil, skipping: Bool = false, at time: Int64) {
        guard let latest = days.max() else { return }
        for day in days {
            var billID: Int64?
            if !skipping {
                let bill = rule.bill(id: nextBillID, on: day, amount: amount, at: time)
                nextBillID += 1
                billID = bill.id
                rows.append(RowChange(before: nil, after: .bill(bill)))
                bills.append((rule, bill))
            }
            rows.append(RowChange(before: nil, after: .occurrence(Occurrence(ruleID: rule.id, day: day, billID: billID))))
        }
        let before = rules[rule.id] ?? rule
        var handled = before
        handled.lastHandled = max(before.lastHandled ?? latest, latest)
        rules[rule.id] = handled
        rows.append(RowChange(before: .recurringRule(before), after: .recurringRule(handled)))
    }

    /// The change, for a posting of its own; a statement that posts as it
    /// changes more takes `rows` into its change.
    public func change(undoable: Bool) -> ChangeSet {
        ChangeSet(
            summary: Phrase.counted("posted %d recurring bill", "posted %d recurring bills", count: bills.count), rows: rows, undoable: undoable)
    }
}
