import TallyCore

extension Evaluator {
    /// Gives every bill of every book that has the tag `old` the tag `new`
    /// instead, as one change. A bill that has both keeps `new` once: renaming
    /// into a tag in use merges the two.
    func tagRename(_ old: Located<String>, _ new: Located<String>) throws(Diagnostic) -> Outcome {
        guard old.value != new.value else { throw Diagnostic(.givenTwice("#" + new.value), at: new.range) }
        let bills = ledger.bills
        let holding = { (tag: String) in Set(bills.tagLists.indices.filter { bills.tagLists[$0].contains { Names.key($0) == tag } }) }
        let withOld = holding(old.value)
        guard !withOld.isEmpty else {
            throw Diagnostic(
                .unknownName(kind: .tag, name: "#" + old.value, suggestion: Suggestion.nearest(to: old.value, among: ledger.tags).map { "#" + $0 }),
                at: old.range)
        }
        let withNew = holding(new.value)
        var rows: [RowChange] = []
        var hadNew = 0
        for row in bills.indices {
            let list = Int(bills.tags[row])
            if withNew.contains(list) { hadNew += 1 }
            guard withOld.contains(list) else { continue }
            let bill = bills[row]
            var renamed = bill
            renamed.tags = withNew.contains(list)
                ? bill.tags.filter { Names.key($0) != old.value }
                : bill.tags.map { Names.key($0) == old.value ? new.value : $0 }
            renamed.updated = now
            rows.append(RowChange(before: .bill(bill), after: .bill(renamed)))
        }
        let summary = hadNew == 0
            ? Phrase.said("renamed tag #%s to #%s", old.value, new.value) : Phrase.said("merged tag #%s into #%s", old.value, new.value)
        return .change(
            ChangeSet(summary: summary, rows: rows),
            done: .done(.tagRenamed(from: old.value, to: new.value, bills: rows.count, hadNew: hadNew)), asking: nil)
    }
}
