/// Preferences stored in the ledger, so they hold across runs and sessions.
public struct Settings: Hashable, Sendable, Codable {
    public var currentBookID: Int64
    public var weekStart: WeekStart
    /// The version of Tally that last greeted the user on this ledger; nil
    /// until the first welcome.
    public var seenVersion: String?
    /// The currency totals across books are given in (`set currency CNY`); nil until set.
    public var homeCurrency: String?

    public init(currentBookID: Int64, weekStart: WeekStart = .monday, seenVersion: String? = nil, homeCurrency: String? = nil) {
        self.currentBookID = currentBookID
        self.weekStart = weekStart
        self.seenVersion = seenVersion
        self.homeCurrency = homeCurrency
    }
}
