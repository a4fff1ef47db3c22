import Foundation
import Testing
import TallyCore
import TallyLanguage
import TallyStore
@testable import TallyShell

@Suite final class HelpTests {
    static let today = Day(iso: "2026-11-30")!
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-help-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func help(_ topic: String?) -> String? {
        Help.text(for: topic, today: HelpTests.today)
    }

    /// The statements a topic shows as examples: its lines between the first blank line and the next.
    func examples(_ topic: String) throws -> [String] {
        let text = try #require(help(topic))
        let blocks = text.components(separatedBy: "\n\n")
        return blocks[1].split(separator: "\n").map { String($0.dropFirst(2)) }
    }

    @Test func everyTopicShowsProductionsThatExistInTheGrammar() {
        for topic in Help.catalogue {
            for name in topic.productions {
                #expect(Grammar.shipped.production(name) != nil, "help \(topic.name) shows '\(name)', which Grammar/tally.ebnf lacks")
            }
        }
    }

    @Test(arguments: Help.catalogue.map(\.name))
    func everyTopicOpensWithALineOfProseThenExamplesThatParse(topic: String) throws {
        let text = try #require(help(topic))
        let firstLine = String(text.prefix { $0 != "\n" })
        #expect(!firstLine.contains(" = ") && firstLine.hasSuffix(".") && firstLine.first?.isUppercase == true, "\(firstLine)")
        let shown = try examples(topic)
        #expect(!shown.isEmpty)
        for example in shown {
            var parser = Parser(example)
            var statements = 0
            while let next = parser.next() {
                if case .failure(let error) = next { Issue.record("help \(topic): \(example): \(error.message)") }
                statements += 1
            }
            #expect(statements == 1, "help \(topic): \(example)")
        }
    }

    @Test func examplesAreDatedInTheCurrentYearAndMonth() throws {
        for topic in Help.catalogue {
            #expect(try !examples(topic.name).contains { $0.contains("2016") }, "help \(topic.name)")
        }
        #expect(help(nil)?.contains("2016") == false)
        #expect(try examples("queries").first == "sum expense where category=food in 2026-11")
        #expect(try examples("periods").contains("count from 2026-11-01 to 2026-11-30"))
        #expect(try examples("periods").contains("count in nov 1"))
        #expect(help(nil)?.contains("sum expense where category=food in 2026-11") == true)
        let february = ExampleDates(today: Day(iso: "2027-02-03")!)
        #expect(february.redated("count from 2016-07-01 to 2016-07-31 in jul") == "count from 2027-02-01 to 2027-02-28 in feb")
        #expect(february.redated("edit #42 amount=30 date=2016/07/30") == "edit #42 amount=30 date=2027/02/28")
        #expect(february.redated("count last 30 days") == "count last 30 days")
    }

    /// A session on the demo ledger, and what it prints.
    func demoSession() throws -> (Session, CapturedOutput) {
        var options = SessionOptions()
        options.today = HelpTests.today
        let output = CapturedOutput()
        let store = try LedgerStore(path: folder + "/ledger.db", seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)), creatingFolders: true)
        let session = try Session(store: store, options: options, output: output)
        try session.fillWithDemo()
        return (session, output)
    }

    @Test func theExamplesOfQueriesAnswerFromTheDemoLedger() throws {
        let (session, output) = try demoSession()
        for topic in ["queries", "periods", "conditions", "views", "formats"] {
            for example in try examples(topic) where !example.hasPrefix("show") {
                output.results = []
                _ = session.run(ScriptSource(origin: .argument, text: example))
                #expect(output.errors == [], "help \(topic): \(example)")
                #expect(output.results.count == 1 && output.results[0] != "0" && output.results[0] != "¥0.00", "help \(topic): \(example) → \(output.results)")
                output.errors = []
            }
        }
    }

    @Test func showsTheSyntaxAndExamplesOfAStatement() throws {
        let text = try #require(help("add"))
        #expect(text.hasPrefix("Write down a bill: -25 is spent, +25 received (money back on an expense category, a refund), a bare 25 is of its category's kind (25 food, 200 salary); 'add' alone asks for each field.\n\n"))
        #expect(text.contains("quick_add = [ \"-\" | \"+\" ] amount name"))
        #expect(try examples("add").contains("25 food lunch"))
        #expect(try examples("add").contains("add 12+8.5-3 food"))
        #expect(try examples("add").contains("add income 5000 salary on 2026-11-01"))
    }

    @Test func undoAndListShowProseAndExamplesBeforeAnyGrammar() throws {
        let undo = try #require(help("undo"))
        #expect(undo.hasPrefix("""
            Take back the newest change with undo, or several with undo 3; redo makes them again, even after a restart; changes lists them.

              undo
              redo
              undo 3
              redo 2
              changes
              history 50


            """))
        let list = try #require(help("list"))
        #expect(list.hasPrefix("Ask for totals, counts, averages, the smallest or largest bill, or the bills themselves.\n\n  sum expense"))
    }

    @Test func importAndExportShowAWorkingExample() throws {
        let importing = try #require(help("import"))
        #expect(try examples("import").contains { $0.hasPrefix("import wechat.csv columns (date=交易时间") })
        #expect(help("csv") == importing)
        let exporting = try #require(help("export"))
        #expect(try examples("export").contains("export 2026.journal in 2026"))
        #expect(help("beancount") == exporting)
        #expect(help(nil)?.contains("import bank.csv") == true)
    }

    @Test func theExamplesOfReportsWritePagesOfTheDemoLedger() throws {
        let (session, output) = try demoSession()
        let shown = try examples("report")
        #expect(shown.count == 4)
        #expect(help("html") == help("report"))
        #expect(help(nil)?.contains("report to 2026.html") == true)
        for (number, example) in shown.enumerated() {
            // Each page goes to the test's folder, not where the example names.
            let statement = String(example[..<example.range(of: " to ", options: .backwards)!.lowerBound]) + " to \(folder)/example-\(number)"
            output.results = []
            _ = session.run(ScriptSource(origin: .argument, text: statement))
            #expect(output.errors == [], "help report: \(example)")
            #expect(output.results.count == 1 && output.results[0].hasPrefix("wrote the report of "), "\(example) → \(output.results)")
            #expect(!output.results[0].contains("(0 bills)"), "\(example) → \(output.results)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/example-\(number).html"))
            output.errors = []
        }
    }

    @Test func keepsProductionsWrittenTogetherWithTheirNotes() {
        let grammar = Grammar("a = \"a\" ;\nb = \"b\" ;\n(* example: a *)\nc = \"c\" ;\n")
        #expect(grammar.productions.map(\.names) == [["a", "b"], ["c"]])
        #expect(grammar.production("b")?.examples == ["a"])
    }

    @Test func acceptsTheWordsPeopleType() throws {
        let queries = try #require(help("queries"))
        #expect(queries.contains("query = AGGREGATE [ kind_selector ]"))
        #expect(help("sum") == queries)
        let conditions = try #require(help("conditions"))
        #expect(conditions.contains("condition = and_condition"))
        #expect(help("where") == conditions)
        #expect(queries != conditions)
        #expect(help("keys")?.contains("Ctrl-R") == true)
        #expect(help("nonsense") == nil)
    }

    @Test func splitsTheGrammarIntoProductions() {
        let grammar = Grammar("""
            (* notes *)
            alpha = "a" beta ;
            (* why *)
            (* example: a b *)

            beta = "b" ;
            (* ---- Part ---- *)
            """)
        #expect(grammar.productions.map(\.names) == [["alpha"], ["beta"]])
        #expect(grammar.production("alpha")?.syntax == "  alpha = \"a\" beta ;\n  (* why *)")
        #expect(grammar.production("alpha")?.examples == ["a b"])
    }
}

@Suite struct GreetingTests {
    @Test func welcomesOnceThenSaysWhatIsNewAfterAnUpgrade() {
        #expect(Greeting.message(lastSeen: nil) == Greeting.welcome(command: "tally"))
        #expect(Greeting.message(lastSeen: Tally.version) == nil)
        #expect(Greeting.message(lastSeen: "0.0.1") == Greeting.whatsNew)
        #expect(Greeting.whatsNew.contains(Tally.version))
    }

    @Test func whatIsNewNamesStatementsToTry() {
        #expect(Greeting.whatsNew == """
            What's new in Tally \(Tally.version):
              - recurring bills, posted on their days, once: every month on 1 -3000 housing rent
              - what comes next and what it comes to: upcoming, due, accept; sum expense next month with forecast
              - see 'help recurring'
              - accounts: account add card kind credit; -25 food lunch with card
              - transfer 500 from cash to card; balances; reconcile card 1200
              - a whole hledger, ledger or beancount file: import FILE.journal
              - rates and one total across currencies: rate USD 7.12 CNY; see 'help accounts'
            """)
    }

    @Test func theWelcomeNamesTheViewsAndTheDemoAsItCanBeRun() throws {
        let welcome = try #require(Greeting.message(lastSeen: nil, command: Greeting.command(startedAs: ".build/debug/tally")))
        #expect(welcome.contains("timeline    pie    months"))
        #expect(welcome.contains("run '.build/debug/tally --demo'"))
        #expect(Greeting.command(startedAs: "tally") == "tally")
    }

    @Test func theDemoSaysItIsTheDemoAndNeverToRunTheDemo() throws {
        for lastSeen in [nil, Tally.version, "0.0.1"] {
            let welcome = try #require(Greeting.message(lastSeen: lastSeen, demo: true))
            #expect(welcome.contains("demo") && welcome.contains("throwaway"))
            #expect(!welcome.contains("--demo"))
            #expect(welcome.contains("timeline") && welcome.contains("pie"))
        }
        #expect(Greeting.demoOver(command: "tally").contains("gone"))
    }
}
