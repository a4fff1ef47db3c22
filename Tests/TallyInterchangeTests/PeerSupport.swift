import Foundation
import TallyCore
@testable import TallyInterchange

func peer(_ units: Int128, _ scale: Int, _ commodity: String) -> PeerAmount {
    PeerAmount(units: units, scale: scale, commodity: commodity)
}

/// What reading `text` as a journal fails with, or nil where it reads.
func journalError(_ text: String) -> PeerJournalError? {
    failure(of: text, JournalReader.read)
}

/// What reading `text` as a beancount file fails with, or nil where it reads.
func beancountError(_ text: String) -> PeerJournalError? {
    failure(of: text, BeancountReader.read)
}

private func failure(of text: String, _ read: (String) throws(PeerJournalError) -> PeerJournal) -> PeerJournalError? {
    do {
        _ = try read(text)
        return nil
    } catch {
        return error
    }
}

/// A fixture file's text.
func fixture(_ name: String) throws -> String {
    guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else { throw TestFailure("no Fixtures in the bundle") }
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}

/// What the postings of `account` add up to in each commodity, with at least
/// two decimals (`["$": "1967.63"]`), as `hledger bal` and `bean-query` show it.
func total(of account: String, in journal: PeerJournal, where keep: (PeerPosting) -> Bool = { _ in true }) throws -> [String: String] {
    let amounts = journal.transactions.flatMap(\.postings).filter { $0.account == account && keep($0) }.compactMap(\.amount)
    var totals: [String: String] = [:]
    for sum in try PeerSums(amounts, line: 0).totals {
        var shown = sum
        if shown.scale < 2, let units = PeerSums.rescale(sum.units, from: sum.scale, to: 2) { shown = peer(units, 2, sum.commodity) }
        totals[sum.commodity] = peer(shown.units, shown.scale, "").text
    }
    return totals
}

/// A bill of the expense category food, for the writers to write.
struct FoodBill {
    var remark: String
    var place: String?
    var tags: [String]
    var amount: Int64
    var book: Int64 = 1
}

/// A ledger of `books` and the category food (an expense), with `bills`, a day apart from 2016-07-01.
func foodLedger(books: [Book], bills: [FoodBill]) -> Ledger {
    Ledger(
        books: books, categories: [Category(id: 1, name: "food", kind: .expense, icon: "", aliases: [], position: 1)],
        bills: bills.enumerated().map { index, bill in
            Bill(id: Int64(index + 1), bookID: bill.book, categoryID: 1, amount: bill.amount, day: Day(iso: "2016-07-01")!.adding(days: index),
                 remark: bill.remark, place: bill.place, tags: bill.tags)
        },
        settings: Settings(currentBookID: 1))
}
