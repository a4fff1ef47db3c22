// Dates as spreadsheets, banks and other apps write them, for import.
// Anything that could be read two ways is refused, never guessed.

extension Day {
    /// `2016-07-01`, `2016/7/1` or `2016.07.01`, with any time after it
    /// (`2016-07-01 12:30`, `2016-07-01T12:30:00`) dropped.
    public init?(written text: String) {
        if let day = Day(isoBytes: text.utf8) {
            self = day
            return
        }
        let trimmed = text.trimmingSpaces
        let datePart = trimmed.prefix { $0 != " " && $0 != "T" }
        let rest = trimmed.dropFirst(datePart.count)
        if !rest.isEmpty {
            let time = rest.dropFirst().trimmingPrefix(while: { $0 == " " })
            guard Day.isTime(time) else { return nil }
        }
        guard let separator = datePart.first(where: { $0 == "-" || $0 == "/" || $0 == "." }) else { return nil }
        let parts = datePart.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Exactly `YYYY-MM-DD`, read from its bytes: how most files write dates.
    private init?(isoBytes bytes: String.UTF8View) {
        guard bytes.count == 10 else { return nil }
        var year = 0
        var month = 0
        var day = 0
        var index = 0
        for byte in bytes {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if index < 4 { year = year * 10 + digit } else if index < 7 { month = month * 10 + digit } else { day = day * 10 + digit }
            }
            index += 1
        }
        self.init(year: year, month: month, day: day)
    }

    /// `12:30`, `12:30:05`, `12:30:05.123`, with an optional `Z` or offset: a time of day, to be dropped.
    private static func isTime(_ text: Substring) -> Bool {
        let clock = text.prefix { $0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".") }
        let zone = text.dropFirst(clock.count)
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty }),
              let hour = Int(fields[0]), (0...23).contains(hour),
              let minute = Int(fields[1]), (0...59).contains(minute) else { return false }
        return zone.isEmpty || zone == "Z" || ((zone.first == "+" || zone.first == "-")
            && zone.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") })
    }
}
