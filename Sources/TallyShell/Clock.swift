#if canImport(Glibc)
import Glibc
#endif
import TallyCore

/// The local calendar day and the time, read when a statement runs.
enum Clock {
    static func today() -> Day {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    static func now() -> Int64 {
        Int64(time(nil))
    }

    /// Noon of `day`, local time: the moment bills are stamped with when
    /// `--today` fixes the day, so a script's output is the same each run.
    static func noon(of day: Day) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(day.year - 1900)
        parts.tm_mon = Int32(day.month - 1)
        parts.tm_mday = Int32(day.dayOfMonth)
        parts.tm_hour = 12
        parts.tm_isdst = -1
        return Int64(mktime(&parts))
    }
}
