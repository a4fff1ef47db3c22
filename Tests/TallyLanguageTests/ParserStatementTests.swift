import Testing
@testable import TallyLanguage

@Suite("Parser: statements")
struct ParserStatementTests {
    @Test(arguments: [
        ("undo", "undo"),
        ("redo", "redo"),
        ("UNDO", "undo"),
        ("books", "books"),
        ("categories", "categories -"),
        ("categories expense", "categories expense"),
        ("categories Income", "categories income"),
        ("categories all", "categories - all"),
        ("categories archived expense", "categories expense archived"),
        ("categories income ALL", "categories income all"),
        ("use travel", "use travel"),
        ("use \"my trip\"", "use my trip"),
        ("quit", "quit"),
        ("exit", "quit"),
        ("help", "help -"),
        ("help periods", "help periods"),
        ("help Periods", "help periods"),
        ("book add travel", "book add travel currency -"),
        ("book add travel currency USD", "book add travel currency USD"),
        ("book add 旅行 currency jpy", "book add 旅行 currency jpy"),
        ("book add \"summer trip\"", "book add summer trip currency -"),
        ("book rename travel to trips", "book rename travel to trips"),
        ("book delete trips", "book delete trips into -"),
        ("book delete trips into daily", "book delete trips into daily"),
        ("book use travel", "use travel"),
        ("BOOK ADD Travel", "book add Travel currency -"),
        ("category add coffee expense", "category add coffee expense icon - aliases []"),
        ("category add coffee expense icon ☕ alias 咖啡", "category add coffee expense icon ☕ aliases [咖啡]"),
        ("category add tips income alias gratuity icon 💵 alias 小费", "category add tips income icon 💵 aliases [gratuity, 小费]"),
        ("category rename coffee to cafe", "category rename coffee to cafe"),
        ("category merge cafe into drinks", "category merge cafe into drinks"),
        ("category delete cafe", "category delete cafe into -"),
        ("category delete cafe into drinks", "category delete cafe into drinks"),
        ("category icon food 🍱", "category icon food 🍱"),
        ("category icon food \"✈️\"", "category icon food ✈️"),
        ("category alias food 吃饭", "category alias food [吃饭]"),
        ("category alias food 吃饭 \"eating out\" 饭", "category alias food [吃饭, eating out, 饭]"),
        ("category unalias food 吃饭", "category unalias food [吃饭]"),
        ("category archive tobacco", "category archive tobacco"),
        ("CATEGORY Unarchive tobacco", "category unarchive tobacco"),
        ("category move food to 3", "category move food to 3"),
        ("tag rename #lunch #meal", "tag rename #lunch #meal"),
        ("tag rename #Lunch to #Meal", "tag rename #lunch #meal"),
        ("tag rename lunch \"meal\"", "tag rename #lunch #meal"),
        ("tag rename #to to", "tag rename #to #to"),
        ("set weekstart sunday", "set weekstart sunday"),
        ("SET WeekStart Sunday", "set weekstart Sunday"),
        ("set format json", "set format json"),
        ("set color off", "set color off"),
        ("timeline", "timeline period -"),
        ("pie", "pie expense period -"),
        ("pie income", "pie income period -"),
        ("months", "months -"),
        ("months 2016", "months 2016"),
        ("detail 用餐", "detail 用餐 period -"),
        ("show #42", "show #42"),
        ("pie 2016-07", "pie expense period 2016-07-01..2016-07-31"),
        ("pie income in 2016-q3", "pie income period 2016-07-01..2016-09-30"),
        ("timeline last month", "timeline period last month"),
        ("timeline jul 2016", "timeline period 2016-07-01..2016-07-31"),
        ("detail food 2016", "detail food period 2016-01-01..2016-12-31"),
        ("search tea since 2016-07-01", "search tea period since 2016-07-01"),
        ("budget", "budget period -"),
        ("budget 2016-07", "budget period 2016-07-01..2016-07-31"),
        ("budget last month", "budget period last month"),
        ("budget jul", "budget period month 7 without its year"),
        ("budget food 1500", "budget food 1500"),
        ("budget 用餐 1000+500", "budget 用餐 1000+500"),
        ("budget total 5000", "budget total 5000"),
        ("budget food off", "budget food off"),
        ("budget TOTAL off", "budget total off"),
        ("attach #42 receipt.jpg", "attach #42 [receipt.jpg]"),
        ("attach #42 \"my receipt.jpg\"", "attach #42 [my receipt.jpg]"),
        ("attach #42 ~/photos/2016 07/lunch.png", "attach #42 [~/photos/2016 07/lunch.png]"),
        ("attachments #42", "attachments #42"),
        ("extract #42 9 copy.jpg", "extract #42 9 [copy.jpg]"),
        ("extract #42 9 \"it's \\\"this\\\".jpg\"", "extract #42 9 [it's \"this\".jpg]"),
        ("run notes/bob's list.tally", "run [notes/bob's list.tally]"),
        ("run 'weekly.tally'", "run [weekly.tally]"),
        ("detach #42 1", "detach #42 1"),
        ("search \"coffee beans\"", "search coffee beans period -"),
        ("set format \"csv\"", "set format csv"),
    ])
    func statementForm(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test func helpKeepsWhereItsTopicWasWritten() throws {
        guard case .session(.help(let topic)) = try statement("help Periods") else {
            Issue.record("not help")
            return
        }
        #expect(topic?.value == "periods")
        #expect(topic.map { Span($0.range) } == Span(1, 6, 13))
    }

    @Test func aScriptHoldsManyStatements() throws {
        let statements = try Parser.parse("sum expense; count\n\nundo;;\n-- a comment\nredo")
        #expect(statements.map(summary) == ["sum | expense", "count | -", "undo", "redo"])
    }

    @Test(arguments: ["", "\n\n", ";;;", "-- only a comment", "  \t  ", "\\\n"])
    func nothingToParseIsNoStatement(text: String) throws {
        #expect(try Parser.parse(text).isEmpty)
    }

    @Test func theStatementRangeCoversItsTokensOnly() throws {
        var parser = Parser("  sum expense  ;\n count in 2016")
        let first = try parser.next()?.get()
        let second = try parser.next()?.get()
        #expect(parser.next() == nil)
        guard let first, let second else {
            Issue.record("two statements expected")
            return
        }
        #expect(Span(first.range) == Span(1, 3, 14))
        #expect(Span(second.range) == Span(2, 2, 15))
    }

    @Test func afterAnErrorTheParserGoesOnWithTheNextStatement() throws {
        var parser = Parser("sum by categry; count\nadd -5 food\nundo")
        #expect(failure(parser.next())?.problem == .unknownName(kind: .dimension, name: "categry", suggestion: "category"))
        #expect(try parser.next().map { summary(try $0.get().statement) } == "count | -")
        #expect(failure(parser.next())?.problem == .amountNotPositive("-5"))
        #expect(try parser.next().map { summary(try $0.get().statement) } == "undo")
        #expect(parser.next() == nil)
    }

    @Test func parseStopsAtTheFirstError() {
        #expect(parseError("count; sum by categry; sum foo")?.problem == .unknownName(kind: .dimension, name: "categry", suggestion: "category"))
    }

    /// A script run with --keep-going parses every line with one parser; a
    /// statement that was too deep must not make later, shallow ones fail.
    @Test func tooDeepStatementsDoNotPoisonLaterOnes() throws {
        let deep = "count where " + String(repeating: "(", count: 150) + "amount > 1"
        var parser = Parser(Array(repeating: deep, count: 100).joined(separator: "\n") + "\ncount where not amount > 1")
        for _ in 0..<100 {
            guard case .failure(let diagnostic)? = parser.next() else {
                Issue.record("a 150-deep condition parsed")
                return
            }
            #expect(diagnostic.problem == .tooDeep)
        }
        let last = parser.next()
        #expect(last != nil)
        #expect(failure(last) == nil)
    }
}


func failure(_ result: Result<ParsedStatement, Diagnostic>?) -> Diagnostic? {
    if case .failure(let diagnostic)? = result { return diagnostic }
    return nil
}
