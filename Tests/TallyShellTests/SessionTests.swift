import Foundation
import Testing
import TallyCore
@testable import TallyStore
@testable import TallyShell

/// Collects what a session prints.
final class CapturedOutput: Output {
    var results: [String] = []
    var errors: [String] = []
    var failure: String?
    var resultsToTerminal = false
    func result(_ text: String) { results.append(text) }
    func error(_ text: String) { errors.append(text) }
}

/// A class, so that each test's ledger folder goes when the test ends.
@Suite final class SessionTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-session-\(UUID().uuidString)").path
    var path: String { folder + "/ledger.db" }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
    let seed = Seed(currency: .cny, categories: DefaultCategories.make(chinese: false))

    func session(_ configure: (inout SessionOptions) -> Void = { _ in }, prompter: Prompter? = nil) throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = Day(iso: "2016-07-20")
        configure(&options)
        let output = CapturedOutput()
        let store = try LedgerStore(path: path, seed: seed, creatingFolders: true)
        return (try Session(store: store, options: options, output: output, prompter: prompter), output)
    }

    func script(_ text: String) -> ScriptSource {
        ScriptSource(origin: .file("test.tally"), text: text)
    }

    @Test func keepsTheModelEqualToTheFile() throws {
        let (session, _) = try session { $0.assumeYes = true }
        let status = session.run(script("""
            -25.50 food lunch #work
            +5000 salary on 2016-07-01
            book add travel currency USD
            add 99.99 travel hotel book travel at "Hilton"
            edit #1 amount=30 tags=(work, team)
            category add coffee expense alias 咖啡
            add 4 coffee
            category merge coffee into drinks
            delete #2
            undo
            delete where category=drinks
            set weekstart sunday
            use travel
            """))
        #expect(status == .success)
        let reopened = try LedgerStore(path: path, seed: seed).load()
        #expect(reopened == session.ledger)
        #expect(reopened.currentBook.name == "travel")
        #expect(reopened.settings.weekStart == .sunday)
        #expect(reopened.bills.map(\.id) == [2, 1, 3])
    }

    @Test func stopsAtTheFirstErrorHavingCommittedWhatCameBefore() throws {
        let (session, output) = try session()
        let status = session.run(script("-1 food\n-2 fod\n-3 food\n"))
        #expect(status == .statementFailed)
        #expect(output.errors.count == 1)
        #expect(output.errors[0].hasPrefix("test.tally:2:4: error: unknown category 'fod' — did you mean 'food'?"))
        #expect(try LedgerStore(path: path, seed: seed).load().bills.map(\.amount) == [100])
    }

    @Test func goesOnAfterErrorsWhenAsked() throws {
        let (session, output) = try session { $0.keepGoing = true }
        #expect(session.run(script("-1 food\nsum where\n-3 food\n")) == .statementFailed)
        #expect(output.errors.count == 1)
        #expect(session.ledger.bills.count == 2)
    }

    @Test func refusesDeleteWhereInScriptsWithoutYes() throws {
        let (session, output) = try session()
        _ = session.run(script("-1 food\n-2 food\n"))
        #expect(session.run(script("delete where category=food")) == .statementFailed)
        #expect(output.errors.last?.contains("delete 2 bills; scripts must confirm this with --yes") == true)
        #expect(try LedgerStore(path: path, seed: seed).load().bills.count == 2)
    }

    @Test func asksBeforeDeletingAtThePrompt() throws {
        let answers = ScriptedAnswers(false)
        let (session, output) = try session(prompter: answers)
        _ = session.run(script("-1 food\n-2 food\n"))
        #expect(session.run(ScriptSource(origin: .interactive, text: "delete where category=food")) == .success)
        #expect(answers.questions == ["delete 2 bills? [y/N] "])
        #expect(answers.shown == [["  #1  2016-07-20  expense  1.00  food", "  #2  2016-07-20  expense  2.00  food"]])
        #expect(output.results.last == "nothing deleted")
        answers.answer = true
        _ = session.run(ScriptSource(origin: .interactive, text: "delete where category=food"))
        #expect(try LedgerStore(path: path, seed: seed).load().bills.isEmpty)
    }

    @Test func asksBeforeEditingWhereShowingTheFirstBillsAndUndoesThemAllAtOnce() throws {
        let answers = ScriptedAnswers(false)
        let (session, output) = try session(prompter: answers)
        _ = session.run(script((1...7).map { "-\($0) food lunch \($0) on 2016-07-0\($0)" }.joined(separator: "\n") + "\n-8 drinks tea"))
        let edit = "edit where remark ~ lunch set category=snacks, tags=+#noon"
        #expect(session.run(ScriptSource(origin: .interactive, text: edit)) == .success)
        #expect(answers.questions == ["edit 7 bills? [y/N] "])
        #expect(answers.shown == [[
            "  #1  2016-07-01  expense  1.00  food  lunch 1",
            "  #2  2016-07-02  expense  2.00  food  lunch 2",
            "  #3  2016-07-03  expense  3.00  food  lunch 3",
            "  #4  2016-07-04  expense  4.00  food  lunch 4",
            "  #5  2016-07-05  expense  5.00  food  lunch 5",
            "  … and 2 more",
        ]])
        #expect(output.results.last == "nothing edited")
        #expect(try LedgerStore(path: path, seed: seed).load().bills.allSatisfy { $0.tags.isEmpty })

        answers.answer = true
        #expect(session.run(ScriptSource(origin: .interactive, text: edit)) == .success)
        #expect(output.results.last == "edited 7 bills")
        let snacks = try #require(session.ledger.category(named: "snacks")).id
        let edited = try LedgerStore(path: path, seed: seed).load().bills
        #expect(edited.filter { $0.categoryID == snacks && $0.tags == ["noon"] }.map(\.id) == [1, 2, 3, 4, 5, 6, 7])
        #expect(edited.first { $0.id == 8 }?.tags == [])

        #expect(session.run(ScriptSource(origin: .interactive, text: "undo")) == .success)
        #expect(output.results.last == "undid: edited 7 bills")
        #expect(try LedgerStore(path: path, seed: seed).load().bills.allSatisfy { $0.categoryID != snacks && $0.tags.isEmpty })
    }

    @Test func refusesEditWhereInScriptsWithoutYes() throws {
        let (session, output) = try session()
        _ = session.run(script("-1 food\n-2 food\n"))
        #expect(session.run(script("edit where category=food set remark=x")) == .statementFailed)
        #expect(output.errors.last?.contains("edit 2 bills; scripts must confirm this with --yes") == true)
        #expect(try LedgerStore(path: path, seed: seed).load().bills.allSatisfy { $0.remark.isEmpty })
    }

    @Test func aChangeConfirmedAfterAnotherSessionWroteIsRefused() throws {
        let answers = ScriptedAnswers(true)
        let (session, output) = try session(prompter: answers)
        _ = session.run(script("-1 food\n-2 food\n"))
        let (other, _) = try self.session()
        answers.whileAsking = { _ = other.run(self.script("-3 food")) }
        #expect(session.run(ScriptSource(origin: .interactive, text: "delete where category=food")) == .statementFailed)
        #expect(answers.questions == ["delete 2 bills? [y/N] "])
        #expect(output.errors.last?.contains("the ledger changed while you were answering; nothing was changed") == true)
        #expect(try LedgerStore(path: path, seed: seed).load().bills.count == 3)
    }

    @Test func seesWhatAnotherProcessWrote() throws {
        let (first, output) = try session()
        let (second, _) = try session()
        _ = second.run(script("-7 food"))
        _ = first.run(script("count"))
        #expect(output.results == ["1"])
    }

    @Test func aReadThatFailedIsTriedAgainBeforeTheNextChange() throws {
        let (session, output) = try session()
        _ = session.run(script("-1 food one"))
        let other = try Connection(path: path)
        try other.exec(
            """
            BEGIN;
            UPDATE bills SET remark = 'changed elsewhere' WHERE id = 1;
            INSERT INTO bills (book_id, category_id, amount, day, remark, tags, created_at, updated_at)
            VALUES (1, 1, 100, 0, 'no such day', '', 0, 0);
            COMMIT;
            """)

        #expect(session.run(script("list")) == .storeFailed)
        #expect(session.run(script("edit #1 amount=5")) == .storeFailed)
        #expect(output.errors.last?.contains("a bill has no valid day") == true)
        try other.exec("DELETE FROM bills WHERE id = 2")
        other.close()
        #expect(session.run(script("edit #1 amount=5")) == .success)

        let bill = try #require(try LedgerStore(path: path, seed: seed).load().bill(id: 1))
        #expect(bill.remark == "changed elsewhere")
        #expect(bill.amount == 500)
    }

    @Test func asksAtThePromptEvenForASavedDelete() throws {
        let answers = ScriptedAnswers(true)
        let (session, output) = try session(prompter: answers)
        _ = session.run(script("-1 food\n-2 food\nsave purge delete where category=food"))
        #expect(session.run(ScriptSource(origin: .interactive, text: "purge")) == .success)
        #expect(answers.questions == ["delete 2 bills? [y/N] "])
        #expect(session.ledger.bills.isEmpty)
        #expect(output.errors.isEmpty)
    }

    @Test func saysWhenUndoTakesAwayTheBookInUse() throws {
        let (session, output) = try session()
        _ = session.run(script("book add travel\nuse travel\nundo\nredo"))
        #expect(output.results.suffix(2) == ["undid: added book 'travel'; now using book 'daily'", "redid: added book 'travel'"])
        #expect(session.ledger.currentBook.name == "daily")
    }

    @Test func stopsAStatementThatRunsItself() throws {
        let (session, output) = try session()
        _ = session.run(script("save again again"))
        #expect(session.run(ScriptSource(origin: .interactive, text: "again")) == .statementFailed)
        #expect(output.errors.count == 1)
        #expect(output.errors.first?.contains("scripts run each other more than 16 deep") == true)
    }
}

/// Answers every question the same way, and notes each one asked.
final class ScriptedAnswers: Prompter {
    var answer: Bool
    var questions: [String] = []
    /// The lines shown before each question.
    var shown: [[String]] = []
    /// Runs while the question is open, as another process might.
    var whileAsking: () -> Void = {}

    init(_ answer: Bool) {
        self.answer = answer
    }

    func confirm(_ question: String, after lines: [String]) -> Bool {
        questions.append(question)
        shown.append(lines)
        whileAsking()
        return answer
    }

    func enterBills(into session: Session) {}
}
