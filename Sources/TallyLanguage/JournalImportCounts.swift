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
        let parts = [(bills, "bill"), (transfers, "transfer"), (rates, "rate"), (reconciliations, "reconciliation"), (openings, "opening balance")]
            .filter { $0.0 > 0 }.map { Literal.count($0.0, $0.1) }
        let listed = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts.first ?? "nothing"
        var text = "imported \(listed) from \(file)"
        if !newAccounts.isEmpty { text += "; new accounts: " + newAccounts.joined(separator: ", ") }
        if !newCategories.isEmpty { text += "; new categories: " + newCategories.joined(separator: ", ") }
        if alreadyThere > 0 { text += "; \(alreadyThere) there already" }
        if !skipped.isEmpty { text += "; skipped \(Literal.count(skipped.count, "line")):" }
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
            return ["  lines \(numbers) and \(each.count - 3) more, such as \(example) — \(reason)"]
        }
    }

    private static func split(_ note: String) -> (String, String) {
        guard let mark = note.firstRange(of: " — ") else { return (note, "") }
        return (String(note[..<mark.lowerBound]), String(note[mark.upperBound...]))
    }
}
