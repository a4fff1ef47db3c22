import Testing
import TallyCore
@testable import TallyLanguage

/// Groups are found through integer slots; on generated ledgers they come to
/// what a plain scan gets by working out every bill's labels one by one.
@Suite("Grouping against a plain scan")
struct GroupingAgainstPlainScanTests {
    static let categoryNames = ["food", "drinks", "transport", "salary", "bonus", "snacks"]
    static let places: [String?] = [nil, "KFC", "kfc", "Wanda", "market"]
    static let tags = ["work", "trip", "family", "Weekend"]

    static func ledger(seed: UInt64, weekStart: WeekStart) -> Ledger {
        var random = SeededRandom(seed: seed)
        var bills: [Bill] = []
        for id in 1...600 {
            let tagCount = Int(random.next(upTo: 3))
            bills.append(Bill(
                id: Int64(id), bookID: Int64(random.next(upTo: 2)) + 1,
                categoryID: Fixture.category(categoryNames[Int(random.next(upTo: UInt64(categoryNames.count)))]),
                amount: Int64(random.next(upTo: 100_000)) + 1,
                day: Day(iso: "2015-11-01")!.adding(days: Int(random.next(upTo: 500))),
                remark: "r\(random.next(upTo: 20))", place: places[Int(random.next(upTo: UInt64(places.count)))],
                tags: (0..<tagCount).map { _ in tags[Int(random.next(upTo: UInt64(tags.count)))] }))
            // Each book's first account is held as 0; the others by id, one of them named as another book's.
            let account = random.next(upTo: 3)
            bills[bills.count - 1].accountID = account == 0 ? 0 : bills[bills.count - 1].bookID * 10 + Int64(account)
        }
        var accounts: [Account] = []
        for book in Fixture.books.map(\.id) {
            let second = book == 1 ? "card" : "wallet"
            accounts.append(Account(id: book * 10, bookID: book, name: "cash", position: 0))
            accounts.append(Account(id: book * 10 + 1, bookID: book, name: second, kind: .bank, position: 1))
            accounts.append(Account(id: book * 10 + 2, bookID: book, name: "alipay", kind: .wallet, position: 2))
        }
        return Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills,
                      settings: Settings(currentBookID: Fixture.daily, weekStart: weekStart), accounts: accounts)
    }

    /// Each group's measure, named by its labels and (when amounts in several
    /// currencies meet) its currency, worked out bill by bill. A query that
    /// mentions `book` covers every book.
    static func plain(_ ledger: Ledger, _ dimensions: [Dimension], _ aggregate: Aggregate, mentionsBook: Bool) -> [String: Measure] {
        let keyer = GroupKeyer(ledger: ledger)
        let currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
        let selected = ledger.bills.filter { mentionsBook || $0.bookID == ledger.currentBook.id }
        let splitsCurrencies = aggregate != .count && Set(selected.map { currencies[$0.bookID]!.code }).count > 1
        var cells: [String: (Accumulator, Currency)] = [:]
        for bill in selected {
            var combinations: [[String]] = [[]]
            for dimension in dimensions {
                let labels = keyer.keys(of: bill, dimension).map { $0.label ?? "–" }
                combinations = combinations.flatMap { prefix in labels.map { prefix + [$0] } }
            }
            let currency = currencies[bill.bookID]!
            let kind = ledger.category(id: bill.categoryID)!.kind
            let value = aggregate == .count ? bill.amount : (kind == .income ? bill.amount : -bill.amount)
            for labels in combinations {
                let name = labels.joined(separator: "|") + (splitsCurrencies ? "|" + currency.code : "")
                var cell = cells[name] ?? (Accumulator(), currency)
                cell.0.add(value)
                cells[name] = cell
            }
        }
        return cells.mapValues { $0.0.measure(aggregate, $0.1) }
    }

    static func grouped(_ result: QueryResult) -> [String: Measure] {
        guard case .groups(let groups) = result else { return [:] }
        var cells: [String: Measure] = [:]
        for row in groups.rows {
            let currency = groups.showsCurrency ? "|" + (row.currency?.code ?? "?") : ""
            cells[row.labels.map { $0 ?? "–" }.joined(separator: "|") + currency] = row.measure
        }
        return cells
    }

    @Test(arguments: [(UInt64(1), WeekStart.monday), (2, .sunday)])
    func everyDimensionAndPairComesToThePlainScan(seed: UInt64, weekStart: WeekStart) throws {
        let ledger = GroupingAgainstPlainScanTests.ledger(seed: seed, weekStart: weekStart)
        let dimensions = Dimension.allCases
        var pairs = dimensions.map { [$0] }
        for first in dimensions {
            for second in dimensions where second != first { pairs.append([first, second]) }
        }
        var compared = 0
        for pair in pairs {
            for aggregate in [Aggregate.sum, .count, .max] {
                for allBooks in [false, true] {
                    let text = "\(aggregate.rawValue) by \(pair.map(\.rawValue).joined(separator: ", "))"
                        + (allBooks ? " where book in (daily, travel)" : "")
                    let grouped = GroupingAgainstPlainScanTests.grouped(try result(text, in: ledger))
                    let plain = GroupingAgainstPlainScanTests.plain(ledger, pair, aggregate, mentionsBook: allBooks || pair.contains(.book))
                    #expect(grouped == plain, "\(text)")
                    compared += 1
                }
            }
        }
        #expect(compared == (12 + 12 * 11) * 3 * 2)
    }

    @Test(arguments: [UInt64(4), 5])
    func aggregatesWithoutGroupsComeToThePlainScan(seed: UInt64) throws {
        let ledger = GroupingAgainstPlainScanTests.ledger(seed: seed, weekStart: .monday)
        let currencies = Dictionary(uniqueKeysWithValues: ledger.books.map { ($0.id, $0.currency) })
        for aggregate in [Aggregate.sum, .count, .avg, .min, .max] {
            for kind in [nil, KindSelector.expense, .income, .net] {
                for allBooks in [false, true] {
                    let text = "\(aggregate.rawValue)\(kind.map { " " + $0.rawValue } ?? "") in 2016"
                        + (allBooks ? " where book in (daily, travel)" : "")
                    guard case .aggregate(let result) = try result(text, in: ledger) else { throw TestFailure("\(text)") }
                    var byCurrency: [String: (Accumulator, Currency)] = [:]
                    var count = 0
                    for bill in ledger.bills where (allBooks || bill.bookID == ledger.currentBook.id) && bill.day.year == 2016 {
                        let billKind = ledger.category(id: bill.categoryID)!.kind
                        if let wanted = kind?.kind, wanted != billKind { continue }
                        let signed = kind == nil || kind == .net
                        let value = signed ? (billKind == .income ? bill.amount : -bill.amount) : bill.amount
                        let currency = currencies[bill.bookID]!
                        var cell = byCurrency[currency.code] ?? (Accumulator(), currency)
                        cell.0.add(value)
                        byCurrency[currency.code] = cell
                        count += 1
                    }
                    if aggregate == .count {
                        #expect(result.cells.map(\.measure) == [.count(count)], "\(text)")
                    } else {
                        let plain = byCurrency.keys.sorted().map { byCurrency[$0]!.0.measure(aggregate, byCurrency[$0]!.1) }
                        #expect(result.cells.map(\.measure) == plain, "\(text)")
                    }
                }
            }
        }
    }

    /// Cells past what the grid may hold are kept aside, and a cell is found
    /// again wherever it was first put, as the grid grows around it.
    @Test func theCellTableAddsUpAsADictionaryDoes() {
        var random = SeededRandom(seed: 9)
        var table = CellTable(currencies: 2)
        var plain: [CellKey: Accumulator] = [:]
        for step in 0..<20_000 {
            // Small slots first, then ever larger ones, some too large for any grid.
            let spread = UInt64(4 + step / 10)
            let cell = CellKey(
                first: Int32(random.next(upTo: spread)), second: Int32(random.next(upTo: spread)) - 1,
                currency: Int32(random.next(upTo: 3)) - 1)
            let amount = Int64(random.next(upTo: 1_000))
            table.add(amount, to: cell)
            plain[cell, default: Accumulator()].add(amount)
        }
        #expect(table.cells.count == plain.count)
        #expect(Set(table.cells).count == table.cells.count)
        for (cell, accumulator) in zip(table.cells, table.accumulators) {
            #expect(plain[cell]?.total == accumulator.total && plain[cell]?.count == accumulator.count)
        }
    }

    /// With `top` or `limit`, the total row and each column's total count
    /// the bills of the groups shown, as adding up those bills one by one does.
    @Test func totalsOfTheGroupsShownComeToThePlainScan() throws {
        let ledger = GroupingAgainstPlainScanTests.ledger(seed: 3, weekStart: .monday)
        let keyer = GroupKeyer(ledger: ledger)
        let dimensions = Dimension.allCases.filter { $0 != .tag }
        var compared = 0
        for first in dimensions {
            for second in dimensions where second != first {
                for (aggregate, clause) in [(Aggregate.sum, "top 4"), (.count, "limit 3"), (.max, "")] {
                    let text = "\(aggregate.rawValue) by \(first.rawValue), \(second.rawValue) \(clause)"
                    guard case .groups(let groups) = try result(text, in: ledger) else { throw TestFailure(text) }
                    let shown = Set(groups.rows.map { $0.labels.map { $0 ?? "–" } })
                    var total = Accumulator()
                    var columns: [String: Accumulator] = [:]
                    let mentionsBook = first == .book || second == .book
                    for bill in ledger.bills where mentionsBook || bill.bookID == ledger.currentBook.id {
                        let labels = [first, second].map { keyer.keys(of: bill, $0)[0].label ?? "–" }
                        guard shown.contains(labels) else { continue }
                        let kind = ledger.category(id: bill.categoryID)!.kind
                        let value = aggregate == .count ? bill.amount : (kind == .income ? bill.amount : -bill.amount)
                        total.add(value)
                        columns[labels[1], default: Accumulator()].add(value)
                    }
                    let currency = ledger.currentBook.currency
                    // Amounts in several currencies are added up the old way, by book; counts never split.
                    if !groups.showsCurrency {
                        #expect(groups.totals.cells.map(\.measure) == [total.measure(aggregate, currency)], "\(text)")
                        let plainColumns = groups.columnOrder.map { columns[$0 ?? "–"]?.measure(aggregate, currency) ?? .none }
                        #expect(groups.columnTotals == plainColumns, "\(text)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == 11 * 10 * 3)
    }
}

extension GroupKeyer {
    /// The groups a bill belongs to, worked out from the bill alone: the
    /// plain scan the evaluator's slots are checked against.
    func keys(of bill: Bill, _ dimension: Dimension) -> [GroupKey] {
        switch dimension {
        case .day, .week, .month, .quarter, .year, .weekday: return [key(of: bill.day, dimension)]
        case .category: return [category(bill.categoryID)]
        case .book: return [book(bill.bookID)]
        case .account: return [account(bill.accountID != 0 ? bill.accountID : bill.bookID * 10)]
        case .kind: return [kind(ofCategory: bill.categoryID)]
        case .place: return [GroupKey(order: 0, label: bill.place)]
        case .tag: return bill.tags.isEmpty ? [GroupKey(order: 0, label: nil)] : bill.tags.map { GroupKey(order: 0, label: $0) }
        }
    }
}
