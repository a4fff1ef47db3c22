import TallyCore

extension Parser {
    public static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                             "august", "september", "october", "november", "december"]

    // period = "in" period_value | "on" date | "from" date "to" date | "since" date
    //        | "until" date | relative_period
    mutating func period() throws(Diagnostic) -> Located<PeriodSpec> {
        let start = peek.range
        let spec: PeriodSpec
        if matchWord("in") {
            return try periodValue(startingAt: start)
        } else if matchWord("on") {
            spec = .date(try date().value)
        } else if matchWord("from") {
            let from = try date().value
            try expectWord("to")
            spec = .between(from, try date().value)
        } else if matchWord("since") {
            spec = .since(try date().value)
        } else if matchWord("until") {
            spec = .until(try date().value)
        } else if let relative = try relativePeriod() {
            spec = relative
        } else if isParameterHere {
            return try periodValue(startingAt: start)
        } else {
            throw unexpected(Translation.translated("a period, such as 'in 2016-07' or 'last month'"))
        }
        return Located(spec, start.through(previous.range))
    }

    // period_value = calendar_period | MONTH_NAME [ YEAR | DAY [ YEAR ] ] | relative_period
    mutating func periodValue(startingAt start: SourceRange) throws(Diagnostic) -> Located<PeriodSpec> {
        offer([.monthWithBills])
        valueMayBeAParameter(.period)
        let spec: PeriodSpec
        if check(.number) {
            spec = try calendarPeriod()
        } else if offerMonths(), check(.word), let month = monthNumber(peek.text) {
            var next = self
            next.advance()
            if next.isShortNumber() {
                return Located(.date(try date().value), start.through(previous.range))
            }
            advance()
            if check(.number) {
                let year = try self.year()
                spec = .range(DateRange.month(year, month)!)
            } else {
                spec = .monthWithoutYear(month)
            }
        } else if let relative = try relativePeriod() {
            spec = relative
        } else {
            throw unexpected(Translation.translated("a period, such as 2016, 2016-07, 2016-07-01, 2016-q3, 2016-w27, jul 2016 or last month"))
        }
        return Located(spec, start.through(previous.range))
    }

    // relative_period = DAY_WORD | WHOLE_PERIOD | ( "this" | "last" | "next" ) UNIT
    //                 | ( "last" | "next" ) INTEGER UNITS
    mutating func relativePeriod() throws(Diagnostic) -> PeriodSpec? {
        if let days = matchDayWord() { return .date(.fromToday(days: days)) }
        offer(keywords: PeriodWord.wholePeriodWords)
        if check(.word), let whole = PeriodWord(rawValue: peek.text)?.period {
            advance()
            return whole
        }
        if checkWord("next") { return try nextPeriod() }
        let isThis = checkWord("this")
        guard isThis || checkWord("last") else { return nil }
        advance()
        // A parameter named like a unit is the unit here: `last month`.
        if !isThis, check(.number) || isParameterHere && unit(peek.text, plural: true) == nil {
            let (count, unit) = try countedUnits()
            return .lastCount(count, unit)
        }
        offer(keywords: ["week", "month", "quarter", "year"])
        if !isThis, check(.word) && peek.text.lowercased().hasSuffix("s") && unit(peek.text, plural: true) != nil || check(.minus) {
            throw unexpected(Translation.translated("how many, such as 'last 30 days'"))
        }
        guard check(.word), let unit = unit(peek.text, plural: false), unit != .day else {
            throw unexpected(Translation.translated("'week', 'month', 'quarter' or 'year'"), suggestion: check(.word)
                ? Suggestion.nearest(to: peek.text, among: ["week", "month", "quarter", "year"]) : nil)
        }
        advance()
        return isThis ? .this(unit) : .last(unit)
    }

    /// `next month`, `next 30 days`: the unit after this one, or so many days
    /// (weeks, months) from tomorrow on.
    private mutating func nextPeriod() throws(Diagnostic) -> PeriodSpec {
        advance()
        if check(.number) {
            let (count, unit) = try countedUnits()
            return .nextCount(count, unit)
        }
        offer(keywords: ["week", "month", "quarter", "year"])
        guard check(.word), let unit = unit(peek.text, plural: false), unit != .day else {
            throw unexpected(Translation.translated("'week', 'month', 'quarter' or 'year', or how many, such as 'next 30 days'"), suggestion: check(.word)
                ? Suggestion.nearest(to: peek.text, among: ["week", "month", "quarter", "year"]) : nil)
        }
        advance()
        return .next(unit)
    }

    /// `30 days`, `3 months`: how many, and of what.
    private mutating func countedUnits() throws(Diagnostic) -> (Int, PeriodUnit) {
        let count = try self.count(Translation.translated("how many, such as 30"))
        offer(keywords: ["days", "weeks", "months", "quarters", "years"])
        guard check(.word), let unit = unit(peek.text, plural: true) else {
            throw unexpected(Translation.translated("'days', 'weeks', 'months' or 'years'"))
        }
        advance()
        return (count, unit)
    }

    // calendar_period = YEAR [ "-" ( MONTH [ "-" DAY ] | "q" QUARTER | "w" WEEK ) | "/" MONTH [ "/" DAY ] ]
    //                 | MONTH "-" DAY | DAY MONTH_NAME [ YEAR ]
    mutating func calendarPeriod() throws(Diagnostic) -> PeriodSpec {
        if startsADateWithoutYear() { return .date(try date().value) }
        let start = peek.range
        let year = try self.year()
        guard let separator = dateSeparator() else {
            return .range(DateRange.year(year)!)
        }
        advance()
        if separator == .minus, check(.word) {
            let text = peek.text.lowercased()
            let range = peek.range
            if let part = Int(text.dropFirst()), text.count >= 2, text.count <= 3 {
                if text.hasPrefix("q") {
                    advance()
                    guard let quarter = DateRange.quarter(year, part) else {
                        throw Diagnostic(.noSuchQuarter("\(year)-\(text)"), at: start.through(range))
                    }
                    return .range(quarter)
                }
                if text.hasPrefix("w") {
                    advance()
                    guard let week = DateRange.isoWeek(year, part) else {
                        throw Diagnostic(.noSuchWeek(year: year, week: part), at: start.through(range))
                    }
                    return .range(week)
                }
            }
            throw unexpected(Translation.translated("a month (07), quarter (q3) or week (w27) after '%d-'", year))
        }
        let (month, day, range) = try monthAndDay(year: year, separator: separator, start: start)
        if let day {
            return .range(.day(day))
        }
        guard let monthRange = DateRange.month(year, month) else {
            throw Diagnostic(.noSuchMonth("\(year)-\(Parser.twoDigits(month))"), at: range)
        }
        return .range(monthRange)
    }

    // date = YEAR "-" MONTH "-" DAY | YEAR "/" MONTH "/" DAY | MONTH "-" DAY
    //      | MONTH_NAME DAY [ YEAR ] | DAY MONTH_NAME [ YEAR ] | DAY_WORD
    /// A date without its year is the latest such day up to today: `11-05`,
    /// `nov 5`, `5 nov`. `11/05` is not one: `1/2` in a remark is more often
    /// a half than January 2.
    mutating func date() throws(Diagnostic) -> Located<DateSpec> {
        valueMayBeAParameter(.period)
        let start = peek.range
        if let days = matchDayWord() { return Located(.fromToday(days: days), start) }
        if check(.word), let month = monthNumber(peek.text) {
            let name = advance().text
            guard isShortNumber(), let day = Int(peek.text) else {
                throw unexpected(Translation.translated("a day of the month after '%s', such as '%s 5'", name, name))
            }
            advance()
            return try dayOf(month: month, day: day, startingAt: start)
        }
        guard check(.number) else { throw unexpected(Translation.translated("a date (2016-07-01, 2016/07/01, 07-01, jul 1, today or yesterday)")) }
        if isShortNumber() { return try dateWithoutYear() }
        let year = try self.year()
        guard let separator = dateSeparator() else {
            throw Diagnostic(
                .unexpected(found: "'\(year)'", expected: Translation.translated("a full date such as %d-07-01 (for the whole year, write 'in %d')", year, year)),
                at: previous.range)
        }
        advance()
        let (_, day, range) = try monthAndDay(year: year, separator: separator, start: start)
        guard let day else {
            throw Diagnostic(.unexpected(found: "'\(written(range.start.offset..<range.end.offset))'",
                                         expected: Translation.translated("a full date such as %d-07-01", year)), at: range)
        }
        return Located(.day(day), range)
    }

    /// `11-05` or `5 nov`: a month and day, or a day and a month's name.
    private mutating func dateWithoutYear() throws(Diagnostic) -> Located<DateSpec> {
        let start = peek.range
        let first = Int(advance().text)!
        if check(.word), let month = monthNumber(peek.text) {
            advance()
            return try dayOf(month: month, day: first, startingAt: start)
        }
        guard dateSeparator() == .minus, check(.number, at: 1) else {
            throw Diagnostic(.unexpected(found: "'\(first)'", expected: Translation.translated("a date such as 07-01, jul 1 or 2016-07-01")), at: start)
        }
        advance()
        guard isShortNumber(), let day = Int(peek.text) else { throw unexpected(Translation.translated("a day of the month (01–31)")) }
        advance()
        return try dayWithoutYear(month: first, day: day, at: start.through(previous.range))
    }

    /// `nov 5` or `5 nov`, and the year when one follows: `nov 5 2016`.
    private mutating func dayOf(month: Int, day: Int, startingAt start: SourceRange) throws(Diagnostic) -> Located<DateSpec> {
        guard check(.number), peek.text.count == 4, let year = Int(peek.text) else {
            return try dayWithoutYear(month: month, day: day, at: start.through(previous.range))
        }
        advance()
        let range = start.through(previous.range)
        guard let date = Day(year: year, month: month, day: day) else {
            throw Diagnostic(.noSuchDate("\(year)-\(Parser.twoDigits(month))-\(Parser.twoDigits(day))"), at: range)
        }
        return Located(.day(date), range)
    }

    private func dayWithoutYear(month: Int, day: Int, at range: SourceRange) throws(Diagnostic) -> Located<DateSpec> {
        let written = "\(Parser.twoDigits(month))-\(Parser.twoDigits(day))"
        if month == 2 && day == 29 {
            throw Diagnostic(.leapDayNeedsItsYear, at: range)
        }
        // Any year that is not a leap year has every other month and day.
        guard Day(year: 2001, month: month, day: day) != nil else { throw Diagnostic(.noSuchDate(written), at: range) }
        return Located(.dayWithoutYear(month: month, day: day), range)
    }

    /// After `YEAR-` or `YEAR/`: `MM` or `MM-DD` (`MM/DD`), each one or two digits.
    private mutating func monthAndDay(year: Int, separator: TokenKind, start: SourceRange) throws(Diagnostic) -> (Int, Day?, SourceRange) {
        guard isShortNumber(), let month = Int(peek.text) else {
            throw unexpected(separator == .slash
                ? Translation.translated("a month (07) after '%d/'", year)
                : Translation.translated("a month (07), quarter (q3) or week (w27) after '%d-'", year))
        }
        advance()
        guard dateSeparator() == separator, check(.number, at: 1) else {
            return (month, nil, start.through(previous.range))
        }
        advance()
        guard isShortNumber(), let dayOfMonth = Int(peek.text) else {
            throw unexpected(Translation.translated("a day of the month (01–31)"))
        }
        advance()
        let range = start.through(previous.range)
        guard let day = Day(year: year, month: month, day: dayOfMonth) else {
            throw Diagnostic(.noSuchDate("\(year)-\(Parser.twoDigits(month))-\(Parser.twoDigits(dayOfMonth))"), at: range)
        }
        return (month, day, range)
    }

    /// Whether `07-01` or `1 jul` starts here.
    private func startsADateWithoutYear() -> Bool {
        guard isShortNumber(), tokens.has(position + 1) else { return false }
        let next = tokens[position + 1]
        return next.kind == .minus && next.range.start.offset == peek.range.end.offset
            || next.kind == .word && monthNumber(next.text) != nil
    }

    /// A whole number of one or two digits here: a month or a day.
    func isShortNumber() -> Bool {
        check(.number) && peek.text.count <= 2 && !peek.text.contains(".")
    }

    /// The `-` or `/` here when it joins the number before it to what follows: `2016-07`, not `2016 - 07`.
    func dateSeparator() -> TokenKind? {
        guard check(.minus) || check(.slash), previous.range.end.offset == peek.range.start.offset, nextIsAdjacent() else {
            return nil
        }
        return peek.kind
    }

    mutating func year() throws(Diagnostic) -> Int {
        valueMayBeAParameter(.number("2000"))
        guard check(.number), peek.text.count == 4, let year = Int(peek.text), year >= 1 else {
            throw unexpected(Translation.translated("a four-digit year, such as 2016"))
        }
        advance()
        return year
    }

    /// The days from today of the word here, when it names a day (`today`, `昨天`), taking it.
    mutating func matchDayWord() -> Int? {
        offer(keywords: PeriodWord.dayWords)
        guard check(.word), let days = PeriodWord.daysFromToday(peek.text) else { return nil }
        advance()
        return days
    }

    /// Whether the word here names a day counted from today: `yesterday`, `前天`.
    func checkDayWord() -> Bool {
        offer(keywords: PeriodWord.dayWords)
        return check(.word) && PeriodWord.daysFromToday(peek.text) != nil
    }

    /// Offers the month names; always true, so it can sit in a condition list.
    func offerMonths() -> Bool {
        offer(keywords: Parser.monthNames)
        return true
    }

    func monthNumber(_ word: String) -> Int? {
        let lower = word.lowercased()
        guard lower.count >= 3 else { return nil }
        if lower == "sept" { return 9 }
        for (index, name) in Parser.monthNames.enumerated() where name == lower || String(name.prefix(3)) == lower {
            return index + 1
        }
        return nil
    }

    func unit(_ word: String, plural: Bool) -> PeriodUnit? {
        var lower = word.lowercased()
        if plural && lower.hasSuffix("s") { lower.removeLast() }
        return PeriodUnit(rawValue: lower)
    }

    public static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
