/// What a bill was for. Names and aliases are unique across all categories,
/// ignoring case, so a name alone always says which category is meant.
public struct Category: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public var name: String
    public var kind: Kind
    public var icon: String
    public var aliases: [String]
    public var position: Int
    public var archived: Bool

    public init(id: Int64, name: String, kind: Kind, icon: String, aliases: [String], position: Int, archived: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.icon = icon
        self.aliases = aliases
        self.position = position
        self.archived = archived
    }

    /// The name and every alias: the words that mean this category.
    public var allNames: [String] { [name] + aliases }

    public func isNamed(_ text: String) -> Bool {
        let key = Names.key(text)
        return allNames.contains { Names.key($0) == key }
    }
}

/// How names compare: case-insensitively, in any script.
public enum Names {
    public static func key(_ name: String) -> String {
        name.lowercased()
    }

    /// A name may not be empty, and may not hold control characters or line breaks.
    public static func isAcceptable(_ name: String) -> Bool {
        !name.trimmingSpaces.isEmpty && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension String {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
