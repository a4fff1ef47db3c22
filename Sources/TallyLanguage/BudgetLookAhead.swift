import TallyCore

/// A budget's month under way, looked at ahead: the spending of its
/// recurring bills is known to the day, the rest goes on at its pace.
struct BudgetLookAhead {
    private let month: DateRange
    private let today: Day
    /// Expenses recurring bills posted in the month so far, and will post after today, by category.
    private var posted: [Int64: Int128] = [:]
    private var scheduled: [Int64: Int128] = [:]

    init(evaluator: Evaluator, book: Book, month: DateRange) {
        self.month = month
        today = evaluator.today
        let ledger = evaluator.ledger
        let expense = Set(ledger.categories.filter { $0.kind == .expense }.map(\.id))
        for occurrence in ledger.occurrences.values where month.contains(occurrence.day) {
            guard let id = occurrence.billID, let bill = ledger.bill(id: id), bill.bookID == book.id,
                  expense.contains(bill.categoryID), month.contains(bill.day) else { continue }
            posted[bill.categoryID, default: 0] += Int128(bill.amount)
        }
        let after = DateRange(start: today.adding(days: 1), end: month.end)
        for (rule, _) in evaluator.upcoming(in: after) where rule.bookID == book.id && expense.contains(rule.categoryID) {
            scheduled[rule.categoryID, default: 0] += Int128(rule.amount)
        }
    }

    /// The outlook of a budget on `category` (every category when nil) that has `spent` so far.
    func outlook(spent: Int128, category: Int64?) -> BudgetOutlook {
        let posted = category.map { self.posted[$0] ?? 0 } ?? self.posted.values.reduce(0, +)
        let scheduled = category.map { self.scheduled[$0] ?? 0 } ?? self.scheduled.values.reduce(0, +)
        let elapsed = Int128(today.ordinal - month.start.ordinal + 1)
        let length = Int128(month.dayCount)
        // Money is exact: the pace is carried in minor units, rounded down.
        let atPace = (spent - posted) * length / elapsed
        return BudgetOutlook(scheduled: scheduled, projected: atPace + posted + scheduled, end: month.end)
    }
}
