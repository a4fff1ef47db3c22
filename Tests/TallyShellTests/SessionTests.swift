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
        #expect(output.results.last == "nothing deleted")
        answers.answer = true
        _ = session.run(ScriptSource(origin: .interactive, text: "delete where category=food"))
        #expect(try LedgerStore(path: path, seed: seed).load().bills.isEmpty)
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
    /// Runs while the question is open, as another process might.
    var whileAsking: () -> Void = {}

    init(_ answer: Bool) {
        self.answer = answer
    }

    func confirm(_ question: String) -> Bool {
        questions.append(question)
        whileAsking()
        return answer
    }

    func enterBills(into session: Session) {}
}
