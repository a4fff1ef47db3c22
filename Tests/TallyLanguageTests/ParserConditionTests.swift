import Testing
@testable import TallyLanguage

@Suite("Parser: conditions")
struct ParserConditionTests {
    @Test(arguments: [
        ("category=food", "category = food"),
        ("cat = food", "category = food"),
        ("category = 用餐", "category = 用餐"),
        ("category = \"food\"", "category = food"),
        ("category != food", "category != food"),
        ("category ~ foo", "category ~ foo"),
        ("category !~ foo", "category !~ foo"),
        ("category in (food, snacks, 用餐)", "category in (food, snacks, 用餐)"),
        ("category not in (food)", "category not in (food)"),
        ("amount >= 100", "amount >= 100"),
        ("amount < 25.50", "amount < 25.50"),
        ("amount > 0.5", "amount > 0.5"),
        ("amount <= 10", "amount <= 10"),
        ("amount = 12.34", "amount = 12.34"),
        ("amount != 20", "amount != 20"),
        ("amount in (20, 15)", "amount in (20, 15)"),
        ("remark ~ coffee", "remark ~ coffee"),
        ("note !~ \"refund\"", "remark !~ refund"),
        ("remark = 25", "remark = 25"),
        ("place = \"Din Tai Fung\"", "place = Din Tai Fung"),
        ("place != KFC", "place != KFC"),
        ("book = travel", "book = travel"),
        ("book in (daily, travel)", "book in (daily, travel)"),
        ("tag = #travel", "tag = travel"),
        ("tag = work", "tag = work"),
        ("tags ~ week", "tag ~ week"),
        ("tag in (#party, health)", "tag in (party, health)"),
        ("date >= 2016-07-01", "date >= 2016-07-01"),
        ("date < today", "date < today"),
        ("date = yesterday", "date = yesterday"),
        ("day = 2016-02-29", "date = 2016-02-29"),
        ("date in (2016-04-01, today)", "date in (2016-04-01, today)"),
        ("kind = income", "kind = income"),
        ("kind = EXPENSE", "kind = expense"),
        ("kind != income", "kind != income"),
        ("id = #42", "id = 42"),
        ("id = 42", "id = 42"),
        ("id in (#1, 2)", "id in (1, 2)"),
        ("id > 20", "id > 20"),
        ("weekday = sun", "weekday = sun"),
        ("weekday < Wednesday", "weekday < Wednesday"),
        ("weekday not in (sat, sun)", "weekday not in (sat, sun)"),
    ])
    func comparison(text: String, expected: String) throws {
        #expect(try condition(text) == expected)
    }

    @Test(arguments: [
        ("category = food and amount > 20 or kind = income", "((category = food and amount > 20) or kind = income)"),
        ("kind = income or category = food and amount > 20", "(kind = income or (category = food and amount > 20))"),
        ("category = food and (amount > 20 or kind = income)", "(category = food and (amount > 20 or kind = income))"),
        ("not category = food and amount > 20", "((not category = food) and amount > 20)"),
        ("not (category = food and amount > 20)", "(not (category = food and amount > 20))"),
        ("not not category = food", "(not (not category = food))"),
        ("id = 1 or id = 2 or id = 3", "(id = 1 or id = 2 or id = 3)"),
        ("id = 1 and id = 2 and id = 3", "(id = 1 and id = 2 and id = 3)"),
        ("((id = 1))", "id = 1"),
        ("not place ~ market", "(not place ~ market)"),
        ("(id = 1 or id = 2) and not (tag = a or tag = b)", "((id = 1 or id = 2) and (not (tag = a or tag = b)))"),
    ])
    func precedence(text: String, expected: String) throws {
        #expect(try condition(text) == expected)
    }

    @Test func keywordsInConditionsIgnoreCase() throws {
        #expect(try condition("CATEGORY = food AND NOT amount > 5 OR tag NOT IN (x)")
            == "((category = food and (not amount > 5)) or tag not in (x))")
    }

    @Test func a100DeepConditionIsAllowed() throws {
        let nested = String(repeating: "(", count: 50) + "amount > 1" + String(repeating: ")", count: 50)
        let text = String(repeating: "not ", count: 50) + nested
        #expect(try condition(text).hasSuffix("amount > 1" + String(repeating: ")", count: 50)))
    }

    @Test func oneLevelPastTheLimitIsTooDeep() {
        let parens = "count where " + String(repeating: "(", count: 101) + "amount > 1" + String(repeating: ")", count: 101)
        #expect(parseError(parens)?.problem == .tooDeep)
        let mixed = "count where " + String(repeating: "not ", count: 51) + String(repeating: "(", count: 50) + "amount > 1" + String(repeating: ")", count: 50)
        #expect(parseError(mixed)?.problem == .tooDeep)
    }

    @Test func operatorRangesCoverBothWordsOfNotIn() throws {
        let parsed = try query("count where weekday not in (sat)")
        guard case .comparison(let comparison)? = parsed.condition else {
            Issue.record("not a comparison")
            return
        }
        #expect(Span(comparison.op.range) == Span(1, 21, 27))
        #expect(Span(comparison.field.range) == Span(1, 13, 20))
        #expect(comparison.operands.map { Span($0.range) } == [Span(1, 29, 32)])
    }
}
