import Testing
@testable import TallyLanguage

@Suite("Parser: queries")
struct ParserQueryTests {
    @Test(arguments: Aggregate.allCases)
    func everyAggregateStartsAQuery(aggregate: Aggregate) throws {
        #expect(try query(aggregate.rawValue).aggregate == aggregate)
        #expect(try query(aggregate.rawValue.uppercased()).aggregate == aggregate)
    }

    @Test(arguments: [("sum", nil), ("sum expense", KindSelector.expense), ("sum income", .income), ("sum net", .net), ("sum NET", .net)])
    func kindSelector(text: String, kind: KindSelector?) throws {
        #expect(try query(text).kind == kind)
    }

    @Test(arguments: [
        ("sum", "sum | -"),
        ("sum expense where category=food", "sum | expense | where category = food"),
        ("sum expense in 2016-07", "sum | expense | period 2016-07-01..2016-07-31"),
        ("sum by category", "sum | - | by category"),
        ("sum by cat", "sum | - | by category"),
        ("sum by month, category", "sum | - | by month,category"),
        ("count by tag, kind", "count | - | by tag,kind"),
        ("sum by month order by sum", "sum | - | by month | order sum asc"),
        ("sum by month order by sum desc", "sum | - | by month | order sum desc"),
        ("sum by month order by month asc", "sum | - | by month | order month asc"),
        ("sum by category order by cat desc", "sum | - | by category | order category desc"),
        ("list order by amount desc", "list | - | order amount desc"),
        ("list order by date", "list | - | order date asc"),
        ("list expense limit 3", "list | expense | limit 3"),
        ("list expense top 3", "list | expense | top 3"),
        ("sum by category top 5", "sum | - | by category | top 5"),
        ("sum as table", "sum | - | as table"),
        ("sum as CSV", "sum | - | as csv"),
        ("sum as json", "sum | - | as json"),
        ("sum by category as chart", "sum | - | by category | as chart"),
    ])
    func clause(text: String, expected: String) throws {
        #expect(summary(try query(text)) == expected)
    }

    @Test(arguments: Dimension.allCases)
    func everyDimension(dimension: Dimension) throws {
        #expect(try query("count by \(dimension.rawValue)").dimensions.map(\.value) == [dimension])
    }

    @Test func clausesComeInAnyOrder() throws {
        let expected = "sum | expense | where amount > 5 | period 2016-01-01..2016-12-31 | by category | top 5 | as json"
        #expect(summary(try query("sum expense where amount > 5 in 2016 by category top 5 as json")) == expected)
        #expect(summary(try query("sum expense as json top 5 by category in 2016 where amount > 5")) == expected)
        #expect(summary(try query("sum expense by category where amount > 5 as json in 2016 top 5")) == expected)
    }

    @Test func aTagAloneIsATagCondition() throws {
        #expect(summary(try query("list #work")) == "list | - | where tag = work")
        #expect(summary(try query("sum expense #work #team in 2016")) == "sum | expense | where (tag = work and tag = team) | period 2016-01-01..2016-12-31")
        #expect(summary(try query("count where amount > 5 or remark ~ x #work"))
            == "count | - | where ((amount > 5 or remark ~ x) and tag = work)")
    }

    @Test func orderAndLimitTogether() throws {
        #expect(summary(try query("list where remark ~ coffee order by amount desc limit 10"))
            == "list | - | where remark ~ coffee | order amount desc | limit 10")
        #expect(summary(try query("count by month limit 2 order by count desc"))
            == "count | - | by month | order count desc | limit 2")
    }

    @Test func aConditionStopsAtTheNextClause() throws {
        #expect(summary(try query("sum where category = food and amount > 5 in 2016 by month"))
            == "sum | - | where (category = food and amount > 5) | period 2016-01-01..2016-12-31 | by month")
    }

    @Test func mentioningBookWidensTheScope() throws {
        #expect(try query("sum by book").coversAllBooks)
        #expect(try query("sum where book = travel").coversAllBooks)
        #expect(try query("sum where not (amount > 5 or book in (travel))").coversAllBooks)
        #expect(try !query("sum where category = food by month, category").coversAllBooks)
        #expect(try !query("list order by book").coversAllBooks)
    }

    @Test func clauseRangesPointAtWhatWasWritten() throws {
        let parsed = try query("sum expense in 2016-07 by month, cat")
        #expect(parsed.period.map { Span($0.range) } == Span(1, 13, 23))
        #expect(parsed.dimensions.map { Span($0.range) } == [Span(1, 27, 32), Span(1, 34, 37)])
    }
}
