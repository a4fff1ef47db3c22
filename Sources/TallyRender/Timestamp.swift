#if canImport(Glibc)
import Glibc
#endif

/// Moments as people read them, in the local time zone.
public enum Timestamp {
    /// `2016-07-20 12:00:00`, or without `seconds` `2016-07-20 12:00`; a
    /// moment never recorded (0) shows as `–`.
    public static func local(_ seconds: Int64, withSeconds: Bool = true) -> String {
        guard seconds != 0 else { return "–" }
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(parts.tm_year + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min))" + (withSeconds ? ":\(two(parts.tm_sec))" : "")
    }
}
