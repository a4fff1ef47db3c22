import Testing
import TallyCore
@testable import TallyLanguage

/// The bill `text` adds when the locale writes decimals with `decimalMark`.
private func addedBill(_ text: String, decimalMark: DecimalMark) throws -> Bill {
    var parser = Parser(text, decimalMark: decimalMark)
    guard let next = parser.next() else { throw TestFailure("no statement in \(text)") }
    let parsed = try next.get()
    guard case .ledger(let statement) = parsed.statement,
          case .change(let set, _, _, _) = try Evaluator(ledger: Fixture.ledger(), today: defaultToday, now: fixedNow).evaluate(statement, at: parsed.range),
          case .bill(let bill)? = set.rows.first?.after else { throw TestFailure("no bill from \(text)") }
    return bill
}

private func parseError(_ text: String, decimalMark: DecimalMark) -> Diagnostic? {
    var parser = Parser(text, decimalMark: decimalMark)
    guard case .failure(let diagnostic)? = parser.next() else { return nil }
    return diagnostic
}

/// Bills as people type them: the category first, a currency's sign, a
/// decimal comma, `at` in a sentence.
@Suite("Parser and evaluator: bills as people type them")
struct WordsPeopleTypeTests {
    @Test(arguments: [
        ("food 25 lunch", "add | - | 25 | food | remark lunch | on - | at - | tags [] | book -"),
        ("food 25", "add | - | 25 | food | remark - | on - | at - | tags [] | book -"),
        ("salary 200 june", "add | - | 200 | salary | remark june | on - | at - | tags [] | book -"),
        ("用餐 25 午饭 昨天", "add | - | 25 | 用餐 | remark 午饭 | on yesterday | at - | tags [] | book -"),
        ("\"eating out\" 12+8 dinner #work", "add | - | 12+8 | eating out | remark dinner | on - | at - | tags [work] | book -"),
        ("food ¥25 lunch at KFC", "add | - | 25 in ¥ | food | remark lunch | on - | at KFC | tags [] | book -"),
        ("200 salary", "add | - | 200 | salary | remark - | on - | at - | tags [] | book -"),
        ("¥25 food", "add | - | 25 in ¥ | food | remark - | on - | at - | tags [] | book -"),
        ("-¥25 food", "add | expense | 25 in ¥ | food | remark - | on - | at - | tags [] | book -"),
        ("25元 food", "add | - | 25 in 元 | food | remark - | on - | at - | tags [] | book -"),
        ("25块 food 面条", "add | - | 25 in 块 | food | remark 面条 | on - | at - | tags [] | book -"),
        ("$12.50 drinks", "add | - | 12.50 in $ | drinks | remark - | on - | at - | tags [] | book -"),
        ("add 12+8€ food", "add | - | 12+8 in € | food | remark - | on - | at - | tags [] | book -"),
        ("-5 food tip ¥5 for the driver", "add | expense | 5 | food | remark tip ¥5 for the driver | on - | at - | tags [] | book -"),
        ("-5 food 25元店", "add | expense | 5 | food | remark 25元店 | on - | at - | tags [] | book -"),
        ("-5 food look at this", "add | expense | 5 | food | remark look at this | on - | at - | tags [] | book -"),
        ("-5 food look at this yesterday", "add | expense | 5 | food | remark look at this | on yesterday | at - | tags [] | book -"),
        ("-5 food at least it was hot", "add | expense | 5 | food | remark at least it was hot | on - | at - | tags [] | book -"),
        ("-5 food meet at 5pm", "add | expense | 5 | food | remark meet at 5pm | on - | at - | tags [] | book -"),
        ("-5 food coffee at starbucks", "add | expense | 5 | food | remark coffee | on - | at starbucks | tags [] | book -"),
        ("-5 food lunch at home", "add | expense | 5 | food | remark lunch | on - | at home | tags [] | book -"),
        ("-5 food lunch at the night market", "add | expense | 5 | food | remark lunch | on - | at the night market | tags [] | book -"),
        ("-5 food look at this at KFC", "add | expense | 5 | food | remark look at this | on - | at KFC | tags [] | book -"),
        ("-5 food \"x\" at \"this\"", "add | expense | 5 | food | remark x | on - | at this | tags [] | book -"),
        ("-5 food at 滴滴出行", "add | expense | 5 | food | remark - | on - | at 滴滴出行 | tags [] | book -"),
    ])
    func readsTheBill(text: String, expected: String) throws {
        #expect(summary(try addBill(text)) == expected)
    }

    @Test func aBareAmountTakesItsCategorysKind() throws {
        let salary = try addedBill("200 salary")
        #expect(salary.categoryID == Fixture.category("salary") && salary.amount == 20_000)
        let ledger = Fixture.ledger()
        #expect(ledger.category(id: salary.categoryID)?.kind == .income)
        let food = try addedBill("food 25 lunch")
        #expect(food.categoryID == Fixture.category("food") && food.amount == 2_500 && food.remark == "lunch")
        #expect(try addedBill("salary 200").categoryID == Fixture.category("salary"))
        // A sign still says the kind, and must agree with the category's.
        #expect(try evaluationError("-200 salary")?.problem == .kindMismatch(category: "salary", kind: .income, wanted: .expense))
    }

    @Test(arguments: [
        ("¥25 food", 2_500 as Int64), ("￥25 food", 2_500), ("25元 food", 2_500), ("25块 food", 2_500),
        ("-¥25.50 food", 2_550), ("food ¥12+8", 2_000), ("budget food ¥500", 50_000),
    ])
    func aSignOfTheBooksCurrencyIsTaken(text: String, amount: Int64) throws {
        let outcome = try change(text)
        switch outcome.set.rows.first?.after {
        case .bill(let bill)?: #expect(bill.amount == amount)
        case .budget(let budget)?: #expect(budget.amount == amount)
        default: Issue.record("no bill or budget from \(text)")
        }
    }

    @Test func aSignOfAnotherCurrencyIsRefusedNamingTheBooksThatWouldTakeIt() throws {
        let dollars = try #require(try evaluationError("$12.50 drinks"))
        #expect(dollars.problem == .currencyOfAnotherBook(sign: "$", book: "daily", keeps: "CNY", takenBy: ["'travel' (USD)"]))
        #expect(dollars.message == "book 'daily' keeps CNY, which is not written '$'; book 'travel' (USD) would take it")
        #expect(Span(dollars.range) == Span(1, 1, 2))
        #expect(try addedBill("$12.50 drinks book travel").amount == 1_250)
        let euros = try #require(try evaluationError("8€ food"))
        #expect(euros.message == "book 'daily' keeps CNY, which is not written '€'; no book keeps a currency written so")
        #expect(Span(euros.range) == Span(1, 2, 3))
        let yuan = try #require(try evaluationError("add 25元 food book travel"))
        #expect(yuan.message == "book 'travel' keeps USD, which is not written '元'; books 'daily' (CNY), 'home' (CNY) would take it")
        // Bill 1 is in daily, of yuan.
        #expect(try evaluationError("edit #1 amount=$5")?.problem
            == .currencyOfAnotherBook(sign: "$", book: "daily", keeps: "CNY", takenBy: ["'travel' (USD)"]))
        #expect(parseError("¥25元 food")?.message == "'元' is given twice")
    }

    @Test(arguments: [
        ("25,50 food", 2_550 as Int64), ("1,5 food", 150), ("12,5+8,5 food", 2_100), ("25.50 food", 2_550), ("food 3,20 tea", 320),
        ("¥25,50 food", 2_550),
    ])
    func aDecimalCommaIsReadWhereTheLocaleWritesOne(text: String, amount: Int64) throws {
        #expect(try addedBill(text, decimalMark: .comma).amount == amount)
    }

    @Test func aDecimalCommaIsRefusedWhereTheLocaleWritesAPoint() throws {
        let comma = try #require(parseError("25,50 food", decimalMark: .point))
        #expect(comma.message == "write the decimals with a point, 25.50; a comma is one only where the locale (LC_NUMERIC or LANG) writes it")
        #expect(Span(comma.range) == Span(1, 1, 6))
        #expect(parseError("1,000 food", decimalMark: .point)?.problem == .thousandsSeparator)
        #expect(parseError("1.234,50 food", decimalMark: .comma)?.problem == .thousandsSeparator)
        // 1,234 is one and a bit where a comma marks decimals: more decimals than yuan have.
        #expect(throws: Diagnostic.self) { try addedBill("1,234 food", decimalMark: .comma) }
    }

    @Test func atAfterTheRemarkMustReadAsAPlace() throws {
        let diagnostic = try #require(parseError("-5 food \"look\" at this"))
        #expect(diagnostic.message == "'this' does not read as a place; quote the place if it is one: at \"this\"")
        #expect(Span(diagnostic.range) == Span(1, 19, 23))
        #expect(parseError("-5 food #work at least") != nil)
        #expect(parseError("-5 food #work at KFC") == nil)
    }

    @Test(arguments: [
        ("sum expens", "unknown word 'expens' — did you mean 'expense'?"),
        ("count incme in 2016", "unknown word 'incme' — did you mean 'income'?"),
        ("sum nett", "unknown word 'nett' — did you mean 'net'?"),
        ("sum wher kind = income", "unknown word 'wher' — did you mean 'where'?"),
    ])
    func aMistypedKindIsSuggested(text: String, message: String) {
        #expect(parseError(text)?.message == message)
    }

    @Test(arguments: [
        ("weekly as csv", "run saved weekly as csv"),
        ("weekly", "run saved weekly"),
        ("pie as json", "pie expense period - as json"),
        ("pie income 2016-07 as csv", "pie income period 2016-07-01..2016-07-31 as csv"),
        ("timeline last month as json", "timeline period last month as json"),
        ("months as json", "months - as json"),
        ("months 2016 as csv", "months 2016 as csv"),
        ("detail food in 2016 as json", "detail food period 2016-01-01..2016-12-31 as json"),
        ("show #4 as json", "show #4 as json"),
        ("search coffee as csv", "search coffee period - as csv"),
        ("books as json", "books as json"),
        ("categories income as csv", "categories income as csv"),
        ("budget as json", "budget period - as json"),
        ("budget 2016-07 as table", "budget period 2016-07-01..2016-07-31 as table"),
        ("pie", "pie expense period -"),
    ])
    func viewsAndSavedStatementsTakeAFormat(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test(arguments: [
        ("weekly as cvs", "unknown format 'cvs' — did you mean 'csv'?"),
        ("budget food 100 as json", "unexpected 'as'; expected end of statement"),
        ("pie as", "incomplete statement; expected a format"),
    ])
    func aFormatIsCheckedLikeAQuerysOwn(text: String, message: String) {
        #expect(parseError(text)?.message.hasPrefix(message) == true, "\(text): \(parseError(text)?.message ?? "parses")")
    }

    @Test func aViewShownAsAFormatGivesTheViewsResultInIt() throws {
        guard case .result(.pie(let pie), let format) = try evaluate("pie 2016-07 as json") else { throw TestFailure("no pie") }
        guard case .result(.pie(let plain), nil) = try evaluate("pie 2016-07") else { throw TestFailure("no pie") }
        #expect(format == .json)
        #expect(pie == plain)
    }
}
