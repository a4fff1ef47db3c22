import TallyCore

extension Evaluator {
    func recurring(_ statement: RecurringStatement, at range: SourceRange) throws(Diagnostic) -> Outcome {
        switch statement {
        case .add(let spec): return try recurringAdd(spec)
        case .list: return .result(.records(recurringTable()), format: nil)
        case .show(let id): return .result(.records(try recurringDays(try recurringRule(id))), format: nil)
        case .edit(let id, let assignments): return try recurringEdit(id, assignments)
        case .pause(let id, let pausing): return try recurringPause(id, pausing: pausing)
        case .delete(let id): return try recurringDelete(id)
        case .due: return .result(.records(dueTable()), format: nil)
        case .handle(let pick, let accepting): return try handle(pick, accepting: accepting, at: range)
        case .upcoming(let period): return .result(.records(upcomingTable(period)), format: nil)
        }
    }

    private func recurringAdd(_ spec: RecurringSpec) throws(Diagnostic) -> Outcome {
        let bill = try newBill(spec.bill)
        var schedule = spec.schedule.value
        if let weekdaysOnly = spec.weekdaysOnly {
            guard case .days(let every, _) = schedule else { throw Diagnostic(.weekdaysOnlyByTheDay, at: weekdaysOnly) }
            schedule = .days(every: every, weekdaysOnly: true)
        }
        let start = spec.from.map { resolve($0).start } ?? today
        var end = RecurrenceEnd.never
        switch spec.end?.value {
        case .until(let period)?:
            let last = period.resolve(today: today, weekStart: ledger.settings.weekStart).end
            guard last >= start else {
                throw Diagnostic(.recurringEndsBeforeStart(start: start, end: last, fromGiven: spec.from != nil), at: spec.end!.range)
            }
            end = .until(last)
        case .times(let times)?: end = .times(times)
        case nil: break
        }
        let rule = RecurringRule(
            id: ledger.nextRecurringID, bookID: bill.bookID, categoryID: bill.categoryID, amount: bill.amount, remark: bill.remark,
            place: bill.place, tags: bill.tags, schedule: schedule, start: start, end: end, asks: spec.asks, created: now,
            accountID: bill.accountID)
        let come = rule.days(through: today, weekStart: ledger.settings.weekStart)
        var posting = RecurringPosting(ledger: ledger)
        if !rule.asks {
            posting.post(rule, on: come, at: now)
        }
        let rows = [RowChange(before: nil, after: .recurringRule(rule))] + posting.rows
        let done = Done.recurringAdded(
            id: rule.id, schedule: rule.schedule.written(weekStart: ledger.settings.weekStart), start: start, end: rule.writtenEnd,
            come: come, next: nextDay(of: rule), asks: rule.asks)
        return .change(ChangeSet(summary: Phrase.said("added recurring #%d", rule.id), rows: rows), done: .done(done), asking: nil)
    }

    private func recurringRule(_ id: Located<Int64>) throws(Diagnostic) -> RecurringRule {
        guard let rule = ledger.recurringRule(id: id.value) else { throw Diagnostic(.noSuchRecurring(String(id.value)), at: id.range) }
        return rule
    }

    /// The next day the rule falls on after today that nothing has seen to
    /// (days come and waiting are due, not next); nil once it has ended, or
    /// while it is paused.
    func nextDay(of rule: RecurringRule) -> Day? {
        guard rule.pausedOn == nil else { return nil }
        var count = 0
        for day in rule.schedule.days(from: rule.start, weekStart: ledger.settings.weekStart) {
            guard rule.end.admits(day, after: count) else { return nil }
            count += 1
            if day > today && ledger.occurrences[Occurrence.Key(ruleID: rule.id, day: day)] == nil { return day }
        }
        return nil
    }

    /// Every rule, its end written with its schedule as `every` takes
    /// them; the book column only when the rules are in more than one book.
    private func recurringTable() -> RecordTable {
        let showsBook = Set(ledger.recurringRules.map(\.bookID)).count > 1
        let columns = ["id", "schedule", "next", "amount", "category", "remark"] + (showsBook ? ["book"] : []) + ["state"]
        let rows: [[RecordTable.Cell]] = ledger.recurringRules.map { rule in
            let bill = BillRow(rule.bill(id: 0, on: rule.start, at: rule.created), in: ledger)
            let state: RecordTable.Cell = rule.pausedOn != nil ? .words("paused") : !hasDaysLeft(rule) ? .words("ended")
                : rule.asks ? .words("asks") : .words("posts")
            let schedule = rule.schedule.written(weekStart: ledger.settings.weekStart) + (rule.writtenEnd.isEmpty ? "" : " " + rule.writtenEnd)
            return [
                .id(rule.id), .text(schedule), nextDay(of: rule).map { .text($0.iso) } ?? .null,
                .money(Int128(bill.signedAmount), bill.currency), .text(bill.category), bill.remark.isEmpty ? .null : .text(bill.remark),
            ] + (showsBook ? [.text(bill.book)] : []) + [state]
        }
        return RecordTable(columns: columns, rows: rows)
    }

    /// Whether the rule has a day still to come or waiting.
    private func hasDaysLeft(_ rule: RecurringRule) -> Bool {
        nextDay(of: rule) != nil || !ledger.unhandledDays(of: rule, through: today).isEmpty
    }

    /// One rule's days: each posted (with its bill, or that it was deleted
    /// since), skipped or waiting, and the next to come.
    private func recurringDays(_ rule: RecurringRule) -> RecordTable {
        var rows: [[RecordTable.Cell]] = []
        let currency = ledger.book(id: rule.bookID)?.currency ?? .cny
        let sign: Int64 = ledger.category(id: rule.categoryID)?.kind == .income ? 1 : -1
        for occurrence in ledger.occurrences(of: rule) {
            guard let id = occurrence.billID else {
                rows.append([.text(occurrence.day.iso), .null, .null, .words("skipped")])
                continue
            }
            guard let bill = ledger.bill(id: id) else {
                rows.append([.text(occurrence.day.iso), .id(id), .null, .words("posted, deleted since")])
                continue
            }
            let state: RecordTable.Cell = bill.day == occurrence.day ? .words("posted") : .words("posted, dated %s since", bill.day.iso)
            rows.append([.text(occurrence.day.iso), .id(id), .money(Int128(sign * bill.amount), currency), state])
        }
        for day in ledger.unhandledDays(of: rule, through: today) {
            rows.append([.text(day.iso), .null, .money(Int128(sign * rule.amount), currency), .words("due")])
        }
        if let next = nextDay(of: rule) {
            rows.append([.text(next.iso), .null, .money(Int128(sign * rule.amount), currency), .words("next")])
        }
        if let pausedOn = rule.pausedOn {
            rows.append([.text(pausedOn.iso), .null, .null, .words("paused")])
        }
        rows.sort { $0[0].text < $1[0].text }
        return RecordTable(columns: ["day", "bill", "amount", "state"], rows: rows)
    }

    private func recurringEdit(_ id: Located<Int64>, _ assignments: [Assignment]) throws(Diagnostic) -> Outcome {
        let rule = try recurringRule(id)
        for case .date(let date) in assignments { throw Diagnostic(.recurringEditDated(id: rule.id), at: date.range) }
        let template = rule.bill(id: 0, on: rule.start, at: rule.created)
        let edited = try BillEdit(assignments, evaluator: self).applied(to: template, keepingKind: false)
        var changed = rule
        changed.bookID = edited.bookID
        changed.categoryID = edited.categoryID
        changed.amount = edited.amount
        changed.remark = edited.remark
        changed.place = edited.place
        changed.tags = edited.tags
        guard changed != rule else { return .result(.done(.recurringChanged(id: rule.id, verb: .unchanged, note: nil)), format: nil) }
        return .change(
            ChangeSet(summary: Phrase.said("edited recurring #%d", rule.id), rows: [RowChange(before: .recurringRule(rule), after: .recurringRule(changed))]),
            done: .done(.recurringChanged(id: rule.id, verb: .edited, note: .fromNowOn)), asking: nil)
    }

    /// Pausing stops the rule today; resuming skips the days that fell meanwhile.
    private func recurringPause(_ id: Located<Int64>, pausing: Bool) throws(Diagnostic) -> Outcome {
        let rule = try recurringRule(id)
        guard (rule.pausedOn == nil) == pausing else { throw Diagnostic(.recurringPaused(id: rule.id, paused: pausing), at: id.range) }
        var changed = rule
        changed.pausedOn = pausing ? today : nil
        var rows = [RowChange(before: .recurringRule(rule), after: .recurringRule(changed))]
        var skipped: [Day] = []
        if let pausedOn = rule.pausedOn {
            skipped = ledger.unhandledDays(of: changed, through: today).filter { $0 > pausedOn && $0 < today }
            var posting = RecurringPosting(ledger: ledger)
            posting.post(changed, on: skipped, skipping: true, at: now)
            rows += posting.rows
        }
        let verb: RecurringChange = pausing ? .paused : .resumed
        return .change(
            ChangeSet(summary: pausing ? Phrase.said("paused recurring #%d", rule.id) : Phrase.said("resumed recurring #%d", rule.id), rows: rows),
            done: .done(.recurringChanged(
                id: rule.id, verb: verb, note: skipped.isEmpty ? nil : .skipping(days: skipped.count))),
            asking: nil)
    }

    private func recurringDelete(_ id: Located<Int64>) throws(Diagnostic) -> Outcome {
        let rule = try recurringRule(id)
        let occurrences = ledger.occurrences(of: rule)
        let kept = occurrences.count { $0.billID.map { ledger.bill(id: $0) != nil } ?? false }
        let rows = occurrences.map { RowChange(before: .occurrence($0), after: nil) } + [RowChange(before: .recurringRule(rule), after: nil)]
        return .change(
            ChangeSet(summary: Phrase.said("deleted recurring #%d", rule.id), rows: rows),
            done: .done(.recurringDeleted(id: rule.id, keptBills: kept)), asking: nil)
    }

    private func dueTable() -> RecordTable {
        let rows: [[RecordTable.Cell]] = ledger.dueOccurrences(through: today).map { rule, day in
            occurrenceRow(rule, on: day)
        }
        return RecordTable(columns: ["day", "recurring", "amount", "category", "remark", "book"], rows: rows)
    }

    private func occurrenceRow(_ rule: RecurringRule, on day: Day) -> [RecordTable.Cell] {
        let bill = BillRow(rule.bill(id: 0, on: day, at: rule.created), in: ledger)
        return [.text(day.iso), .id(rule.id), .money(Int128(bill.signedAmount), bill.currency), .text(bill.category), .text(bill.remark), .text(bill.book)]
    }

    /// `accept` posts the waiting days it picks, at the amount given if the
    /// real bill differed; `skip` records them as passed over.
    private func handle(_ pick: OccurrencePick, accepting: Bool, at range: SourceRange) throws(Diagnostic) -> Outcome {
        if let id = pick.rule {
            let rule = try recurringRule(id)
            guard rule.asks else { throw Diagnostic(.recurringPostsItself(id: rule.id), at: id.range) }
        }
        let day = pick.day.map { $0.value.resolve(today: today) }
        let picked = ledger.dueOccurrences(through: today).filter { rule, due in
            (pick.rule == nil || rule.id == pick.rule!.value) && (day == nil || due == day)
        }
        guard !picked.isEmpty else {
            throw Diagnostic(.nothingDue(rule: pick.rule?.value, day: day), at: pick.day?.range ?? pick.rule?.range ?? range)
        }
        var posting = RecurringPosting(ledger: ledger)
        for (rule, due) in picked {
            var amount: Int64?
            if let expression = pick.amount {
                let book = ledger.book(id: rule.bookID) ?? ledger.currentBook
                amount = try self.amount(expression, in: book) * (rule.amount < 0 ? -1 : 1)
            }
            posting.post(rule, on: [due], amount: amount, skipping: !accepting, at: now)
        }
        let summary = accepting
            ? Phrase.counted("accepted %d recurring bill", "accepted %d recurring bills", count: picked.count)
            : Phrase.counted("skipped %d recurring bill", "skipped %d recurring bills", count: picked.count)
        return .change(
            ChangeSet(summary: summary, rows: posting.rows),
            done: .done(.occurrencesHandled(
                accepted: accepting, ids: posting.bills.map(\.bill.id), rules: picked.map(\.rule.id), days: picked.map(\.day))),
            asking: nil)
    }

    /// The days rules will post or ask for in the period (the next 30 days
    /// unless it says), with what they come to.
    private func upcomingTable(_ period: Located<PeriodSpec>?) -> RecordTable {
        let range = period.map(resolve) ?? DateRange(start: today.adding(days: 1), end: today.adding(days: 30))
        let coming = upcoming(in: range)
        let rows = coming.map { occurrenceRow($0.rule, on: $0.day) }
        var totals: [Currency: (income: Int128, expense: Int128)] = [:]
        for (rule, _) in coming {
            let bill = BillRow(rule.bill(id: 0, on: rule.start, at: rule.created), in: ledger)
            var total = totals[bill.currency] ?? (0, 0)
            if bill.kind == .income { total.income += Int128(bill.amount) } else { total.expense += Int128(bill.amount) }
            totals[bill.currency] = total
        }
        let totalRows: [[RecordTable.Cell]] = totals.sorted { $0.key.code < $1.key.code }.flatMap { currency, total -> [[RecordTable.Cell]] in
            [
                [.text("income"), .null, .money(total.income, currency), .null, .null, .null],
                [.text("expense"), .null, .money(-total.expense, currency), .null, .null, .null],
                [.text("balance"), .null, .money(total.income - total.expense, currency), .null, .null, .null],
            ]
        }
        return RecordTable(columns: ["day", "recurring", "amount", "category", "remark", "book"], rows: rows, totals: coming.isEmpty ? [] : totalRows)
    }

    /// The days of every rule not paused that fall in `range` and are not seen to yet, by day.
    func upcoming(in range: DateRange) -> [(rule: RecurringRule, day: Day)] {
        ledger.recurringRules.filter { $0.pausedOn == nil }.flatMap { rule in
            rule.days(through: range.end, weekStart: ledger.settings.weekStart)
                .filter { range.contains($0) && ledger.occurrences[Occurrence.Key(ruleID: rule.id, day: $0)] == nil }
                .map { (rule, $0) }
        }.sorted { ($0.day, $0.rule.id) < ($1.day, $1.rule.id) }
    }

    /// This evaluator over the ledger with what recurring rules will post
    /// counted as posted: the days not seen to yet up to the period's end,
    /// and at most a year ahead, so a period without an end has one.
    func forecasting(through period: DateRange?, after first: Day = .first) -> Evaluator {
        let horizon = today.adding(days: 366)
        let range = DateRange(start: first, end: min(period?.end ?? horizon, horizon))
        var forecast = ledger
        var rows: [RowChange] = []
        for (index, (rule, day)) in upcoming(in: range).enumerated() {
            rows.append(RowChange(before: nil, after: .bill(rule.bill(id: ledger.nextBillID + Int64(index), on: day, at: now))))
        }
        forecast.apply(ChangeSet(summary: "forecast", rows: rows, undoable: false))
        var evaluator = Evaluator(ledger: forecast, today: today, now: now, defaultCurrency: defaultCurrency)
        evaluator.interruption = interruption
        return evaluator
    }

    /// What a view of the period shows as expected: the bills recurring rules
    /// will post after today, as the view's query picks them, each marked.
    func expected(_ query: Query) throws(Diagnostic) -> [BillRow] {
        guard let period = query.period.map(resolve), period.end > today, !ledger.recurringRules.isEmpty else { return [] }
        // A view reads its bills once more only when some rule falls in what is left of its period.
        let ahead = DateRange(start: max(period.start, today.adding(days: 1)), end: min(period.end, today.adding(days: 366)))
        guard !upcoming(in: ahead).isEmpty else { return [] }
        return try forecasting(through: period, after: today.adding(days: 1)).listed(query)
            .filter { $0.id > ledger.lastBillID }.map { $0.asForecast() }
    }
}
