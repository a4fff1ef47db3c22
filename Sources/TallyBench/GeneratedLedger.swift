import TallyCore

/// A made-up ledger of `count` bills over ten years (2010–2019) in three books,
/// every default category, 900 remarks, places and tags: the same bills for
/// the same count. Half are written in day order and half shuffled, so the
/// file keeps them out of order as a ledger filled over years of edits would.
struct GeneratedLedger {
    static let books = ["daily", "travel", "business"]
    static let firstDay = Day(iso: "2010-01-01")!
    static let lastDay = Day(iso: "2019-12-31")!
    static let tags = ["work", "trip", "family", "weekend"]

    struct Row {
        let day: Day
        let kind: Kind
        let amount: Int64
        let category: String
        let remark: String
        let book: String
        let place: String
        let tags: [String]
    }

    let rows: [Row]

    init(count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let categories = DefaultCategories.make(chinese: false)
        let expenses = categories.filter { $0.kind == .expense }.map(\.name)
        let incomes = categories.filter { $0.kind == .income }.map(\.name)
        let words = ["coffee", "lunch", "dinner", "taxi", "bus", "groceries", "rent", "tea", "books", "gift"]
        let span = UInt64(GeneratedLedger.lastDay.ordinal - GeneratedLedger.firstDay.ordinal + 1)
        var rows: [Row] = []
        rows.reserveCapacity(count)
        for _ in 0..<count {
            let isIncome = random.next(upTo: 10) == 0
            let category = isIncome ? incomes[Int(random.next(upTo: UInt64(incomes.count)))]
                : expenses[Int(random.next(upTo: UInt64(expenses.count)))]
            let remarkNumber = Int(random.next(upTo: 900))
            let tagCount = Int(random.next(upTo: 3))
            rows.append(Row(
                day: GeneratedLedger.firstDay.adding(days: Int(random.next(upTo: span))),
                kind: isIncome ? .income : .expense,
                amount: Int64(random.next(upTo: 49_900)) + 100,
                category: category,
                remark: "\(words[remarkNumber % words.count]) \(remarkNumber / words.count)",
                book: GeneratedLedger.books[random.next(upTo: 10) < 8 ? 0 : Int(random.next(upTo: 2)) + 1],
                place: random.next(upTo: 3) == 0 ? "place \(random.next(upTo: 50))" : "",
                tags: (0..<tagCount).map { _ in GeneratedLedger.tags[Int(random.next(upTo: 4))] }))
        }
        let ordered = rows[..<(count / 2)].sorted { $0.day < $1.day }
        var shuffled = Array(rows[(count / 2)...])
        shuffled.shuffle(using: &random)
        self.rows = ordered + shuffled
    }

    /// The bills as a CSV file `import` reads.
    var csv: String {
        var text = "date,kind,amount,category,remark,book,place,tags\n"
        for row in rows {
            text += "\(row.day.iso),\(row.kind.rawValue),\(MoneyFormat.plain(row.amount, .cny)),\(row.category),"
                + "\(row.remark),\(row.book),\(row.place),\(row.tags.joined(separator: " "))\n"
        }
        return text
    }
}
