import TallyCore

extension DateRange {
    /// `2016-07`, `2016`, `2016-07-04`, or the first and last days, `…` where
    /// the period has no end: how views and reports name their period.
    public var label: String {
        let first = start >= Day.first ? start.iso : "…"
        let last = end <= Day.last ? end.iso : "…"
        guard start >= Day.first, end <= Day.last else { return first + " – " + last }
        if DateRange.month(start.year, start.month) == self { return String(first.prefix(7)) }
        if DateRange.year(start.year) == self { return String(first.prefix(4)) }
        return start == end ? first : first + " – " + last
    }

    /// The month `2016-07` names: the inverse of `label` for a month.
    public init?(monthLabel label: String) {
        let parts = label.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        guard let range = DateRange.month(year, month) else { return nil }
        self = range
    }
}
