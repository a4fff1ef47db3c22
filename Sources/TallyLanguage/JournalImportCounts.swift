import TallyCore

/// What an import of a peer's ledger (a journal or a beancount file) did:
/// how many of each thing it added or found there already, and every line
/// it could not take, with why.
public struct JournalImportCounts: Sendable, Equatable {
    public var bills = 0
    public var transfers = 0
    public var rates = 0
    public var reconciliations = 0
    public var openings = 0
    public var newAccounts: [String] = []
    public var newCategories: [String] = []
    public var alreadyThere = 0
    /// `line 12: 2016-07-01 Paycheck: 5 postings; a bill or a transfer has two`
    public var skipped: [String] = []

    public init() {}

    public var added: Int { bills + transfers + rates + reconciliations + openings }

    public func summary(file: String) -> String {
        let parts = [
            bills > 0 ? Translation.plural("%1$d bill", "%1$d bills", count: bills) : nil,
            transfers > 0 ? Translation.plural("%d transfer", "%d transfers", count: transfers) : nil,
            rates > 0 ? Translation.plural("%d rate", "%d rates", count: rates) : nil,
            reconciliations > 0 ? Translation.plural("%d reconciliation", "%d reconciliations", count: reconciliations) : nil,
            openings > 0 ? Translation.plural("%d opening balance", "%d opening balances", count: openings) : nil,
        ].compactMap { $0 }
        var text = parts.isEmpty
            ? Translation.translated("imported nothing from %s", file) : Translation.translated("imported %s from %s", Done.enumerated(parts), file)
        if !newAccounts.isEmpty { text += Translation.translated("; new accounts: %s", newAccounts.joined(separator: ", ")) }
        if !newCategories.isEmpty { text += Translation.translated("; new categories: %s", newCategories.joined(separator: ", ")) }
        if alreadyThere > 0 { text += Translation.translated("; %d there already", alreadyThere) }
        if !skipped.isEmpty { text += Translation.plural("; skipped %d line:", "; skipped %d lines:", count: skipped.count) }
        return text
    }

    /// The lines skipped, one for each reason given more than thrice: a stock's
    /// weekly prices are one line, not hundreds.
    public var skippedLines: [String] {
        var reasons: [String] = []
        var notes: [String: [(line: String, what: String)]] = [:]
        for note in skipped {
            let (head, reason) = JournalImportCounts.split(note)
            if notes[reason] == nil { reasons.append(reason) }
            notes[reason, default: []].append((String(head.prefix { $0 != ":" }), head))
        }
        return reasons.flatMap { reason -> [String] in
            let each = notes[reason] ?? []
            guard each.count > 3 else { return each.map { "  \($0.what) — \(reason)" } }
            let numbers = each.prefix(3).map { $0.line.dropFirst(5) }.joined(separator: ", ")
            let example = each[0].what.drop { $0 != ":" }.dropFirst(2)
            return [Translation.translated("  lines %s and %d more, such as %s — %s", numbers, each.count - 3, example, reason)]
        }
    }

    private static func split(_ note: String) -> (String, String) {
        guard let mark = note.firstRange(of: " — ") else { return (note, "") }
        return (String(note[..<mark.lowerBound]), String(note[mark.upperBound...]))
    }
}
