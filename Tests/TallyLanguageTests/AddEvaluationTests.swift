import Testing
import TallyCore
@testable import TallyLanguage

/// The one bill an `add` writes, or a failure.
func addedBill(_ text: String, in ledger: Ledger = Fixture.ledger(), today: Day = defaultToday) throws -> Bill {
    let result = try change(text, in: ledger, today: today)
    guard result.set.rows.count == 1, result.set.rows[0].before == nil, case .bill(let bill)? = result.set.rows[0].after else {
        throw TestFailure("not one new bill: \(result.set.rows)")
    }
    return bill
}

@Suite("Evaluator: add")
struct AddEvaluationTests {
    @Test func addWritesOneBillWithTheNextID() throws {
        let ledger = Fixture.ledger(lastBillID: 30)
        let result = try change("add 25.50 food \"lunch\"", in: ledger)
        let expected = Bill(
            id: 31, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 2_550, day: defaultToday,
            remark: "lunch", place: nil, tags: [], created: fixedNow, updated: fixedNow)
        #expect(result.set.rows == [RowChange(before: nil, after: .bill(expected))])
        #expect(result.set.summary == "added #31")
        #expect(result.set.undoable)
        #expect(result.confirmation == nil)
        guard case .bill(let verb, let row) = result.report else {
            Issue.record("the report is not a bill")
            return
        }
        #expect(verb == "added")
        #expect(row.id == 31)
        #expect(row.kind == .expense)
        #expect(row.category == "food")
        #expect(row.book == "daily")
        #expect(row.currency == .cny)
        #expect(row.amount == 2_550)
    }

    @Test func everyPartOfAnAddLandsInTheBill() throws {
        let bill = try addedBill("add income 5000 salary \"june pay\" on 2016-07-01 at Office #Work #bonus book daily")
        #expect(bill == Bill(
            id: 26, bookID: Fixture.daily, categoryID: Fixture.category("salary"), amount: 500_000, day: day("2016-07-01"),
            remark: "june pay", place: "Office", tags: ["work", "bonus"], created: fixedNow, updated: fixedNow))
    }

    @Test(arguments: [
        ("add 25 food", "food", 2_500 as Int64),
        ("add 25.5 food", "food", 2_550),
        ("add 1.230 food", "food", 123),
        ("add 12+8.5-3 food", "food", 1_750),
        ("-12+8.5-3 food", "food", 1_750),
        ("-25.50 food", "food", 2_550),
        ("+5000 salary", "salary", 500_000),
        ("add 5 用餐", "food", 500),
        ("add 2016-07 food", "food", 200_900),
        ("add 0.01 snacks", "snacks", 1),
        ("add 999999999999.99 travel", "travel", 99_999_999_999_999),
    ])
    func amountAndCategory(text: String, category: String, amount: Int64) throws {
        let bill = try addedBill(text)
        #expect(bill.amount == amount)
        #expect(bill.categoryID == Fixture.category(category))
    }

    @Test func theKindFollowsTheCategory() throws {
        guard case .bill(_, let row) = try change("add 5000 salary").report else {
            Issue.record("no bill")
            return
        }
        #expect(row.kind == .income)
    }

    @Test func tagsAreLowercasedAndUnique() throws {
        #expect(try addedBill("add 5 food #Work #trip #WORK").tags == ["work", "trip"])
    }

    @Test func theDateDefaultsToTodayAndMayBeRelative() throws {
        #expect(try addedBill("add 5 food").day == defaultToday)
        #expect(try addedBill("add 5 food on yesterday").day == day("2017-01-14"))
        #expect(try addedBill("add 5 food on 2016-02-29").day == day("2016-02-29"))
    }

    @Test func anAddGoesToTheCurrentBookOrTheOneItNames() throws {
        #expect(try addedBill("add 5 food", in: Fixture.ledger(current: Fixture.travel)).bookID == Fixture.travel)
        let result = try change("add 5 food book travel")
        guard case .bill(_, let row) = result.report, case .bill(let bill)? = result.set.rows.first?.after else {
            Issue.record("no bill")
            return
        }
        #expect(bill.bookID == Fixture.travel)
        #expect(bill.amount == 500)
        #expect(row.currency == Fixture.usd)
        #expect(row.book == "travel")
    }

    @Test func theAmountIsReadInTheBooksCurrency() throws {
        let ledger = Ledger(
            books: Fixture.books + [Book(id: 4, name: "tokyo", currency: Currency(code: "JPY"), position: 4)],
            categories: Fixture.categories, bills: [], settings: Settings(currentBookID: Fixture.daily))
        #expect(try addedBill("add 500 food book tokyo", in: ledger).amount == 500)
        let diagnostic = try #require(try evaluationError("add 5.5 food book tokyo", in: ledger))
        #expect(diagnostic.problem == .badAmount("5.5", .tooManyDecimals(allowed: 0)))
        #expect(diagnostic.message == "'5.5' has decimals, but this currency has none")
    }

    @Test(arguments: [
        ErrorCase("add expense 5 salary", .kindMismatch(category: "salary", kind: .income, wanted: .expense), Span(1, 15, 21)),
        ErrorCase("-5 salary", .kindMismatch(category: "salary", kind: .income, wanted: .expense), Span(1, 4, 10)),
        ErrorCase("add 1.234 food", .badAmount("1.234", .tooManyDecimals(allowed: 2)), Span(1, 5, 10)),
        ErrorCase("add 1+1.234 food", .badAmount("1.234", .tooManyDecimals(allowed: 2)), Span(1, 7, 12)),
        ErrorCase("add 0 food", .amountNotPositive("0.00"), Span(1, 5, 6)),
        ErrorCase("add 0.00 food", .amountNotPositive("0.00"), Span(1, 5, 9)),
        ErrorCase("add 5-5 food", .amountNotPositive("0.00"), Span(1, 5, 8)),
        ErrorCase("add 3-5 food", .amountNotPositive("-2.00"), Span(1, 5, 8)),
        ErrorCase("add 1000000000000 food", .badAmount("1000000000000", .tooLarge), Span(1, 5, 18)),
        ErrorCase("add 999999999999.99+0.01 food", .badAmount("1000000000000.00", .tooLarge), Span(1, 5, 25)),
        ErrorCase("add 5 fod", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 7, 10)),
        ErrorCase("add 5 food book travle", .unknownName(kind: .book, name: "travle", suggestion: "travel"), Span(1, 17, 23)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func refusalsReadWell() throws {
        #expect(try evaluationError("add 1.234 food")?.message == "'1.234' has more than 2 decimals")
        #expect(try evaluationError("add 5-5 food")?.message == "an amount must be more than zero, not 0.00")
    }

    @Test func anAppliedAddIsCounted() throws {
        var ledger = Fixture.ledger()
        ledger.apply(try change("add 5 food on 2016-04-01", in: ledger).set)
        #expect(try count("count on 2016-04-01", in: ledger) == 3)
        #expect(ledger.nextBillID == 27)
    }
}
