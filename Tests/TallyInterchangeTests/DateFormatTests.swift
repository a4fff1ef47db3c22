import Testing
import TallyCore
@testable import TallyInterchange

@Suite("Date formats")
struct DateFormatTests {
    func read(_ text: String, _ pattern: String) throws -> String? {
        try DateFormat(pattern).day(text)?.iso
    }

    @Test(arguments: [
        ("07/01/2016", "%m/%d/%Y", "2016-07-01"),
        ("7/1/2016", "%m/%d/%Y", "2016-07-01"),
        ("01.07.2016", "%d.%m.%Y", "2016-07-01"),
        ("2016年07月01日", "%Y年%m月%d日", "2016-07-01"),
        ("2016年7月1日", "%Y年%m月%d日", "2016-07-01"),
        ("2016-07-01 12:30:05", "%Y-%m-%d %H:%M:%S", "2016-07-01"),
        ("01/07/16", "%d/%m/%y", "2016-07-01"),
        ("Jul 01, 2016", "%b %d, %Y", "2016-07-01"),
        ("july 1, 2016", "%b %d, %Y", "2016-07-01"),
        ("1 September 2016", "%d %B %Y", "2016-09-01"),
        ("20160701", "%Y%m%d", "2016-07-01"),
        ("2016-7-1", "%F", "2016-07-01"),
        ("07/01/16", "%D", "2016-07-01"),
        ("Fri 2016-07-01", "%a %Y-%m-%d", "2016-07-01"),
        ("2016-02-29", "%Y-%m-%d", "2016-02-29"),
        ("  07/01/2016 ", "%m/%d/%Y", "2016-07-01"),
        ("01/07/2016 3:05 PM", "%d/%m/%Y %I:%M %p", "2016-07-01"),
        ("100% 2016-07-01", "100%% %Y-%m-%d", "2016-07-01"),
    ])
    func readsTheDayAPatternWrites(text: String, pattern: String, iso: String) throws {
        #expect(try read(text, pattern) == iso)
    }

    @Test(arguments: [
        ("07/01/2016 12:00", "2016-07-01"), ("07/01/2016 12:00:59", "2016-07-01"), ("07/01/2016T23:59", "2016-07-01"),
        ("07/01/2016   8:05", "2016-07-01"),
    ])
    func dropsATimeAfterTheDate(text: String, iso: String) throws {
        #expect(try read(text, "%m/%d/%Y") == iso)
    }

    @Test(arguments: [
        "07/01/2016 noon", "07/01/2016 12", "07/01/2016 25:00", "07/01/2016 12:60", "07/01/2016 12:00:00.5", "07/01/2016T 12:00",
        "07/01/2016 12:00 PM", "07/01/2016x", "07/01/20161", "07/01/2016,", "07/01/2016\u{0}", "07/01/2016 12:00\u{0}", "07/01/20\u{0}16",
    ])
    func refusesAnythingElseAfterTheDate(text: String) throws {
        #expect(try read(text, "%m/%d/%Y") == nil)
    }

    @Test(arguments: [
        ("2016-02-30", "%Y-%m-%d"), ("2015-02-29", "%Y-%m-%d"), ("31/04/2016", "%d/%m/%Y"), ("13/01/2016", "%m/%d/%Y"),
        ("0000-07-01", "%Y-%m-%d"), ("07/01/16", "%m/%d/%Y"), ("2016-07-01", "%m/%d/%Y"), ("", "%Y-%m-%d"),
        ("Mon 2016-07-01", "%a %Y-%m-%d"), ("2016-07-01", "%Y-%m-%d %H:%M"), ("Jly 01, 2016", "%b %d, %Y"),
    ])
    func refusesWhatIsNoDay(text: String, pattern: String) throws {
        #expect(try read(text, pattern) == nil)
    }

    @Test(arguments: [("00", "2000"), ("68", "2068"), ("69", "1969"), ("99", "1999")])
    func twoDigitYearsPivotAtSixtyNine(year: String, full: String) throws {
        #expect(try read("01/07/" + year, "%d/%m/%y") == full + "-07-01")
    }

    @Test(arguments: [
        ("%m/%d", DateFormatProblem.lacks([.year])),
        ("%H:%M", .lacks([.year, .month, .day])),
        ("", .lacks([.year, .month, .day])),
        ("%Y-%j", .unsupported(directive: "%j")),
        ("%Y-%m-%d %Z", .unsupported(directive: "%Z")),
        ("%s", .unsupported(directive: "%s")),
        ("%Ey-%m-%d", .unsupported(directive: "%E")),
        ("%Y-%m-%d %", .unsupported(directive: "%")),
        ("%m %b %Y %d", .repeated(.month)),
        ("%F %Y", .repeated(.year)),
        ("%d.%m.%y %e", .repeated(.day)),
    ])
    func refusesPatternsThatDoNotSayOneDay(pattern: String, problem: DateFormatProblem) {
        #expect(throws: problem) { try DateFormat(pattern) }
    }

    @Test func keepsItsPattern() throws {
        #expect(try DateFormat("%d.%m.%Y").pattern == "%d.%m.%Y")
        #expect(try DateFormat("%d.%m.%Y") != DateFormat("%m.%d.%Y"))
    }
}
