import Foundation
import Testing
import TallyCore
@testable import TallyLanguage

/// `in CURRENCY` over generated ledgers of three currencies, against a plain
/// computation in Foundation's decimals: each bill at the latest rate on or
/// before its day (inverse or through the home currency), rounded half to
/// even once, then added up.
@Suite("Conversion against decimal arithmetic")
struct ConversionAgainstDecimalTests {
    static let books = [
        Book(id: 1, name: "daily", currency: .cny, position: 1),
        Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2),
        Book(id: 3, name: "japan", currency: Currency(code: "JPY"), position: 3),
    ]

    func generated(seed: UInt64) -> Ledger {
        var random = SeededRandom(seed: seed)
        let categories = DefaultCategories.make(chinese: false)
        let expense = categories.filter { $0.kind == .expense }.map(\.id)
        let first = Day(iso: "2016-01-01")!
        var bills: [Bill] = []
        for id in 1...400 {
            let book = Int64(random.next(upTo: 3)) + 1
            bills.append(Bill(id: Int64(id), bookID: book, categoryID: expense[Int(random.next(upTo: UInt64(expense.count)))],
                              amount: Int64(random.next(upTo: 500_000)) + 1, day: first.adding(days: Int(random.next(upTo: 366)))))
        }
        var rates: [ExchangeRate] = []
        for month in 0..<12 {
            let day = first.adding(months: month)
            rates.append(ExchangeRate(id: Int64(rates.count + 1), base: "USD", quote: "CNY", day: day,
                                      rate: ExactRate(units: 65_000 + Int64(random.next(upTo: 9_000)), scale: 4)))
            // Yen the other way round: what a yuan is in yen.
            rates.append(ExchangeRate(id: Int64(rates.count + 1), base: "CNY", quote: "JPY", day: day,
                                      rate: ExactRate(units: 1_500 + Int64(random.next(upTo: 300)), scale: 2)))
        }
        return Ledger(books: Self.books, categories: categories, bills: bills,
                      settings: Settings(currentBookID: 1, homeCurrency: "CNY"), rates: rates)
    }

    /// What one unit of `from` is in `to` on `day`, by the same rules, in decimals.
    func rate(_ ledger: Ledger, _ from: String, _ to: String, _ day: Day) -> Decimal {
        if from == to { return 1 }
        func pair(_ a: String, _ b: String) -> Decimal? {
            guard let given = ledger.rates.last(where: { $0.day <= day && Set([$0.base, $0.quote]) == Set([a, b]) }),
                  let (units, scale) = given.rate.decimal else { return nil }
            let value = Decimal(units) / pow(Decimal(10), scale)
            return given.base == a ? value : 1 / value
        }
        return pair(from, to) ?? pair(from, "CNY")! * pair("CNY", to)!
    }

    func expected(_ ledger: Ledger, in target: String) -> [String: Int64] {
        var sums: [String: Int64] = [:]
        let to = Currency(code: target)
        for bill in ledger.bills {
            let book = Self.books.first { $0.id == bill.bookID }!
            // The inverse of a yen rate is no finite decimal: divide last, as the fractions do.
            var value = Decimal(bill.amount) * rate(ledger, book.currency.code, target, bill.day)
                * pow(Decimal(10), to.decimals) / pow(Decimal(10), book.currency.decimals)
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .bankers)
            sums[book.name, default: 0] += NSDecimalNumber(decimal: rounded).int64Value
        }
        return sums
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func eachBookInOneCurrencyIsTheSumOfItsBillsEachConvertedOnce(seed: UInt64) throws {
        let ledger = generated(seed: seed)
        for target in ["CNY", "USD", "JPY"] {
            let result = try groups("sum expense by book in \(target)", in: ledger, today: Day(iso: "2017-01-15")!)
            let got = Dictionary(uniqueKeysWithValues: result.rows.map { row -> (String, Int64) in
                guard case .money(let amount, let currency) = row.measure, currency.code == target else { return ("?", 0) }
                return (row.labels[0] ?? "", Int64(amount))
            })
            #expect(got == expected(ledger, in: target), "seed \(seed), in \(target)")
        }
    }

    @Test func everyAnswerWithoutACurrencyIsTheSameAsBefore() throws {
        let ledger = generated(seed: 4)
        let plain = Ledger(books: Self.books, categories: ledger.categories, bills: Array(ledger.bills),
                           settings: Settings(currentBookID: 1))
        for query in ["sum expense by book", "sum expense where book = travel by month", "avg expense by book", "max expense by book"] {
            #expect(try groups(query, in: ledger) == groups(query, in: plain), "\(query)")
        }
    }

    @Test func aBillWithoutARateNamesItsCurrencyAndDay() throws {
        let ledger = generated(seed: 5)
        let early = ledger.bills.filter { $0.bookID == 2 }.map(\.day).min()!
        let without = Ledger(books: Self.books, categories: ledger.categories, bills: Array(ledger.bills),
                             settings: ledger.settings, rates: ledger.rates.filter { $0.day > early })
        let error = try #require(try evaluationError("sum expense where book = travel in CNY", in: without))
        #expect(error.message.hasPrefix("no rate of USD in CNY on or before \(early.iso), the first day a bill needs one"))
    }

    @Test func aViewInACurrencyShowsWhatAQueryInItGives() throws {
        var ledger = generated(seed: 6)
        ledger.apply(ChangeSet(summary: "use travel", rows: [
            RowChange(before: .settings(ledger.settings), after: .settings(Settings(currentBookID: 2, homeCurrency: "CNY"))),
        ], undoable: false))
        let today = Day(iso: "2017-01-15")!
        guard case .timeline(let timeline) = try result("timeline 2016-07 in CNY", in: ledger, today: today) else { throw TestFailure("no timeline") }
        #expect(try measure("sum expense in 2016-07 in CNY", in: ledger, today: today) == .money(timeline.summary.expense, .cny))
        #expect(timeline.summary.currency == .cny)
        guard case .months(let months) = try result("months 2016 in JPY", in: ledger, today: today) else { throw TestFailure("no months") }
        #expect(try measure("sum expense in 2016 in JPY", in: ledger, today: today) == .money(months.total.expense, Currency(code: "JPY")))
        guard case .timeline(let plain) = try result("timeline 2016-07", in: ledger, today: today) else { throw TestFailure("no timeline") }
        #expect(plain.summary.currency.code == "USD")
    }

    @Test func aListInACurrencyShowsEachBillConvertedAndTheirTotal() throws {
        let ledger = generated(seed: 7)
        let today = Day(iso: "2017-01-15")!
        guard case .bills(let list) = try result("list where book = travel in CNY", in: ledger, today: today) else { throw TestFailure("no list") }
        guard case .bills(let plain) = try result("list where book = travel", in: ledger, today: today) else { throw TestFailure("no list") }
        #expect(list.rows.map(\.id) == plain.rows.map(\.id))
        #expect(list.rows.allSatisfy { $0.currency == .cny })
        let each = Dictionary(uniqueKeysWithValues: ledger.bills.filter { $0.bookID == 2 }.map { bill -> (Int64, Int64) in
            (bill.id, Int64(ledger.rate(of: "USD", in: "CNY", on: bill.day)!.convert(Int128(bill.amount), fromDecimals: 2, toDecimals: 2)))
        })
        #expect(list.rows.allSatisfy { each[$0.id] == $0.amount })
        #expect(list.totals.cells == [AggregateCell(currency: .cny, measure: .money(Int128(each.values.reduce(0, +)), .cny))])
        #expect(try measure("sum expense in 2030 in JPY", in: ledger, today: today) == .money(0, Currency(code: "JPY")),
                "nothing to add up is none of the currency asked for")
    }
}
