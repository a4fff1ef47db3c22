import Testing
@testable import TallyShell

@Suite struct HelpTests {
    @Test func everyTopicShowsProductionsThatExistInTheGrammar() {
        for (topic, names) in Help.productions {
            for name in names {
                #expect(Grammar.shipped.production(name) != nil, "help \(topic) shows '\(name)', which Grammar/tally.ebnf lacks")
            }
            #expect(Help.text(for: topic)?.isEmpty == false)
        }
    }

    @Test func showsTheSyntaxAndExamplesOfAStatement() throws {
        let text = try #require(Help.text(for: "add"))
        #expect(text.contains("quick_add = [ \"-\" | \"+\" ] amount name"))
        #expect(text.contains("e.g. 25 food lunch"))
        #expect(text.contains("e.g. add 12+8.5-3 food"))
        #expect(text.contains("e.g. -25.50 food \"lunch with team\""))
    }

    @Test func importAndExportShowAWorkingExample() throws {
        let importing = try #require(Help.text(for: "import"))
        #expect(importing.contains("e.g. import alipay.csv columns (date=交易时间"))
        #expect(Help.text(for: "csv") == importing)
        let exporting = try #require(Help.text(for: "export"))
        #expect(exporting.contains("e.g. export 2016.journal in 2016"))
        #expect(Help.text(for: "beancount") == exporting)
        #expect(Help.overview.contains("import bank.csv"))
    }

    @Test func keepsProductionsWrittenTogetherWithTheirNotes() {
        let grammar = Grammar("a = \"a\" ;\nb = \"b\" ;\n(* example: a *)\nc = \"c\" ;\n")
        #expect(grammar.productions.map(\.names) == [["a", "b"], ["c"]])
        #expect(grammar.production("b")?.text.contains("e.g. a") == true)
    }

    @Test func acceptsTheWordsPeopleType() throws {
        let queries = try #require(Help.text(for: "queries"))
        #expect(queries.contains("query = AGGREGATE [ kind_selector ]"))
        #expect(Help.text(for: "sum") == queries)
        let conditions = try #require(Help.text(for: "conditions"))
        #expect(conditions.contains("condition = and_condition"))
        #expect(Help.text(for: "where") == conditions)
        #expect(queries != conditions)
        #expect(Help.text(for: "keys")?.contains("Ctrl-R") == true)
        #expect(Help.text(for: "nonsense") == nil)
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
        #expect(grammar.production("alpha")?.text == "  alpha = \"a\" beta ;\n  (* why *)\n  e.g. a b")
    }
}

@Suite struct GreetingTests {
    @Test func welcomesOnceThenSaysWhatIsNewAfterAnUpgrade() {
        #expect(Greeting.message(lastSeen: nil) == Greeting.welcome)
        #expect(Greeting.message(lastSeen: Tally.version) == nil)
        #expect(Greeting.message(lastSeen: "0.0.1") == Greeting.whatsNew)
        #expect(Greeting.whatsNew.contains(Tally.version))
    }
}
