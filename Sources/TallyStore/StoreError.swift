/// Why the ledger file could not be opened, read or written. It names what the
/// store was doing, never the values it was writing.
public struct StoreError: Error, CustomStringConvertible {
    /// SQLite's result code, e.g. 5 (busy) or 19 (constraint).
    public let code: Int32
    public let message: String
    public let doing: String

    init(code: Int32, message: String, doing: String) {
        self.code = code
        self.message = message
        self.doing = doing
    }

    public var description: String {
        "\(doing): \(message) (SQLite code \(code))"
    }
}
