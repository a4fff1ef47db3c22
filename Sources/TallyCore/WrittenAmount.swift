// Amounts as spreadsheets, banks and other apps write them, for import.
// Anything that could be read two ways is refused, never guessed.

/// The mark between an amount's whole units and its fraction: a point in
/// `1,234.50`, a comma in `1.234,50`.
public enum DecimalMark: Sendable, Equatable {
    case point, comma
}

/// An amount as people write it: `-¥1,234.50`, `¥8,000.00`, `+25`, `(12.00)`,
/// `12.00 USD`, `3.00-`; with a decimal comma `1.234,56 €` or `1 234,56`.
/// Thousands are grouped by the other of `.` and `,`, a space (plain,
/// no-break or narrow no-break) or `'`, one kind in each amount, each group
/// of three digits.
public struct WrittenAmount: Sendable, Equatable {
    public enum Sign: Sendable, Equatable {
        case unsigned, plus, minus
    }

    public let sign: Sign
    public let number: ExactNumber
    /// The ISO code written beside the number, upper-cased; a symbol such as ¥ names none.
    public let currencyCode: String?
    /// The currency symbol written beside the number, which may stand for
    /// several currencies (`$`): see `Currency.isWritten(as:)`.
    public let currencySymbol: Character?

    /// An amount with a decimal point.
    public init?(_ text: String) {
        self.init(text, decimalMark: .point)
    }

    public init?(_ text: String, decimalMark: DecimalMark) {
        if let plain = WrittenAmount(plain: text.utf8, decimalMark: decimalMark) {
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
        var symbol: Character?
        var found = true
        // Signs, symbols and a code may come in either order around the digits: `-¥5`, `¥-5`, `5 CNY`, `5-`.
        while found {
            found = false
            rest = rest.trimmingSpaces
            if let first = rest.first, let written = WrittenAmount.sign(first) {
                guard sign == .unsigned else { return nil }
                sign = written
                rest.removeFirst()
                found = true
            } else if let last = rest.last, WrittenAmount.sign(last) == .minus {
                guard sign == .unsigned else { return nil }
                sign = .minus
                rest.removeLast()
                found = true
            } else if let first = rest.first, WrittenAmount.symbols.contains(first) {
                guard symbol == nil else { return nil }
                symbol = first
                rest.removeFirst()
                found = true
            } else if let last = rest.last, WrittenAmount.symbols.contains(last) {
                guard symbol == nil else { return nil }
                symbol = last
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
        guard let digits = WrittenAmount.ungrouped(rest, decimalMark), let number = ExactNumber(text: digits) else { return nil }
        self.sign = sign
        self.number = number
        self.currencyCode = code
        self.currencySymbol = symbol
    }

    /// `-25.50`, `8000`, `25,50`: a sign, ASCII digits and the decimal mark,
    /// as most files write amounts, read from the bytes.
    private init?(plain bytes: String.UTF8View, decimalMark: DecimalMark) {
        guard let first = bytes.first else { return nil }
        let sign: Sign = first == UInt8(ascii: "-") ? .minus : (first == UInt8(ascii: "+") ? .plus : .unsigned)
        let digits = sign == .unsigned ? bytes[...] : bytes.dropFirst()
        let mark = decimalMark == .point ? UInt8(ascii: ".") : UInt8(ascii: ",")
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == mark }) else { return nil }
        let text = decimalMark == .point ? String(Substring(digits)) : String(decoding: digits.map { $0 == mark ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
        guard let number = ExactNumber(text: text) else { return nil }
        self.sign = sign
        self.number = number
        currencyCode = nil
        currencySymbol = nil
    }

    private static let symbols = Set(Currency.symbolsWritten.keys)

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

    /// `1,234.50` → `1234.50`, and with a decimal comma `1.234,50` →
    /// `1234.50`; nil unless the whole units are grouped by one mark into
    /// thousands and the fraction is plain digits.
    private static func ungrouped(_ text: Substring, _ decimalMark: DecimalMark) -> String? {
        let (mark, groupMarks): (Character, Set<Character>) = decimalMark == .point
            ? (".", [",", " ", "\u{00A0}", "\u{202F}", "'"])
            : (",", [".", " ", "\u{00A0}", "\u{202F}", "'"])
        let point = text.firstIndex(of: mark) ?? text.endIndex
        let whole = text[..<point]
        let fraction = point == text.endIndex ? "" : text[text.index(after: point)...]
        guard fraction.allSatisfy(isDigit) else { return nil }
        var digits = String(whole)
        if let groupMark = whole.first(where: { !isDigit($0) }) {
            let groups = whole.split(separator: groupMark, omittingEmptySubsequences: false)
            guard groupMarks.contains(groupMark), let first = groups.first, (1...3).contains(first.count),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
            digits = groups.joined()
        }
        return point == text.endIndex ? digits : digits + "." + fraction
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
