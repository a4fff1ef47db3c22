/// Import settings kept in the ledger under a name, for `import FILE with NAME`
/// or for a file whose header they fit. The settings are kept as written;
/// the language reads them.
public struct ImportProfile: Hashable, Sendable, Codable {
    public var name: String
    public var settings: String

    public init(name: String, settings: String) {
        self.name = name
        self.settings = settings
    }

    /// Names are unique ignoring case.
    public var key: String { Names.key(name) }
}
