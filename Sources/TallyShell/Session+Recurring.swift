import TallyCore
import TallyLanguage
import TallyStore

extension Session {
    /// Posts every day of a recurring bill that has come, as the session
    /// starts and before each statement, and says so in one line. Whether
    /// anything has come is asked of the model; what to post is computed
    /// under the write lock from the file, so of sessions opening the ledger
    /// at once one posts and the others find the days posted.
    public func postRecurring() throws(StoreError) {
        let today = self.today
        let now = currentInstant
        guard !ledger.recurringRules.isEmpty, !store.refusesChanges else { return }
        // A script of a hundred thousand statements asks once, not each time.
        let check = PostingCheck(today: today, rules: ledger.recurringRules, handled: ledger.occurrences.count)
        guard check != nothingToPost else { return }
        guard ledger.posting(through: today, at: now) != nil else {
            nothingToPost = check
            return
        }
        guard runner.flush() else { return }
        // The bills posted go into the model, which must hold every bill to take them.
        try runner.refresh(for: .all)
        let posted = try runner.change { ledger throws(StoreError) -> (RecurringPosting?, ChangeRunner.Writing) in
            guard let posting = ledger.posting(through: today, at: now) else { return (nil, .nothing) }
            return (posting, .change(posting.change(undoable: false), statement: ""))
        }
        guard let posted else { return }
        let names = posted.bills.map { rule, bill in
            bill.remark.isEmpty ? (ledger.category(id: bill.categoryID)?.name ?? "#\(rule.id)") : bill.remark
        }
        show(.done(.posted(ids: posted.bills.map(\.bill.id), names: names, days: posted.bills.map(\.bill.day))))
    }
}

/// What a look for days to post saw: the same again finds the same.
struct PostingCheck: Equatable {
    let today: Day
    let rules: [RecurringRule]
    let handled: Int
}
