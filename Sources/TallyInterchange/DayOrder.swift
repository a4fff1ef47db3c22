import TallyCore
import TallyLanguage

/// The bills and the accounts' entries of an export in one order by day:
/// on each day its openings, then its bills as given, then its transfers,
/// then its reconciled balances. ledger checks a balance assertion where it
/// reads it, hledger at its place among the day's postings: either way the
/// assertion comes after everything the day brought.
enum DayOrder {
    enum Rank: Int, Comparable {
        case opening, bill, transfer, reconciled

        static func < (first: Rank, second: Rank) -> Bool { first.rawValue < second.rawValue }
    }

    struct Dated {
        let day: Day
        let rank: Rank
        let text: String
    }

    /// Each bill as `write` gives it, with `entries` among them.
    static func text(_ bills: [BillRow], among entries: [Dated], write: (BillRow) -> String) -> String {
        let entries = entries.enumerated().sorted { ($0.element.day, $0.element.rank, $0.offset) < ($1.element.day, $1.element.rank, $1.offset) }
            .map(\.element)
        var text = ""
        var next = entries.startIndex
        for bill in bills {
            while next < entries.endIndex, (entries[next].day, entries[next].rank) < (bill.day, Rank.bill) {
                text += entries[next].text
                next += 1
            }
            text += write(bill)
        }
        return text + entries[next...].map(\.text).joined()
    }
}
