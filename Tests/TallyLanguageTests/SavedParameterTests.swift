import Testing
import TallyCore
@testable import TallyLanguage

/// The statement `save` keeps for `text`: its name, parameters and statement.
func saved(_ text: String) throws -> SavedQuery {
    guard case .ledger(.save(let name, let parameters, let statement, _)) = try statement(text) else {
        throw TestFailure("not a save: \(text)")
    }
    return SavedQuery(name: name.value, parameters: parameters.map(\.value), statement: statement)
}

/// `call` (such as `spent food 2016-07`) of the statement `save` keeps for `definition`.
func call(_ call: String, of definition: String) throws -> SavedCall {
    let saved = try saved(definition)
    var parser = Parser(call) { Names.key($0) == saved.key }
    guard let parsed = try parser.next()?.get(), case .session(.runSaved(_, let values, _)) = parsed.statement else {
        throw TestFailure("not a call: \(call)")
    }
    return try SavedCall(saved, values: values, calledAt: parsed.range)
}

/// The mistake of running `call`, as it is shown: on the value when it lies in one.
func callError(_ call: String, of definition: String) throws -> Diagnostic? {
    let expanded = try TallyLanguageTests.call(call, of: definition)
    guard let mistake = try parseError(expanded.text) ?? evaluationError(expanded.text) else { return nil }
    return expanded.pointing(mistake) ?? mistake
}

private let spent = "save spent(cat, month) sum expense where category = cat in month"

@Suite("Saved statements with parameters")
struct SavedParameterTests {
    @Test func saveKeepsTheParametersAndTheStatementAsWritten() throws {
        #expect(try saved(spent) == SavedQuery(
            name: "spent", parameters: ["cat", "month"], statement: "sum expense where category = cat in month"))
        #expect(try saved("save weekly sum expense this week") == SavedQuery(name: "weekly", statement: "sum expense this week"))
    }

    /// A parameter stands wherever the grammar has a value, and only there.
    @Test(arguments: [
        "save a(c) count where cat = c",
        "save a(b) sum by category where book = b",
        "save a(t) list where remark ~ t",
        "save a(n) count where amount > n",
        "save a(k) count where kind = k",
        "save a(d) count where weekday = d",
        "save a(d) count where date >= d",
        "save a(m) sum expense m",
        "save a(m) pie m",
        "save a(y) months y",
        "save a(f, t) count from f to t",
        "save a(n) list limit n",
        "save a(n) count last n days",
        "save a(t) search t",
        "save a(x, c, r, d) add x c r on d",
        "save a(x, c) -x c",
        "save a(c, x) budget c x",
        "save a(b) use b",
        "save a(m) spent food m",
    ])
    func aParameterStandsForAValue(text: String) throws {
        #expect(parseError(text) == nil)
    }

    @Test(arguments: [
        ErrorCase("save a(x) count", .parameterUnused("x"), Span(1, 8, 9)),
        ErrorCase("save a(x) count by x", .unknownName(kind: .dimension, name: "x", suggestion: nil), Span(1, 20, 21)),
        ErrorCase("save a(x, X) count where cat = x", .givenTwice("X"), Span(1, 11, 12)),
        ErrorCase("save a() count", .unexpected(found: "')'", expected: "a parameter's name, such as month"), Span(1, 8, 9)),
        ErrorCase("save a(x count where cat = x", .unexpected(found: "'count'", expected: "',' or ')' to close the parameters"), Span(1, 10, 15)),
        ErrorCase("save a(\"x\") count", .unexpected(found: "string \"x\"", expected: "a parameter's name, such as month"), Span(1, 8, 11)),
    ])
    func aParameterIsAWordThatStandsForAValue(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(parseError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func aCallGivesEachValueAsWrittenAndMayAskForAFormat() throws {
        #expect(summary(try statement("spent food 2016-07")) == "run saved spent [food] [2016-07]")
        #expect(summary(try statement("spent \"eating out\" 12+3 as csv")) == "run saved spent [\"eating out\"] [12+3] as csv")
        #expect(summary(try statement("weekly as json")) == "run saved weekly as json")
        #expect(summary(try statement("weekly")) == "run saved weekly")
    }

    @Test func theValuesAreWrittenWhereTheParametersStand() throws {
        #expect(try call("spent food 2016-07", of: spent).text == "sum expense where category = food in 2016-07")
        // The field keeps its name; only the value is the parameter.
        #expect(try call("a food", of: "save a(cat) count where cat = cat").text == "count where cat = food")
        #expect(try call("a \"eating out\"", of: "save a(c) count where cat = c").text == "count where cat = \"eating out\"")
        #expect(try call("a 2016-07", of: "save a(m) sum expense m").text == "sum expense 2016-07")
        #expect(try call("a \"last month\"", of: "save a(m) sum expense in m").text == "sum expense in last month")
        #expect(try call("a food", of: "save a(month) count where cat = month last month").text == "count where cat = food last month")
        #expect(try call("a 12+3 \"big lunch\" yesterday", of: "save a(x, r, d) add x food r on d").text
            == "add 12+3 food \"big lunch\" on yesterday")
    }

    @Test func aCallGivesAsManyValuesAsTheStatementHasParameters() throws {
        func refusal(_ text: String, of definition: String) -> Diagnostic? {
            do {
                _ = try call(text, of: definition)
                return nil
            } catch {
                return error as? Diagnostic
            }
        }
        let few = refusal("spent food", of: spent)
        #expect(few?.message == "spent needs 2 values: cat, month; got 1")
        #expect(few.map { Span($0.range) } == Span(1, 1, 11))
        let many = refusal("spent food 2016-07 x y", of: spent)
        #expect(many?.message == "spent needs 2 values: cat, month; got 4")
        #expect(many.map { Span($0.range) } == Span(1, 20, 23))
        #expect(refusal("weekly food", of: "save weekly count")?.message == "weekly takes no values; got 1")
        #expect(refusal("lone", of: "save lone(m) count in m")?.message == "lone needs 1 value: m; got 0")
    }

    /// What is wrong with a value is shown under the value, naming its parameter.
    @Test func aMistakeInAValueIsShownWhereTheValueWasWritten() throws {
        let category = try #require(try callError("spent fod 2016-07", of: spent))
        #expect(category.message == "in cat: unknown category 'fod' — did you mean 'food'?")
        #expect(Span(category.range) == Span(1, 7, 10))
        let month = try #require(try callError("spent food 2016-13", of: spent))
        #expect(month.message == "in month: no such month '2016-13'; months are 01 to 12")
        #expect(Span(month.range) == Span(1, 12, 19))
        let quoted = try #require(try callError("a \"lats month\"", of: "save a(m) count in m"))
        #expect(quoted.parameter == "m")
        #expect(Span(quoted.range) == Span(1, 4, 8))
        let amount = try #require(try callError("a 0", of: "save a(x) add x food"))
        #expect(amount.message == "in x: an amount must be more than zero, not 0.00")
        #expect(Span(amount.range) == Span(1, 3, 4))
    }

    /// The saved statement's own words are its own mistakes, not a value's.
    @Test func aMistakeOutsideTheValuesIsTheSavedStatements() throws {
        let expanded = try call("a food", of: "save a(c) count where cat = c and book = nosuch")
        let mistake = try #require(try evaluationError(expanded.text))
        #expect(mistake.problem == .unknownName(kind: .book, name: "nosuch", suggestion: nil))
        #expect(expanded.pointing(mistake) == nil)
    }

    @Test func completionOffersWhatTheParameterStandsFor() throws {
        let statement = try saved(spent)
        #expect(SavedCall.expectations(of: statement, given: []).contains(.category(.expense)))
        #expect(SavedCall.expectations(of: statement, given: ["food"]).contains(.monthWithBills))
        #expect(!SavedCall.expectations(of: statement, given: ["food"]).contains(.category(.expense)))
        #expect(Parser.expectations(after: "spent food ") == [.savedValue(name: "spent", given: ["food"])])
        #expect(Parser.expectations(after: "spent food 2016-07 as ").contains(.keyword("csv")))
    }

    @Test func aSavedStatementThatRunsAnotherIsSavedOnlyWhenTheOtherIsThere() throws {
        let missing = try #require(try evaluationError("save later frobnicate now"))
        #expect(missing.problem == .unknownStatement("frobnicate", suggestion: nil))
        #expect(Span(missing.range) == Span(1, 12, 22))
    }

    @Test func savingSaysHowToRunIt() throws {
        let made = try change(spent)
        #expect(reportText(made.report) == "saved 'spent'; type spent CAT MONTH to run it")
        #expect(made.set.rows.first?.after == .savedQuery(try saved(spent)))
    }
}
