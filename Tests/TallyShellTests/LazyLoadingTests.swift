import Foundation
import Testing
import TallyCore
import TallyStore
@testable import TallyShell

/// A session that reads only the days a query asks about answers exactly as
/// one that holds every bill, for every form a period takes.
@Suite final class LazyLoadingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-lazy-\(UUID().uuidString)").path
    static let today = Day(iso: "2026-11-30")!

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let periods = [
        "in 2025", "in 2026", "in 2025-07", "in 2025-07-01", "in 2025-q3", "in 2025-w27", "in 2025/07", "in jul 2025",
        "in jul", "in nov 5", "in 5 nov", "in 11-05", "on 2025/07/01", "on jul 4 2025", "from 2025-07-01 to 2025-07-31",
        "from nov 1 to 11-30", "since 2026-01-01", "until 2025-06-30", "since 0001-01-01", "until 9999-12-31", "today",
        "yesterday", "this week", "this month", "this quarter", "this year", "last week", "last month", "last quarter",
        "last year", "last 30 days", "last 2 weeks", "last 6 months", "last 3 quarters", "last 1 year", "last 5000 years",
    ]
    static let shapes = [
        "sum expense PERIOD", "count PERIOD", "avg income PERIOD", "max expense PERIOD by category",
        "sum net PERIOD by month, category", "count PERIOD where book = travel", "list PERIOD order by amount desc limit 3",
        "sum expense where remark ~ dinner PERIOD by weekday",
    ]

    func session(lazy: Bool, weekStart: String) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = LazyLoadingTests.today
        options.loadsBillsAsAsked = lazy
        let output = CapturedOutput()
        let store = try LedgerStore(path: folder + "/ledger.db", seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    @Test(arguments: ["monday", "sunday"])
    func answersAsTheWholeLedgerDoes(weekStart: String) throws {
        let (full, fullOutput) = try session(lazy: false, weekStart: weekStart)
        try full.fillWithDemo()
        #expect(full.run(ScriptSource(origin: .argument, text: "set weekstart \(weekStart)")) == .success)
        var compared = 0
        var heldFewer = 0
        for shape in LazyLoadingTests.shapes {
            for period in LazyLoadingTests.periods {
                let statement = shape.replacingOccurrences(of: "PERIOD", with: period)
                fullOutput.results = []
                // A session holds every bill once one statement needed them all: each query starts afresh.
                let (lazy, lazyOutput) = try session(lazy: true, weekStart: weekStart)
                #expect(full.run(ScriptSource(origin: .argument, text: statement)) == .success, "\(statement)")
                #expect(lazy.run(ScriptSource(origin: .argument, text: statement)) == .success, "\(statement)")
                #expect(lazyOutput.results == fullOutput.results && lazyOutput.errors == [], "\(statement)")
                compared += 1
                if lazy.ledger.bills.count < full.ledger.bills.count { heldFewer += 1 }
            }
        }
        #expect(fullOutput.errors == [])
        #expect(compared == LazyLoadingTests.shapes.count * LazyLoadingTests.periods.count)
        // Most periods are a part of the two years; `last 5000 years` and `since 0001-01-01` are all of them.
        #expect(heldFewer >= compared * 3 / 4)
    }

    @Test func aReportReadsTheMonthsOfItsPeriodAndDrawsTheSamePage() throws {
        let (full, _) = try session(lazy: false, weekStart: "monday")
        try full.fillWithDemo()
        var heldFewer = 0
        for (number, period) in (LazyLoadingTests.periods + [""]).enumerated() {
            let (lazy, lazyOutput) = try session(lazy: true, weekStart: "monday")
            let statement = "report \(period) to \(folder)/NAME-\(number)"
            #expect(full.run(ScriptSource(origin: .argument, text: statement.replacingOccurrences(of: "NAME", with: "full"))) == .success)
            #expect(lazy.run(ScriptSource(origin: .argument, text: statement.replacingOccurrences(of: "NAME", with: "lazy"))) == .success)
            #expect(lazyOutput.errors == [], "\(statement)")
            let fullPage = try String(contentsOfFile: "\(folder)/full-\(number).html", encoding: .utf8)
            let lazyPage = try String(contentsOfFile: "\(folder)/lazy-\(number).html", encoding: .utf8)
            #expect(fullPage == lazyPage, "\(statement)")
            if lazy.ledger.bills.count < full.ledger.bills.count { heldFewer += 1 }
        }
        // The demo's book keeps accounts, whose balances at a report's end need every bill before it:
        // a period that runs to today reads them all, one that ends before reads less.
        #expect(heldFewer >= LazyLoadingTests.periods.count / 2)
    }

    @Test func aSavedQueryOverAPeriodReadsOnlyItsDays() throws {
        let (full, fullOutput) = try session(lazy: false, weekStart: "monday")
        try full.fillWithDemo()
        #expect(full.run(ScriptSource(origin: .argument, text: "save monthly sum expense in 2026-10 by category; monthly")) == .success)
        let (lazy, lazyOutput) = try session(lazy: true, weekStart: "monday")
        #expect(lazy.run(ScriptSource(origin: .argument, text: "monthly")) == .success)
        #expect(lazyOutput.results == [fullOutput.results.last!])
        #expect(!lazy.ledger.bills.isEmpty)
        #expect(lazy.ledger.bills.days.allSatisfy { Day(ordinal: $0).year == 2026 && Day(ordinal: $0).month == 10 })
    }

    @Test func aStatementThatNeedsEveryBillLoadsThemAll() throws {
        let (full, _) = try session(lazy: false, weekStart: "monday")
        try full.fillWithDemo()
        let (lazy, output) = try session(lazy: true, weekStart: "monday")
        #expect(lazy.ledger.bills.isEmpty)
        #expect(lazy.run(ScriptSource(origin: .argument, text: "count in 2026-11")) == .success)
        #expect(lazy.ledger.bills.days.allSatisfy { Day(ordinal: $0).year == 2026 && Day(ordinal: $0).month == 11 })
        // A count reads every bill's numbers, and no remark.
        #expect(lazy.run(ScriptSource(origin: .argument, text: "count")) == .success)
        #expect(!lazy.ledger.bills.hasTexts)
        #expect(lazy.ledger.bills.ids == full.ledger.bills.ids && lazy.ledger.bills.amounts == full.ledger.bills.amounts)
        #expect(lazy.run(ScriptSource(origin: .argument, text: "list where remark ~ a limit 1")) == .success)
        #expect(lazy.ledger.bills == full.ledger.bills)
        #expect(lazy.run(ScriptSource(origin: .argument, text: "-5 food tea; count in 2026-11")) == .success)
        #expect(lazy.ledger.bills.count == full.ledger.bills.count + 1)
        #expect(output.errors == [])
    }

    /// A question over every day holds no import's sources, so an import
    /// after it reads them before it looks for rows already imported.
    @Test(arguments: [false, true])
    func anImportAfterAQuestionOverEveryDayStillFindsTheRowsItImported(lazy: Bool) throws {
        let statement = "\(folder)/bank.csv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "date,amount,category,remark\n2026-11-02,-12.50,food,coffee\n2026-11-03,-40,transport,taxi\n"
            .write(toFile: statement, atomically: true, encoding: .utf8)
        let (first, _) = try session(lazy: lazy, weekStart: "monday")
        #expect(first.run(ScriptSource(origin: .argument, text: "import \(statement)")) == .success)
        let (later, output) = try session(lazy: lazy, weekStart: "monday")
        #expect(later.run(ScriptSource(origin: .argument, text: "count where remark ~ coffee")) == .success)
        #expect((later.ledger.importSources.batch(1) == nil) == lazy)
        #expect(later.run(ScriptSource(origin: .argument, text: "import \(statement); count")) == .success)
        #expect(output.errors == [])
        #expect(output.results.first == "1")
        #expect(output.results.last == "2")
        #expect(later.ledger.importSources.batch(1)?.sources.count == 2)
    }
}
