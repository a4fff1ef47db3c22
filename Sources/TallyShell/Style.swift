import TallyCore

/// ANSI colour, or none: income green, expense red.
public struct Style: Sendable {
    public let color: Bool

    public init(color: Bool) {
        self.color = color
    }

    func income(_ text: String) -> String { paint(text, "32") }
    func expense(_ text: String) -> String { paint(text, "31") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func error(_ text: String) -> String { paint(text, "1;31") }
    func warning(_ text: String) -> String { paint(text, "1;33") }

    func kind(_ kind: Kind, _ text: String) -> String {
        kind == .income ? income(text) : expense(text)
    }

    /// Money below zero is spending, in red; above zero income, in green.
    func signed(_ value: Int128, _ text: String) -> String {
        value < 0 ? expense(text) : (value > 0 ? income(text) : text)
    }

    /// Each match of `needle` in `text`, ignoring case, in reverse video.
    func mark(_ needle: String, in text: String) -> String {
        guard color, !needle.isEmpty else { return text }
        let characters = Array(text)
        let wanted = needle.lowercased()
        let length = needle.count
        var result = ""
        var index = 0
        while index < characters.count {
            let end = index + length
            if end <= characters.count, String(characters[index..<end]).lowercased() == wanted {
                result += paint(String(characters[index..<end]), "7")
                index = end
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
