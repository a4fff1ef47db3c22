import Testing
import TallyCore
@testable import TallyLanguage

/// One set of words for the parser, completion and "did you mean": what is
/// offered is accepted, and a synonym means the same wherever it stands.
@Suite("Vocabulary")
struct VocabularyTests {
    @Test(arguments: StatementWord.allCases)
    func everyStatementWordStartsAStatement(word: StatementWord) {
        if case .unknownStatement = parseError(word.rawValue)?.problem {
            Issue.record("'\(word.rawValue)' is offered as a statement but not read as one")
        }
        #expect(Parser.expectations(after: "").contains(.keyword(word.rawValue)))
    }

    @Test(arguments: Setting.allCases)
    func everySettingAndValueOfferedIsAccepted(setting: Setting) throws {
        #expect(Parser.expectations(after: "set ").contains(.keyword(setting.rawValue)))
        let offered = Parser.expectations(after: "set \(setting.rawValue) ")
        #expect(offered == setting.values.map(ExpectedInput.keyword))
        for value in setting.values {
            #expect(try evaluationError("set \(setting.rawValue) \(value)") == nil, "set \(setting.rawValue) \(value)")
        }
        let refused = try #require(try evaluationError("set \(setting.rawValue) chart"))
        // A currency is one of some 180 codes: the refusal says what the word is not, not every code.
        #expect(refused.message == (setting == .currency
            ? "'chart' is not an ISO 4217 currency code; use one such as CNY, USD or EUR"
            : "unexpected 'chart'; expected \(Parser.alternatives(setting.values))"))
    }

    @Test func aClauseWordStartsItsClauseAndPeriodWordsAllStartTheOnePeriod() {
        #expect(ClauseWord(starting: "WHERE") == .where)
        #expect(ClauseWord(starting: "since") == .period)
        #expect(ClauseWord(starting: "last") == .period)
        #expect(ClauseWord(starting: "period") == nil)
        #expect(ClauseWord.words.count == Set(ClauseWord.words).count)
        #expect(Set(ClauseWord.words) == Set(["where", "by", "order", "limit", "top", "with", "as"] + PeriodWord.words))
    }

    @Test func catMeansCategoryInConditionsDimensionsOrderEditsAndImports() throws {
        #expect(try condition("cat = food") == condition("category = food"))
        #expect(try query("sum by cat").dimensions.map(\.value) == [.category])
        #expect(try query("sum by cat order by cat").order?.key.value == "category")
        #expect(EditField(named: "cat") == .category)
        #expect(ImportField(named: "CAT") == .category)
        #expect(Field(named: "cat") == .category)
        #expect(Field(named: "note") == .remark)
        #expect(EditField(named: "note") == .remark)
        #expect(ImportField(named: "note") == .remark)
        #expect(Setting(named: "colour") == .color)
    }
}
