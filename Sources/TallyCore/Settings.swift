/// Preferences stored in the ledger, so they hold across runs and sessions.
public struct Settings: Hashable, Sendable, Codable {
    public var currentBookID: Int64
    public var weekStart: WeekStart

    public init(currentBookID: Int64, weekStart: WeekStart = .monday) {
        self.currentBookID = currentBookID
        self.weekStart = weekStart
    }
}
