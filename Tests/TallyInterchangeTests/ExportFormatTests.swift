import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// A ledger of one book, `daily` (CNY), and the categories named, each an
/// expense; each of `bills` is (category, remark, place) of a bill of 1.00.
private func ledger(categories: [(name: String, aliases: [String], account: ExportAccount?)], bills: [(String, String, String?)]) -> Ledger {
    let made = categories.enumerated().map { index, category in
        Category(id: Int64(index + 1), name: category.name, kind: .expense, icon: "", aliases: category.aliases, position: index + 1,
                 account: category.account)
    }
    let rows = bills.enumerated().map { index, bill in
        Bill(id: Int64(index + 1), bookID: 1, categoryID: made.first { $0.name == bill.0 }!.id, amount: 100, day: Day(iso: "2016-07-01")!,
             remark: bill.1, place: bill.2)
    }
    return Ledger(books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: made, bills: rows,
                  settings: Settings(currentBookID: 1))
}

private func journal(_ ledger: Ledger) -> String {
    LedgerJournal(bills: ledger.bills.map { BillRow($0, in: ledger) }, accounts: ledger.exportAccounts).text
}

private func beancount(_ ledger: Ledger) -> String {
    BeancountFile(bills: ledger.bills.map { BillRow($0, in: ledger) }, accounts: ledger.exportAccounts).text
}

/// Account names in the exports.
@Suite struct ExportAccountNameTests {
    @Test func onlyACategoryIsNamedByItsAlias() {
        let text = beancount(Ledger(
            books: [Book(id: 1, name: "餐饮", currency: .cny, position: 1)],
            categories: [Category(id: 1, name: "餐饮", kind: .expense, icon: "", aliases: ["canyin"], position: 1)],
            bills: [Bill(id: 1, bookID: 1, categoryID: 1, amount: 500, day: Day(iso: "2016-07-01")!)],
            settings: Settings(currentBookID: 1)))
        #expect(text.contains("2016-06-30 open Assets:X-餐饮 CNY\n"), "\(text)")
        #expect(text.contains("2016-06-30 open Expenses:Canyin-餐饮\n"), "\(text)")
    }

    @Test func bothExportsNameACategoryByTheAccountTheLedgerKeeps() {
        let kept = ExportAccount(journal: "kept", beancount: "Kept-bean")
        let shown = ledger(categories: [("a:b", [], kept)], bills: [("a:b", "x", nil)])
        #expect(journal(shown).contains("    expenses:kept  1.00 CNY\n"), "\(journal(shown))")
        #expect(beancount(shown).contains("  Expenses:Kept-bean  1.00 CNY\n"), "\(beancount(shown))")
    }

    @Test func aCategoryWithoutAKeptAccountIsNamedBesidesTheKeptOnes() {
        let kept = ExportAccount(journal: "a-b", beancount: "A-b")
        let shown = ledger(categories: [("a:b", [], nil), ("a-b", [], kept)], bills: [("a:b", "x", nil)])
        #expect(journal(shown).contains("    expenses:a-b-2  1.00 CNY\n"), "\(journal(shown))")
        #expect(beancount(shown).contains("  Expenses:A-b-2  1.00 CNY\n"), "\(beancount(shown))")
    }
}

/// What the journal writes for text its syntax gives a meaning.
@Suite struct LedgerJournalTextTests {
    /// (remark, transaction line, the comment line holding the remark or nil).
    static let remarks: [(String, String, String?)] = [
        ("* starred", "2016-07-01 () * starred", nil),
        ("! pending", "2016-07-01 () ! pending", nil),
        ("(123) code", "2016-07-01 () (123) code", nil),
        ("lunch; team", "2016-07-01 lunch, team", "    ; remark: lunch; team"),
        ("a, b; c", "2016-07-01 a, b, c", #"    ; remark: "a, b; c""#),
        ("|x", "2016-07-01 ,x", "    ; remark: |x"),
        ("two\nlines", "2016-07-01 two lines", #"    ; remark: "two\nlines""#),
        ("plain remark", "2016-07-01 plain remark", nil),
        ("", "2016-07-01 food", nil),
    ]

    @Test(arguments: remarks)
    func remarkAsDescription(_ remark: String, _ line: String, _ comment: String?) {
        let text = journal(ledger(categories: [("food", [], nil)], bills: [("food", remark, nil)]))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = lines.firstIndex { $0.hasPrefix("2016-07-01") }
        #expect(at.map { lines[$0] } == line, "\(text)")
        #expect(at.map { lines[$0 + 1].hasPrefix("    ; remark:") ? lines[$0 + 1] : nil } == comment, "\(text)")
    }

    @Test func aPlaceIsKeptExactlyInAComment() {
        let text = journal(ledger(categories: [("food", [], nil)], bills: [("food", "x", "Cafe, 2F"), ("food", "y", "Bar; 3F")]))
        #expect(text.contains("\n    ; place: \"Cafe, 2F\"\n"), "\(text)")
        #expect(text.contains("\n    ; place: Bar; 3F\n"), "\(text)")
        #expect(text.contains("\ntag place\n"), "\(text)")
    }

    @Test func aLongRemarkIsCutBetweenCharactersUnderLedgersLimitAndKeptWholeInAComment() throws {
        let remark = String(repeating: "餐", count: 700)
        let text = journal(ledger(categories: [("food", [], nil)], bills: [("food", remark, nil)]))
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("2016-07-01 ") })
        #expect(line == "2016-07-01 " + String(repeating: "餐", count: 341), "341 characters of 3 bytes fit in 1023")
        #expect(text.contains("\n    ; remark: \(remark)\n"))
        #expect(text.contains("\npayee " + String(repeating: "餐", count: 341) + "\n"))
    }

    @Test func aRemarkLongerThanLedgersLinesGoesOnSeveralNeverCutBesideASpace() {
        let remark = String(repeating: "a", count: 3999) + " " + String(repeating: "b", count: 100)
        let text = journal(ledger(categories: [("food", [], nil)], bills: [("food", remark, nil)]))
        let expected = "\n    ; remark: " + String(repeating: "a", count: 3998) + "\n    ; remark: a " + String(repeating: "b", count: 100) + "\n"
        #expect(text.contains(expected), "\(text)")
    }

    @Test func commoditiesAreDeclaredWithTheirDecimals() {
        let currencies = [Currency.cny, Currency(code: "JPY"), Currency(code: "KWD")]
        let books = currencies.enumerated().map { Book(id: Int64($0 + 1), name: $1.code, currency: $1, position: $0 + 1) }
        let shown = Ledger(
            books: books, categories: [Category(id: 1, name: "food", kind: .expense, icon: "", aliases: [], position: 1)],
            bills: books.map { Bill(id: $0.id, bookID: $0.id, categoryID: 1, amount: 1000, day: Day(iso: "2016-07-01")!) },
            settings: Settings(currentBookID: 1))
        let text = journal(shown)
        #expect(text.contains("\ncommodity CNY\n    format 1,000.00 CNY\ncommodity JPY\ncommodity KWD\n    format 1,000.000 KWD\n"), "\(text)")
        #expect(text.contains("\naccount assets:CNY\naccount assets:JPY\naccount assets:KWD\naccount expenses:food\n"), "\(text)")
    }
}
