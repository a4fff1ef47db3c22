/// A statement kept in the ledger under a name, run by typing the name and a
/// value for each of its parameters.
public struct SavedQuery: Hashable, Sendable, Codable {
    public var name: String
    /// Names that stand for values in the statement, in the order the values are given.
    public var parameters: [String]
    public var statement: String

    public init(name: String, parameters: [String] = [], statement: String) {
        self.name = name
        self.parameters = parameters
        self.statement = statement
    }

    /// Names are unique ignoring case.
    public var key: String { Names.key(name) }

    private enum CodingKeys: String, CodingKey {
        case name, parameters, statement
    }

    /// The undo history holds statements saved before they could take parameters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        parameters = try container.decodeIfPresent([String].self, forKey: .parameters) ?? []
        statement = try container.decode(String.self, forKey: .statement)
    }
}
