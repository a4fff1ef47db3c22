import TallyCore
import TallyLanguage

/// Two years of someone's bills up to `today`, for `tally --demo`: rent,
/// salary and a phone plan as recurring bills posted each month, meals and
/// rides most days, paid from cash, a bank card, a credit card and Alipay,
/// a trip in a book of its own, budgets, and photos of two receipts. The same day gives the same ledger.
struct DemoLedger {
    let today: Day
    let now: Int64

    /// A bill to be: its book, category by name, amount in fen, day, remark.
    private struct Entry {
        let book: Int64
        let category: String
        let amount: Int64
        let day: Day
        let remark: String
        var place: String? = nil
        var tags: [String] = []
        /// The recurring bill that posts it.
        var rule: Int64? = nil
    }

    /// The bills that come each month, as recurring bills: category, amount, day of the month, remark.
    private static let monthly: [(category: String, amount: Int64, day: Int, remark: String)] = [
        ("housing", 350_000, 1, "rent"), ("salary", 1_280_000, 10, "monthly pay"), ("topup", 5_900, 15, "phone plan"),
    ]

    /// The change that fills `ledger`, and the photos' bytes it names.
    func change(for ledger: Ledger) -> (ChangeSet, photos: [(bytes: [UInt8], sha256: String)]) {
        let daily = ledger.currentBook
        let travel = Book(id: ledger.nextBookID, name: "travel", currency: daily.currency, icon: "✈️",
                          position: (ledger.books.map(\.position).max() ?? 0) + 1, account: ledger.bookAccount("travel"))
        var rows = [RowChange(before: nil, after: .book(travel))]
        let accounts = DemoAccounts(book: daily, in: ledger, from: firstDay)
        rows += (accounts?.added ?? []).map { RowChange(before: nil, after: .account($0)) }
        let travelCash = Account(
            id: ledger.nextAccountID + Int64(accounts?.added.count ?? 0), bookID: travel.id, name: Account.firstName, opening: 500_000, position: 0)
        rows.append(RowChange(before: nil, after: .account(travelCash)))
        // Each rule with the category as the demo names it, in English, which
        // the ledger's own name is not under a Chinese locale.
        let rules = DemoLedger.monthly.enumerated().compactMap { index, bill -> (category: String, rule: RecurringRule)? in
            guard let category = ledger.category(named: bill.category) else { return nil }
            return (bill.category, RecurringRule(
                id: ledger.nextRecurringID + Int64(index), bookID: daily.id, categoryID: category.id, amount: bill.amount,
                remark: bill.remark, schedule: .months(every: 1, on: .day(bill.day)), start: firstDay, lastHandled: today, created: now,
                accountID: accounts?.accountID(category: bill.category, remark: bill.remark) ?? 0))
        }
        rows += rules.map { RowChange(before: nil, after: .recurringRule($0.rule)) }
        // A dollar's rate (a euro's, in a book of dollars), so that a view or query in another currency answers at once.
        let (base, rate) = daily.currency.code == "USD" ? ("EUR", ExactRate(units: 108, scale: 2)) : ("USD", ExactRate(units: 712, scale: 2))
        rows.append(RowChange(before: nil, after: .rate(ExchangeRate(
            id: ledger.nextRateID, base: base, quote: daily.currency.code, day: firstDay, rate: rate))))
        let posted = rules.flatMap { category, rule in
            rule.days(through: today, weekStart: ledger.settings.weekStart).map { day in
                Entry(book: daily.id, category: category, amount: rule.amount, day: day, remark: rule.remark, rule: rule.id)
            }
        }
        var entries = everyDay(book: daily.id) + trip(book: travel.id) + posted
        entries.sort { $0.day != $1.day ? $0.day < $1.day : $0.category < $1.category }
        var bills: [Bill] = []
        var occurrences: [Occurrence] = []
        for entry in entries {
            guard let category = ledger.category(named: entry.category) else { continue }
            let bill = Bill(
                id: ledger.nextBillID + Int64(bills.count), bookID: entry.book, categoryID: category.id, amount: entry.amount,
                day: entry.day, remark: entry.remark, place: entry.place, tags: entry.tags, created: now, updated: now,
                accountID: entry.book == daily.id ? accounts?.accountID(category: entry.category, remark: entry.remark) ?? 0 : 0)
            bills.append(bill)
            if let rule = entry.rule { occurrences.append(Occurrence(ruleID: rule, day: bill.day, billID: bill.id)) }
        }
        rows += bills.map { RowChange(before: nil, after: .bill($0)) }
        rows += occurrences.map { RowChange(before: nil, after: .occurrence($0)) }
        if let accounts {
            let kinds = Dictionary(uniqueKeysWithValues: ledger.categories.map { ($0.id, $0.kind) })
            let transfers = accounts.transfers(of: bills, kinds: kinds, from: firstDay, through: today, firstID: ledger.nextTransferID, now: now)
            rows += transfers.map { RowChange(before: nil, after: .transfer($0)) }
            rows.append(RowChange(before: nil, after: .reconciliation(
                accounts.reconciliation(of: bills, transfers, kinds: kinds, today: today, id: ledger.nextReconciliationID, now: now))))
        }
        let limits: [(Int64?, Int64)] = [(ledger.category(named: "food")?.id, 180_000), (ledger.category(named: "transport")?.id, 60_000),
                                         (nil, 900_000)]
        rows += limits.enumerated().map { index, limit in
            RowChange(before: nil, after: .budget(Budget(
                id: ledger.nextBudgetID + Int64(index), bookID: daily.id, categoryID: limit.0, amount: limit.1)))
        }
        var photos: [(bytes: [UInt8], sha256: String)] = []
        let receipts = [bills.last { $0.remark == "rent" }, bills.last { $0.remark == "hotel" }].compactMap { $0 }
        for (index, bill) in receipts.enumerated() {
            let bytes = Array(DemoLedger.receipt(for: bill, currency: daily.currency).utf8)
            let sha = SHA256.hex(bytes)
            photos.append((bytes, sha))
            rows.append(RowChange(before: nil, after: .photo(Photo(
                id: ledger.nextPhotoID + Int64(index), billID: bill.id, number: 1, name: "receipt-\(bill.id).svg",
                type: "image/svg+xml", size: bytes.count, sha256: sha, added: now))))
        }
        return (ChangeSet(summary: "filled the demo ledger", rows: rows, undoable: false), photos)
    }

    /// The first day of the two years.
    private var firstDay: Day { today.adding(months: -24).adding(days: 1) }

    /// The bills of every day but those that recur, in the everyday book.
    private func everyDay(book: Int64) -> [Entry] {
        var random = SeededRandom(seed: UInt64(bitPattern: Int64(today.ordinal)))
        func below(_ bound: Int) -> Int { Int(random.next(upTo: UInt64(bound))) }
        func between(_ low: Int, _ high: Int) -> Int { low + below(high - low + 1) }
        var entries: [Entry] = []
        let first = firstDay
        // By ordinal: adding a day stops at the calendar's last, where a loop on days would never end.
        for ordinal in first.ordinal...today.ordinal {
            let day = Day(ordinal: ordinal)
            func add(_ category: String, _ low: Int, _ high: Int, _ remark: String, place: String? = nil, tags: [String] = []) {
                // Whole jiao, as prices are.
                entries.append(Entry(book: book, category: category, amount: Int64(between(low / 10, high / 10)) * 10,
                                     day: day, remark: remark, place: place, tags: tags))
            }
            let weekend = day.isoWeekday >= 6
            // A recurring bill's day draws one number, as a bill written here
            // would: the other bills stay those the demo's pages were made from.
            if DemoLedger.monthly.contains(where: { $0.day == day.dayOfMonth }) { _ = below(1) }
            if day.dayOfMonth == 20 { add("household", 8_000, 30_000, "groceries and soap", place: "supermarket") }
            if day.month == 1 && day.dayOfMonth == 25 { add("bonus", 2_000_000, 3_000_000, "year-end bonus") }
            if day.month == 2 && day.dayOfMonth == 5 { add("redpacket", 50_000, 200_000, "new year red packets", tags: ["family"]) }
            if !weekend {
                add("food", 600, 1_500, "breakfast")
                add("food", 1_800, 4_000, ["lunch", "lunch with team", "noodles", "dumplings"][below(4)],
                    place: below(3) == 0 ? "canteen" : nil, tags: below(5) == 0 ? ["work"] : [])
                add("transport", 300, 600, "metro")
            }
            if below(3) == 0 { add("drinks", 1_500, 3_500, "coffee", place: "Luckin") }
            if below(4) == 0 || weekend { add("food", 2_500, 12_000, weekend ? "dinner out" : "dinner", tags: weekend ? ["weekend"] : []) }
            if below(6) == 0 { add("transport", 1_500, 6_000, "taxi home") }
            if below(8) == 0 { add("snacks", 500, 3_000, "snacks") }
            if weekend && below(4) == 0 { add("entertainment", 6_000, 15_000, "cinema", tags: ["weekend"]) }
            if below(25) == 0 { add("clothes", 9_900, 49_900, ["shirt", "shoes", "jacket"][below(3)]) }
            if below(40) == 0 { add("online", 2_000, 30_000, "order online") }
        }
        return entries
    }

    /// Five days away, about four months back, in a book of their own.
    private func trip(book: Int64) -> [Entry] {
        let start = today.adding(months: -4)
        var entries = [Entry(book: book, category: "travel", amount: 128_000, day: start, remark: "train tickets", tags: ["trip"])]
        for offset in 0..<5 {
            let day = start.adding(days: offset)
            entries.append(Entry(book: book, category: "travel", amount: 58_000, day: day, remark: "hotel", place: "Hangzhou", tags: ["trip"]))
            entries.append(Entry(book: book, category: "food", amount: Int64(9_000 + offset * 1_300), day: day, remark: "local food", tags: ["trip"]))
            entries.append(Entry(book: book, category: "transport", amount: Int64(2_000 + offset * 500), day: day, remark: "taxi", tags: ["trip"]))
        }
        return entries
    }

    /// A receipt drawn as a small SVG image.
    private static func receipt(for bill: Bill, currency: Currency) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="240" height="120">\
        <rect width="240" height="120" fill="white" stroke="black"/>\
        <text x="12" y="40">\(bill.remark.uppercased())</text>\
        <text x="12" y="70">\(bill.day.iso)</text>\
        <text x="12" y="100">\(MoneyFormat.withSymbol(bill.amount, currency))</text></svg>
        """
    }
}
