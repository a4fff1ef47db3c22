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
    /// Nil until given: a category made before accounts were kept, brought back by undo.
    public var account: ExportAccount?

    public init(
        id: Int64, name: String, kind: Kind, icon: String, aliases: [String], position: Int, archived: Bool = false, account: ExportAccount? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.icon = icon
        self.aliases = aliases
        self.position = position
        self.archived = archived
        self.account = account
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

    /// The most characters a name (of a book, category, tag or saved
    /// statement) may have, counted as Unicode scalars: enough for any real
    /// one, few enough that every message and table naming it stays readable.
    public static let maximumLength = 100

    /// Why `name` can't be a name, or nil when it can: it may not be empty
    /// or too long, and may not hold control characters, line breaks, or the
    /// invisible marks that reorder or hide text and would let two names look alike.
    public static func problem(with name: String) -> NameProblem? {
        if name.trimmingSpaces.isEmpty { return .empty }
        if name.unicodeScalars.count > maximumLength { return .tooLong(maximumLength) }
        let hides = name.contains { character in character.unicodeScalars.contains { TextSafety.isHidden($0, in: character) } }
        return hides ? .hiddenCharacters : nil
    }
}

/// Why a name cannot be used.
public enum NameProblem: Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case hiddenCharacters

    public var description: String {
        switch self {
        case .empty: return Translation.translated("a name may not be empty")
        case .tooLong(let maximum): return Translation.translated("a name may be at most %d characters", maximum)
        case .hiddenCharacters: return Translation.translated("a name may not hold control characters or invisible marks")
        }
    }
}

extension Substring {
    /// The text without the white space around it.
    public var trimmingSpaces: Substring {
        // Most text has no space at either end: seen from its bytes, without Unicode's tables.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self
        }
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}

extension String {
    /// The text without the white space around it.
    public var trimmingSpaces: Substring {
        self[...].trimmingSpaces
    }
}
