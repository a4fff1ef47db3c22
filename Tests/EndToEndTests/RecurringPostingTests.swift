import Foundation
import Glibc
import Testing
import TallyCore

/// Recurring bills as the binary posts them: each day of each rule once,
/// whatever sessions open the ledger together and wherever one is killed, and
/// a posted day stays seen to whatever is done to its bill or its rule since.
@Suite("Recurring bills posted", .serialized)
struct RecurringPostingTests {
    /// `tally --db LEDGER --today TODAY -c STATEMENT…`.
    func tally(_ statements: [String], today: String, in sandbox: Sandbox, ledger: String? = nil) async throws -> Run {
        try await TallyBinary.run(
            ["--db", ledger ?? sandbox.ledger, "--today", today] + statements.flatMap { ["-c", $0] }, home: sandbox.url)
    }

    /// The days of the bills of `category`, in order, each as often as a bill falls on it.
    func billDays(_ category: String, today: String, in sandbox: Sandbox, ledger: String? = nil) async throws -> [String] {
        let run = try await tally(["list where category=\(category) as csv"], today: today, in: sandbox, ledger: ledger)
        try #require(run.status == 0 && run.stderr.isEmpty, "\(run)")
        return run.stdout.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("posted ") }.map { String($0.split(separator: ",")[1]) }
    }

    /// Every day from `first` through `last`, as ISO dates.
    func everyDay(from first: String, through last: String) -> [String] {
        let start = Day(iso: first)!
        let end = Day(iso: last)!
        return (0...Int(end.ordinal - start.ordinal)).map { start.adding(days: $0).iso }
    }

    @Test("four sessions starting at once a year after the rules were written post each day once, and only one of them says so")
    func concurrentSessionsPostEachDayOnce() async throws {
        try await withSandbox { sandbox in
            for round in 1...3 {
                let ledger = sandbox.path("round-\(round).db")
                let made = try await tally(
                    ["every day -15 food lunch", "every month on 31 -3000 housing rent from 2025-12"],
                    today: "2025-12-01", in: sandbox, ledger: ledger)
                try #require(made.status == 0, "\(made)")

                let sessions = try (1...4).map { _ in
                    try ChildTally(["--db", ledger, "--today", "2026-12-01", "-c", "count"], input: .file("/dev/null"), home: sandbox.url)
                }
                var postings: [String] = []
                for session in sessions {
                    #expect(session.finish() == 0, "\(session.stderr)")
                    #expect(session.stderr.isEmpty, "\(session.stderr)")
                    let lines = session.stdout.split(separator: "\n").map(String.init)
                    postings += lines.filter { $0.hasPrefix("posted ") }
                    // A session that found the days posted counts what the one that posted them wrote.
                    #expect(lines.last == "378", "round \(round): \(session.stdout)")
                }
                #expect(postings.count == 1, "round \(round): \(postings)")
                #expect(postings.first?.hasPrefix("posted 377 recurring bills: lunch 2025-12-02, lunch 2025-12-03, ") == true, "\(postings)")

                let lunches = try await billDays("food", today: "2026-12-01", in: sandbox, ledger: ledger)
                #expect(lunches == everyDay(from: "2025-12-01", through: "2026-12-01"), "round \(round)")
                #expect(lunches.count == 366)
                let rents = try await billDays("housing", today: "2026-12-01", in: sandbox, ledger: ledger)
                #expect(rents == [
                    "2025-12-31", "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31",
                    "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30",
                ], "round \(round)")
            }
        }
    }

    /// A daily rule from 2000-01-01 that the session of 2026-12-01 finds
    /// 9,831 days behind: a posting long enough to be killed part way.
    static let longBacklog = (from: "2000-01-01", today: "2026-12-01", bills: 9832)

    @Test("a session killed before, during or after posting a long backlog leaves each day posted at most once, and the next posts the rest once")
    func killedWhilePosting() async throws {
        try await withSandbox { sandbox in
            let backlog = Self.longBacklog
            // How long an uninterrupted posting takes here, so that the kills fall before, in and after it.
            let timed = sandbox.path("timed.db")
            _ = try await tally(["every day -1 food lunch from \(backlog.from)"], today: backlog.from, in: sandbox, ledger: timed)
            let started = Date()
            let whole = try await tally(["count"], today: backlog.today, in: sandbox, ledger: timed)
            let duration = Date().timeIntervalSince(started)
            try #require(whole.stdout.hasSuffix("\n\(backlog.bills)\n"), "\(whole)")
            let everyLunch = everyDay(from: backlog.from, through: backlog.today)
            try #require(everyLunch.count == backlog.bills)

            var random = SeededRandom(seed: 7)
            var killedBeforeCommit = 0
            var postedWhole = 0
            for round in 1...4 {
                let ledger = sandbox.path("round-\(round).db")
                _ = try await tally(["every day -1 food lunch from \(backlog.from)"], today: backlog.from, in: sandbox, ledger: ledger)
                for attempt in 1...4 {
                    let child = try ChildTally(
                        ["--db", ledger, "--today", backlog.today, "-c", "count"], input: .file("/dev/null"), home: sandbox.url)
                    let moment: String
                    if attempt < 4 {
                        // Twelve strata from a twentieth of the run's time to a fifth past its end, one kill in each, a round's later ones later.
                        let stratum = Double((attempt - 1) * 4 + (round - 1)) + Double(random.next(upTo: 1000)) / 1000
                        let delay = duration * (0.05 + stratum / 12 * 1.15)
                        usleep(UInt32(delay * 1_000_000))
                        moment = "after \(Int(delay * 1000)) ms of \(Int(duration * 1000))"
                    } else {
                        // Committed and saying so, not yet ended.
                        #expect(child.waitForOutput(seconds: 30) { $0.hasPrefix("posted ") }, "\(child.stderr)")
                        moment = "as it said it posted"
                    }
                    child.killNow()
                    let status = child.finish()
                    let context = "round \(round), attempt \(attempt), killed \(moment)"

                    // Read with a today before the rule's second day, which posts nothing.
                    let lunches = try await billDays("food", today: backlog.from, in: sandbox, ledger: ledger)
                    #expect(Set(lunches).count == lunches.count, "a day posted twice, \(context)")
                    #expect(lunches == [backlog.from] || lunches == everyLunch, "\(lunches.count) bills, half a posting, \(context)")
                    if child.stdout.hasPrefix("posted ") {
                        #expect(lunches == everyLunch, "said it posted, but the bills are not there, \(context)")
                    }
                    if lunches == everyLunch {
                        // Nothing is left to post: the next kills would find nothing under way.
                        postedWhole += 1
                        break
                    }
                    if status == nil { killedBeforeCommit += 1 }
                }
                let rest = try await tally(["count"], today: backlog.today, in: sandbox, ledger: ledger)
                #expect(rest.status == 0 && rest.stdout.hasSuffix("\(backlog.bills)\n"), "\(rest)")
                #expect(try await billDays("food", today: backlog.today, in: sandbox, ledger: ledger) == everyLunch, "round \(round)")
                let check = try await tally(["check"], today: backlog.today, in: sandbox, ledger: ledger)
                #expect(check.status == 0 && check.stdout.hasPrefix("the ledger is sound"), "\(check)")
            }
            #expect(killedBeforeCommit > 0, "no kill fell before the posting committed")
            #expect(postedWhole > 0, "no kill fell after the posting committed")
        }
    }

    @Test("a posted bill deleted is not posted again, and one edited, even to another day, stays the rule's")
    func postedBillsDeletedOrEditedStaySeenTo() async throws {
        try await withSandbox { sandbox in
            let made = try await tally(
                ["every day -15 food lunch from 2016-07-01", "delete #2", "edit #3 amount=18 remark=\"with Ann\" date=2016-07-10"],
                today: "2016-07-05", in: sandbox)
            #expect(made.stdout == """
                added recurring #1: every day from 2016-07-01; posted 5 bills, 2016-07-01 to 2016-07-05; next 2016-07-06
                deleted #2  2016-07-02  expense  15.00  food  lunch
                edited #3  2016-07-10  expense  18.00  food  with Ann

                """, "\(made)")

            let later = try await tally(["recurring #1"], today: "2016-07-08", in: sandbox)
            #expect(later.stdout == """
                posted 3 recurring bills: lunch 2016-07-06, lunch 2016-07-07, lunch 2016-07-08
                day         bill  amount  state
                2016-07-01  #1    -15.00  posted
                2016-07-02  #2            posted, deleted since
                2016-07-03  #3    -18.00  posted, dated 2016-07-10 since
                2016-07-04  #4    -15.00  posted
                2016-07-05  #5    -15.00  posted
                2016-07-06  #6    -15.00  posted
                2016-07-07  #7    -15.00  posted
                2016-07-08  #8    -15.00  posted
                2016-07-09        -15.00  next

                """, "\(later)")
            #expect(try await billDays("food", today: "2016-07-08", in: sandbox) == [
                "2016-07-01", "2016-07-04", "2016-07-05", "2016-07-06", "2016-07-07", "2016-07-08", "2016-07-10",
            ])
        }
    }

    @Test("delete recurring keeps the bills it posted and posts no more; undo brings the rule back with its days, each posted once")
    func deletedRuleKeepsItsBillsAndUndoBringsItBack() async throws {
        try await withSandbox { sandbox in
            _ = try await tally(["every day -15 food lunch from 2016-07-01", "delete #2"], today: "2016-07-05", in: sandbox)
            let deleted = try await tally(["delete recurring #1", "recurring as json", "count"], today: "2016-07-06", in: sandbox)
            #expect(deleted.stdout == """
                posted 1 recurring bill: lunch 2016-07-06
                deleted recurring #1; the 5 bills it posted stay
                []
                5

                """, "\(deleted)")

            let undone = try await tally(["count", "undo", "recurring #1"], today: "2016-07-09", in: sandbox)
            #expect(undone.status == 0, "\(undone)")
            #expect(undone.stdout == """
                5
                undid: deleted recurring #1 (from an earlier session: 'delete recurring #1')
                posted 3 recurring bills: lunch 2016-07-07, lunch 2016-07-08, lunch 2016-07-09
                day         bill  amount  state
                2016-07-01  #1    -15.00  posted
                2016-07-02  #2            posted, deleted since
                2016-07-03  #3    -15.00  posted
                2016-07-04  #4    -15.00  posted
                2016-07-05  #5    -15.00  posted
                2016-07-06  #6    -15.00  posted
                2016-07-07  #7    -15.00  posted
                2016-07-08  #8    -15.00  posted
                2016-07-09  #9    -15.00  posted
                2016-07-10        -15.00  next

                """, "\(undone)")
            #expect(try await billDays("food", today: "2016-07-09", in: sandbox) == ["2016-07-01"] + everyDay(from: "2016-07-03", through: "2016-07-09"))
        }
    }

    @Test("a rule paused and resumed weeks later skips the days between: none is posted, then or after")
    func pausedDaysAreSkipped() async throws {
        try await withSandbox { sandbox in
            let paused = try await tally(
                ["every week on mon -50 household groceries from 2016-07-04", "pause recurring #1"], today: "2016-07-06", in: sandbox)
            #expect(paused.stdout.hasSuffix("; posted 1 bill, 2016-07-04; next 2016-07-11\npaused recurring #1\n"), "\(paused)")
            let meanwhile = try await tally(["count", "upcoming"], today: "2016-07-27", in: sandbox)
            #expect(meanwhile.stdout == "1\nday  recurring  amount  category  remark  book\n", "\(meanwhile)")

            // Wednesday 2016-08-10, five Mondays after the pause.
            let resumed = try await tally(["resume recurring #1", "recurring as csv"], today: "2016-08-10", in: sandbox)
            #expect(resumed.stdout.hasPrefix("resumed recurring #1, skipping 5 days that fell while it was paused\n"), "\(resumed)")
            #expect(resumed.stdout.contains("\n#1,every week on mon,2016-08-15,-50.00,household,groceries,"), "\(resumed)")
            #expect(resumed.stdout.hasSuffix(",posts\n"), "\(resumed)")

            let after = try await tally(["recurring #1"], today: "2016-08-22", in: sandbox)
            #expect(after.stdout == """
                posted 2 recurring bills: groceries 2016-08-15, groceries 2016-08-22
                day         bill  amount  state
                2016-07-04  #1    -50.00  posted
                2016-07-11                skipped
                2016-07-18                skipped
                2016-07-25                skipped
                2016-08-01                skipped
                2016-08-08                skipped
                2016-08-15  #2    -50.00  posted
                2016-08-22  #3    -50.00  posted
                2016-08-29        -50.00  next

                """, "\(after)")
            #expect(try await billDays("household", today: "2016-08-22", in: sandbox) == ["2016-07-04", "2016-08-15", "2016-08-22"])
        }
    }

    @Test("a rule that asks posts nothing by itself: its days wait in due until accepted, at the amount given, or skipped")
    func askingRuleWaitsForAcceptOrSkip() async throws {
        try await withSandbox { sandbox in
            let made = try await tally(
                ["every month on 15 -120 household water bill ask from 2016-05", "count", "due"], today: "2016-07-20", in: sandbox)
            #expect(made.stdout == """
                added recurring #1: every month on 15 from 2016-05-01; each day waits in 'due' to be accepted or skipped; \
                3 due now, 2016-05-15 to 2016-07-15; next 2016-08-15
                0
                day         recurring   amount  category   remark      book
                2016-05-15  #1         -120.00  household  water bill  daily
                2016-06-15  #1         -120.00  household  water bill  daily
                2016-07-15  #1         -120.00  household  water bill  daily

                """, "\(made)")

            let handled = try await tally(
                ["accept #1 on 2016-06-15 125.40", "skip #1 on 2016-05-15", "due", "accept", "due"], today: "2016-07-20", in: sandbox)
            #expect(handled.stdout == """
                accepted recurring #1 2016-06-15 as #1
                skipped recurring #1 2016-05-15
                day         recurring   amount  category   remark      book
                2016-07-15  #1         -120.00  household  water bill  daily
                accepted recurring #1 2016-07-15 as #2
                day  recurring  amount  category  remark  book

                """, "\(handled)")

            let nextMonth = try await tally(["count", "due", "recurring #1", "list as csv"], today: "2016-08-20", in: sandbox)
            #expect(nextMonth.stdout == """
                2
                day         recurring   amount  category   remark      book
                2016-08-15  #1         -120.00  household  water bill  daily
                day         bill   amount  state
                2016-05-15                 skipped
                2016-06-15  #1    -125.40  posted
                2016-07-15  #2    -120.00  posted
                2016-08-15        -120.00  due
                2016-09-15        -120.00  next
                id,date,kind,amount,category,remark,book,place,tags
                1,2016-06-15,expense,125.40,household,water bill,daily,,
                2,2016-07-15,expense,120.00,household,water bill,daily,,

                """, "\(nextMonth)")
            let nothing = try await tally(["skip #1 on 2016-05-15"], today: "2016-08-20", in: sandbox)
            #expect(nothing.status == 1)
            #expect(nothing.stderr.hasPrefix("error: recurring #1 is not due on 2016-05-15; 'due' lists what waits\n"), "\(nothing)")
        }
    }

    @Test("undo of a rule that has posted since says so and points at delete recurring, taking nothing back")
    func undoAfterPostingSaysWhy() async throws {
        try await withSandbox { sandbox in
            _ = try await tally(["every day -15 food lunch"], today: "2016-07-01", in: sandbox)
            let undo = try await tally(["undo"], today: "2016-07-03", in: sandbox)
            #expect(undo.status == 1, "\(undo)")
            #expect(undo.stderr.hasPrefix("""
                error: cannot undo 'added recurring #1': recurring #1 has posted or been seen to since; nothing was changed \
                ('delete recurring #1' keeps the bills it posted)
                """), "\(undo)")
            #expect(try await billDays("food", today: "2016-07-03", in: sandbox) == ["2016-07-01", "2016-07-02", "2016-07-03"])
        }
    }
}
