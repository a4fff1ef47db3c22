import Testing
import TallyCore
import TallyFixture
import TallyLanguage
@testable import TallyRender

/// A timeline first says how long its period is and how many bills it holds,
/// so a long one is known for what it is before its days scroll by.
@Suite struct TimelineHeaderTests {
    func firstLines(_ statement: String, width: Int = 80, count: Int = 2) throws -> [String] {
        let text = Renderer(style: Style(color: false), width: width).render(try Fixture.result(statement), as: .table)
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map(String.init))
    }

    @Test func aMonthSaysItsDaysAndBillsThenItsTotals() throws {
        #expect(try firstLines("timeline 2016-07") == [
            "timeline of 2016-07: 31 days, 4 bills", "income ¥5,000.00  expense ¥40.50  balance ¥4,959.50",
        ])
    }

    @Test func oneDayAndOneBillAreSingular() throws {
        #expect(try firstLines("timeline 2016-07-01", count: 1) == ["timeline of 2016-07-01: 1 day, 1 bill"])
    }

    @Test func anEndLeftOpenReachesAsFarAsTheBills() throws {
        // Since 2016-07-02 the daily book's last bill is on 2016-08-01; until 2016-07-02 its first is on 2016-07-01.
        #expect(try firstLines("timeline since 2016-07-02", count: 1) == ["timeline of 2016-07-02 – …: 31 days, 4 bills"])
        #expect(try firstLines("timeline until 2016-07-02", count: 1) == ["timeline of … – 2016-07-02: 2 days, 3 bills"])
    }

    @Test func aPeriodWithoutBillsSaysSoAlone() throws {
        #expect(try firstLines("timeline 2016-09", count: 3) == ["timeline of 2016-09: 30 days, no bills"])
        #expect(try firstLines("timeline since 2017-01-01", count: 3) == ["timeline of 2017-01-01 – …: no bills"])
    }

    @Test func tooNarrowForBothTheSizeTakesALineOfItsOwn() throws {
        #expect(try firstLines("timeline 2016-07", width: 30) == ["timeline of 2016-07:", "31 days, 4 bills"])
    }
}
