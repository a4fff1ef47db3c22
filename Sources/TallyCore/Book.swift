/// A separate ledger (Timi's 账本): its own bills in its own currency.
public struct Book: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var name: String
    public var currency: Currency
    public var icon: String
    public var position: Int

    public init(id: Int64, name: String, currency: Currency, icon: String = "📒", position: Int) {
        self.id = id
        self.name = name
        self.currency = currency
        self.icon = icon
        self.position = position
    }
}
