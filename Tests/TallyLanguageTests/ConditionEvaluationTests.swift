import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluator: conditions")
struct ConditionEvaluationTests {
    @Test func anAmountWithMoreDecimalsThanAnyCurrencyIsAnError() throws {
        let error = try #require(try evaluationError("count where amount = 1.005"))
        #expect(error.problem == .badAmount("1.005", .tooManyDecimals(allowed: 2)))
        #expect(Span(error.range) == Span(1, 22, 27))
        // Trailing zeros past every currency's decimals are harmless: 12.340 is bill 6's 12.34.
        #expect(try count("count where amount = 12.340 and book in (daily, travel, home)") == 1)
        #expect(try count("count where amount = 12.3400 and book in (daily, travel, home)") == 1)
    }

    @Test(arguments: [
        ("category=food", 8),
        ("cat = 用餐", 8),
        ("category = FOOD", 8),
        ("category != food", 13),
        ("category in (food, snacks, 用餐)", 10),
        ("category not in (food, snacks)", 11),
        ("category ~ 用", 9),
        ("category ~ FOO", 8),
        ("category !~ food", 13),
    ])
    func category(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test(arguments: [
        ("amount > 100", 8),
        ("amount > 120", 7),
        ("amount >= 120", 8),
        ("amount = 12.34", 1),
        ("amount = 12.340", 1),
        ("amount = 12.3", 0),
        ("amount < 0.05", 2),
        ("amount <= 10", 3),
        ("amount != 20", 19),
        ("amount in (20, 15)", 3),
        ("amount not in (20, 15)", 18),
        ("amount > 0", 21),
        ("amount <= 0.01", 1),
    ])
    func amount(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test func amountsCompareInEachBooksOwnUnits() throws {
        let ledger = Ledger(
            books: Fixture.books + [Book(id: 4, name: "tokyo", currency: Currency(code: "JPY"), position: 4)],
            categories: Fixture.categories,
            bills: [Bill(id: 1, bookID: 4, categoryID: Fixture.category("food"), amount: 1_200, day: day("2016-07-01"))],
            settings: Settings(currentBookID: 4))
        #expect(try count("count where amount = 1200", in: ledger) == 1)
        #expect(try count("count where amount = 12", in: ledger) == 0)
        #expect(try count("count where amount > 1199.5", in: ledger) == 1)
    }

    @Test(arguments: [
        ("remark = coat", 1),
        ("remark = COAT", 1),
        ("remark = \"dim sum\"", 1),
        ("remark = dim", 0),
        ("remark != coat", 20),
        ("remark in (coat, gum)", 2),
        ("remark not in (coat, gum)", 19),
        ("remark ~ lunch", 4),
        ("remark ~ LUNCH", 4),
        ("note !~ lunch", 17),
        ("remark ~ coffee", 1),
        ("place ~ market", 2),
        ("place = kfc", 2),
        ("place != kfc", 19),
        ("place !~ market", 19),
        ("not place ~ market", 19),
        ("place in (Wanda, \"Din Tai Fung\")", 2),
        ("tag = work", 3),
        ("tag = WORK", 3),
        ("tag = #family", 3),
        ("tag != family", 18),
        ("tag ~ week", 2),
        ("tag !~ week", 19),
        ("tag in (party, health)", 2),
        ("tag not in (work, family)", 15),
        ("tags = trip", 1),
    ])
    func text(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test(arguments: [
        ("date >= 2016-07-01 and date < 2016-10-01", 6),
        ("date = 2016-04-01", 2),
        ("date = 2016-02-29", 1),
        ("date < today", 21),
        ("date > 2016-12-31", 1),
        ("date <= 2015-12-31", 2),
        ("date != 2016-04-01", 19),
        ("date in (2016-04-01, 2016-02-29)", 3),
        ("date not in (2016-04-01)", 19),
        ("kind = income", 3),
        ("kind != income", 18),
        ("kind in (expense)", 18),
        ("kind = EXPENSE", 18),
        ("kind not in (income)", 18),
        ("kind ~ income", 3),
        ("kind !~ INCOME", 18),
        ("id = #13", 1),
        ("id = 13", 1),
        ("id in (1, 2, 19)", 2),
        ("id > 20", 3),
        ("id <= 3", 3),
        ("id != 1", 20),
        ("id >= 24", 2),
        ("id < 2", 1),
        ("id not in (1, #2)", 19),
        ("id = #19", 0),
        ("weekday = sun", 4),
        ("weekday = Sunday", 4),
        ("weekday in (sat, sun)", 7),
        ("weekday not in (sat, sun)", 14),
        ("weekday < wed", 4),
        ("weekday >= sat", 7),
        ("weekday != mon", 17),
        ("weekday <= mon", 4),
        ("weekday > fri", 7),
        ("weekday = tue", 0),
    ])
    func datesKindsIDsWeekdays(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test func relativeDatesInConditionsUseToday() throws {
        #expect(try count("count where date = yesterday", today: day("2017-01-02")) == 1)
        #expect(try count("count where date = today", today: day("2016-04-01")) == 2)
        #expect(try count("count where date < today", today: day("2016-01-01")) == 2)
    }

    @Test(arguments: [
        ("book = travel", 4),
        ("book = TRAVEL", 4),
        ("book != daily", 4),
        ("book in (daily, travel)", 25),
        ("book not in (travel)", 21),
        ("book ~ trav", 4),
        ("book !~ trav", 21),
        ("book = home", 0),
    ])
    func book(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test(arguments: [
        ("category = food and amount > 20 or kind = income", 7),
        ("kind = income or category = food and amount > 20", 7),
        ("category = food and (amount > 20 or kind = income)", 4),
        ("not category = food and amount > 20", 10),
        ("not (category = food and amount > 20)", 17),
        ("not not category = food", 8),
        ("(tag = work or tag = family) and kind = income", 2),
        ("tag = work or tag = family and kind = income", 4),
    ])
    func logic(condition: String, expected: Int) throws {
        #expect(try count("count where " + condition) == expected)
    }

    @Test(arguments: [
        ErrorCase("sum where category = fod", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 22, 25)),
        ErrorCase("count where cat = 用", .unknownName(kind: .category, name: "用", suggestion: "用餐"), Span(1, 19, 20)),
        ErrorCase("count where category != xyzzy", .unknownName(kind: .category, name: "xyzzy", suggestion: nil), Span(1, 25, 30)),
        ErrorCase("count where category in (food, snaks)", .unknownName(kind: .category, name: "snaks", suggestion: "snacks"), Span(1, 32, 37)),
        ErrorCase("count where category not in (tran)", .unknownName(kind: .category, name: "tran", suggestion: "transport"), Span(1, 30, 34)),
        ErrorCase("count where book = travle", .unknownName(kind: .book, name: "travle", suggestion: "travel"), Span(1, 20, 26)),
        ErrorCase("list where book not in (nope)", .unknownName(kind: .book, name: "nope", suggestion: nil), Span(1, 25, 29)),
        ErrorCase("sum expense by month where book = dayly", .unknownName(kind: .book, name: "dayly", suggestion: "daily"), Span(1, 35, 40)),
    ])
    func anUnknownNameIsAnErrorNeverZero(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func theUnknownNameMessageSuggests() throws {
        let diagnostic = try #require(try evaluationError("sum where category = fod"))
        #expect(diagnostic.message == "unknown category 'fod' — did you mean 'food'?")
    }

    @Test func chineseNamesWorkWhenTheyAreTheDisplayNames() throws {
        let categories = DefaultCategories.make(chinese: true)
        let food = try #require(categories.first { $0.name == "用餐" })
        let ledger = Ledger(
            books: [Book(id: 1, name: "日常", currency: .cny, position: 1)], categories: categories,
            bills: [Bill(id: 1, bookID: 1, categoryID: food.id, amount: 100, day: day("2016-07-01"))],
            settings: Settings(currentBookID: 1))
        #expect(try count("count where category = food", in: ledger) == 1)
        #expect(try count("count where category = 用餐", in: ledger) == 1)
        #expect(try count("count where book = 日常", in: ledger) == 1)
    }
}

@Suite("Evaluator: a tag alone")
struct TagShorthandEvaluationTests {
    @Test(arguments: [
        ("list #work", "list where tag = work", [1, 10, 11] as [Int64]),
        ("list #family in 2016", "list where tag = family in 2016", [4, 13, 17]),
        ("list #trip where book = travel", "list where book = travel and tag = trip", [19, 20, 22]),
        ("list #work #family", "list where tag = work and tag = family", []),
    ])
    func isTheSameAsTheCondition(shorthand: String, written: String, ids: [Int64]) throws {
        #expect(try listedIDs(shorthand) == ids)
        #expect(try listedIDs(written) == ids)
    }
}

@Suite("Evaluator: names with nothing near")
struct UnknownNameChoicesTests {
    @Test func anUnknownCategoryWithNoNearMatchListsTheFirstFew() throws {
        let error = try #require(try evaluationError("count where cat = 餐饮"))
        #expect(error.message == "unknown category '餐饮'")
        #expect(error.notes == ["categories: food, transport, clothes, beauty, household, entertainment, snacks, drinks, … ('categories' lists them all)"])
    }

    @Test func aNearMatchIsSuggestedInstead() throws {
        let error = try #require(try evaluationError("count where cat = fod"))
        #expect(error.message == "unknown category 'fod' — did you mean 'food'?")
        #expect(error.notes.isEmpty)
    }

    @Test func anUnknownBookListsTheBooks() throws {
        let error = try #require(try evaluationError("count where book = qqqqqqqq"))
        #expect(error.notes == ["books: daily, travel, home ('books' lists them all)"])
    }
}
