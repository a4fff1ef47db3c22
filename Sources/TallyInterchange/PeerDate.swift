import TallyCore

/// Dates as the journals and beancount write them.
enum PeerDate {
    /// The date at `line`'s place, stepped over: `2016-07-01`, `2016/7/1`,
    /// or where `separators` allow it `2016.07.01`; `07/01` in `year` where
    /// one is given. Month and day may have one digit, as hledger allows.
    static func read(_ line: inout PeerLine, separators: Set<Character>, year: Int?) throws(PeerJournalError) -> Day {
        let column = line.column
        let text = line.take { $0.isASCII && ($0.isNumber || separators.contains($0)) }
        guard let separator = text.first(where: { separators.contains($0) }) else {
            throw line.error(Translation.translated("expected a date such as 2016-07-01") + (text.isEmpty ? line.found : PeerLine.found(text)), column: column)
        }
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        let wellFormed = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
            && (parts.count == 3 && parts[0].count == 4 || parts.count == 2)
            && parts.suffix(2).allSatisfy { $0.count <= 2 }
        guard wellFormed, let month = Int(parts[parts.count - 2]), let dayOfMonth = Int(parts[parts.count - 1]) else {
            throw line.error(Translation.translated("expected a date such as 2016-07-01") + PeerLine.found(text), column: column)
        }
        guard let year = parts.count == 3 ? Int(parts[0]) : year else {
            throw line.error(Translation.translated("'%s' has no year, and no `Y` or `year` directive before it gives one", text), column: column)
        }
        guard let day = Day(year: year, month: month, day: dayOfMonth) else {
            throw line.error(Translation.translated("'%s' is not a day of the calendar", text), column: column)
        }
        return day
    }
}
