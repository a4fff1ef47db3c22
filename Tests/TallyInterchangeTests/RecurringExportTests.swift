import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// A ledger of books daily (CNY) and travel (USD), and categories housing
/// and food (expenses) and salary (income), with `rules`.
private func ledger(_ rules: [RecurringRule], bills: [Bill] = [], weekStart: WeekStart = .monday) -> Ledger {
    Ledger(
        books: [Book(id: 1, name: "daily", currency: .cny, position: 1), Book(id: 2, name: "travel", currency: Currency(code: "USD"), position: 2)],
        categories: [
            Category(id: 1, name: "housing", kind: .expense, icon: "", aliases: [], position: 1),
            Category(id: 2, name: "salary", kind: .income, icon: "", aliases: [], position: 2),
            Category(id: 3, name: "food", kind: .expense, icon: "", aliases: [], position: 3),
        ],
        bills: bills, settings: Settings(currentBookID: 1, weekStart: weekStart), recurringRules: rules)
}

private func rule(
    id: Int64 = 1, _ schedule: Schedule, from start: String, _ end: RecurrenceEnd = .never, category: Int64 = 1, amount: Int64 = 300_000,
    remark: String = "rent", book: Int64 = 1, place: String? = nil, tags: [String] = [], pausedOn: Day? = nil
) -> RecurringRule {
    RecurringRule(id: id, bookID: book, categoryID: category, amount: amount, remark: remark, place: place, tags: tags, schedule: schedule,
                  start: day(start), end: end, pausedOn: pausedOn)
}

/// The rules `export` writes from `ledger`, as it writes them.
private func exported(_ statement: String, from ledger: Ledger) throws -> (bills: [BillRow], rules: [RecurringRow]) {
    let parsed = try parseOne(statement)
    guard case .ledger(let ledgerStatement) = parsed.statement,
          case .exportFile(_, let bills, let rules) = try Evaluator(ledger: ledger, today: defaultToday, now: fixedNow).evaluate(ledgerStatement, at: parsed.range)
    else { throw TestFailure("not an export: \(statement)") }
    return (bills.rows, rules)
}

private func rows(_ rules: [RecurringRule], weekStart: WeekStart = .monday) throws -> [RecurringRow] {
    try exported("export x.hledger", from: ledger(rules, weekStart: weekStart)).rules
}

private func hledger(_ rules: [RecurringRule]) throws -> String {
    LedgerJournal(bills: [], rules: try rows(rules), accounts: ledger(rules).exportAccounts, periodic: true).text
}

/// hledger's period expressions for each kind of schedule, each starting on a day the rule falls on.
@Suite struct PeriodicExpressionTests {
    static let cases: [(String, Schedule, String, RecurrenceEnd, WeekStart, [String]?)] = [
        ("every day", .days(every: 1, weekdaysOnly: false), "2026-01-07", .never, .monday, ["daily from 2026-01-07"]),
        ("every 3 days until a day", .days(every: 3, weekdaysOnly: false), "2026-01-07", .until(day("2026-02-01")), .monday,
         ["every 3 days from 2026-01-07 to 2026-02-02"]),
        ("once", .days(every: 1, weekdaysOnly: false), "2026-01-07", .times(1), .monday, ["daily from 2026-01-07 to 2026-01-08"]),
        ("every weekday from a saturday starts on monday", .days(every: 1, weekdaysOnly: true), "2026-01-10", .never, .monday,
         ["every weekday from 2026-01-12"]),
        ("every weekday from a wednesday, as each weekday's week", .days(every: 1, weekdaysOnly: true), "2026-01-07", .never, .monday,
         ["2026-01-07", "2026-01-08", "2026-01-09", "2026-01-12", "2026-01-13"].map { "every 7 days from \($0)" }),
        ("every weekday, 3 times", .days(every: 1, weekdaysOnly: true), "2026-01-08", .times(3), .monday,
         ["2026-01-08", "2026-01-09", "2026-01-12"].map { "every 7 days from \($0) to 2026-01-13" }),
        ("every 2 days on weekdays, each weekday every 2 weeks", .days(every: 2, weekdaysOnly: true), "2026-01-05", .never, .monday,
         ["2026-01-05", "2026-01-07", "2026-01-09", "2026-01-13", "2026-01-15"].map { "every 14 days from \($0)" }),
        ("every 14 days on weekdays", .days(every: 14, weekdaysOnly: true), "2026-01-06", .never, .monday, ["every 14 days from 2026-01-06"]),
        ("every week on wednesday", .weeks(every: 1, on: 3), "2026-01-05", .never, .monday, ["every 7 days from 2026-01-07"]),
        ("every 2 weeks on the week's first day", .weeks(every: 2, on: nil), "2026-01-07", .never, .sunday, ["every 14 days from 2026-01-11"]),
        ("every month on 31", .months(every: 1, on: .day(31)), "2026-01-01", .never, .monday, ["every 31st day of month from 2026-01-31"]),
        ("every month on 31 from february", .months(every: 1, on: .day(31)), "2026-02-10", .never, .monday,
         ["daily from 2026-02-28 to 2026-03-01", "every 31st day of month from 2026-03-31"]),
        ("every month on the last from april, once", .months(every: 1, on: .last), "2026-04-01", .times(1), .monday,
         ["daily from 2026-04-30 to 2026-05-01"]),
        ("every month on 22, 3 times", .months(every: 1, on: .day(22)), "2026-01-23", .times(3), .monday,
         ["every 22nd day of month from 2026-02-22 to 2026-04-23"]),
        ("every month on 3", .months(every: 1, on: .day(3)), "2026-01-01", .until(day("9999-12-31")), .monday,
         ["every 3rd day of month from 2026-01-03"]),
        ("every 3 months on 1", .months(every: 3, on: .day(1)), "2026-01-15", .never, .monday, ["every 3 months from 2026-02-01"]),
        ("every 2 months on 15", .months(every: 2, on: .day(15)), "2026-01-01", .never, .monday, nil),
        ("every 2 months on the last", .months(every: 2, on: .last), "2026-01-01", .never, .monday, nil),
        ("every year on mar 15", .years(every: 1, month: 3, on: .day(15)), "2026-03-16", .never, .monday, ["every 15th mar from 2027-03-15"]),
        ("every year on apr 31, which is apr 30", .years(every: 1, month: 4, on: .day(31)), "2026-01-01", .never, .monday,
         ["every 30th apr from 2026-04-30"]),
        ("every year on the last of feb, from feb 29", .years(every: 1, month: 2, on: .last), "2026-01-01", .never, .monday,
         ["daily from 2026-02-28 to 2026-03-01", "daily from 2027-02-28 to 2027-03-01", "every 29th feb from 2028-02-29"]),
        ("every 2 years on jan 1", .years(every: 2, month: 1, on: .day(1)), "2026-06-01", .never, .monday, ["every 2 years from 2027-01-01"]),
        ("every 2 years on mar 15", .years(every: 2, month: 3, on: .day(15)), "2026-01-01", .never, .monday, nil),
    ]

    @Test(arguments: cases)
    func expressions(_ name: String, _ schedule: Schedule, _ start: String, _ end: RecurrenceEnd, _ weekStart: WeekStart, _ expected: [String]?) throws {
        let row = try #require(try rows([rule(schedule, from: start, end)], weekStart: weekStart).first, "\(name)")
        #expect(PeriodicExpression.hledger(row) == expected, "\(name)")
    }

    @Test func ordinals() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30, 31].map(PeriodicExpression.ordinal)
            == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "30th", "31st"])
    }
}

/// What the journals and beancount write for recurring rules.
@Suite struct RecurringExportTextTests {
    @Test func anHledgerJournalHasEachRuleAsAPeriodicTransactionWithTheAccountsAndSignsOfItsBills() throws {
        let text = try hledger([
            rule(id: 1, .months(every: 1, on: .day(1)), from: "2026-01-01", .until(day("2027-06-30"))),
            rule(id: 2, .weeks(every: 2, on: 5), from: "2026-01-01", category: 2, amount: 800_000, remark: "pay", book: 2),
            rule(id: 3, .months(every: 1, on: .last), from: "2026-01-01", .times(3), amount: -5000, remark: "refund"),
        ])
        #expect(text.contains("""

            ; recurring #1: every month on 1 from 2026-01-01 until 2027-06-30
            ~ every 1st day of month from 2026-01-01 to 2027-07-01  rent
                expenses:housing  3000.00 CNY
                assets:daily  -3000.00 CNY

            ; recurring #2: every 2 weeks on friday from 2026-01-01
            ~ every 14 days from 2026-01-02  pay
                assets:travel  8000.00 USD
                income:salary  -8000.00 USD

            ; recurring #3: every month on the last from 2026-01-01, 3 times
            ~ every 31st day of month from 2026-01-31 to 2026-04-01  refund
                expenses:housing  -50.00 CNY
                assets:daily  50.00 CNY

            """), "\(text)")
        #expect(text.hasPrefix("; Tally bills as an hledger journal"), "\(text)")
        for declared in ["account assets:travel", "account income:salary", "commodity USD", "payee pay", "payee refund"] {
            #expect(text.contains("\n\(declared)\n"), "\(declared) in \(text)")
        }
    }

    @Test func aRuleHledgerCannotSayIsOnlyAComment() throws {
        let text = try hledger([rule(.months(every: 2, on: .day(15)), from: "2026-01-01")])
        #expect(text.contains("""

            ; recurring #1: every 2 months on 15 from 2026-01-01, which hledger's periodic transactions cannot say; it posts:
            ; 2026-01-15 rent
            ;     expenses:housing  3000.00 CNY
            ;     assets:daily  -3000.00 CNY

            """), "\(text)")
        #expect(!text.contains("\n~"), "\(text)")
        #expect(!text.contains("account expenses:housing"), "only what a transaction names is declared: \(text)")
    }

    @Test func aRulesTagsRemarkAndPlaceAreThoseOfItsBills() throws {
        let text = try hledger([rule(.days(every: 1, weekdaysOnly: false), from: "2026-01-07", remark: "* lunch; set", place: "Cafe, 2F", tags: ["work"])])
        #expect(text.contains("""
            ~ daily from 2026-01-07  () * lunch, set  ; work:
                ; remark: * lunch; set
                ; place: "Cafe, 2F"
                expenses:housing
            """), "\(text)")
        #expect(text.contains("\ntag place\ntag remark\ntag work\n"), "\(text)")
    }

    @Test func aJournalForLedgerHasTheRulesAsComments() throws {
        let rules = [rule(.months(every: 1, on: .day(1)), from: "2026-01-01")]
        let text = LedgerJournal(bills: [], rules: try rows(rules), accounts: ledger(rules).exportAccounts).text
        #expect(text.hasPrefix("; Tally bills as an hledger/ledger journal"), "\(text)")
        #expect(text.contains("""

            ; Recurring rules, as comments: ledger reads no hledger periodic transaction (a .hledger export writes them).

            ; recurring #1: every month on 1 from 2026-01-01; it posts:
            ; 2026-01-01 rent
            ;     expenses:housing  3000.00 CNY
            ;     assets:daily  -3000.00 CNY

            """), "\(text)")
        #expect(!text.contains("\n~"), "\(text)")
    }

    @Test func aBeancountFileHasEachRuleAsACustomDirectiveDatedItsStart() throws {
        let rules = [
            rule(id: 1, .months(every: 1, on: .day(1)), from: "2026-01-01", .times(12), remark: #"rent "flat""#, place: "Home\\1", tags: ["home", "fixed cost"]),
            rule(id: 2, .years(every: 1, month: 2, on: .last), from: "2025-06-01", .until(day("2030-12-31")), category: 2, amount: 100, remark: "", book: 2),
        ]
        let bill = Bill(id: 1, bookID: 1, categoryID: 3, amount: 2500, day: day("2026-03-01"), remark: "lunch")
        let shown = ledger(rules, bills: [bill])
        let export = try exported("export x.beancount", from: shown)
        let text = BeancountFile(bills: export.bills, rules: export.rules, accounts: shown.exportAccounts).text
        #expect(text.contains("""

            2026-01-01 custom "recurring" "every month on 1, 12 times" 3000.00 CNY Expenses:Housing Assets:Daily "rent \\"flat\\""
              rule: 1
              place: "Home\\\\1"
              tags: "home fixed cost"

            2025-06-01 custom "recurring" "every year on the last of feb until 2030-12-31" 1.00 USD Assets:Travel Income:Salary ""
              rule: 2

            """), "\(text)")
        // Opened before the first rule starts, and with the accounts only rules name.
        #expect(text.contains("\n2025-05-31 open Assets:Travel USD\n2025-05-31 open Expenses:Food\n2025-05-31 open Expenses:Housing\n"), "\(text)")
    }

    @Test func csvAndJSONHoldNoRules() {
        #expect(ExportFormat.allCases.filter { !$0.holdsRules } == [.csv, .json])
        #expect(ExportFormat(path: "x.hledger") == .hledger && ExportFormat(path: "x.ledger") == .journal)
    }
}

/// Which rules an export writes.
@Suite struct RecurringExportSelectionTests {
    static let rules = [
        rule(id: 1, .months(every: 1, on: .day(1)), from: "2016-01-01"),
        rule(id: 2, .days(every: 1, weekdaysOnly: false), from: "2016-01-01", category: 3, remark: "lunch", pausedOn: day("2016-06-01")),
        rule(id: 3, .weeks(every: 1, on: 1), from: "2015-01-01", .until(day("2015-12-31")), category: 3, remark: "coffee"),
        rule(id: 4, .years(every: 1, month: 12, on: .day(25)), from: "2016-01-01", .times(2), category: 2, remark: "bonus", book: 2),
    ]

    func ids(_ statement: String) throws -> [Int64] {
        try exported(statement, from: ledger(Self.rules)).rules.map(\.rule.id)
    }

    @Test func everyRuleNotPausedIsWritten() throws {
        #expect(try ids("export x.journal") == [1, 3, 4])
    }

    @Test func aPeriodTakesTheRulesThatFallInIt() throws {
        #expect(try ids("export x.journal in 2015") == [3])
        #expect(try ids("export x.journal in 2017") == [1, 4])
        #expect(try ids("export x.journal since 2018-01-01") == [1])
    }

    @Test func aConditionTakesTheRulesWhoseBillsItSelects() throws {
        #expect(try ids("export x.journal where category = housing") == [1])
        #expect(try ids("export x.journal where book = travel") == [4])
        #expect(try ids("export x.journal where remark ~ co") == [3])
        #expect(try ids("export x.journal where kind = expense in 2016") == [1])
    }

    @Test func theRowHoldsTheBillOfItsFirstDay() throws {
        let row = try #require(try exported("export x.journal in 2017", from: ledger(Self.rules)).rules.last)
        #expect(row.firstDay == day("2016-12-25") && row.bill.day == day("2016-12-25"))
        #expect(row.bill.book == "travel" && row.bill.currency.code == "USD" && row.bill.kind == .income && row.bill.category == "salary")
        #expect(row.stopsBefore == day("2017-12-26"))
    }
}
