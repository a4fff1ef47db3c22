import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluator: books")
struct BookStatementTests {
    @Test func bookAdd() throws {
        let result = try change("book add trips currency usd")
        #expect(result.set.rows == [
            RowChange(before: nil, after: .book(Book(
                id: 4, name: "trips", currency: Fixture.usd, position: 4, account: ExportAccount(journal: "trips", beancount: "Trips")))),
            RowChange(before: nil, after: .account(Account(id: 4, bookID: 4, name: "cash", position: 0))),
        ], "a new book holds its bills in its own cash account")
        #expect(reportText(result.report) == "added book 'trips' (USD); 'use trips' to switch to it")
        #expect(result.report == .done(.bookAdded("trips", currency: "USD")))
        #expect(result.set.undoable)
    }

    @Test func aNewBookTakesTheLocalesCurrencyNotTheCurrentBooks() throws {
        let ledger = Fixture.ledger(current: Fixture.travel)
        var parser = Parser("book add trips")
        let next = parser.next()
        let parsed = try #require(next).get()
        guard case .ledger(let statement) = parsed.statement else { throw TestFailure("not a statement of the ledger") }
        let outcome = try Evaluator(ledger: ledger, today: defaultToday, now: 0, defaultCurrency: Currency(code: "EUR"))
            .evaluate(statement, at: parsed.range)
        guard case .change(let set, _, _, _) = outcome, case .book(let book)? = set.rows.first?.after else {
            Issue.record("no book")
            return
        }
        #expect(book.currency.code == "EUR")
    }

    @Test func useChoosesTheCurrentBookAndIsNotAnEdit() throws {
        let result = try change("use TRAVEL")
        var settings = Fixture.ledger().settings
        settings.currentBookID = Fixture.travel
        #expect(result.set.rows == [RowChange(before: .settings(Fixture.ledger().settings), after: .settings(settings))])
        #expect(!result.set.undoable)
        #expect(reportText(result.report) == "using book 'travel' (USD)")
    }

    @Test func bookRename() throws {
        let result = try change("book rename travel to trips")
        var renamed = Fixture.books[1]
        renamed.name = "trips"
        renamed.account = ExportAccount(journal: "trips", beancount: "Trips")
        #expect(result.set.rows == [RowChange(before: .book(Fixture.books[1]), after: .book(renamed))])
        #expect(try change("book rename travel to TRAVEL").set.rows.count == 1)
    }

    @Test func bookDeleteWithoutBills() throws {
        let result = try change("book delete home")
        #expect(result.set.rows == [
            RowChange(before: .account(Account(id: 3, bookID: 3, name: "cash", position: 0)), after: nil),
            RowChange(before: .book(Fixture.books[2]), after: nil),
        ], "the book's accounts go with it")
        #expect(reportText(result.report) == "deleted book 'home'")
    }

    @Test func deletingTheCurrentBookChoosesAnother() throws {
        var ledger = Fixture.ledger(current: Fixture.home)
        ledger.apply(try change("book delete home", in: ledger).set)
        #expect(ledger.settings.currentBookID == Fixture.daily)
        #expect(ledger.books.map(\.name) == ["daily", "travel"])
    }

    @Test func bookDeleteIntoMovesTheBills() throws {
        var ledger = Fixture.ledger()
        let result = try change("book delete daily into home", in: ledger)
        #expect(result.set.rows.count == 21 + 3, "each bill, the current book, the book's account and the book")
        #expect(result.set.rows.last == RowChange(before: .book(Fixture.books[0]), after: nil))
        #expect(reportText(result.report) == "deleted book 'daily' and moved 21 bills into 'home'")
        #expect(result.report == .done(.bookDeleted("daily", moved: 21, into: "home")))
        ledger.apply(result.set)
        #expect(ledger.settings.currentBookID == Fixture.home)
        #expect(try count("count", in: ledger) == 21)
        #expect(try measure("sum expense", in: ledger) == cny(277_139))
        #expect(ledger.bills.allSatisfy { $0.bookID != Fixture.daily })
    }

    @Test(arguments: [
        ErrorCase("book add DAILY", .bookNameTaken("daily"), Span(1, 10, 15)),
        ErrorCase("book add x currency dollars", .unknownCurrency("dollars", suggestion: nil), Span(1, 21, 28)),
        ErrorCase("book add x currency XYZ", .unknownCurrency("XYZ", suggestion: nil), Span(1, 21, 24)),
        ErrorCase("book add x currency uds", .unknownCurrency("uds", suggestion: "USD"), Span(1, 21, 24)),
        ErrorCase("use nope", .unknownName(kind: .book, name: "nope", suggestion: nil), Span(1, 5, 9)),
        ErrorCase("book rename travel to Daily", .bookNameTaken("daily"), Span(1, 23, 28)),
        ErrorCase("book rename travle to x", .unknownName(kind: .book, name: "travle", suggestion: "travel"), Span(1, 13, 19)),
        ErrorCase("book delete travel", .bookHasBills(book: "travel", count: 4, sameCurrency: nil),
                  Span(1, 13, 19)),
        ErrorCase("book delete travel into daily", .booksKeepOtherCurrencies(destination: "daily", destinationCurrency: "CNY", book: "travel", bookCurrency: "USD"), Span(1, 25, 30)),
        ErrorCase("book delete daily into daily", .takesItsOwnBills(thing: .book), Span(1, 24, 29)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func theOnlyBookCannotBeDeleted() throws {
        let ledger = Ledger(books: [Fixture.books[0]], categories: Fixture.categories, bills: [], settings: Settings(currentBookID: 1))
        #expect(try evaluationError("book delete daily", in: ledger)?.problem
            == .onlyBook("daily"))
    }

    @Test func booksTable() throws {
        guard case .result(.records(let table), _) = try evaluate("books") else {
            Issue.record("no table")
            return
        }
        // The fixture's own sums: daily 6200.00 in, 2771.39 out; travel 500.00 in, 56.99 out.
        #expect(table == RecordTable(
            columns: ["current", "book", "currency", "bills", "income", "expense", "balance"],
            rows: [
                [.flag(true), .text("daily"), .text("CNY"), .number(21), .money(620_000, .cny), .money(277_139, .cny), .money(342_861, .cny)],
                [.flag(false), .text("travel"), .text("USD"), .number(4), .money(50_000, Fixture.usd), .money(5_699, Fixture.usd),
                 .money(44_301, Fixture.usd)],
                [.flag(false), .text("home"), .text("CNY"), .number(0), .money(0, .cny), .money(0, .cny), .money(0, .cny)],
            ],
            totals: [
                [.text(""), .text("total"), .text("CNY"), .number(21), .money(620_000, .cny), .money(277_139, .cny), .money(342_861, .cny)],
                [.text(""), .text("total"), .text("USD"), .number(4), .money(50_000, Fixture.usd), .money(5_699, Fixture.usd),
                 .money(44_301, Fixture.usd)],
            ]))
    }
}

@Suite("Evaluator: categories")
struct CategoryStatementTests {
    @Test func categoryAdd() throws {
        let result = try change("category add coffee expense icon ☕ alias 咖啡")
        #expect(result.set.rows == [RowChange(before: nil, after: .category(Category(
            id: 39, name: "coffee", kind: .expense, icon: "☕", aliases: ["咖啡"], position: 39,
            account: ExportAccount(journal: "coffee", beancount: "Coffee"))))])
        #expect(reportText(result.report) == "added expense category 'coffee'")
    }

    @Test func aNewCategoryGetsADefaultIcon() throws {
        guard case .category(let category)? = try change("category add tips income").set.rows.first?.after else {
            Issue.record("no category")
            return
        }
        #expect(category.icon == "🏷")
        #expect(category.kind == .income)
        #expect(category.aliases.isEmpty)
    }

    @Test func categoryRenameKeepsTheAliases() throws {
        let food = Fixture.categories[0]
        var renamed = food
        renamed.name = "meals"
        renamed.account = ExportAccount(journal: "meals", beancount: "Meals")
        #expect(try change("category rename food to meals").set.rows == [RowChange(before: .category(food), after: .category(renamed))])
    }

    /// The account a category is given: its name where valid, and never one another category has.
    @Test func aCategoryMadeOrRenamedIsGivenAnAccountNoOtherHas() throws {
        var ledger = Fixture.ledger()
        ledger.apply(try change(#"category add "a-b" expense"#).set)
        guard case .category(let made)? = try change("category add \"a:b\" expense", in: ledger).set.rows.first?.after,
              case .category(let renamed)? = try change("category rename food to \"a b:c\"", in: ledger).set.rows.first?.after else {
            Issue.record("no category")
            return
        }
        #expect(made.account == ExportAccount(journal: "a-b-2", beancount: "A-b-2"))
        #expect(renamed.account == ExportAccount(journal: "a b-c", beancount: "A-b-c"))
    }

    @Test func renamingToAnAliasDropsThatAlias() throws {
        guard case .category(let category)? = try change("category rename food to 用餐").set.rows.first?.after else {
            Issue.record("no category")
            return
        }
        #expect(category.name == "用餐")
        #expect(category.aliases.isEmpty)
    }

    @Test func categoryMergeMovesTheBills() throws {
        var ledger = Fixture.ledger()
        let result = try change("category merge snacks into food", in: ledger)
        var moved = [Fixture.bill(8), Fixture.bill(9)]
        for index in moved.indices {
            moved[index].categoryID = Fixture.category("food")
            moved[index].updated = fixedNow
        }
        let snacks = Fixture.categories.first { $0.name == "snacks" }!
        let food = Fixture.categories.first { $0.name == "food" }!
        var widened = food
        widened.aliases += ["snacks", "零食"]
        #expect(result.set.rows == [
            RowChange(before: .bill(Fixture.bill(8)), after: .bill(moved[0])),
            RowChange(before: .bill(Fixture.bill(9)), after: .bill(moved[1])),
            RowChange(before: .category(snacks), after: nil),
            RowChange(before: .category(food), after: .category(widened)),
        ])
        #expect(reportText(result.report) == "merged category 'snacks' into 'food' (2 bills moved)")
        ledger.apply(result.set)
        #expect(try count("count where category = food", in: ledger) == 10)
        #expect(try count("count where category = 零食", in: ledger) == 10, "the old names now mean food")
    }

    @Test func categoryDeleteIntoIsAMerge() throws {
        let result = try change("category delete snacks into food")
        #expect(result.set.rows.count == 4)
        #expect(result.set.summary == "deleted category 'snacks' into 'food'")
    }

    @Test func categoryDeleteWithoutBills() throws {
        let baby = Fixture.categories.first { $0.name == "baby" }!
        #expect(try change("category delete baby").set.rows == [RowChange(before: .category(baby), after: nil)])
    }

    @Test(arguments: [
        ErrorCase("category add cafe expense alias food", .categoryNameTaken(name: "food", existing: "food"), Span(1, 33, 37)),
        ErrorCase("category add 用餐 expense", .categoryNameTaken(name: "用餐", existing: "food"), Span(1, 14, 16)),
        ErrorCase("category add tea expense alias Tea", .givenTwice("Tea"), Span(1, 32, 35)),
        ErrorCase("category rename food to snacks", .categoryNameTaken(name: "snacks", existing: "snacks"), Span(1, 25, 31)),
        ErrorCase("category rename fod to x", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 17, 20)),
        ErrorCase("category merge food into salary", .categoryKindsDiffer(source: "food", sourceKind: .expense, destination: "salary", destinationKind: .income), Span(1, 26, 32)),
        ErrorCase("category merge food into 用餐", .takesItsOwnBills(thing: .category), Span(1, 26, 28)),
        ErrorCase("category delete food", .categoryHasBills(category: "food", count: 10), Span(1, 17, 21)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func categoriesTable() throws {
        guard case .result(.records(let table), _) = try evaluate("categories income") else {
            Issue.record("no table")
            return
        }
        #expect(table.columns == ["icon", "category", "kind", "aliases", "bills", "total"])
        #expect(table.rows.count == 9)
        #expect(table.rows.first == [.text("💰"), .text("general"), .phrase(Kind.income.words), .list(["一般"]), .number(0), .money(0, .cny)])
        #expect(table.rows.first { $0[1] == .text("salary") }
            == [.text("💼"), .text("salary"), .phrase(Kind.income.words), .list(["工资"]), .number(1), .money(500_000, .cny)])
        // Like a query, the listing covers the current book: the refund is in travel.
        #expect(table.rows.first { $0[1] == .text("reimbursement") }?[4...] == [.number(0), .money(0, .cny)])
        #expect(table.rows.first { $0[1] == .text("bonus") }?[4...] == [.number(1), .money(100_000, .cny)])
    }
}

@Suite("Evaluator: set, help, undo")
struct SettingStatementTests {
    @Test func setWeekstartIsKeptInTheLedger() throws {
        var ledger = Fixture.ledger()
        let result = try change("set weekstart sunday", in: ledger)
        #expect(result.set.rows == [RowChange(
            before: .settings(ledger.settings), after: .settings(Settings(currentBookID: Fixture.daily, weekStart: .sunday)))])
        #expect(!result.set.undoable)
        #expect(reportText(result.report) == "weeks start on sunday")
        ledger.apply(result.set)
        #expect(try count("count this week", in: ledger, today: day("2016-01-03")) == 2)
    }

    @Test(arguments: [
        ("set format json", SessionSetting.format(.json)),
        ("set format CSV", .format(.csv)),
        ("set color off", .color(false)),
        ("set color on", .color(true)),
        ("set colour on", .color(true)),
        ("set pager off", .pager(.off)),
        ("set pager ALWAYS", .pager(.always)),
        ("set pager on", .pager(.on)),
    ])
    func sessionSettings(text: String, expected: SessionSetting) throws {
        guard case .sessionSetting(let setting) = try evaluate(text) else {
            Issue.record("not a session setting")
            return
        }
        #expect(setting == expected)
    }

    @Test(arguments: [
        ErrorCase("set weekstart friday", .unexpected(found: "'friday'", expected: "'monday' or 'sunday'"), Span(1, 15, 21)),
        ErrorCase("set format chart", .unexpected(found: "'chart'", expected: "'table', 'csv' or 'json'"), Span(1, 12, 17)),
        ErrorCase("set color maybe", .unexpected(found: "'maybe'", expected: "'on' or 'off'"), Span(1, 11, 16)),
        ErrorCase("set colr on", .unknownName(kind: .setting, name: "colr", suggestion: "color"), Span(1, 5, 9)),
        ErrorCase("set pager less", .unexpected(found: "'less'", expected: "'on', 'off' or 'always'"), Span(1, 11, 15)),
        ErrorCase("set pagre off", .unknownName(kind: .setting, name: "pagre", suggestion: "pager"), Span(1, 5, 10)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func sessionStatementsGoToTheSession() throws {
        guard case .session(.help(let topic)) = try statement("help periods") else {
            Issue.record("not help")
            return
        }
        #expect(topic?.value == "periods")
        guard case .session(.undo) = try statement("undo"), case .session(.redo) = try statement("redo"),
              case .session(.quit) = try statement("exit") else {
            Issue.record("undo, redo or quit did not go to the session")
            return
        }
    }
}
