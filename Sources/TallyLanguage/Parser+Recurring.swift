import TallyCore

extension Parser {
    // recurring_add = "every" schedule quick_add { recurrence_clause }
    /// The bill reads as quick entry writes one, and its clauses may come
    /// among the bill's: `every day -15 food lunch on weekdays`.
    mutating func recurringAdd() throws(Diagnostic) -> LedgerStatement {
        advance()
        let schedule = try self.schedule()
        guard check(.minus) || check(.plus) || check(.number) || check(.currencySign) || startsACategoryFirstBill() else {
            throw unexpected(Translation.translated("the bill, as quick entry writes one: -3000 housing rent"))
        }
        recurrence = RecurrenceClauses()
        defer { recurrence = nil }
        let bill = try quickBill()
        if let date = bill.date {
            throw Diagnostic(.recurringBillDated, at: date.range)
        }
        let clauses = recurrence ?? RecurrenceClauses()
        return .recurring(.add(RecurringSpec(
            schedule: schedule, bill: bill, from: clauses.from, end: clauses.end, weekdaysOnly: clauses.weekdaysOnly, asks: clauses.asks)))
    }

    // schedule = WEEKDAY | [ INTEGER ] schedule_unit [ "on" schedule_day ]
    // schedule_unit = "day" | "days" | "weekday" | "weekdays" | "week" | "weeks" | "month" | "months" | "year" | "years"
    // schedule_day = WEEKDAY | INTEGER | "last" | MONTH "-" DAY | MONTH_NAME DAY
    mutating func schedule() throws(Diagnostic) -> Located<Schedule> {
        let start = peek.range
        offer(keywords: ScheduleUnit.words + Weekday.longNames)
        if check(.word), let weekday = Weekday.parse(peek.text) {
            advance()
            return Located(.weeks(every: 1, on: weekday), start)
        }
        var every = 1
        if check(.number) { every = try count(Translation.translated("how many days, weeks, months or years, such as 2")) }
        offer(keywords: ScheduleUnit.words)
        guard check(.word), let unit = ScheduleUnit(peek.text) else {
            throw unexpected(every == 1
                ? Translation.translated("day, weekday, week, month, year or a weekday such as fri")
                : Translation.translated("days, weeks, months or years"))
        }
        advance()
        let schedule: Schedule
        switch unit {
        case .day: schedule = .days(every: every, weekdaysOnly: false)
        case .weekday: schedule = .days(every: every, weekdaysOnly: true)
        case .week: schedule = .weeks(every: every, on: matchOn() ? try weekday() : nil)
        case .month: schedule = .months(every: every, on: matchOn() ? try monthDay() : .day(1))
        case .year:
            let (month, day) = matchOn() ? try yearDay() : (1, MonthDay.day(1))
            schedule = .years(every: every, month: month, on: day)
        }
        return Located(schedule, start.through(previous.range))
    }

    /// `on` before a schedule's day, which only a day may follow here.
    private mutating func matchOn() -> Bool {
        offer(keywords: ["on"])
        return matchWord("on")
    }

    private mutating func weekday() throws(Diagnostic) -> Int {
        offer(keywords: Weekday.longNames)
        guard check(.word), let weekday = Weekday.parse(peek.text) else { throw unexpected(Translation.translated("a day of the week, such as fri or friday")) }
        advance()
        return weekday
    }

    private mutating func monthDay() throws(Diagnostic) -> MonthDay {
        offer(keywords: ["last"])
        if matchWord("last") { return .last }
        guard check(.number), !peek.text.contains("."), let day = Int(peek.text), (1...31).contains(day) else {
            throw unexpected(Translation.translated("a day of the month, 1 to 31, or last"))
        }
        advance()
        return .day(day)
    }

    /// `03-15` or `mar 15`: a day of the year, February 29 among them (in a
    /// year without one, February 28).
    private mutating func yearDay() throws(Diagnostic) -> (Int, MonthDay) {
        let first = position
        let start = peek.range
        var month: Int?
        var day: Int?
        if check(.word), let named = monthNumber(peek.text) {
            advance()
            month = named
            if check(.number) { day = Int(advance().text) }
        } else if isShortNumber() {
            month = Int(advance().text)
            if dateSeparator() == .minus, check(.number, at: 1) {
                advance()
                day = Int(advance().text)
            }
        } else if check(.word), peek.text.lowercased() == "last" {
            throw unexpected(Translation.translated("a day of the year, such as 03-15 or mar 15 (the last of the year is 12-31)"))
        }
        guard let month, let day, (1...12).contains(month), (1...Day.daysIn(month: month, year: 2000)).contains(day) else {
            let expected = Translation.translated("a day of the year, such as 03-15 or mar 15")
            // Nothing of it read: what stands where it should begin, or the statement's end.
            guard position > first else { throw unexpected(expected) }
            throw Diagnostic(.unexpected(found: "'\(written(start.start.offset..<previous.range.end.offset))'", expected: expected),
                             at: start.through(previous.range))
        }
        return (month, .day(day))
    }

    /// Whether a clause of a recurring bill starts here: `from 2026-01`,
    /// `until 2027-06`, `12 times`, `on weekdays`, `ask` at the end.
    func startsARecurrenceClause() -> Bool {
        guard recurrence != nil else { return false }
        if check(.number), check(.word, at: 1), tokens[position + 1].text.lowercased() == "times" { return true }
        guard check(.word) else { return false }
        var lookahead = self
        lookahead.advance()
        switch RecurrenceClauseWord(rawValue: peek.text.lowercased()) {
        case .from?, .until?:
            return lookahead.atStatementEnd || (try? lookahead.periodValue(startingAt: lookahead.peek.range)) != nil
        case .on?:
            return lookahead.check(.word) && ["weekdays", "weekday"].contains(lookahead.peek.text.lowercased())
        case .ask?:
            return lookahead.atStatementEnd || lookahead.check(.tag) || lookahead.startsAClause() || lookahead.startsARecurrenceClause()
        case .times?, nil:
            return false
        }
    }

    /// The clauses that end a recurring bill, named as one clause where a second is refused: the
    /// message quotes the clause, so the quotes within close and open around the word between.
    static var untilOrTimes: String { Translation.translated("until' or 'times") }

    // recurrence_clause = "from" period_value | "until" period_value | INTEGER "times" | "on" "weekdays" | "ask"
    /// Reads one clause of a recurring bill into `recurrence`; false when none starts here.
    mutating func recurrenceClause() throws(Diagnostic) -> Bool {
        guard var clauses = recurrence, startsARecurrenceClause() else { return false }
        let start = peek.range
        if check(.number) {
            let times = try count(Translation.translated("how many times, such as 12"))
            advance()
            guard clauses.end == nil else { throw Diagnostic(.duplicateClause(Parser.untilOrTimes, statement: .recurringBill), at: start.through(previous.range)) }
            clauses.end = Located(.times(times), start.through(previous.range))
        } else {
            let word = advance().text.lowercased()
            switch RecurrenceClauseWord(rawValue: word) {
            case .from?:
                guard clauses.from == nil else { throw Diagnostic(.duplicateClause("from", statement: .recurringBill), at: start) }
                clauses.from = try periodValue(startingAt: peek.range)
            case .until?:
                guard clauses.end == nil else { throw Diagnostic(.duplicateClause(Parser.untilOrTimes, statement: .recurringBill), at: start) }
                let period = try periodValue(startingAt: peek.range)
                clauses.end = Located(.until(period.value), period.range)
            case .on?:
                advance()
                guard clauses.weekdaysOnly == nil else {
                    throw Diagnostic(.duplicateClause("on weekdays", statement: .recurringBill), at: start.through(previous.range))
                }
                clauses.weekdaysOnly = start.through(previous.range)
            default:
                guard !clauses.asks else { throw Diagnostic(.duplicateClause("ask", statement: .recurringBill), at: start) }
                clauses.asks = true
            }
        }
        recurrence = clauses
        return true
    }

    // recurring_statement = "recurring" [ BILL_ID ] [ format_clause ]
    mutating func recurringStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        if check(.billID) { return .recurring(.show(id: try recurringID())) }
        return try formatted(.recurring(.list))
    }

    /// `#R` after `recurring`, `pause`, `resume` and the rest.
    mutating func recurringID() throws(Diagnostic) -> Located<Int64> {
        offer([.recurringRule])
        guard check(.billID) else { throw unexpected(Translation.translated("a recurring bill's id, such as #1 ('recurring' lists them)")) }
        let token = advance()
        guard let id = Int64(token.text) else { throw Diagnostic(.noSuchRecurring(token.text), at: token.range) }
        return Located(id, token.range)
    }

    // pause = ( "pause" | "resume" ) "recurring" BILL_ID
    mutating func pauseStatement(pausing: Bool) throws(Diagnostic) -> LedgerStatement {
        advance()
        try expectWord("recurring")
        return .recurring(.pause(id: try recurringID(), pausing: pausing))
    }

    // accept = "accept" [ BILL_ID [ "on" date ] ] [ amount ] | "skip" [ BILL_ID [ "on" date ] ]
    mutating func acceptStatement(accepting: Bool) throws(Diagnostic) -> LedgerStatement {
        advance()
        var pick = OccurrencePick()
        if check(.billID) {
            pick.rule = try recurringID()
            if matchWord("on") { pick.day = try date() }
        }
        if accepting, !atStatementEnd {
            // `accept 2016-07-15` would read as an amount of 1,994.00.
            var lookahead = self
            if pick.rule == nil, (try? lookahead.date()) != nil, lookahead.atStatementEnd {
                throw Diagnostic(.dayNeedsItsRule, at: peek.range.through(lookahead.previous.range))
            }
            pick.amount = try amount()
        }
        return .recurring(.handle(pick, accepting: accepting))
    }

    // upcoming = "upcoming" [ period | period_value ] [ format_clause ]
    mutating func upcomingStatement() throws(Diagnostic) -> LedgerStatement {
        advance()
        offer(keywords: PeriodWord.words)
        let period = atStatementEnd || checkWord("as") ? nil : try periodValueOrClause()
        return try formatted(.recurring(.upcoming(period: period)))
    }

    /// `next 30 days` or `in 2027-01` alike: a period, with or without its word.
    private mutating func periodValueOrClause() throws(Diagnostic) -> Located<PeriodSpec> {
        if check(.word), PeriodWord(rawValue: peek.keyword) != nil { return try period() }
        return try periodValue(startingAt: peek.range)
    }
}

/// The units of a schedule, in the singular or plural.
enum ScheduleUnit: String, CaseIterable {
    case day, weekday, week, month, year

    static let words = allCases.flatMap { [$0.rawValue, $0.rawValue + "s"] }

    init?(_ word: String) {
        let lower = word.lowercased()
        guard let unit = ScheduleUnit(rawValue: lower.hasSuffix("s") ? String(lower.dropLast()) : lower) else { return nil }
        self = unit
    }
}
