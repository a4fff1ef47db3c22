import TallyCore

/// A rate as a row of a file gives it: its line, and its fields as written.
public struct RateRow: Sendable, Equatable {
    public let line: Int
    public let day: Day
    public let base: String
    public let rate: ExactNumber
    /// Nil when the file has no `in` column: the home currency is meant.
    public let quote: String?

    public init(line: Int, day: Day, base: String, rate: ExactNumber, quote: String?) {
        self.line = line
        self.day = day
        self.base = base
        self.rate = rate
        self.quote = quote
    }
}
