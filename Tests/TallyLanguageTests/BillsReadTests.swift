import Testing
import TallyCore
@testable import TallyLanguage

/// What each statement declares it reads of the ledger's bills.
@Suite struct BillsReadTests {
    func read(_ text: String) throws -> BillsRead {
        try statement(text).billsRead(today: defaultToday, weekStart: .monday)
    }

    @Test func aQueryOverAMonthReadsThatMonthsNumbers() throws {
        let july = try #require(DateRange.month(2016, 7))
        #expect(try read("sum expense where category=food in 2016-07") == BillsRead(days: july, texts: false))
        #expect(try read("list in 2016-07") == BillsRead(days: july, texts: true))
    }

    @Test func aQueryOverAllTimeAndEveryOtherChangeReadEverything() throws {
        #expect(try read("count") == BillsRead(days: nil, texts: false, importSources: false))
        #expect(try read("edit #3 amount=5") == .all)
        #expect(try read("delete where remark ~ x") == .all)
    }

    /// Only an import looks up where imported bills came from; a question
    /// over every day, texts and all, holds none of it, and so does not cover an import.
    @Test func onlyAnImportReadsTheSourcesOfImportedBills() throws {
        let question = try read("sum expense where remark ~ coffee")
        #expect(question == BillsRead(days: nil, texts: true, importSources: false))
        let imported = try read("import bank.csv")
        #expect(imported == .all)
        #expect(!question.covers(imported))
        #expect(imported.covers(question))
        #expect(question.covers(try read("list in 2016-07")))
    }

    /// Undo and redo read from the file only the rows their history entry names.
    @Test func undoAndRedoReadNoBills() throws {
        #expect(try read("undo") == .none)
        #expect(try read("redo 2") == .none)
    }

    /// Only a budget's warning reads other bills for a new one: those of its month.
    @Test func aNewBillReadsNoneOrWhereBudgetsAreKeptItsMonth() throws {
        #expect(try read("add 25 food") == .none)
        #expect(try read("-25 food lunch") == .none)
        let july = try #require(DateRange.month(2016, 7))
        let budgeted = try statement("add 25 food on 2016-07-09").billsRead(today: defaultToday, weekStart: .monday, keepsBudgets: true)
        #expect(budgeted == BillsRead(days: july, texts: true))
        let today = DateRange.month(containing: defaultToday)
        #expect(try statement("-25 food").billsRead(today: defaultToday, weekStart: .monday, keepsBudgets: true) == BillsRead(days: today, texts: true))
    }

    @Test func aReportReadsItsPeriodAndWhereAccountsAreKeptEveryBillUpToItsEnd() throws {
        let year = try #require(DateRange.year(2016))
        let report = try statement("report 2016 to r")
        #expect(report.billsRead(today: defaultToday, weekStart: .monday) == BillsRead(days: year, texts: true))
        #expect(report.billsRead(today: defaultToday, weekStart: .monday, keepsAccounts: true)
            == BillsRead(days: DateRange(start: .first, end: year.end), texts: true))
        #expect(try statement("report since 2016-07-01 to r").billsRead(today: defaultToday, weekStart: .monday, keepsAccounts: true)
            == BillsRead(days: nil, texts: true, importSources: false))
    }

    @Test func helpQuitAndASavedStatementsNameReadNothing() throws {
        #expect(try read("help periods") == .none)
        #expect(try read("quit") == .none)
        #expect(try read("monthly") == .none)
    }

    /// The REPL's first `set pager off` must not wait for a million bills.
    @Test func aSettingOfTheSessionsOwnReadsNothingButOneOfTheLedgersReadsEverything() throws {
        #expect(try read("set pager off") == .none)
        #expect(try read("set format csv") == .none)
        #expect(try read("set colour off") == .none)
        #expect(try read("set weekstart sunday") == .all)
        #expect(try read("set currency EUR") == .all)
    }

    @Test func holdingAYearCoversAMonthOfItButNotTheTextsItLacks() throws {
        let year = try #require(DateRange.year(2016))
        let july = try #require(DateRange.month(2016, 7))
        #expect(BillsRead(days: year, texts: true).covers(BillsRead(days: july, texts: false)))
        #expect(!BillsRead(days: year, texts: false).covers(BillsRead(days: july, texts: true)))
        #expect(!BillsRead(days: july, texts: true).covers(.all))
        #expect(BillsRead.all.covers(BillsRead(days: july, texts: true)))
        #expect(BillsRead(days: july, texts: true).covers(.none))
    }
}
