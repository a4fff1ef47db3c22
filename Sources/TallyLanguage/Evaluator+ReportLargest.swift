import TallyCore

extension Evaluator {
    /// The largest expenses, with bills alike but for their day (rent each
    /// month) as one. Bills alike have one amount, so they are listed largest
    /// first, more at a time, until the largest groups are whole: those of
    /// amounts above the smallest listed, or all once every bill is listed.
    func largestExpenses(_ period: Located<PeriodSpec>, where condition: Condition?) throws(Diagnostic) -> [LargestExpense] {
        var query = Query.view(.list, .expense, period: period, where: condition)
        var listed = PeriodReport.largestShown
        while true {
            query.top = listed
            let bills = try self.listed(query)
            let everyBill = bills.count < listed
            let smallest = bills.last?.amount ?? 0
            var order: [Alike] = []
            var groups: [Alike: [BillRow]] = [:]
            // A refund is money back, not one of the largest expenses.
            for bill in bills where bill.amount > 0 && (everyBill || bill.amount > smallest) {
                let alike = Alike(bill)
                if groups[alike] == nil { order.append(alike) }
                groups[alike, default: []].append(bill)
            }
            if everyBill || order.count >= PeriodReport.largestShown {
                return order.prefix(PeriodReport.largestShown).compactMap { alike in
                    let bills = groups[alike] ?? []
                    guard let latest = bills.max(by: { $0.day < $1.day }), let first = bills.map(\.day).min() else { return nil }
                    return LargestExpense(bill: latest, times: bills.count, first: first)
                }
            }
            listed *= 4
        }
    }
}

/// What makes bills the same expense again: everything but their day.
private struct Alike: Hashable {
    let book: String
    let category: String
    let remark: String
    let place: String?
    let tags: [String]
    let amount: Int64

    init(_ bill: BillRow) {
        (book, category, remark, place, tags, amount) = (bill.book, bill.category, bill.remark, bill.place, bill.tags, bill.amount)
    }
}
