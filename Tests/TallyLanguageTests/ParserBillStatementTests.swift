import Testing
@testable import TallyLanguage

@Suite("Parser: add, edit, delete")
struct ParserBillStatementTests {
    @Test(arguments: [
        ("add 25.50 food \"lunch with team\"",
         "add | - | 25.50 | food | remark lunch with team | on - | at - | tags [] | book -"),
        ("add 25 food", "add | - | 25 | food | remark - | on - | at - | tags [] | book -"),
        ("add expense 25 food", "add | expense | 25 | food | remark - | on - | at - | tags [] | book -"),
        ("add income 5000 salary on 2016-07-01",
         "add | income | 5000 | salary | remark - | on 2016-07-01 | at - | tags [] | book -"),
        ("add 120 transport train to Shanghai at \"Hongqiao station\" #trip #work book daily",
         "add | - | 120 | transport | remark train to Shanghai | on - | at Hongqiao station | tags [trip, work] | book daily"),
        ("-25.50 food \"lunch with team\"",
         "add | expense | 25.50 | food | remark lunch with team | on - | at - | tags [] | book -"),
        ("+5000 salary", "add | income | 5000 | salary | remark - | on - | at - | tags [] | book -"),
        ("+200 redpacket from grandma",
         "add | income | 200 | redpacket | remark from grandma | on - | at - | tags [] | book -"),
        ("add 12+8.5-3 food", "add | - | 12+8.5-3 | food | remark - | on - | at - | tags [] | book -"),
        ("add 2016-07 food", "add | - | 2016-7 | food | remark - | on - | at - | tags [] | book -"),
        ("-12+8.5-3 food", "add | expense | 12+8.5-3 | food | remark - | on - | at - | tags [] | book -"),
        ("25 food lunch", "add | - | 25 | food | remark lunch | on - | at - | tags [] | book -"),
        ("-25 food lunch yesterday", "add | expense | 25 | food | remark lunch | on yesterday | at - | tags [] | book -"),
        ("-5 food lunch 2016-07-01 #work", "add | expense | 5 | food | remark lunch | on 2016-07-01 | at - | tags [work] | book -"),
        ("-25 food lunch 2026/11/05", "add | expense | 25 | food | remark lunch | on 2026-11-05 | at - | tags [] | book -"),
        ("-25 food lunch 11-05", "add | expense | 25 | food | remark lunch | on 11/5 without its year | at - | tags [] | book -"),
        ("-25 food lunch nov 5", "add | expense | 25 | food | remark lunch | on 11/5 without its year | at - | tags [] | book -"),
        ("-25 food lunch 5 nov #work", "add | expense | 25 | food | remark lunch | on 11/5 without its year | at - | tags [work] | book -"),
        ("-25 food dinner on nov 5 at KFC", "add | expense | 25 | food | remark dinner | on 11/5 without its year | at KFC | tags [] | book -"),
        ("-5 food pizza 1-2", "add | expense | 5 | food | remark pizza | on 1/2 without its year | at - | tags [] | book -"),
        ("-5 food lunch nov 5 2016", "add | expense | 5 | food | remark lunch | on 2016-11-05 | at - | tags [] | book -"),
        ("-10 food may day", "add | expense | 10 | food | remark may day | on - | at - | tags [] | book -"),
        ("-10 food coffee on the way", "add | expense | 10 | food | remark coffee on the way | on - | at - | tags [] | book -"),
        ("-30 study book for class", "add | expense | 30 | study | remark book for class | on - | at - | tags [] | book -"),
        ("-30 food lunch book travel", "add | expense | 30 | food | remark lunch | on - | at - | tags [] | book travel"),
        ("-5 food it's cold", "add | expense | 5 | food | remark it's cold | on - | at - | tags [] | book -"),
        ("-5 food at home yesterday", "add | expense | 5 | food | remark - | on yesterday | at home | tags [] | book -"),
        ("-5 food 2 coffees at the bar on the corner", "add | expense | 5 | food | remark 2 coffees | on - | at the bar on the corner | tags [] | book -"),
        ("12+8.5 food", "add | - | 12+8.5 | food | remark - | on - | at - | tags [] | book -"),
        ("add 5 food lunch at KFC on yesterday #Work #work #TRIP",
         "add | - | 5 | food | remark lunch | on yesterday | at KFC | tags [work, trip] | book -"),
        ("add 5 food at the night market book travel",
         "add | - | 5 | food | remark - | on - | at the night market | tags [] | book travel"),
        ("add 5 food 2 coffees", "add | - | 5 | food | remark 2 coffees | on - | at - | tags [] | book -"),
        ("add 5 用餐 午饭 #工作", "add | - | 5 | 用餐 | remark 午饭 | on - | at - | tags [工作] | book -"),
        ("add 5 food #a on today book \"my trip\" at 'Din Tai Fung'",
         "add | - | 5 | food | remark - | on today | at Din Tai Fung | tags [a] | book my trip"),
        ("ADD INCOME 5 salary", "add | income | 5 | salary | remark - | on - | at - | tags [] | book -"),
    ])
    func addForm(text: String, expected: String) throws {
        #expect(summary(try addBill(text)) == expected)
    }

    @Test func theAmountRangeCoversTheWholeSum() throws {
        let add = try addBill("add 12+8.5-3 food")
        #expect(Span(add.amount.range) == Span(1, 5, 13))
        #expect(add.amount.terms.map { Span($0.range) } == [Span(1, 5, 7), Span(1, 8, 11), Span(1, 12, 13)])
        #expect(Span(add.category.range) == Span(1, 14, 18))
    }

    @Test(arguments: [
        ("edit #42 amount=30 remark=\"dinner\"", "edit #42 amount=30 remark=dinner"),
        ("edit #42 category=snacks date=2016-07-02 tags=(work, lunch)",
         "edit #42 category=snacks date=2016-07-02 tags=(work,lunch)"),
        ("edit #42 tags=#trip #work place=\"\"", "edit #42 tags=(trip,work) place=nil"),
        ("edit #7 cat=food note=x day=today tag=Work book=travel place=KFC",
         "edit #7 category=food remark=x date=today tags=(work) book=travel place=KFC"),
        ("edit #7 tags=()", "edit #7 tags=()"),
        ("edit #7 tags=(Work, WORK, \"lunch\")", "edit #7 tags=(work,lunch)"),
        ("edit #7 amount=12+8.5-3", "edit #7 amount=12+8.5-3"),
        ("edit #7 remark=25", "edit #7 remark=25"),
        ("edit #7 date=yesterday", "edit #7 date=yesterday"),
        ("edit #7 amount=3, remark=x", "edit #7 amount=3 remark=x"),
        ("edit #7 tags=+#A +#a", "edit #7 tags=+a"),
        ("edit #7 tags=-#work", "edit #7 tags=-work"),
        ("edit #7 tags=+#a #b -#c place=KFC", "edit #7 tags=+a +b -c place=KFC"),
    ])
    func editForm(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test(arguments: [
        ("edit where remark ~ starbucks set category=drinks, tags=+#coffee",
         "edit where remark ~ starbucks period - set category=drinks tags=+coffee"),
        ("edit where category=food in 2016-07 set place=\"Line 2\", remark=lunch",
         "edit where category = food period 2016-07-01..2016-07-31 set place=Line 2 remark=lunch"),
        ("edit in 2016-07 set book=travel", "edit where - period 2016-07-01..2016-07-31 set book=travel"),
        ("edit last month where tag = trip set tags=-#trip +#holiday #summer, date=2016-07-01",
         "edit where tag = trip period last month set tags=+holiday +summer -trip date=2016-07-01"),
        ("edit where id = 4 set amount=12+3 tags=#a #b", "edit where id = 4 period - set amount=12+3 tags=(a,b)"),
        ("edit where remark ~ set set remark=x", "edit where remark ~ set period - set remark=x"),
        ("EDIT WHERE cat = food SET note=\"\", place=\"\", tags=()",
         "edit where category = food period - set remark= place=nil tags=()"),
    ])
    func editWhereForm(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test(arguments: [
        ("delete #42", "delete #42"),
        ("delete #42, #43", "delete #42 #43"),
        ("delete #42 #43, #44", "delete #42 #43 #44"),
        ("delete where category=food in 2016-07",
         "delete where category = food period 2016-07-01..2016-07-31"),
        ("delete in 2016-07 where category=food",
         "delete where category = food period 2016-07-01..2016-07-31"),
        ("delete where amount > 5", "delete where amount > 5 period -"),
        ("delete today", "delete where - period today"),
        ("delete last month", "delete where - period last month"),
        ("delete in 2016-07 where amount > 100", "delete where amount > 100 period 2016-07-01..2016-07-31"),
    ])
    func deleteForm(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }
}
