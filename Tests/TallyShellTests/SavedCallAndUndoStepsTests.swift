import Foundation
import Testing
import TallyCore
import TallyLanguage
import TallyFixture
import TallyStore
@testable import TallyShell

private let spent = "save spent(cat, month) sum expense where category = cat in month"

/// Saved statements run with values, and the undo history listed and taken back several steps at a time.
extension SessionTests {
    @Test func aSavedStatementRunsWithTheValuesGiven() throws {
        let (session, output) = try session()
        #expect(session.run(script("-5 food on 2016-07-19\n-7.50 snacks\n-3 food on 2016-06-01\n\(spent)")) == .success)
        output.results = []
        #expect(session.run(script("spent food 2016-07\nspent food 2016\nspent snacks 2016-07 as json")) == .success)
        #expect(output.results == ["¥5.00", "¥8.00", #"{"sum": "7.50", "currency": "CNY"}"#])
    }

    /// `weekly as csv`: a saved statement's results in the format its run asks for, its own included.
    @Test func aSavedStatementsResultsTakeTheFormatItsRunGives() throws {
        let (session, output) = try session()
        #expect(session.run(script("-5 food\nsave weekly sum expense this week by category as chart")) == .success)
        output.results = []
        #expect(session.run(script("weekly as csv\nweekly as json")) == .success)
        #expect(output.results == ["category,sum\nfood,5.00", "[\n  {\"category\": \"food\", \"sum\": \"5.00\"}\n]"])
    }

    /// The journal keeps the statement as it ran, with its values, so undo names it so.
    @Test func aChangeASavedStatementMakesIsNamedByTheStatementAsItRan() throws {
        let (session, _) = try session()
        #expect(session.run(script("save lunch(amount, day) add amount food lunch on day\nlunch 12+3 2016-07-18")) == .success)
        #expect(session.ledger.bills.map(\.amount) == [1500])
        #expect(try session.store.history(limit: 1).map(\.statement) == ["add 12+3 food lunch on 2016-07-18"])
    }

    @Test func aMistakeInAValueIsShownUnderTheValueWhereItWasTyped() throws {
        let (session, output) = try session { $0.keepGoing = true }
        _ = session.run(script(spent))
        _ = session.run(ScriptSource(origin: .interactive, text: "spent food 2016-13"))
        _ = session.run(script("-- a comment\nspent fod 2016-07"))
        _ = session.run(ScriptSource(origin: .interactive, text: "spent food"))
        #expect(output.errors == [
            """
            error: in month: no such month '2016-13'; months are 01 to 12
              spent food 2016-13
                         ^~~~~~~
            """,
            """
            test.tally:2:7: error: in cat: unknown category 'fod' — did you mean 'food'?
             2 | spent fod 2016-07
               |       ^~~
            """,
            """
            error: spent needs 2 values: cat, month; got 1
              spent food
              ^~~~~~~~~~
            """,
        ])
    }

    /// A saved statement may hand its parameter to another; a mistake in
    /// the value is still shown where it was typed.
    @Test func aValuePassedOnIsShownWhereItWasTyped() throws {
        let (session, output) = try session { $0.keepGoing = true }
        _ = session.run(script("-5 food\n\(spent)\nsave food_in(m) spent food m"))
        output.results = []
        _ = session.run(ScriptSource(origin: .interactive, text: "food_in 2016-07"))
        _ = session.run(ScriptSource(origin: .interactive, text: "food_in 2016-13"))
        #expect(output.results == ["¥5.00"])
        #expect(output.errors == [
            """
            error: in m: no such month '2016-13'; months are 01 to 12
              food_in 2016-13
                      ^~~~~~~
            """,
        ])
    }

    @Test func changesListsTheHistoryNewestFirstWithTheStepsOfUndoAndRedo() throws {
        let (session, output) = try session()
        #expect(session.run(script("-5 food\n-7.50 snacks\nundo")) == .success)
        output.results = []
        #expect(session.run(script("changes\nhistory 1")) == .success)
        #expect(output.results == [
            """
            undo  redo  when              session  undone  change    statement
                     1  2016-07-20 12:00  this     *       added #2  -7.50 snacks
               1        2016-07-20 12:00  this             added #1  -5 food
            """,
            """
            undo  redo  when              session  undone  change    statement
                     1  2016-07-20 12:00  this     *       added #2  -7.50 snacks
            """,
        ])
    }

    @Test func undoThreeInAScriptNeedsYes() throws {
        let (session, output) = try session()
        #expect(session.run(script("-1 food\n-2 food\n-3 food")) == .success)
        #expect(session.run(script("undo 3")) == .statementFailed)
        #expect(output.errors.first?.hasPrefix(
            "test.tally:1:1: error: undo 3 changes: added #3, added #2 and added #1; scripts must confirm this with --yes") == true)
        #expect(session.ledger.bills.count == 3)
    }

    @Test func undoThreeWithYesTakesBackThreeAndRedoBringsThemBackOneByOne() throws {
        let (session, output) = try session { $0.assumeYes = true }
        #expect(session.run(script("-1 food\n-2 food\n-3 food\n-4 food")) == .success)
        output.results = []
        #expect(session.run(script("undo 3")) == .success)
        #expect(output.results == ["undid: added #4", "undid: added #3", "undid: added #2"])
        #expect(session.ledger.bills.map(\.id) == [1])
        #expect(session.run(script("redo\nredo 2")) == .success)
        #expect(session.ledger.bills.map(\.id) == [1, 2, 3, 4])
        #expect(try LedgerStore(path: path, seed: seed).load() == session.ledger)
    }

    @Test func undoThreeAsksOnceNamingTheChanges() throws {
        let answers = ScriptedAnswers(false)
        let (session, output) = try session(prompter: answers)
        #expect(session.run(script("-1 food\n-2 food")) == .success)
        output.results = []
        #expect(session.run(ScriptSource(origin: .interactive, text: "undo 2")) == .success)
        #expect(answers.questions == ["undo 2 changes: added #2 and added #1? [y/N] "])
        #expect(output.results == ["nothing undone"])
        #expect(session.ledger.bills.count == 2)
        answers.answer = true
        #expect(session.run(ScriptSource(origin: .interactive, text: "undo 2")) == .success)
        #expect(session.ledger.bills.isEmpty)
        // One step asks nothing, as undo alone never did.
        #expect(session.run(ScriptSource(origin: .interactive, text: "redo 1")) == .success)
        #expect(answers.questions.count == 2)
    }

    @Test func undoMoreThanThereAreIsRefusedTakingNothing() throws {
        let (session, output) = try session { $0.assumeYes = true }
        #expect(session.run(script("-1 food\n-2 food")) == .success)
        #expect(session.run(script("undo 5")) == .statementFailed)
        #expect(output.errors.first?.contains("cannot undo 5 changes: only 2 can be undone here; nothing was changed") == true)
        #expect(session.ledger.bills.count == 2)
    }

    /// The changes to take back are chosen again under the lock, and must be
    /// those asked about: another session's change made while the question
    /// was open leaves this one nothing from before it began to take back.
    @Test func whatChangedWhileAskingIsNotTakenBackUnasked() throws {
        let (earlier, _) = try session()
        #expect(earlier.run(script("-1 food\n-2 food")) == .success)
        let answers = ScriptedAnswers(true)
        let (session, output) = try session(prompter: answers)
        let (other, _) = try self.session()
        answers.whileAsking = { _ = other.run(self.script("-3 food")) }
        #expect(session.run(ScriptSource(origin: .interactive, text: "undo 2")) == .statementFailed)
        #expect(answers.questions == ["undo 2 changes: added #2 and added #1? [y/N] "])
        #expect(output.errors.last?.contains("the ledger changed while you were answering") == true)
        #expect(try LedgerStore(path: path, seed: seed).load().bills.count == 3)
    }

    @Test func completionOffersWhatEachParameterStandsFor() throws {
        var ledger = Fixture.ledger
        let saved = SavedQuery(name: "spent", parameters: ["cat", "month"], statement: "sum expense where category = cat in month")
        ledger.apply(ChangeSet(summary: "saved", rows: [RowChange(before: nil, after: .savedQuery(saved))]))
        let completer = Completer(ledger: ledger, savedQueries: ["spent"])
        func words(_ line: String) -> [String] {
            guard case .words(let words) = completer.complete(line) else { return [] }
            return words
        }
        #expect(words("spe") == ["spent"])
        #expect(words("spent fo") == ["food"])
        #expect(words("spent food ju") == ["june", "july"])
        #expect(words("spent food 2016-07 ") == ["as"])
        #expect(words("spent food 2016-07 as c") == ["csv", "chart"])
    }

    /// A number after a saved statement's name is its value, not a bill's
    /// amount written category first, in completion as when it runs.
    @Test func completionTakesANumberAfterASavedStatementForItsValue() throws {
        var ledger = Fixture.ledger
        let saved = SavedQuery(name: "lunch", parameters: ["amount", "month"], statement: "sum expense where amount > amount in month")
        ledger.apply(ChangeSet(summary: "saved", rows: [RowChange(before: nil, after: .savedQuery(saved))]))
        let completer = Completer(ledger: ledger, savedQueries: ["lunch"])
        #expect(completer.complete("lunch 12 ju") == .words(["june", "july"]))
    }
}
