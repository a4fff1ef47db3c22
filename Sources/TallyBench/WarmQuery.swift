import TallyCore
import TallyLanguage

/// What a query came to, in a form a plain scan can produce too.
enum Answer: Equatable, CustomStringConvertible {
    case number(Int128)
    case groups([String: Int128])
    /// The amounts of the bills listed, in the order shown.
    case amounts([Int64])

    init(_ result: QueryResult) {
        switch result {
        case .aggregate(let aggregate):
            self = .number(Answer.value(aggregate.cells.first?.measure ?? .none))
        case .groups(let groups):
            var values: [String: Int128] = [:]
            for row in groups.rows { values[row.labels.map { $0 ?? "-" }.joined(separator: "|")] = Answer.value(row.measure) }
            self = .groups(values)
        case .bills(let list):
            self = .amounts(list.rows.map(\.amount))
        default:
            fatalError("a benchmark query gives an aggregate, groups or bills")
        }
    }

    private static func value(_ measure: Measure) -> Int128 {
        switch measure {
        case .money(let amount, _): return amount
        case .count(let count): return Int128(count)
        case .none: return -1
        }
    }

    var description: String {
        switch self {
        case .number(let value): return String(value)
        case .groups(let groups): return "\(groups.count) groups"
        case .amounts(let amounts): return "\(amounts.count) bills"
        }
    }
}

/// A query timed warm, with the answer a plain scan of the bills gives.
struct WarmQuery: Sendable {
    let text: String
    let expected: @Sendable (Ledger) -> Answer

    /// The bills a query sees: the first book's unless it names a book.
    static func bills(of ledger: Ledger, book: String = "daily", _ keep: (Bill, Category) -> Bool) -> [Bill] {
        let bookID = ledger.book(named: book)!.id
        return ledger.bills.filter { $0.bookID == bookID && keep($0, ledger.category(id: $0.categoryID)!) }
    }

    static func sum(_ bills: [Bill]) -> Int128 {
        bills.reduce(0) { $0 + Int128($1.amount) }
    }

    static func inMonth(_ bill: Bill, _ year: Int, _ month: Int) -> Bool {
        bill.day.year == year && bill.day.month == month
    }

    /// Timed cold: the text of every remark is read.
    static let coffeeSpending = WarmQuery(text: "sum expense where remark ~ coffee") { ledger in
        .number(sum(bills(of: ledger) { bill, category in category.kind == .expense && bill.remark.contains("coffee") }))
    }

    static let all: [WarmQuery] = [
        WarmQuery(text: "sum expense where category=food in 2016-07") { ledger in
            .number(sum(bills(of: ledger) { bill, category in category.name == "food" && inMonth(bill, 2016, 7) }))
        },
        WarmQuery(text: "count") { ledger in .number(Int128(bills(of: ledger) { _, _ in true }.count)) },
        WarmQuery(text: "count in 2016") { ledger in .number(Int128(bills(of: ledger) { bill, _ in bill.day.year == 2016 }.count)) },
        WarmQuery(text: "sum income in 2016-q3") { ledger in
            .number(sum(bills(of: ledger) { bill, category in
                category.kind == .income && bill.day.year == 2016 && (7...9).contains(bill.day.month)
            }))
        },
        WarmQuery(text: "sum expense by month, category") { ledger in
            var groups: [String: Int128] = [:]
            for bill in bills(of: ledger, { _, category in category.kind == .expense }) {
                let month = "\(bill.day.year)-\(Parser.twoDigits(bill.day.month))"
                groups["\(month)|\(ledger.category(id: bill.categoryID)!.name)", default: 0] += Int128(bill.amount)
            }
            return .groups(groups)
        },
        WarmQuery(text: "sum expense by category") { ledger in
            var groups: [String: Int128] = [:]
            for bill in bills(of: ledger, { _, category in category.kind == .expense }) {
                groups[ledger.category(id: bill.categoryID)!.name, default: 0] += Int128(bill.amount)
            }
            return .groups(groups)
        },
        WarmQuery(text: "count where remark ~ coffee") { ledger in
            .number(Int128(bills(of: ledger) { bill, _ in bill.remark.contains("coffee") }.count))
        },
        WarmQuery(text: "list where remark ~ coffee top 20") { ledger in
            .amounts(Array(bills(of: ledger) { bill, _ in bill.remark.contains("coffee") }.map(\.amount).sorted(by: >).prefix(20)))
        },
        WarmQuery(text: "max expense in 2015") { ledger in
            .number(Int128(bills(of: ledger) { bill, category in category.kind == .expense && bill.day.year == 2015 }.map(\.amount).max() ?? -1))
        },
        WarmQuery(text: "count where tag = work in 2018") { ledger in
            .number(Int128(bills(of: ledger) { bill, _ in bill.tags.contains("work") && bill.day.year == 2018 }.count))
        },
        WarmQuery(text: "sum expense where book = travel") { ledger in
            .number(sum(bills(of: ledger, book: "travel") { _, category in category.kind == .expense }))
        },
        WarmQuery(text: "sum net last year") { ledger in
            // Today is 2019-12-31, so last year is 2018.
            let year = bills(of: ledger) { bill, _ in bill.day.year == 2018 }
            let income = sum(year.filter { ledger.category(id: $0.categoryID)!.kind == .income })
            return .number(income - sum(year.filter { ledger.category(id: $0.categoryID)!.kind == .expense }))
        },
    ]
}
