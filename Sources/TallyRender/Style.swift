import TallyCore

/// ANSI colour, or none: income green, expense red.
public struct Style: Sendable {
    public let color: Bool

    public init(color: Bool) {
        self.color = color
    }

    func income(_ text: String) -> String { paint(text, .income) }
    func expense(_ text: String) -> String { paint(text, .expense) }
    func dim(_ text: String) -> String { paint(text, .dim) }
    public func bold(_ text: String) -> String { paint(text, .bold) }
    public func error(_ text: String) -> String { paint(text, .error) }
    public func warning(_ text: String) -> String { paint(text, .warning) }

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
                result += paint(String(characters[index..<end]), .marked)
                index = end
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    private func paint(_ text: String, _ code: Paint) -> String {
        color ? "\u{1B}[\(code.rawValue)m\(text)\u{1B}[\(Paint.reset.rawValue)m" : text
    }
}

/// The Select Graphic Rendition codes Tally writes (`ESC [ code m`), and the
/// only ones `TerminalText.printable` lets through: any other, such as
/// hidden (8) or blinking (5) text from a ledger, is shown, not obeyed.
enum Paint: String {
    case income = "32", expense = "31", dim = "2", bold = "1", error = "1;31", warning = "1;33", marked = "7", reset = "0"
}
