import Testing
import TallyCore
@testable import TallyLanguage

@Suite("Evaluation: import profiles and rules")
struct ProfileRuleEvaluationTests {
    func applying(_ text: String, to ledger: Ledger) throws -> Ledger {
        var next = ledger
        next.apply(try change(text, in: ledger).set)
        return next
    }

    @Test func aProfileIsSavedReplacedShownAndDeletedEachAsOneChange() throws {
        var ledger = Fixture.ledger()
        let added = try change("profile add mine separator \";\" columns (date=Tag)", in: ledger)
        #expect(reportText(added.report) == "saved import profile 'mine'; import FILE with mine uses it")
        ledger.apply(added.set)
        #expect(ledger.importProfile(named: "MINE")?.settings == "separator \";\" columns (date=Tag)")
        let replaced = try change("profile add Mine decimal comma", in: ledger)
        #expect(reportText(replaced.report) == "replaced import profile 'Mine'; import FILE with Mine uses it")
        #expect(replaced.set.rows.count == 1 && replaced.set.rows[0].before != nil)
        ledger.apply(replaced.set)
        guard case .records(let shown) = try result("profile mine", in: ledger) else { throw TestFailure("no table") }
        #expect(shown.rows[0].map(\.text) == ["Mine", "this ledger", "", "decimal comma"])
        guard case .records(let all) = try result("profiles", in: ledger) else { throw TestFailure("no table") }
        #expect(all.rows.map { $0[0].text } == ["Mine"] + BuiltInProfiles.all.map(\.name))
        ledger = try applying("profile delete mine", to: ledger)
        #expect(ledger.importProfiles.isEmpty)
    }

    @Test func aBuiltInProfileIsShownAndCannotBeDeleted() throws {
        guard case .records(let shown) = try result("profile wechat") else { throw TestFailure("no table") }
        #expect(shown.rows[0][1].text == "built in")
        #expect(shown.rows[0][2].text.hasPrefix("交易时间, 商品, 交易对方, 收/支, 金额(元), 交易单号"))
        #expect(try evaluationError("profile delete wechat")?.message.hasPrefix("'wechat' is built into Tally and cannot be deleted") == true)
        #expect(try evaluationError("profile delete wechatt")?.message == "unknown import profile 'wechatt'")
        #expect(try evaluationError("profile wechatt")?.message == "unknown import profile 'wechatt' — did you mean 'wechat'?")
        #expect(try evaluationError("import a.csv with alipai")?.message == "unknown import profile 'alipai' — did you mean 'alipay'?")
    }

    @Test func rulesAreAddedInOrderMovedAndDeleted() throws {
        var ledger = Fixture.ledger()
        let first = try change("rule remark ~ starbucks => category food", in: ledger)
        #expect(reportText(first.report) == "added rule #1; it applies at place 1 of the order 'rules' lists")
        ledger.apply(first.set)
        ledger = try applying("rule place = bus => category transport, tags #commute", to: ledger)
        ledger = try applying("rule amount > 100 => remark big", to: ledger)
        #expect(ledger.rules.map(\.id) == [1, 2, 3])
        let moved = try change("rule move #3 to 1", in: ledger)
        #expect(reportText(moved.report) == "rule #3 now applies at place 1")
        ledger.apply(moved.set)
        #expect(ledger.rules.map(\.id) == [3, 1, 2])
        guard case .records(let listed) = try result("rules", in: ledger) else { throw TestFailure("no table") }
        #expect(listed.rows.map { $0[1].text } == ["amount > 100 => remark big", "remark ~ starbucks => category food",
                                                  "place = bus => category transport, tags #commute"])
        ledger = try applying("rule delete #1", to: ledger)
        #expect(ledger.rules.map(\.id) == [3, 2])
        #expect(try evaluationError("rule delete #1", in: ledger)?.message == "there is no rule #1; 'rules' lists them")
    }

    @Test func aRuleMustNameWhatExists() throws {
        #expect(try evaluationError("rule remark ~ x => category drinkz")?.message.hasPrefix("unknown category 'drinkz'") == true)
        #expect(try evaluationError("rule book = nowhere => category food")?.message.hasPrefix("unknown book 'nowhere'") == true)
        #expect(try evaluationError("rule remark ~ x => book trvel")?.message.hasPrefix("unknown book 'trvel'") == true)
    }

    @Test func theFirstRuleToSetAFieldWinsAndAnUncategorisedBillMatchesByKind() throws {
        var ledger = Fixture.ledger()
        ledger = try applying("rule remark ~ coffee => category food", to: ledger)
        ledger = try applying("rule remark ~ coffee => category transport, tags #caffeine", to: ledger)
        ledger = try applying("rule kind = income => remark pay", to: ledger)
        let book = ledger.currentBook.id
        let bills = [
            Bill(id: 0, bookID: book, categoryID: RuleBook.uncategorised(.expense), amount: 300, day: day("2017-01-02"),
                 remark: "Morning COFFEE", place: nil, tags: [], created: 0, updated: 0),
            Bill(id: 0, bookID: book, categoryID: RuleBook.uncategorised(.income), amount: 300, day: day("2016-01-02"),
                 remark: "", place: nil, tags: [], created: 0, updated: 0),
        ]
        let actions = try RuleBook(ledger.rules).actions(for: bills, in: ledger, today: defaultToday)
        #expect(actions[0].map(summary) == ["category food", "tags #caffeine"])
        #expect(actions[1].map(summary) == ["remark pay"])
    }

    @Test func aQuickEntryARuleWouldCategoriseIsOfferedTheRulesCategory() throws {
        let ledger = try applying("rule remark ~ starbucks => category drinks", to: Fixture.ledger())
        let error = try #require(try evaluationError("-25 starbucks", in: ledger))
        #expect(error.message.hasPrefix("unknown category 'starbucks'"))
        #expect(error.notes == ["a rule gives a bill like this the category 'drinks': write -25 drinks starbucks"])
        let unmatched = try #require(try evaluationError("-25 costa", in: ledger))
        #expect(unmatched.notes.count == 1 && unmatched.notes[0].hasPrefix("categories: food, transport"), "\(unmatched.notes)")
    }
}
