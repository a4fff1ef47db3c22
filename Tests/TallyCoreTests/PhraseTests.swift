import TallyCore
import TallyFixture
import Testing

/// A change's words are kept as a template and its values: English as the
/// undo history stores it, the reader's language where they are shown.
@Suite("Phrase: a change in words")
struct PhraseTests {
    @Test func theEnglishIsTheTemplateFilledAndIsShownSoWithoutACatalogue() {
        let renamed = Phrase.said("renamed book '%s' to '%s'", "daily", "home")
        #expect(renamed.english == "renamed book 'daily' to 'home'")
        #expect(renamed.shown == renamed.english)
        #expect(Phrase.counted("deleted %d bill", "deleted %d bills", count: 1).english == "deleted 1 bill")
        #expect(Phrase.counted("deleted %d bill", "deleted %d bills", count: 3).english == "deleted 3 bills")
        #expect(Phrase.counted("imported %d bill from %s", "imported %d bills from %s", count: 0, "a.csv").english == "imported 0 bills from a.csv")
        #expect(Phrase.said("added #%s", Int64(12)).english == "added #12")
    }

    @Test func aValueIsNeverReadAsATemplate() {
        let odd = Phrase.said("added category '%s'", "100%s %d")
        #expect(odd.english == "added category '100%s %d'")
        #expect(Phrase(verbatim: "50% off %s").english == "50% off %s")
    }

    @Test func aPhraseIsShownInTheReadersLanguageAndStoredInEnglish() throws {
        let added = Phrase.said("added #%s", 12)
        let deleted = Phrase.counted("deleted %d bill", "deleted %d bills", count: 3)
        let renamed = Phrase.said("renamed book '%s' to '%s'", "a", "b")
        let imported = Phrase.said("imported %s", "bank.csv")
        #expect(try Reader.reading("zh_CN.UTF-8") { [added, deleted, renamed, imported].map(\.shown) }
            == ["已添加 #12", "已删除 3 笔账单", "已将账本 'a' 改名为 'b'", "已导入 bank.csv"])
        #expect(try Reader.reading("zh_TW.UTF-8") { [added, deleted, renamed].map(\.shown) }
            == ["已新增 #12", "已刪除 3 筆帳單", "已將帳本 'a' 改名為 'b'"])
        #expect(try Reader.reading("zh_CN.UTF-8") { [added.english, deleted.english] } == ["added #12", "deleted 3 bills"])
    }

    /// Words recorded before phrases were kept are in no catalogue, even where they read like a template.
    @Test func wordsKeptVerbatimAreShownAsTheyAre() throws {
        let old: Phrase = "added #2"
        #expect(old == Phrase(verbatim: "added #2"))
        #expect(try Reader.reading("zh_CN.UTF-8") { old.shown } == "added #2")
        #expect(try Reader.reading("zh_CN.UTF-8") { Phrase(verbatim: "added #%s").shown } == "added #%s")
        #expect(ChangeSet(summary: "added #2", rows: []).phrase == old)
    }

    @Test func aChangeKeepsItsPhraseTakenBackAndItsSummaryIsTheEnglish() {
        let change = ChangeSet(summary: Phrase.said("edited #%s", 4), rows: [])
        #expect(change.summary == "edited #4")
        #expect(change.inverted.phrase == change.phrase)
    }
}
