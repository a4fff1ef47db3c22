import Testing
import TallyCore
@testable import TallyLanguage

/// Rows as `label, label = value`, so whole results compare at a glance.
func rows(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> [String] {
    try groups(text, in: ledger, today: today).rows.map { row in
        let labels = row.labels.map { $0 ?? "(none)" }.joined(separator: ", ")
        let value: String
        switch row.measure {
        case .money(let minor, let currency): value = MoneyFormat.plain(minor, currency) + (row.currency.map { " " + $0.code } ?? "")
        case .count(let count): value = String(count)
        case .none: value = "-"
        }
        return labels + " = " + value
    }
}

@Suite("Evaluator: by, order by, top, limit")
struct GroupingEvaluationTests {
    static let expenseByCategory = [
        "travel = 1500.00", "clothes = 300.00", "online = 299.00", "food = 256.34", "medical = 150.00",
        "drinks = 120.00", "entertainment = 80.00", "household = 56.00", "transport = 10.00", "snacks = 0.05",
    ]

    @Test func otherDimensionsRunLargestFirst() throws {
        #expect(try rows("sum expense by category") == GroupingEvaluationTests.expenseByCategory)
    }

    @Test func groupResultShape() throws {
        let result = try groups("sum expense in 2016-04 by category")
        #expect(result == GroupResult(
            dimensions: [.category], aggregate: .sum, showsCurrency: false, columnOrder: [],
            rows: [GroupRow(labels: ["snacks"], currency: nil, measure: .money(5, .cny))],
            totals: AggregateResult(aggregate: .sum, cells: [AggregateCell(currency: .cny, measure: .money(5, .cny))]),
            columnTotals: []))
    }

    /// The total row aggregates the bills of the groups shown, each once.
    @Test(arguments: [
        ("sum expense by category", cny(277_139)),
        // travel 1500 + clothes 300 + online 299.
        ("sum expense by category top 3", cny(209_900)),
        // Bills 1 and 11 are tagged work and 4 family and weekend: 25.50 + 45.50 + 30.00, bill 4 once.
        ("sum expense where tag in (work, weekend, family) and id in (1, 4, 11) by tag", cny(10_100)),
        ("count by tag where id in (1, 4, 11)", .count(3)),
        // The largest expense of the groups shown, not a total of their maxima.
        ("max expense by category top 3", cny(150_000)),
        // 0.01 and 0.04: half a cent, to even.
        ("avg expense by month in 2016-04", cny(2)),
    ])
    func totalsCountEachBillOnce(text: String, expected: Measure) throws {
        #expect(try groups(text).totals.cells.map(\.measure) == [expected])
    }

    @Test func aGridTotalsEachColumn() throws {
        let result = try groups("sum expense in 2016-07 by category, tag")
        #expect(Dictionary(uniqueKeysWithValues: zip(result.columnOrder, result.columnTotals))
            == [nil: cny(2_000), "weekend": cny(8_000), "work": cny(4_550)])
    }

    @Test(arguments: [
        ("sum expense by category top 3", ["travel = 1500.00", "clothes = 300.00", "online = 299.00"]),
        ("sum expense by category limit 2", ["travel = 1500.00", "clothes = 300.00"]),
        ("sum expense by category order by sum desc limit 2", ["travel = 1500.00", "clothes = 300.00"]),
        ("sum expense by category order by sum limit 3", ["snacks = 0.05", "transport = 10.00", "household = 56.00"]),
        ("sum expense by category order by category limit 4",
         ["clothes = 300.00", "drinks = 120.00", "entertainment = 80.00", "food = 256.34"]),
        ("sum expense by cat order by cat desc limit 2", ["travel = 1500.00", "transport = 10.00"]),
        ("count by category top 1", ["food = 8"]),
    ])
    func orderTopAndLimit(text: String, expected: [String]) throws {
        #expect(try rows(text) == expected)
    }

    @Test func timeDimensionsRunForward() throws {
        #expect(try rows("sum expense in 2016 by month") == [
            "2016-01 = 40.00", "2016-02 = 27.34", "2016-03 = 300.00", "2016-04 = 0.05", "2016-07 = 145.50",
            "2016-08 = 150.00", "2016-09 = 56.00", "2016-10 = 1500.00", "2016-11 = 299.00", "2016-12 = 88.00",
        ])
        #expect(try rows("sum expense in 2016 by month order by month desc limit 2") == ["2016-12 = 88.00", "2016-11 = 299.00"])
        #expect(try rows("sum expense in 2016 by month top 3") == ["2016-10 = 1500.00", "2016-03 = 300.00", "2016-11 = 299.00"])
    }

    @Test(arguments: [
        ("count in 2016-04 by day", ["2016-04-01 = 2"]),
        ("count from 2015-12-28 to 2016-01-10 by week", ["2015-W53 = 4", "2016-W01 = 1"]),
        ("count from 2016-12-26 to 2017-01-08 by week", ["2016-W52 = 2"]),
        ("count in 2016 by quarter", ["2016-Q1 = 6", "2016-Q2 = 3", "2016-Q3 = 6", "2016-Q4 = 3"]),
        ("count by year", ["2015 = 2", "2016 = 18", "2017 = 1"]),
        ("count by weekday", ["Mon = 4", "Thu = 3", "Fri = 7", "Sat = 3", "Sun = 4"]),
        ("sum in 2016 by kind", ["income = 6200.00", "expense = -2605.89"]),
        ("count by tag", ["(none) = 10", "family = 3", "work = 3", "weekend = 2", "health = 1", "party = 1", "shopping = 1", "trip = 1"]),
        ("count by place", [
            "(none) = 13", "KFC = 2", "Din Tai Fung = 1", "hospital = 1", "market = 1", "Starbucks = 1", "Wanda = 1", "Wangfujing market = 1",
        ]),
        ("avg expense in 2016-q2 by category", ["snacks = 0.02"]),
        ("max expense in 2016-07 by day", ["2016-07-01 = 45.50", "2016-07-02 = 80.00", "2016-07-15 = 20.00"]),
        ("min by kind in 2016", ["income = 200.00", "expense = -1500.00"]),
    ])
    func eachDimension(text: String, expected: [String]) throws {
        #expect(try rows(text) == expected)
    }

    @Test func weekdaysStartOnSundayWhenSet() throws {
        #expect(try rows("count by weekday", in: Fixture.ledger(weekStart: .sunday))
            == ["Sun = 4", "Mon = 4", "Thu = 3", "Fri = 7", "Sat = 3"])
    }

    @Test func aPivotWithTimeFirstSortsTheSecondDimensionByItsValue() throws {
        #expect(try rows("sum expense in 2016 by quarter, category") == [
            "2016-Q1, clothes = 300.00", "2016-Q1, food = 57.34", "2016-Q1, transport = 10.00",
            "2016-Q2, snacks = 0.05",
            "2016-Q3, medical = 150.00", "2016-Q3, entertainment = 80.00", "2016-Q3, food = 65.50", "2016-Q3, household = 56.00",
            "2016-Q4, travel = 1500.00", "2016-Q4, online = 299.00", "2016-Q4, food = 88.00",
        ])
    }

    @Test func aPivotsColumnsFollowTheDefaultOrderOfTheSecondDimension() throws {
        #expect(try groups("sum expense in 2016 by quarter, category").columnOrder == [
            "travel", "clothes", "online", "food", "medical", "entertainment", "household", "transport", "snacks",
        ])
        #expect(try groups("sum expense in 2016 by category, quarter").columnOrder == ["2016-Q1", "2016-Q2", "2016-Q3", "2016-Q4"])
        #expect(try groups("count in 2016-01 by month, tag").columnOrder == [nil, "family", "weekend"])
        #expect(try groups("sum expense by category").columnOrder.isEmpty)
    }

    @Test func aPivotWithANameFirstSortsItByItsTotal() throws {
        #expect(try rows("sum expense in 2016 by category, quarter") == [
            "travel, 2016-Q4 = 1500.00",
            "clothes, 2016-Q1 = 300.00",
            "online, 2016-Q4 = 299.00",
            "food, 2016-Q1 = 57.34", "food, 2016-Q3 = 65.50", "food, 2016-Q4 = 88.00",
            "medical, 2016-Q3 = 150.00",
            "entertainment, 2016-Q3 = 80.00",
            "household, 2016-Q3 = 56.00",
            "transport, 2016-Q1 = 10.00",
            "snacks, 2016-Q2 = 0.05",
        ])
    }

    @Test func aBillWithTwoTagsCountsInBothTagGroups() throws {
        #expect(try rows("sum expense in 2016-01 by tag") == ["family = 30.00", "weekend = 30.00", "(none) = 10.00"])
    }

    @Test func anEmptySelectionHasNoGroups() throws {
        #expect(try groups("sum expense in 2014 by category").rows.isEmpty)
    }
}

@Suite("Evaluator: weeks from Sunday")
struct SundayWeekTests {
    let ledger = Fixture.ledger(weekStart: .sunday)

    @Test func byWeekNamesEachWeekByItsSunday() throws {
        let weeks = try groups("count in 2016-07 by week", in: ledger)
        // 07-01 (Fri) and 07-02 (Sat) fall in the week from Sunday 06-26; 07-03 (Sun) starts the next; 07-15 is in the third.
        #expect(weeks.rows.map { $0.labels[0] } == ["week of 2016-06-26", "week of 2016-07-03", "week of 2016-07-10"])
        #expect(weeks.rows.map(\.measure) == [.count(2), .count(1), .count(1)])
        // ISO weeks run Monday to Sunday: 07-03 closes W26.
        let iso = try groups("count in 2016-07 by week")
        #expect(iso.rows.map { $0.labels[0] } == ["2016-W26", "2016-W28"])
        #expect(iso.rows.map(\.measure) == [.count(3), .count(1)])
    }

    @Test func weekdaysCountFromSunday() throws {
        // Bill #13 is on Sunday 2016-07-03: before Monday when weeks start on Sunday, after Saturday when on Monday.
        #expect(try listedIDs("list where weekday < mon in 2016-07", in: ledger) == [13])
        #expect(try listedIDs("list where weekday < mon in 2016-07").isEmpty)
        #expect(try listedIDs("list where weekday > sat in 2016-07") == [13])
    }
}
