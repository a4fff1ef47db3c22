import Testing
import TallyCore

/// How books and categories are given the accounts exports name them by.
@Suite struct ExportAccountTests {
    private func given(_ names: [String], besides: [ExportAccount] = []) -> [String] {
        ExportAccount.give(to: names.map { ($0, []) }, besides: besides).map { "\($0.journal) \($0.beancount)" }
    }

    @Test func aValidNameKeepsItsNameEvenWhenAnotherCleansToItFirst() {
        #expect(given(["a:b", "a-b"]) == ["a-b-2 A-b-2", "a-b A-b"])
        #expect(given(["a-b", "a:b"]) == ["a-b A-b", "a-b-2 A-b-2"])
    }

    @Test func journalNamesLoseOnlyWhatWouldNestOrEndTheName() {
        #expect(given(["x  y;z [q]", "*star", "餐 饮", "a\u{3000}\u{3000}b", "(p)", ":"]) == [
            "x y;z [q] X-y-z-q", "*star Star", "餐 饮 X-餐-饮", "a b A-b", "(p) P", "- X",
        ])
    }

    @Test func anAccountGivenEarlierIsNeverTakenAndCaseDoesNotTellAccountsApart() {
        let kept = [ExportAccount(journal: "Food", beancount: "Food")]
        #expect(given(["food"], besides: kept) == ["food-2 Food-2"])
    }

    @Test func aNameWhoseBeancountFormStartsBadlyIsLedByAnAliasThatStartsWell() {
        let account = ExportAccount.give(to: [("餐饮", ["餐", "canyin"])], besides: [])[0]
        #expect(account == ExportAccount(journal: "餐饮", beancount: "Canyin-餐饮"))
    }
}
