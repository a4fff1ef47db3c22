/// A transaction's tags and metadata as they are read: beancount's as
/// they come, a journal's from its comments: hledger's `tag:` and `key: value`
/// (the value running to a comma before the next tag) and ledger's `:tag1:tag2:`.
/// A value in quotes runs to the end of the comment, commas and all, and so
/// does the next line of the same key while the quotes stay open: Tally
/// writes a value that has commas as a JSON string, a long one over lines.
struct PeerTags {
    private(set) var tags: [String] = []
    private(set) var metadata: [String: String] = [:]

    mutating func read(_ comment: String) {
        let text = comment.trimmingSpaces
        if text.first == ":", text.last == ":", !text.contains(where: PeerLine.isSpace) {
            for tag in text.split(separator: ":") { add(String(tag)) }
            return
        }
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let start = index
            while index < characters.count, !" \t,:".contains(characters[index]) { index += 1 }
            guard index < characters.count, characters[index] == ":", index > start else {
                index = max(index, start + 1)
                continue
            }
            let name = String(characters[start..<index])
            index += 1
            let rest = String(characters[index...]).trimmingSpaces
            if rest.first == "\"" || metadata[name].map(PeerTags.isOpenQuote) == true {
                add(name, value: String(rest))
                return
            }
            let valueStart = index
            while index < characters.count {
                if characters[index] == ",",
                   characters[valueStart..<index].allSatisfy(PeerLine.isSpace) || PeerTags.startsTag(characters, at: index + 1) { break }
                index += 1
            }
            add(name, value: String(String(characters[valueStart..<index]).trimmingSpaces))
            index += 1
        }
    }

    /// Whether a tag's `name:` comes next, after spaces: a comma before it
    /// ends a value, and one before other words is part of the value, as
    /// ledger reads `; Note: beans, rice`.
    private static func startsTag(_ characters: [Character], at start: Int) -> Bool {
        var index = start
        while index < characters.count, PeerLine.isSpace(characters[index]) { index += 1 }
        let nameStart = index
        while index < characters.count, !" \t,:".contains(characters[index]) { index += 1 }
        return index > nameStart && index < characters.count && characters[index] == ":"
    }

    /// A tag where `value` is empty, else a key with that value.
    mutating func add(_ name: String, value: String) {
        if value.isEmpty {
            add(name)
        } else {
            add(key: name, value: value)
        }
    }

    mutating func add(_ tag: String) {
        if !tags.contains(tag) { tags.append(tag) }
    }

    mutating func add(key: String, value: String) {
        metadata[key, default: ""] += value
    }

    /// Whether `value` opens a quoted string it does not close.
    private static func isOpenQuote(_ value: String) -> Bool {
        guard value.first == "\"" else { return false }
        var escaped = false
        for character in value.dropFirst() {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return false
            }
        }
        return true
    }
}
