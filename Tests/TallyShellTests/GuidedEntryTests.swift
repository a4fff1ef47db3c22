import Foundation
import Testing
import TallyCore
import TallyStore
@testable import TallyShell

/// Answers a guided entry's questions from a list, and notes each prompt.
final class ScriptedReader: LineReader {
    var answers: [LineInput]
    var prompts: [String] = []

    init(_ answers: [LineInput]) {
        self.answers = answers
    }

    func readLine(prompt: String, candidates: @escaping (String) -> Completer.Completion) -> LineInput {
        prompts.append(prompt)
        return answers.isEmpty ? .end : answers.removeFirst()
    }
}

/// A class, so that each test's ledger folder goes when the test ends.
@Suite final class GuidedEntryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-guided-\(UUID().uuidString)").path
    var path: String { folder + "/ledger.db" }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func session() throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = Day(iso: "2016-07-20")
        let output = CapturedOutput()
        let store = try LedgerStore(path: path, seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        return (try Session(store: store, options: options, output: output), output)
    }

    func lines(_ answers: String...) -> [LineInput] {
        answers.map(LineInput.line)
    }

    @Test func asksEachFieldInOrderAndSaves() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "12+8.5", "", "lunch", "yesterday", "KFC", "#work trip", ""))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts == [
            "kind [expense]: ", "amount: ", "category [food]: ", "remark: ", "date [2016-07-20]: ", "place: ", "tags: ",
            "Save? [Y/n] ", "kind [expense]: ",
        ])
        #expect(output.results.contains("added #1  2016-07-19  expense  20.50  food  lunch  @KFC  #work #trip"))
        #expect(session.ledger.bills.count == 1)
    }

    @Test(arguments: ["jul 5", "5 jul", "07-05", "2016/07/05"])
    func takesADateAsTheLanguageDoes(answer: String) throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "9", "", "", answer, "", "", ""))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(output.errors == [])
        #expect(session.ledger.bills.map(\.day.iso) == ["2016-07-05"])
    }

    @Test func theBillIsBuiltFromTheAnswersAndCheckedByTheEvaluator() throws {
        let (session, output) = try session()
        let reply = #"say "hi" \ there"#
        let reader = ScriptedReader(lines("", "12+8.5", "salary", "food", reply, "", "a place", "#work, trip", ""))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(output.errors == ["error: 'salary' is an income category, not an expense one"])
        let bill = try #require(session.ledger.bills.first)
        #expect(bill.amount == 2050)
        #expect(bill.remark == reply)
        #expect(bill.place == "a place")
        #expect(bill.tags == ["work", "trip"])
        #expect(session.run(ScriptSource(origin: .interactive, text: "undo")) == .success)
        #expect(output.results.last == "undid: added #1")
    }

    @Test func asksAgainAfterABadAnswer() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("spend", "i", "0", "1.234", "100", "salery", "salary", "", "2016-02-30", "", "", "", "y"))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(output.errors.count == 5)
        #expect(output.errors.contains { $0.contains("did you mean 'salary'?") })
        #expect(session.ledger.bills.first?.amount == 10000)
        #expect(session.ledger.category(id: session.ledger.bills.first!.categoryID)?.name == "salary")
    }

    @Test func goesBackAndKeepsEarlierAnswersAsDefaults() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "5", "snacks", "<", "<", "6", "", "", "", "", "", ""))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts.prefix(6) == ["kind [expense]: ", "amount: ", "category [food]: ", "remark: ", "category [snacks]: ", "amount [5]: "])
        #expect(session.ledger.bills.first?.amount == 600)
    }

    @Test func abandoningSavesNothing() throws {
        for ending in [LineInput.line("."), .interrupted, .end] {
            let (session, output) = try session()
            let reader = ScriptedReader(lines("", "5") + [ending])
            GuidedEntry(session: session, reader: reader, output: output).run()
            #expect(session.ledger.bills.isEmpty)
            #expect(output.results.last == "abandoned; nothing saved")
        }
    }

    @Test func declinedBillsAreNotSaved() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "5", "", "", "", "", "", "n", "."))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(session.ledger.bills.isEmpty)
        #expect(output.results.contains("not saved"))
    }

    @Test func suggestsTheMostUsedCategoryOfTheKind() throws {
        let (session, output) = try session()
        _ = session.run(ScriptSource(origin: .file("setup"), text: "-1 snacks\n-1 snacks\n-1 food\n+5 bonus"))
        let reader = ScriptedReader(lines("", "5", ".", "income", "5", "."))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts[2] == "category [snacks]: ")
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts.contains("category [bonus]: "))
    }

    @Test func neitherSuggestsNorTakesAnArchivedCategory() throws {
        let (session, output) = try session()
        _ = session.run(ScriptSource(origin: .file("setup"), text: "-1 snacks\n-1 snacks\ncategory archive snacks"))
        let reader = ScriptedReader(lines("", "5", "snacks", ".", "."))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts[2] == "category [food]: ")
        #expect(reader.prompts[3] == "category [food]: ", "asked again")
        #expect(output.errors.contains { $0.contains("category 'snacks' is archived") }, "\(output.errors)")
    }

    @Test func needsATerminal() throws {
        let (session, output) = try session()
        #expect(session.run(ScriptSource(origin: .file("s.tally"), text: "add")) == .statementFailed)
        #expect(output.errors.first?.contains("'add' alone asks for each field at the prompt") == true)
    }

    @Test func goesBackFromTheSaveQuestionAndAsksAgainAfterANonsenseReply() throws {
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "5", "", "", "", "", "", "<", "#late", "maybe", "y", "."))
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(reader.prompts.suffix(5) == ["Save? [Y/n] ", "tags: ", "Save? [Y/n] ", "Save? [Y/n] ", "kind [expense]: "])
        #expect(output.errors == ["error: answer y or n, or '<' to go back"])
        #expect(session.ledger.bills.first?.tags == ["late"])
        #expect(output.results.last == "stopped; no new bill was started")
    }

    @Test func stoppingAtTheFirstQuestionAfterASavedBillLosesNothingAndMidwayLosesThatBill() throws {
        // The same ledger each time: every run saves one bill more.
        for (saved, ending) in [LineInput.line("."), .interrupted, .end].enumerated() {
            let (session, output) = try session()
            let reader = ScriptedReader(lines("", "5", "", "", "", "", "", "") + [ending])
            GuidedEntry(session: session, reader: reader, output: output).run()
            #expect(session.ledger.bills.count == saved + 1)
            #expect(output.results.last == "stopped; no new bill was started")
        }
        let (session, output) = try session()
        let reader = ScriptedReader(lines("", "5", "", "", "", "", "", "", "", "7") + [.interrupted])
        GuidedEntry(session: session, reader: reader, output: output).run()
        #expect(session.ledger.bills.count == 4)
        #expect(output.results.last == "stopped; this bill was not saved")
    }
}
