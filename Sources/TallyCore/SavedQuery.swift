/// A statement kept in the ledger under a name, run by typing the name.
public struct SavedQuery: Hashable, Sendable, Codable {
    public var name: String
    public var statement: String

    public init(name: String, statement: String) {
        self.name = name
        self.statement = statement
    }

    /// Names are unique ignoring case.
    public var key: String { Names.key(name) }
}
