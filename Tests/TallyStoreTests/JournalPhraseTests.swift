import Foundation
import TallyCore
import TallyFixture
@testable import TallyStore
import Testing

/// The undo history keeps each change's English in `summary`, as it always
/// has, and beside it the phrase to tell it in the reader's language; a
/// history from before phrases were kept is shown as its English.
@Suite("The undo history's phrases")
struct JournalPhraseTests {
    static let added = Phrase.said("added #%s", 2)
    static let renamed = Phrase.said("renamed book '%s' to '%s'", "daily", "家")
    static let deleted = Phrase.counted("deleted %d bill", "deleted %d bills", count: 3)
    static let imported = Phrase.counted("imported %d bill from %s", "imported %d bills from %s", count: 1, "bank.csv")

    /// Each entry's summary and phrase as the file holds them, oldest first, the separator shown as `|`.
    static func columns(at path: String) throws -> [String] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        var found: [String] = []
        try connection.forEachRow("SELECT summary, phrase FROM journal ORDER BY id") { row in
            found.append(row.text(0) + " = " + (row.optionalText(1)?.replacingOccurrences(of: "\u{1F}", with: "|") ?? "NULL"))
        }
        return found
    }

    @Test(arguments: [added, renamed, deleted, imported, Phrase.said("dropped the budget in total"), Phrase.said("imported %s", "")])
    func aPhraseIsReadBackAsStored(phrase: Phrase) throws {
        let stored = try #require(JournalPhrase.stored(phrase))
        #expect(JournalPhrase.read(stored, summary: phrase.english) == phrase)
    }

    @Test func thePhraseColumnHoldsTheTemplateThePluralTheCountAndTheValues() throws {
        #expect(JournalPhrase.stored(Self.renamed) == "renamed book '%s' to '%s'\u{1F}\u{1F}\u{1F}daily\u{1F}家")
        #expect(JournalPhrase.stored(Self.imported)
            == "imported %d bill from %s\u{1F}imported %d bills from %s\u{1F}1\u{1F}bank.csv")
    }

    @Test func wordsWithoutATemplateOrHoldingTheSeparatorAreKeptAsTheirEnglishAlone() {
        #expect(JournalPhrase.stored(Phrase(verbatim: "added #2")) == nil)
        #expect(JournalPhrase.stored(Phrase.said("added category '%s'", "a\u{1F}b")) == nil)
        #expect(JournalPhrase.stored(Phrase.said("added\u{1F}category '%s'", "a")) == nil)
    }

    /// A phrase that does not say what the summary says, or that no Tally
    /// wrote, leaves the summary to be shown as it is.
    @Test(arguments: [
        nil, "", "added #%s", "added #%s\u{1F}", "\u{1F}\u{1F}\u{1F}2", "added #%s\u{1F}\u{1F}\u{1F}3",
        "deleted %d bill\u{1F}deleted %d bills\u{1F}\u{1F}", "deleted %d bill\u{1F}deleted %d bills\u{1F}two",
        "deleted %d bill\u{1F}\u{1F}2", "added #%s\u{1F}\u{1F}1\u{1F}2",
        "added #%99999999999999999999999$s\u{1F}\u{1F}\u{1F}2",
    ])
    func aPhraseThatCannotBeTrustedGivesWayToTheSummary(stored: String?) {
        #expect(JournalPhrase.read(stored, summary: "added #2") == Phrase(verbatim: "added #2"))
    }

    @Test func aChangeIsStoredInEnglishWithItsPhraseAndShownInTheReadersLanguage() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(ChangeSet(summary: Phrase.said("added #%s", 1), rows: [insert(.bill(bill(1)))]), statement: "-25.50 food")
            try store.commit(adding(bill(2)))
            #expect(try Self.columns(at: path) == ["added #1 = added #%s|||1", "added #2 = NULL"])
            let history = try store.history(limit: 5)
            #expect(history.map(\.summary) == ["added #2", "added #1"])
            #expect(history.map(\.phrase) == [Phrase(verbatim: "added #2"), Phrase.said("added #%s", 1)])
            #expect(try Reader.reading("zh_CN.UTF-8") { history.map(\.phrase.shown) } == ["added #2", "已添加 #1"])
        }
    }

    /// Undo and redo move an entry to a new id: its phrase goes with it.
    @Test func undoAndRedoKeepThePhrase() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(ChangeSet(summary: Self.added, rows: [insert(.bill(bill(2)))]))
            #expect(try store.undo()?.phrase == Self.added)
            #expect(try Self.columns(at: path) == ["added #2 = added #%s|||2"])
            let other = try LedgerStore(path: path, seed: .english)
            let ledger = try other.load()
            let replay = try other.change { reloaded throws(StoreError) in try other.redo(in: reloaded ?? ledger) }
            guard case .replayed(let entry, _) = replay else { throw TestFailure("\(replay)") }
            #expect(entry.change.phrase == Self.added)
            #expect(try Self.columns(at: path) == ["added #2 = added #%s|||2"])
            let mine = try store.load()
            let refused = try store.change { reloaded throws(StoreError) in try store.undo(in: reloaded ?? mine) }
            guard case .othersOnly(let newest) = refused else { throw TestFailure("\(refused)") }
            #expect(newest == Self.added)
        }
    }

    /// An import kept whole in the history, as before bills were named, is
    /// named as it is redone: its entry is written anew, phrase and all.
    @Test func aChangeKeptWholeAndNamedOnRedoKeepsItsPhrase() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let whole = HeldRowsTests.imported()
            let phrase = Phrase.counted("imported %d bill from %s", "imported %d bills from %s", count: Int(HeldRowsTests.count), "bank.csv")
            try LedgerStore(path: path, seed: .english).close()
            let connection = try Connection(path: path)
            try connection.run(
                "INSERT INTO journal (summary, phrase, undone, created_at, session, statement, rows) VALUES (?, ?, 1, 0, 'earlier', 'import bank.csv', ?)",
                phrase.english, JournalPhrase.stored(phrase), text: Array(try JSONEncoder().encode(whole.rows)))
            connection.close()

            let store = try LedgerStore(path: path, seed: .english)
            #expect(try store.redo()?.phrase == phrase)
            #expect(try store.load().bills.count == Int(HeldRowsTests.count))
            #expect(try HeldRowsTests.newestRows(at: path).contains("{\"held\":[1,\""), "named now")
            #expect(try Self.columns(at: path) == ["imported \(HeldRowsTests.count) bills from bank.csv = " + JournalPhrase.stored(phrase)!
                .replacingOccurrences(of: "\u{1F}", with: "|")])
            #expect(try store.undo()?.phrase == phrase)
        }
    }

    /// A ledger the Tally before phrases wrote: its history is English
    /// alone, and stays so, shown as it is in any language and undone as ever.
    @Test func aHistoryFromBeforePhrasesIsShownAsItIsAndUndone() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let connection = try MigrationTests.oldLedger(at: path, version: Connection.currentVersion - 1)
            for id: Int64 in [1, 2] {
                let rows = [insert(.bill(bill(id)))]
                try connection.apply(rows)
                try connection.run(
                    "INSERT INTO journal (summary, created_at, session, statement, rows) VALUES (?, 0, 'earlier', ?, ?)",
                    "added #\(id)", "-25.50 food bill \(id)", text: try JournalCoding.encode(rows))
            }
            connection.close()

            let store = try LedgerStore(path: path, seed: .english)
            #expect(try Connection(path: path).contents() == .ledger(version: Connection.currentVersion))
            let history = try store.history(limit: 5)
            #expect(history.map(\.phrase) == [Phrase(verbatim: "added #2"), Phrase(verbatim: "added #1")])
            #expect(try Reader.reading("zh_CN.UTF-8") { history.map(\.phrase.shown) } == ["added #2", "added #1"])
            #expect(try store.undo() == adding(bill(2)).inverted)
            #expect(try store.load().bills.map(\.id) == [1])
            try store.commit(ChangeSet(summary: Phrase.said("added #%s", 3), rows: [insert(.bill(bill(3)))]))
            #expect(try store.undo()?.phrase == Phrase.said("added #%s", 3))
            #expect(try store.undo() == adding(bill(1)).inverted)
            #expect(try store.redo() == adding(bill(1)))
            // The undone #2 went with the change after it; the old entry still has no phrase.
            #expect(try Self.columns(at: path) == ["added #3 = added #%s|||3", "added #1 = NULL"])
            store.close()
            #expect(try LedgerStore(path: path, seed: .english).history(limit: 5).map(\.summary) == ["added #1", "added #3"])
        }
    }
}
