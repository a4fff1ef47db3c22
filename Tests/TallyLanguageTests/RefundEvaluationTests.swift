import Testing
import TallyCore
@testable import TallyLanguage

/// A refund, money back on an expense category, is an expense below zero:
/// every total of expenses, and every view, is what was spent less what came back.
@Suite("Evaluator: refunds")
struct RefundEvaluationTests {
    /// 100 spent on food and 30 of it back, 1,000 of salary, 50 on transport, in July 2016.
    static let ledger: Ledger = {
        var ledger = Ledger(
            books: Fixture.books, categories: Fixture.categories, bills: [], settings: Settings(currentBookID: Fixture.daily))
        for text in ["-100 food dinner on 2016-07-01", "+30 food refund on 2016-07-02", "+1000 salary on 2016-07-02",
                     "-50 transport on 2016-07-03", "budget food 200"] {
            ledger.apply(try! change(text, in: ledger, today: day("2016-07-20")).set)
        }
        return ledger
    }()

    func view(_ text: String) throws -> QueryResult {
        try result(text, in: Self.ledger, today: day("2016-07-20"))
    }

    @Test(arguments: ["+30 food refund", "add income 30 food refund"])
    func moneyInOnAnExpenseCategoryIsARefund(text: String) throws {
        let bill = try addedBill(text)
        #expect(bill.categoryID == Fixture.category("food"))
        #expect(bill.amount == -3000)
        #expect(bill.isRefund)
    }

    @Test func moneyOutOnAnIncomeCategoryIsStillRefused() throws {
        #expect(try evaluationError("-30 salary")?.problem == .kindMismatch(category: "salary", kind: .income, wanted: .expense))
    }

    @Test func sumsOfExpensesAreNetOfRefunds() throws {
        let today = day("2016-07-20")
        #expect(try measure("sum expense", in: Self.ledger, today: today) == cny(12_000))
        #expect(try measure("sum expense where category = food", in: Self.ledger, today: today) == cny(7_000))
        #expect(try measure("sum", in: Self.ledger, today: today) == cny(88_000))
        #expect(try measure("sum net", in: Self.ledger, today: today) == cny(88_000))
        #expect(try measure("sum income", in: Self.ledger, today: today) == cny(100_000))
        #expect(try measure("min expense", in: Self.ledger, today: today) == cny(-3_000))
        #expect(try count("count expense", in: Self.ledger, today: today) == 3)
        let byKind = try groups("sum by kind", in: Self.ledger, today: today)
        #expect(byKind.rows.map(\.measure) == [cny(100_000), cny(-12_000)])
    }

    @Test func everyViewTakesARefundAsMoneyBack() throws {
        guard case .timeline(let timeline) = try view("timeline") else { throw TestFailure("no timeline") }
        #expect(timeline.summary == Balance(income: 100_000, expense: 12_000, currency: .cny))
        #expect(timeline.days.first { $0.day == day("2016-07-02") }?.summary == Balance(income: 100_000, expense: -3_000, currency: .cny))

        guard case .pie(let pie) = try view("pie") else { throw TestFailure("no pie") }
        #expect(pie.total == 12_000)
        #expect(pie.slices.map(\.category) == ["food", "transport"])
        #expect(pie.slices.map(\.amount) == [7_000, 5_000])
        #expect(pie.slices.map(\.count) == [2, 1])

        guard case .months(let months) = try view("months 2016") else { throw TestFailure("no months") }
        #expect(months.total == Balance(income: 100_000, expense: 12_000, currency: .cny))

        guard case .detail(let detail) = try view("detail food") else { throw TestFailure("no detail") }
        #expect(detail.total == 7_000)
        #expect(detail.months.map(\.subtotal) == [7_000])

        guard case .budgets(let budgets) = try view("budget") else { throw TestFailure("no budgets") }
        #expect(budgets.lines.map(\.spent) == [7_000])

        guard case .records(let books) = try view("books") else { throw TestFailure("no books") }
        #expect(books.rows[0][4...6] == [.money(100_000, .cny), .money(12_000, .cny), .money(88_000, .cny)])

        guard case .billDetail(let shown) = try view("show #2") else { throw TestFailure("no bill") }
        #expect(shown.bill.isRefund && shown.bill.signedAmount == 3_000)
    }

    @Test func theReportTakesARefundAsMoneyBack() throws {
        guard case .reportFile(_, let report) = try evaluate("report 2016 to r", in: Self.ledger, today: day("2016-07-20")) else {
            throw TestFailure("no report")
        }
        #expect(report.summary == Balance(income: 100_000, expense: 12_000, currency: .cny))
        #expect(report.expense.total == 12_000)
        #expect(report.spending.categories.map(\.total) == [7_000, 5_000])
        #expect(report.largest.map(\.bill.amount) == [10_000, 5_000])
    }

    @Test func aPieLeavesOutOfTheSharesACategoryRefundedMoreThanWasSpent() throws {
        var ledger = Self.ledger
        ledger.apply(try change("+200 food on 2016-07-04", in: ledger, today: day("2016-07-20")).set)
        guard case .pie(let pie) = try result("pie", in: ledger, today: day("2016-07-20")) else { throw TestFailure("no pie") }
        #expect(pie.total == -8_000)
        #expect(pie.slices.map(\.amount) == [5_000, -13_000])
        #expect(pie.slices.map(\.permille) == [1000, 0])
    }

    @Test func aListOfOneKindAddsUpItsAmountsAndOfBothKindsIsNet() throws {
        let today = day("2016-07-20")
        guard case .bills(let expenses) = try result("list expense", in: Self.ledger, today: today) else { throw TestFailure("no list") }
        #expect(!expenses.net)
        #expect(expenses.totals.cells.map(\.measure) == [cny(12_000)])
        guard case .bills(let both) = try result("list", in: Self.ledger, today: today) else { throw TestFailure("no list") }
        #expect(both.net)
        #expect(both.totals.cells.map(\.measure) == [cny(88_000)])
        guard case .search(let search) = try result("search dinner", in: Self.ledger, today: today) else { throw TestFailure("no search") }
        #expect(!search.bills.net)
        #expect(search.bills.totals.cells.map(\.measure) == [cny(10_000)])
    }

    @Test func aRefundGivenANewAmountStaysARefundAndMovedToIncomeIsIncome() throws {
        let amount = try change("edit #2 amount=25", in: Self.ledger)
        #expect(amount.set.rows.first?.after == .bill(try editedBill(2, amount: -2_500)))
        let moved = try change("edit #2 category=reimbursement", in: Self.ledger)
        guard case .bill(let income)? = moved.set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(income.amount == 3_000)
        #expect(income.categoryID == Fixture.category("reimbursement"))
        let renamed = try change("edit #2 category=drinks", in: Self.ledger)
        guard case .bill(let drinks)? = renamed.set.rows.first?.after else { throw TestFailure("no bill") }
        #expect(drinks.amount == -3_000)
    }

    private func editedBill(_ id: Int64, amount: Int64) throws -> Bill {
        var bill = try #require(Self.ledger.bill(id: id))
        bill.amount = amount
        bill.updated = fixedNow
        return bill
    }
}
