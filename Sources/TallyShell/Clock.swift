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
}
