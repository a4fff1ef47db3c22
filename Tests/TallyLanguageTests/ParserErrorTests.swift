import Testing
@testable import TallyLanguage

struct ErrorCase: Sendable, CustomTestStringConvertible {
    let text: String
    let problem: Problem
    let span: Span
    init(_ text: String, _ problem: Problem, _ span: Span) {
        self.text = text
        self.problem = problem
        self.span = span
    }
    var testDescription: String { text.count > 60 ? String(text.prefix(60)) + "…" : text }
}

private let clauses = "a clause ('where', a period such as 'in 2016', 'by', 'order by', 'limit', 'top' or 'as') or end of statement"
private let openDouble = LexError.unterminatedString(quote: "\"")
private let openSingle = LexError.unterminatedString(quote: "'")
private let fields = "a field (category, amount, remark, place, book, tag, date, kind, id, weekday, photos)"

@Suite("Parser: errors and where they point")
struct ParserErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase("sum where remark = \"lunch", .unreadable(.unterminatedString(quote: "\"")), Span(1, 20, 26)),
        ErrorCase("sum where remark = \"a\\qb\"", .unreadable(.unknownEscape("q")), Span(1, 20, 26)),
        ErrorCase("count where amount ! 5", .unreadable(.exclamationMarkAlone), Span(1, 20, 21)),
        ErrorCase("sum \\ expense", .unreadable(.backslashMidLine), Span(1, 5, 6)),
        ErrorCase("sum @", .unreadable(.unexpectedCharacter("@")), Span(1, 5, 6)),
        ErrorCase("25", .unexpected(found: "end of input", expected: "a category name"), Span(1, 3, 3)),
        ErrorCase("save food-month count", .savedNameWithHyphen(suggested: "food_month"), Span(1, 6, 16)),
        ErrorCase("sum expense by categry", .unknownName(kind: .dimension, name: "categry", suggestion: "category"), Span(1, 16, 23)),
        ErrorCase("count where amout > 5", .unknownName(kind: .field, name: "amout", suggestion: "amount"), Span(1, 13, 18)),
        ErrorCase("sum as jsn", .unknownName(kind: .format, name: "jsn", suggestion: "json"), Span(1, 8, 11)),
        ErrorCase("sum as xml", .unknownName(kind: .format, name: "xml", suggestion: nil), Span(1, 8, 11)),
        ErrorCase("sum expense whre category=food", .unexpected(found: "'whre'", expected: clauses, suggestion: "where"), Span(1, 13, 17)),
        ErrorCase("sum where category=", .unexpected(found: "end of input", expected: "a value for category"), Span(1, 20, 20)),
        ErrorCase("count\nsum where category=", .unexpected(found: "end of input", expected: "a value for category"), Span(2, 20, 20)),
        ErrorCase("sum where category= ; count", .unexpected(found: "';'", expected: "a value for category"), Span(1, 21, 22)),
        ErrorCase("every year on", .unexpected(found: "end of input", expected: "a day of the year, such as 03-15 or mar 15"), Span(1, 14, 14)),
        ErrorCase("every year on 03n -9 study", .unexpected(found: "'03n'", expected: "a day of the year, such as 03-15 or mar 15"), Span(1, 15, 18)),
        ErrorCase("every year on feb 30 -9 study", .unexpected(found: "'feb 30'", expected: "a day of the year, such as 03-15 or mar 15"), Span(1, 15, 21)),
        ErrorCase("count in 2016-13-01", .noSuchDate("2016-13-01"), Span(1, 10, 20)),
        ErrorCase("count in 2016-02-30", .noSuchDate("2016-02-30"), Span(1, 10, 20)),
        ErrorCase("count in 2015-02-29", .noSuchDate("2015-02-29"), Span(1, 10, 20)),
        ErrorCase("count in 2016-13", .noSuchMonth("2016-13"), Span(1, 10, 17)),
        ErrorCase("count where date = 2016-02-30", .noSuchDate("2016-02-30"), Span(1, 20, 30)),
        ErrorCase("add 5 food on 2016-04-31", .noSuchDate("2016-04-31"), Span(1, 15, 25)),
        ErrorCase("count in 2016-w53", .noSuchWeek(year: 2016, week: 53), Span(1, 10, 18)),
        ErrorCase("count in 2016-w0", .noSuchWeek(year: 2016, week: 0), Span(1, 10, 17)),
        ErrorCase("count in 2016-q5", .noSuchQuarter("2016-q5"), Span(1, 10, 17)),
        ErrorCase("count in 2016-00", .noSuchMonth("2016-00"), Span(1, 10, 17)),
        ErrorCase("count in 2016-07-00", .noSuchDate("2016-07-00"), Span(1, 10, 20)),
        ErrorCase("count in 2016-x3", .unexpected(found: "'x3'", expected: "a month (07), quarter (q3) or week (w27) after '2016-'"), Span(1, 15, 17)),
        ErrorCase("add 1,000 food", .thousandsSeparator, Span(1, 5, 10)),
        ErrorCase("add 5 food at", .unexpected(found: "end of input", expected: "a place, such as \"Wangfujing\""), Span(1, 14, 14)),
        ErrorCase("list by category", .listTakesNoBy, Span(1, 9, 17)),
        ErrorCase("sum \"x\"", .unexpected(found: "string \"x\"", expected: clauses), Span(1, 5, 8)),
        ErrorCase("count on 2016-07", .unexpected(found: "'2016-07'", expected: "a full date such as 2016-07-01"), Span(1, 10, 17)),
        ErrorCase("add -5 food", .amountNotPositive("-5"), Span(1, 5, 7)),
        ErrorCase("add food", .unexpected(found: "'food'", expected: "an amount, such as 25.50"), Span(1, 5, 9)),
        ErrorCase("add 5", .unexpected(found: "end of input", expected: "a category name"), Span(1, 6, 6)),
        ErrorCase("add 5+ food", .unexpected(found: "'+'", expected: "a category name"), Span(1, 6, 7)),
        ErrorCase("add 5 food on 2016-07-01 on 2016-07-02", .duplicateClause("on", statement: .bill), Span(1, 26, 28)),
        ErrorCase("add 5 food at KFC at Wanda", .duplicateClause("at", statement: .bill), Span(1, 19, 21)),
        ErrorCase("add 5 food book daily book travel", .duplicateClause("book", statement: .bill), Span(1, 23, 27)),
        ErrorCase("count where category in ()", .unexpected(found: "')'", expected: "at least one value inside 'in ( )'"), Span(1, 25, 27)),
        ErrorCase("count where category in (food,)", .unexpected(found: "')'", expected: "a value for category"), Span(1, 31, 32)),
        ErrorCase("count where amount > 5 and", .unexpected(found: "end of input", expected: fields), Span(1, 27, 27)),
        ErrorCase("count where amount > 5 or", .unexpected(found: "end of input", expected: fields), Span(1, 26, 26)),
        ErrorCase("count where not", .unexpected(found: "end of input", expected: fields), Span(1, 16, 16)),
        ErrorCase("count where (amount > 5", .unexpected(found: "end of input", expected: "')' to close the '(' at column 13"), Span(1, 24, 24)),
        ErrorCase("count where ((amount > 5)", .unexpected(found: "end of input", expected: "')' to close the '(' at column 13"), Span(1, 26, 26)),
        ErrorCase("count where amount > 5)", .unexpected(found: "')'", expected: clauses), Span(1, 23, 24)),
        ErrorCase("count where ()", .unexpected(found: "')'", expected: fields), Span(1, 14, 15)),
        ErrorCase("count where " + String(repeating: "(", count: 10_000) + "amount > 1" + String(repeating: ")", count: 10_000),
                  .tooDeep, Span(1, 113, 114)),
        ErrorCase("count where " + String(repeating: "not ", count: 10_000) + "amount > 1", .tooDeep, Span(1, 413, 416)),
        ErrorCase("count where " + String(repeating: "not (", count: 5_000) + "amount > 1", .tooDeep, Span(1, 13 + 50 * 5, 13 + 50 * 5 + 3)),
        ErrorCase("sum expense in 2016 in 2017", .duplicateClause("period", statement: .query), Span(1, 21, 23)),
        ErrorCase("sum today in 2016", .duplicateClause("period", statement: .query), Span(1, 11, 13)),
        ErrorCase("sum last month since 2016-01-01", .duplicateClause("period", statement: .query), Span(1, 16, 21)),
        ErrorCase("sum where amount > 1 where amount < 5", .duplicateClause("where", statement: .query), Span(1, 22, 27)),
        ErrorCase("sum by month by category", .duplicateClause("by", statement: .query), Span(1, 14, 16)),
        ErrorCase("sum as json as csv", .duplicateClause("as", statement: .query), Span(1, 13, 15)),
        ErrorCase("list limit 3 limit 4", .duplicateClause("limit", statement: .query), Span(1, 14, 19)),
        ErrorCase("list top 3 top 4", .duplicateClause("top", statement: .query), Span(1, 12, 15)),
        ErrorCase("list order by id order by date", .duplicateClause("order", statement: .query), Span(1, 18, 23)),
        ErrorCase("sum by category top 5 limit 3", .topWithOrderOrLimit, Span(1, 17, 20)),
        ErrorCase("sum by category limit 3 top 5", .topWithOrderOrLimit, Span(1, 25, 28)),
        ErrorCase("sum by category order by sum top 3", .topWithOrderOrLimit, Span(1, 30, 33)),
        ErrorCase("sum by month, category, tag", .tooManyDimensions, Span(1, 23, 24)),
        ErrorCase("sum by category order by month", .unexpected(found: "'month'", expected: "what to order by: 'sum' or 'category'"), Span(1, 26, 31)),
        ErrorCase("list order by sum", .unexpected(found: "'sum'", expected: "what to order by: 'date', 'amount', 'id', 'category', 'book', 'place', 'remark' or 'kind'"), Span(1, 15, 18)),
        ErrorCase("sum by category order category", .unexpected(found: "'category'", expected: "'by'"), Span(1, 23, 31)),
        ErrorCase("sum expense where category < food", .operatorNotFor(op: "<", field: "category", allowed: "=, !=, ~, !~ or in"), Span(1, 28, 29)),
        ErrorCase("count where remark >= x", .operatorNotFor(op: ">=", field: "remark", allowed: "=, !=, ~, !~ or in"), Span(1, 20, 22)),
        ErrorCase("count where amount ~ 5", .operatorNotFor(op: "~", field: "amount", allowed: "=, !=, <, <=, >, >= or in"), Span(1, 20, 21)),
        ErrorCase("count where date !~ 2016", .operatorNotFor(op: "!~", field: "date", allowed: "=, !=, <, <=, >, >= or in"), Span(1, 18, 20)),
        ErrorCase("count where weekday = funday", .unknownName(kind: .weekday, name: "funday", suggestion: "sunday"), Span(1, 23, 29)),
        ErrorCase("count where kind = net", .unexpected(found: "'net'", expected: "'expense' or 'income'"), Span(1, 20, 23)),
        ErrorCase("count where amount > lots", .unexpected(found: "'lots'", expected: "an amount, such as 25.50"), Span(1, 22, 26)),
        ErrorCase("count where id = #1.5", .unreadable(.unexpectedCharacter(".")), Span(1, 20, 21)),
        ErrorCase("count where category food", .unexpected(found: "'food'", expected: "an operator after 'category' (=, !=, <, <=, >, >=, ~, !~, in, not in)"), Span(1, 22, 26)),
        ErrorCase("list limit 0", .notAtLeastOne, Span(1, 12, 13)),
        ErrorCase("count limit 5", .ranksGroupsOnly(clause: "limit"), Span(1, 7, 12)),
        ErrorCase("sum by month, month", .givenTwice("month"), Span(1, 15, 20)),
        ErrorCase("count top 2.5", .unexpected(found: "'2.5'", expected: "how many rows, such as 5"), Span(1, 11, 14)),
        ErrorCase("count this decade", .unexpected(found: "'decade'", expected: "'week', 'month', 'quarter' or 'year'"), Span(1, 12, 18)),
        ErrorCase("count this mnth", .unexpected(found: "'mnth'", expected: "'week', 'month', 'quarter' or 'year'", suggestion: "month"), Span(1, 12, 16)),
        ErrorCase("count last 30 dayz", .unexpected(found: "'dayz'", expected: "'days', 'weeks', 'months' or 'years'"), Span(1, 15, 19)),
        ErrorCase("count last 0 days", .notAtLeastOne, Span(1, 12, 13)),
        ErrorCase("count in 16", .unexpected(found: "'16'", expected: "a four-digit year, such as 2016"), Span(1, 10, 12)),
        ErrorCase("count in summer", .unexpected(found: "'summer'", expected: "a period, such as 2016, 2016-07, 2016-07-01, 2016-q3, 2016-w27, jul 2016 or last month"), Span(1, 10, 16)),
        ErrorCase("count from 2016-07-01 2016-07-31", .unexpected(found: "'2016'", expected: "'to'"), Span(1, 23, 27)),
        ErrorCase("book remane a to b", .unexpected(found: "'remane'", expected: "'add', 'rename', 'delete' or 'use'", suggestion: "rename"), Span(1, 6, 12)),
        ErrorCase("book rename a b", .unexpected(found: "'b'", expected: "'to'"), Span(1, 15, 16)),
        ErrorCase("category add coffee", .unexpected(found: "end of input", expected: "'expense' or 'income'"), Span(1, 20, 20)),
        ErrorCase("category merge a to b", .unexpected(found: "'to'", expected: "'into'"), Span(1, 18, 20)),
        ErrorCase("category add \"\" expense", .badName(.empty), Span(1, 14, 16)),
        ErrorCase("category icon food", .unexpected(found: "end of input", expected: "an icon, such as 🍜"), Span(1, 19, 19)),
        ErrorCase("category icon food 🍜🍱", .iconNotOneCharacter("🍜🍱"), Span(1, 20, 22)),
        ErrorCase("category add tea expense icon tea", .iconNotOneCharacter("tea"), Span(1, 31, 34)),
        ErrorCase("category alias food", .unexpected(found: "end of input", expected: "an alias, such as 吃饭"), Span(1, 20, 20)),
        ErrorCase("category unalias food 吃饭 #x", .unexpected(found: "'#x'", expected: "another alias or end of statement"), Span(1, 26, 28)),
        ErrorCase("category archiv food",
                  .unexpected(found: "'archiv'", expected: "'add', 'rename', 'merge', 'delete', 'icon', 'alias', 'unalias', 'archive', 'unarchive' or 'move'",
                              suggestion: "archive"), Span(1, 10, 16)),
        ErrorCase("category move food 3", .unexpected(found: "'3'", expected: "'to'"), Span(1, 20, 21)),
        ErrorCase("category move food to 0",
                  .unexpected(found: "'0'", expected: "the place the category takes among those of its kind, from 1 for the first"), Span(1, 23, 24)),
        ErrorCase("category move food to 2.5",
                  .unexpected(found: "'2.5'", expected: "the place the category takes among those of its kind, from 1 for the first"), Span(1, 23, 26)),
        ErrorCase("categories expense income", .unexpected(found: "'income'", expected: "'all', 'archived' or end of statement"), Span(1, 20, 26)),
        ErrorCase("categories all archived", .unexpected(found: "'archived'", expected: "'expense', 'income' or end of statement"), Span(1, 16, 24)),
        ErrorCase("categories all income expense", .unexpected(found: "'expense'", expected: "end of statement"), Span(1, 23, 30)),
        ErrorCase("tag renme #a #b", .unexpected(found: "'renme'", expected: "'rename'", suggestion: "rename"), Span(1, 5, 10)),
        ErrorCase("tag rename #a", .unexpected(found: "end of input", expected: "the tag's new name, such as #meal"), Span(1, 14, 14)),
        ErrorCase("tag rename #42 #b", .unexpected(found: "'#42'", expected: "the tag to rename, such as #lunch"), Span(1, 12, 15)),
        ErrorCase("tag rename \"a b\" c", .tagWithSpaces, Span(1, 12, 17)),
        ErrorCase("count where photos > 1.5", .unexpected(found: "'1.5'", expected: "a number of photos, such as 0"), Span(1, 22, 25)),
        ErrorCase("count where photos ~ 1", .operatorNotFor(op: "~", field: "photos", allowed: "=, !=, <, <=, >, >= or in"), Span(1, 20, 21)),
        ErrorCase("book add \"a\\nb\"", .badName(.hiddenCharacters), Span(1, 10, 16)),
        ErrorCase("book add \"a\u{202E}b\"", .badName(.hiddenCharacters), Span(1, 10, 15)),
        ErrorCase("book add " + String(repeating: "x", count: 101), .badName(.tooLong(100)), Span(1, 10, 111)),
        ErrorCase("book add a" + String(repeating: "\u{301}", count: 50_000), .badName(.tooLong(100)), Span(1, 10, 11)),
        ErrorCase("months 16", .unexpected(found: "'16'", expected: "a four-digit year, such as 2016"), Span(1, 8, 10)),
        ErrorCase("show 42", .unexpected(found: "'42'", expected: "a bill id, such as #42"), Span(1, 6, 8)),
        ErrorCase("pie food", .unexpected(found: "'food'", expected: "a period, such as 2016, 2016-07, 2016-07-01, 2016-q3, 2016-w27, jul 2016 or last month"), Span(1, 5, 9)),
        ErrorCase("search", .unexpected(found: "end of input", expected: "the text to look for, such as coffee"), Span(1, 7, 7)),
        ErrorCase("book add \"dai\u{2062}ly\"", .badName(.hiddenCharacters), Span(1, 10, 18)),
        ErrorCase("-1 food " + (1...101).map { "#t\($0)" }.joined(separator: " "), .tooManyTags(100), Span(1, 501, 506)),
        ErrorCase("set", .unexpected(found: "end of input", expected: "a setting name, such as weekstart"), Span(1, 4, 4)),
        ErrorCase("set weekstart", .unexpected(found: "end of input", expected: "a value for 'weekstart'"), Span(1, 14, 14)),
        ErrorCase("edit #1 kind=income", .kindFollowsCategory, Span(1, 9, 13)),
        ErrorCase("edit #1 amont=5", .unknownName(kind: .field, name: "amont", suggestion: "amount"), Span(1, 9, 14)),
        ErrorCase("edit #1", .unexpected(found: "end of input", expected: "a field to change, such as amount=30"), Span(1, 8, 8)),
        ErrorCase("edit #1 amount 5", .unexpected(found: "'5'", expected: "'=' after 'amount'"), Span(1, 16, 17)),
        ErrorCase("edit 1 amount=5", .unexpected(found: "'1'", expected: "a bill id (#42), 'where CONDITION' or a period"), Span(1, 6, 7)),
        ErrorCase("edit #1 amount=5 remark=x amount=6", .givenTwice("amount"), Span(1, 27, 33)),
        ErrorCase("edit #1 cat=food category=snacks", .givenTwice("category"), Span(1, 18, 26)),
        ErrorCase("edit #1 tags=+work", .unexpected(found: "'work'", expected: "a #tag after '+', such as +#coffee"), Span(1, 15, 19)),
        ErrorCase("edit #1 tags=+#a -#b +#B", .givenTwice("#B"), Span(1, 23, 25)),
        ErrorCase("edit #1 tags=#a -#b", .unexpected(found: "'-'", expected: "a field to change, such as amount=30"), Span(1, 17, 18)),
        ErrorCase("edit where x set", .unknownName(kind: .field, name: "x", suggestion: nil), Span(1, 12, 13)),
        ErrorCase("edit where remark ~ x set",
                  .unexpected(found: "end of input", expected: "a field to change, such as amount=30"), Span(1, 26, 26)),
        ErrorCase("edit where remark ~ x set categroy=drinks",
                  .unknownName(kind: .field, name: "categroy", suggestion: "category"), Span(1, 27, 35)),
        ErrorCase("edit where remark ~ x set kind=income", .kindFollowsCategory, Span(1, 27, 31)),
        ErrorCase("edit where remark ~ x category=drinks",
                  .unexpected(found: "'category'", expected: "'set' and the fields to change, such as set category=drinks"), Span(1, 23, 31)),
        ErrorCase("edit where remark ~ x set remark=a,", .unexpected(found: "end of input", expected: "a field to change, such as amount=30"),
                  Span(1, 36, 36)),
        ErrorCase("edit set category=drinks",
                  .unexpected(found: "'set'", expected: "a bill id (#42), 'where CONDITION' or a period"), Span(1, 6, 9)),
        ErrorCase("edit #1 tags=(\"a b\")", .tagWithSpaces, Span(1, 15, 20)),
        ErrorCase("delete", .unexpected(found: "end of input", expected: "a bill id (#42), 'where CONDITION' or a period"), Span(1, 7, 7)),
        ErrorCase("delete #1, food", .unexpected(found: "'food'", expected: "a bill id, such as #42"), Span(1, 12, 16)),
        ErrorCase("delete #99999999999999999999", .noSuchBill("99999999999999999999"), Span(1, 8, 29)),
        ErrorCase("undo now", .unexpected(found: "'now'", expected: "how many changes, such as 3"), Span(1, 6, 9)),
        ErrorCase("edit #1 tags=(\"a,#b\")", .notATag("a,#b", stop: ","), Span(1, 15, 21)),
        ErrorCase("edit #1 tags=(\"2016\")", .notATag("2016", stop: nil), Span(1, 15, 21)),
    ] + fileNameCases

    /// Every statement that takes a file's name: a quote left open (or holding
    /// an unknown escape) is pointed at, never read as part of the name.
    static let fileNameCases: [ErrorCase] = [
        ErrorCase("extract #1 1 \"ab", .unreadable(openDouble), Span(1, 14, 17)),
        ErrorCase("run \"kl", .unreadable(openDouble), Span(1, 5, 8)),
        ErrorCase("attach #1 'receipt.jpg", .unreadable(openSingle), Span(1, 11, 23)),
        ErrorCase("import \"bills.csv", .unreadable(openDouble), Span(1, 8, 18)),
        ErrorCase("export 'out.csv where id = 1", .unreadable(openSingle), Span(1, 8, 29)),
        ErrorCase("report 2016 to \"year.html", .unreadable(openDouble), Span(1, 16, 26)),
        ErrorCase("export out\"x.csv", .unreadable(openDouble), Span(1, 11, 17)),
        ErrorCase("run scripts/it\"s.tally", .unreadable(openDouble), Span(1, 15, 23)),
        ErrorCase("attach #1 photos/new'", .unreadable(openSingle), Span(1, 21, 22)),
        ErrorCase("extract #1 1 \"a\\qb.jpg\"", .unreadable(.unknownEscape("q")), Span(1, 14, 24)),
    ]

    @Test(arguments: cases)
    func error(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(parseError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    /// A word that starts no statement is the name of a saved statement,
    /// followed by its values; which names are saved is known when it runs.
    @Test(arguments: [
        ErrorCase("sun expense", .unknownStatement("sun", suggestion: "sum"), Span(1, 1, 4)),
        ErrorCase("cout where amount > 5", .unknownStatement("cout", suggestion: "count"), Span(1, 1, 5)),
        ErrorCase("frobnicate now", .unknownStatement("frobnicate", suggestion: nil), Span(1, 1, 11)),
    ])
    func unknownStatementWhenItRuns(_ errorCase: ErrorCase) throws {
        #expect(parseError(errorCase.text) == nil)
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test(arguments: [
        ("sun expense", "unknown statement 'sun' — did you mean 'sum'?"),
        ("frobnicate now", "unknown statement 'frobnicate'; type 'help' for the list"),
    ])
    func unknownStatementMessage(text: String, expected: String) throws {
        #expect(try #require(try evaluationError(text)).message == expected)
    }

    @Test(arguments: ["2015-w53", "2020-w53", "2016-w52", "2016-02-29", "2000-02-29", "2016-q4", "2016-12"])
    func edgesThatExist(period: String) {
        #expect(parseError("count in " + period) == nil)
    }

    @Test(arguments: [
        ("sum by categry", "unknown dimension 'categry' — did you mean 'category'?"),
        ("count in 2016-w53", "2016 has no ISO week 53; it has 52"),
        ("count in 2016-02-30", "no such date '2016-02-30'"),
        ("sum where category=", "incomplete statement; expected a value for category"),
        ("add -5 food", "an amount must be more than zero, not -5"),
        ("sum where id = 1 where id = 2", "'where' may appear only once in a query"),
        ("sum in 2016 in 2017", "a query takes only one period"),
        ("count in 2016-q5", "no such quarter '2016-q5'; quarters are q1 to q4"),
        ("sum where not ((((" + String(repeating: "(", count: 200), "too deeply nested; at most 100 levels of parentheses"),
        ("sum expense whre x", "unknown word 'whre' — did you mean 'where'?"),
        ("sum where cat=food income", "the kind goes right after the aggregate: 'sum income where …'"),
        ("count income in 2016 expense", "a query has one kind, and it goes right after the aggregate"),
    ])
    func message(text: String, expected: String) throws {
        #expect(try #require(parseError(text)).message == expected)
    }

    @Test func aClauseTwiceIsNamedForItsStatement() throws {
        #expect(try #require(parseError("add 5 food on 2016-07-01 on 2016-07-02")).message == "'on' may appear only once in a bill")
        #expect(try #require(parseError("sum in 2016 in 2017")).message == "a query takes only one period")
        #expect(try #require(parseError("export a.csv where id = 1 where id = 2")).message == "'where' may appear only once in an export")
        #expect(try #require(parseError("every day -15 food ask ask")).message == "'ask' may appear only once in a recurring bill")
        #expect(try #require(parseError("every day -15 food lunch on weekdays ask on weekdays")).message
            == "'on weekdays' may appear only once in a recurring bill")
    }

    @Test func theFirstLineSaysTheFixAndTheNextWhatWasExpected() {
        let range = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 1, line: 1, column: 2))
        let typo = Diagnostic(.unexpected(found: "'wehre'", expected: clauses, suggestion: "where"), at: range)
        #expect(typo.headline == "unknown word 'wehre' — did you mean 'where'?")
        #expect(typo.detail == nil)
        let misplaced = Diagnostic(.unexpected(found: "'Where'", expected: clauses, suggestion: "where"), at: range)
        #expect(misplaced.headline == "'Where' does not belong here")
        #expect(misplaced.detail == "expected \(clauses)")
        let unexpected = Diagnostic(.unexpected(found: "'5'", expected: "a date"), at: range)
        #expect(unexpected.headline == "unexpected '5'")
        #expect(unexpected.message == "unexpected '5'; expected a date")
        let incomplete = Diagnostic(.unexpected(found: "end of line", expected: "a date"), at: range)
        #expect(incomplete.headline == "incomplete statement")
    }
}
