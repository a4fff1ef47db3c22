/// A separate ledger (Timi's 账本): its own bills in its own currency.
public struct Book: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var name: String
    public var currency: Currency
    public var icon: String
    public var position: Int
    /// Nil until given: a book made before accounts were kept, brought back by undo.
    public var account: ExportAccount?

    public init(id: Int64, name: String, currency: Currency, icon: String = "📒", position: Int, account: ExportAccount? = nil) {
        self.id = id
        self.name = name
        self.currency = currency
        self.icon = icon
        self.position = position
        self.account = account
    }
}
