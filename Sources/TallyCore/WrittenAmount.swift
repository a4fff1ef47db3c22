// Amounts as spreadsheets, banks and other apps write them, for import.
// Anything that could be read two ways is refused, never guessed.

/// An amount as people write it: `-¥1,234.50`, `¥8,000.00`, `+25`, `(12.00)`,
/// `12.00 USD`. Commas group thousands; the point is the decimal point.
public struct WrittenAmount: Sendable, Equatable {
    public enum Sign: Sendable, Equatable {
        case unsigned, plus, minus
    }

    public let sign: Sign
    public let number: ExactNumber
    /// The ISO code written beside the number, upper-cased; a symbol such as ¥ names none.
    public let currencyCode: String?

    public init?(_ text: String) {
        if let plain = WrittenAmount(plain: text.utf8) {
            self = plain
            return
        }
        var rest = text.trimmingSpaces
        var sign = Sign.unsigned
        if rest.first == "(" && rest.last == ")" {
            rest = rest.dropFirst().dropLast()
            sign = .minus
        }
        var code: String?
        var found = true
        // Signs, symbols and a code may come in either order around the digits: `-¥5`, `¥-5`, `5 CNY`.
        while found {
            found = false
            rest = rest.trimmingSpaces
            if let first = rest.first, let written = WrittenAmount.sign(first) {
                guard sign == .unsigned else { return nil }
                sign = written
                rest.removeFirst()
                found = true
            } else if let first = rest.first, WrittenAmount.symbols.contains(first) {
                rest.removeFirst()
                found = true
            } else if let last = rest.last, WrittenAmount.symbols.contains(last) {
                rest.removeLast()
                found = true
            } else if let prefix = WrittenAmount.code(rest.prefix(3)), code == nil {
                code = prefix
                rest.removeFirst(3)
                found = true
            } else if let suffix = WrittenAmount.code(rest.suffix(3)), code == nil {
                code = suffix
                rest.removeLast(3)
                found = true
            }
        }
        guard let digits = WrittenAmount.ungrouped(rest), let number = ExactNumber(text: digits) else { return nil }
        self.sign = sign
        self.number = number
        self.currencyCode = code
    }

    /// `-25.50`, `8000`: a sign and ASCII digits, as most files write amounts, read from the bytes.
    private init?(plain bytes: String.UTF8View) {
        guard let first = bytes.first else { return nil }
        let sign: Sign = first == UInt8(ascii: "-") ? .minus : (first == UInt8(ascii: "+") ? .plus : .unsigned)
        let digits = sign == .unsigned ? bytes[...] : bytes.dropFirst()
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }),
              let number = ExactNumber(text: String(Substring(digits))) else { return nil }
        self.sign = sign
        self.number = number
        currencyCode = nil
    }

    private static let symbols: Set<Character> = ["¥", "￥", "$", "€", "£", "₩", "₹", "₽", "元"]

    private static func sign(_ character: Character) -> Sign? {
        switch character {
        case "+": return .plus
        case "-", "−": return .minus
        default: return nil
        }
    }

    private static func code(_ text: Substring) -> String? {
        guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return text.uppercased()
    }

    /// `1,234.50` → `1234.50`; nil when the commas are not thousands groups.
    private static func ungrouped(_ text: Substring) -> String? {
        guard text.contains(",") else { return String(text) }
        let point = text.firstIndex(of: ".") ?? text.endIndex
        let groups = text[..<point].split(separator: ",", omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
              !text[point...].contains(",") else { return nil }
        return groups.joined() + text[point...]
    }
}
