import Testing
@testable import TallyLanguage

@Suite("Parser: what may come next, for Tab completion")
struct ExpectedInputTests {
    @Test(arguments: [
        ("", [ExpectedInput.keyword("sum"), .keyword("add"), .keyword("undo"), .keyword("category")]),
        ("  ", [.keyword("sum"), .keyword("edit")]),
        ("sum ", [.keyword("expense"), .keyword("where"), .keyword("by"), .keyword("in")]),
        ("sum expense where amount > 5 ", [.keyword("by"), .keyword("order"), .keyword("last")]),
        ("count where ", [.keyword("category"), .keyword("amount"), .keyword("weekday")]),
        ("count where category = ", [.category(nil)]),
        ("sum expense where category = ", [.category(.expense)]),
        ("count income where cat in (bonus, ", [.category(.income)]),
        ("count where book in (daily, ", [.book]),
        ("count where tag = ", [.tag]),
        ("count where kind = ", [.keyword("expense"), .keyword("income")]),
        ("count in ", [.keyword("july"), .keyword("last"), .keyword("today"), .monthWithBills]),
        ("count last ", [.keyword("week"), .keyword("quarter")]),
        ("sum by ", [.keyword("category"), .keyword("month")]),
        ("add 5 ", [.category(nil)]),
        ("add income 5 ", [.category(.income)]),
        ("+25 ", [.category(.income)]),
        ("25 ", [.category(nil)]),
        ("budget ", [.keyword("total"), .category(.expense)]),
        ("-25 ", [.category(.expense)]),
        ("add 5 food ", [.keyword("on"), .keyword("at"), .keyword("book")]),
        ("add 5 food lunch ", [.keyword("on"), .keyword("at"), .keyword("book")]),
        ("add 5 food at KFC book ", [.book]),
        ("edit #4 ", [.keyword("amount"), .keyword("tags")]),
        ("edit #4 category=", [.category(nil)]),
        ("edit ", [.keyword("where"), .keyword("in"), .keyword("last")]),
        ("edit where remark ~ coffee ", [.keyword("set"), .keyword("and"), .keyword("in")]),
        ("edit in 2016 ", [.keyword("where"), .keyword("set")]),
        ("edit where remark ~ coffee set ", [.keyword("category"), .keyword("tags"), .keyword("book")]),
        ("edit where remark ~ coffee set category=", [.category(nil)]),
        ("edit where remark ~ coffee set place=x, ", [.keyword("remark")]),
        ("edit where remark ~ coffee set tags=", [.tag]),
        ("delete ", [.keyword("where"), .keyword("since")]),
        ("use ", [.book]),
        ("book delete travel into ", [.book]),
        ("category merge snacks into ", [.category(nil)]),
        ("set ", [.keyword("weekstart"), .keyword("format")]),
        ("set weekstart ", [.keyword("monday"), .keyword("sunday")]),
        ("help ", [.helpTopic]),
        ("sum; count where category = food; ", [.keyword("sum"), .keyword("list")]),
    ])
    func offered(text: String, expected: [ExpectedInput]) {
        let offered = Parser.expectations(after: text)
        for expectation in expected {
            #expect(offered.contains(expectation), "after '\(text)': \(offered)")
        }
    }

    @Test func aClauseAlreadyWrittenIsNotOfferedAgain() {
        let offered = Parser.expectations(after: "sum expense where amount > 5 by month ")
        #expect(!offered.contains(.keyword("where")))
        #expect(!offered.contains(.keyword("by")))
        #expect(offered.contains(.keyword("order")))
    }
}
