import TallyCore

/// Weekdays, months and quarters as views and the report name them, in the
/// reader's language: `Fri` and `Jul` in English, 周五 and 7月 in Chinese.
/// What programs read (CSV, JSON, a group's value) keeps TallyCore's English
/// names, which these lists follow name for name.
enum DateWords {
    static let weekdays = [
        Translation.catalogued("Mon"), Translation.catalogued("Tue"), Translation.catalogued("Wed"), Translation.catalogued("Thu"),
        Translation.catalogued("Fri"), Translation.catalogued("Sat"), Translation.catalogued("Sun"),
    ]

    static let months = [
        Translation.catalogued("Jan"), Translation.catalogued("Feb"), Translation.catalogued("Mar"), Translation.catalogued("Apr"),
        Translation.catalogued("May"), Translation.catalogued("Jun"), Translation.catalogued("Jul"), Translation.catalogued("Aug"),
        Translation.catalogued("Sep"), Translation.catalogued("Oct"), Translation.catalogued("Nov"), Translation.catalogued("Dec"),
    ]

    /// `Fri`: the day's weekday.
    static func weekday(_ day: Day) -> String {
        Translation.translated(weekdays[day.isoWeekday - 1])
    }

    /// `Fri` as a group's label shows it: a weekday's English name, else the label as it is.
    static func weekday(named english: String) -> String {
        weekdays.contains(english) ? Translation.translated(english) : english
    }

    /// `Jul`: month 1…12.
    static func month(_ number: Int) -> String {
        Translation.translated(months[number - 1])
    }

    /// `Jan ’17`: a month with its year's last two digits.
    static func month(_ number: Int, year twoDigits: String) -> String {
        Translation.translated("%s ’%s", month(number), twoDigits)
    }

    /// `Q3`.
    static func quarter(_ number: Int) -> String {
        Translation.translated("Q%d", number)
    }

    /// `Q1 ’17`: a quarter with its year's last two digits.
    static func quarter(_ number: Int, year twoDigits: String) -> String {
        Translation.translated("Q%d ’%s", number, twoDigits)
    }
}
