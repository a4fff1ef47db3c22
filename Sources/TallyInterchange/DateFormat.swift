import CTime
import TallyCore

/// How a file writes its dates, as a strptime pattern read in the C locale:
/// `%m/%d/%Y`, `%d.%m.%Y`, `%Y年%m月%d日`, `%b %d, %Y`, `%Y-%m-%d %H:%M:%S`.
///
/// `%y` reads 00–68 as 2000–2068 and 69–99 as 1969–1999, POSIX's rule,
/// which glibc follows: a statement a person imports is of this century or
/// the last, and a rule that moved with the clock would read a file
/// differently from one year to the next. `%Y` reads a year of four digits;
/// a year before 1000 is taken for a two-digit year in the wrong pattern.
public struct DateFormat: Sendable, Equatable {
    /// What a directive of the pattern says of the day.
    public enum Field: String, CaseIterable, Sendable {
        case year, month, day
    }

    public let pattern: String
    /// The pattern as strptime takes it, made once: a short Swift string
    /// would be copied to a C string at every call.
    private let format: ContiguousArray<CChar>
    private let yearHasFourDigits: Bool
    private let namesWeekday: Bool

    /// The format of `pattern`, refused when it lacks the year, month or
    /// day, says one twice, or has a directive that is not a date's or a time's.
    public init(_ pattern: String) throws(DateFormatProblem) {
        var fields: [Field] = []
        var directives: Set<Character> = []
        var rest = pattern[...]
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[percent...].dropFirst()
            guard let letter = rest.first, let given = DateFormat.directives[letter] else {
                throw .unsupported(directive: "%" + String(rest.prefix(1)))
            }
            for field in given {
                guard !fields.contains(field) else { throw .repeated(field) }
                fields.append(field)
            }
            directives.insert(letter)
            rest = rest.dropFirst()
        }
        let missing = Field.allCases.filter { !fields.contains($0) }
        guard missing.isEmpty else { throw .lacks(missing) }
        self.pattern = pattern
        format = pattern.utf8CString
        yearHasFourDigits = directives.contains("Y") || directives.contains("F")
        namesWeekday = directives.contains("a") || directives.contains("A")
    }

    /// The day `text` writes in this format, with or without a time of day
    /// after it; nil when it is not one, or names a day there is not
    /// (Feb 30), or a weekday that is not the date's.
    public func day(_ text: String) -> Day? {
        let trimmed = text.trimmingSpaces
        var fields = tm()
        fields.tm_wday = -1
        let read = trimmed.withCString { start in
            format.withUnsafeBufferPointer { buffer in
                guard let date = tally_strptime(start, buffer.baseAddress, &fields) else { return false }
                return DateFormat.isTimeOrNothing(from: date, to: start + trimmed.utf8.count)
            }
        }
        let year = Int(fields.tm_year) + 1900
        guard read, !yearHasFourDigits || year >= 1000,
              let day = Day(year: year, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday)),
              !namesWeekday || Int(fields.tm_wday) == day.isoWeekday % 7 else { return nil }
        return day
    }

    /// The directives a pattern may hold, and what each says of the day:
    /// the date's; the weekday's, checked against the date; the time's and
    /// the white space's, read and dropped; and `%%`, a percent sign.
    private static let directives: [Character: [Field]] = [
        "Y": [.year], "y": [.year], "m": [.month], "b": [.month], "B": [.month], "h": [.month], "d": [.day], "e": [.day],
        "F": [.year, .month, .day], "D": [.month, .day, .year],
        "a": [], "A": [],
        "H": [], "I": [], "M": [], "S": [], "p": [], "R": [], "T": [],
        "n": [], "t": [], "%": [],
    ]

    /// Whether the text from `rest` to `end` is nothing, or a time of day
    /// after spaces or a `T`: `12:00`, `12:00:00`. Reaching `end`, not just
    /// a NUL, refuses a text with a NUL in it, where C would end it.
    private static func isTimeOrNothing(from rest: UnsafeMutablePointer<CChar>, to end: UnsafePointer<CChar>) -> Bool {
        guard UnsafePointer(rest) != end else { return true }
        var clock = rest
        if clock.pointee == CChar(UInt8(ascii: "T")) {
            clock += 1
        } else {
            guard clock.pointee == CChar(UInt8(ascii: " ")) else { return false }
            while clock.pointee == CChar(UInt8(ascii: " ")) { clock += 1 }
        }
        // strptime would step over spaces before the hour.
        guard (CChar(UInt8(ascii: "0"))...CChar(UInt8(ascii: "9"))).contains(clock.pointee) else { return false }
        var time = tm()
        return clocks.contains { clockFormat in
            clockFormat.withUnsafeBufferPointer { tally_strptime(clock, $0.baseAddress, &time).map { UnsafePointer($0) } == end }
        }
    }

    private static let clocks = ["%H:%M:%S", "%H:%M"].map(\.utf8CString)
}

/// Why a date pattern was refused.
public enum DateFormatProblem: Error, Equatable, Sendable {
    /// The pattern says none of these, which are in the order year, month, day.
    case lacks([DateFormat.Field])
    /// Two directives say the same field: `%m %b`, `%F %Y`.
    case repeated(DateFormat.Field)
    /// A directive that is not a date's or a time's (`%j`, `%Z`, `%s`), or a
    /// `%` that ends the pattern, written `%`.
    case unsupported(directive: String)
}

extension DateFormatProblem {
    /// The problem in words, for the caret under the pattern.
    public var reason: String {
        switch self {
        case .lacks(let fields):
            let named = fields.map { field in
                switch field {
                case .year: Translation.translated("a year (%Y or %y)")
                case .month: Translation.translated("a month (%m or %b)")
                case .day: Translation.translated("a day (%d)")
                }
            }
            let list = named.joined(separator: Translation.translated(", no "))
            return Translation.translated("the date format has no %s; a date needs a year, a month and a day", list)
        case .repeated(.year): return Translation.translated("the date format gives the year twice")
        case .repeated(.month): return Translation.translated("the date format gives the month twice")
        case .repeated(.day): return Translation.translated("the date format gives the day twice")
        case .unsupported(let directive):
            return Translation.translated(
                "'%s' is not a part of a date or a time; write %%Y %%m %%d %%y %%b %%H %%M %%S and any other text as it is", directive)
        }
    }
}
