import Testing
import TallyCore
@testable import TallyLanguage

/// Monthly budgets in the current book: set, replaced, dropped, reported
/// against what the language says was spent, and warned about when passed.
@Suite("Evaluator: budgets")
struct BudgetEvaluationTests {
    /// The fixture with a budget of 50.00 on food and 400.00 in total, in daily.
    static var ledger: Ledger {
        var ledger = Fixture.ledger()
        ledger.apply(try! change("budget food 50", in: ledger).set)
        ledger.apply(try! change("budget total 400", in: ledger).set)
        return ledger
    }

    @Test func aBudgetIsSetThenReplacedInPlace() throws {
        let set = try change("budget food 1000+500")
        let budget = Budget(id: 1, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 150_000)
        #expect(set.set.rows == [RowChange(before: nil, after: .budget(budget))])
        #expect(reportText(set.report) == "budget for 'food' in 'daily': ¥1,500.00 a month")
        var ledger = Fixture.ledger()
        ledger.apply(set.set)
        let again = try change("budget 用餐 20", in: ledger)
        var lowered = budget
        lowered.amount = 2_000
        #expect(again.set.rows == [RowChange(before: .budget(budget), after: .budget(lowered))])
    }

    @Test func aBudgetIsDropped() throws {
        let ledger = Self.ledger
        let off = try change("budget total off", in: ledger)
        #expect(off.set.rows == [RowChange(before: .budget(ledger.budget(book: Fixture.daily, category: nil)!), after: nil)])
        #expect(try evaluationError("budget snacks off", in: ledger)?.problem == .noBudget(book: "daily", category: "snacks"))
    }

    @Test func onlySpendingHasABudget() throws {
        #expect(try evaluationError("budget salary 10")?.problem == .budgetOnIncome("salary"))
        #expect(try evaluationError("budget foo 10")?.problem == .unknownName(kind: .category, name: "foo", suggestion: "food"))
    }

    @Test(arguments: ["2016-07", "2016-02", "2016-12"])
    func theReportIsWhatTheLanguageSaysWasSpent(month: String) throws {
        guard case .budgets(let report) = try result("budget \(month)", in: Self.ledger) else { throw TestFailure("no report") }
        #expect(report.month == month)
        #expect(report.lines.map(\.category) == ["food", nil])
        let food = try measure("sum expense where category = food in \(month)")
        let all = try measure("sum expense in \(month)")
        #expect(report.lines.map { .money($0.spent, .cny) } == [food, all])
        #expect(report.lines.map(\.budget) == [5_000, 40_000])
        #expect(report.lines.allSatisfy { $0.left == $0.budget - $0.spent })
    }

    @Test func theReportIsForOneMonth() throws {
        #expect(try evaluationError("budget 2016", in: Self.ledger)?.problem
            == .budgetNeedsAMonth)
    }

    @Test func addingWarnsOnlyWhenABillTakesSpendingPastABudget() throws {
        // Food in 2016-07 is 65.50 already: past its 50.00, so no new warning.
        #expect(try change("add 1 food on 2016-07-20", in: Self.ledger).warnings == [])
        // Food in 2016-08 is nothing: 60.00 passes its budget; the month's 150.00 (a dentist) and 60.00 stay under 400.00.
        #expect(try change("add 60 food on 2016-08-20", in: Self.ledger).warnings
            == ["this takes 'food' past its budget for 2016-08: ¥60.00 of ¥50.00"])
        #expect(try change("add 450 clothes on 2016-08-20", in: Self.ledger).warnings
            == ["this takes 'daily' in total past its budget for 2016-08: ¥600.00 of ¥400.00"])
        #expect(try change("add 10 food on 2016-08-20", in: Self.ledger).warnings == [])
        #expect(try change("add 10 salary on 2016-08-20", in: Self.ledger).warnings == [])
        // Another book's spending is its own.
        #expect(try change("add 600 food on 2016-08-20 book home", in: Self.ledger).warnings == [])
    }

    @Test func deletingACategoryOrABookTakesItsBudgetsAlong() throws {
        var ledger = Self.ledger
        ledger.apply(try change("category add coffee expense", in: ledger).set)
        ledger.apply(try change("budget coffee 10", in: ledger).set)
        let coffee = try #require(ledger.budget(book: Fixture.daily, category: ledger.category(named: "coffee")!.id))
        #expect(try change("category delete coffee", in: ledger).set.rows.contains(RowChange(before: .budget(coffee), after: nil)))
        ledger.apply(try change("use home", in: ledger).set)
        ledger.apply(try change("budget total 5", in: ledger).set)
        let home = try #require(ledger.budget(book: Fixture.home, category: nil))
        ledger.apply(try change("use daily", in: ledger).set)
        #expect(try change("book delete home", in: ledger).set.rows.contains(RowChange(before: .budget(home), after: nil)))
    }
}
