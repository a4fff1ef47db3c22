import TallyCore

/// Text as a terminal shows it: how many columns it takes, and a form safe
/// to print, with control characters made visible instead of obeyed.
///
/// Everything Tally writes for a person passes through here: each piece of
/// stored text through `safe` as it is laid out, and every result and error
/// as a whole through `printable` on its way out, so nothing from a ledger, a
/// statement or SQLite can move the cursor, retitle the window, or turn text
/// around (bidirectional overrides) to make a table say what it does not.
public enum TerminalText {
    /// Columns `text` occupies: CJK and emoji take two, combining marks none.
    public static func width(_ text: String) -> Int {
        // Printable ASCII, most of any table, takes a column a byte: no character is looked up.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if TextSafety.isSuspect(scalar) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(scalar.value) { return 2 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    /// `text` with every character a terminal would obey rather than show
    /// (controls, line breaks, bidirectional overrides, invisible characters)
    /// replaced by a visible stand-in: `line1↵line2`, `␛[31m`.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextSafety.isSuspect) else { return text }
        var result = ""
        for character in text {
            append(character, to: &result)
        }
        return result
    }

    /// A whole text on its way to the terminal: as `safe`, but line breaks
    /// and tabs stay, and so do Tally's own colour codes (`Paint`).
    public static func printable(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        var result = ""
        var characters = text[...]
        while let character = characters.first {
            if character == "\u{1B}", let end = endOfColourCode(characters) {
                result += characters[..<end]
                characters = characters[end...]
                continue
            }
            characters.removeFirst()
            if character == "\n" || character == "\t" {
                result.append(character)
            } else {
                append(character, to: &result)
            }
        }
        return result
    }

    /// Whether `text` holds anything `printable` would change: a scan over
    /// scalars, so the usual output, lines and colours only, costs little.
    private static func needsCleaning(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            guard TextSafety.isSuspect(scalar), scalar != "\n", scalar != "\t" else { continue }
            guard scalar == "\u{1B}", index < scalars.endIndex, scalars[index] == "[" else { return true }
            index = scalars.index(after: index)
            var code = ""
            while index < scalars.endIndex, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) {
                code.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
            guard index < scalars.endIndex, scalars[index] == "m", Paint(rawValue: code) != nil else { return true }
            index = scalars.index(after: index)
        }
        return false
    }

    /// The character itself when it is harmless, else a visible stand-in, one
    /// column wide, for each scalar that is not.
    private static func append(_ character: Character, to result: inout String) {
        let scalars = character.unicodeScalars
        guard scalars.contains(where: { TextSafety.isHidden($0, in: character) }) else {
            result.append(character)
            return
        }
        for scalar in scalars {
            result.unicodeScalars.append(TextSafety.isHidden(scalar, in: character) ? visible(scalar) : scalar)
        }
    }

    /// A line break as ↵, another control character as its picture (␉, ␛, ␡),
    /// and anything else that hides or reorders text as �.
    static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x0A: return "\u{21B5}"
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// Where one of Tally's own colour codes starting at `text` ends: `ESC [`, a `Paint` code, then `m`.
    private static func endOfColourCode(_ text: Substring) -> String.Index? {
        var index = text.index(after: text.startIndex)
        guard index < text.endIndex, text[index] == "[" else { return nil }
        index = text.index(after: index)
        let codeStart = index
        while index < text.endIndex, text[index] == ";" || (text[index].isASCII && text[index].isNumber) {
            index = text.index(after: index)
        }
        guard index < text.endIndex, text[index] == "m", Paint(rawValue: String(text[codeStart..<index])) != nil else { return nil }
        return text.index(after: index)
    }

    /// How many rows `text` takes on a terminal `columns` wide, where a line
    /// wider than that wraps and Tally's colour codes take no room; counted
    /// only up to `limit`, which is all a pager needs to know.
    public static func rows(_ text: String, columns: Int, upTo limit: Int) -> Int {
        var rows = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            rows += max(1, (width(withoutColourCodes: line) + columns - 1) / max(1, columns))
            if rows >= limit { return limit }
        }
        return rows
    }

    private static func width(withoutColourCodes line: Substring) -> Int {
        guard line.utf8.contains(0x1B) else { return width(String(line)) }
        var plain = ""
        var characters = line
        while let character = characters.first {
            if character == "\u{1B}", let end = endOfColourCode(characters) {
                characters = characters[end...]
                continue
            }
            plain.append(character)
            characters.removeFirst()
        }
        return width(plain)
    }

    /// `text` cut to at most `columns` wide, ending in `…` when it was cut.
    public static func cut(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let taken = width(of: character)
            guard used + taken <= columns - 1 else { break }
            result.append(character)
            used += taken
        }
        return columns > 0 ? result + "…" : ""
    }

    /// `text` padded with spaces to `columns` wide, on the right or the left.
    public static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(text)))
        return right ? padding + text : text + padding
    }

    /// East Asian Wide and Fullwidth ranges, and emoji shown two columns wide.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320,
             0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
             0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440,
             0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
             0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
             0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
             0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
