/// Where a line of Chinese may end: Chinese writes no spaces between its
/// words, so a line breaks between two characters, as Chinese books are set,
/// and before its opening brackets and after its closing punctuation when
/// Latin text is on the other side, but never before closing punctuation
/// (，。）」) nor after opening (（「). Statements, names and what is quoted
/// break only where English does.
extension TextWrap {
    /// Whether `text` is Chinese prose: it has Chinese punctuation, which no
    /// English text Tally writes has. English holds Chinese only in names
    /// and statements, such as `25元 food 午饭`, which must not break.
    static func isChineseProse(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3001...0x301F, 0xFF01...0xFF0F, 0xFF1A...0xFF1F: true
            default: false
            }
        }
    }

    /// `text`'s words, in Chinese prose cut further into the segments a line
    /// may end between, each with what joins it to the one before: a space,
    /// or nothing within a word.
    static func units(of text: String, quote: inout Character?) -> [(joint: String, text: String)] {
        let breaking = isChineseProse(text)
        return text.split(separator: " ").flatMap { word in
            segments(of: String(word), breaking: breaking, quote: &quote).enumerated().map { index, segment in
                (joint: index == 0 ? " " : "", text: segment)
            }
        }
    }

    /// `words` with what each quote holds as one: Chinese prose has room to
    /// break elsewhere, so a quoted statement or name goes to the next line
    /// whole where it fits on one.
    static func quotedTogether(_ words: [String]) -> [String] {
        var joined: [String] = []
        var quote: Character?
        for word in words {
            if quote != nil, let last = joined.popLast() {
                joined.append(last + " " + word)
            } else {
                joined.append(word)
            }
            _ = segments(of: word, breaking: false, quote: &quote)
        }
        return joined
    }

    /// `word` in the segments a line may end between: when `breaking`,
    /// where `mayBreak` says, outside quotes; else the word whole. `quote` is
    /// the quote open before the word, then after it: a `'` opens one unless
    /// it follows a letter, as in it's.
    static func segments(of word: String, breaking: Bool, quote: inout Character?) -> [String] {
        var segments: [String] = []
        var segment = ""
        var previous: Character?
        for character in word {
            if breaking, quote == nil, let before = previous, mayBreak(between: before, and: character) {
                segments.append(segment)
                segment = ""
            }
            segment.append(character)
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || (character == "'" && !(previous.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false)) {
                quote = character
            }
            previous = character
        }
        return segments + [segment]
    }

    /// Between two Chinese characters, before an opening bracket, after
    /// closing punctuation; never after an opening bracket or before closing punctuation.
    private static func mayBreak(between before: Character, and after: Character) -> Bool {
        guard !opening.contains(before), !closing.contains(after) else { return false }
        return (isChinese(before) && isChinese(after)) || opening.contains(after) || closing.contains(before)
    }

    private static let opening: Set<Character> = ["（", "「", "『", "《", "〈", "【", "〔", "［", "｛"]
    private static let closing: Set<Character> = [
        "，", "。", "、", "；", "：", "？", "！", "）", "」", "』", "》", "〉", "】", "〕", "］", "｝", "ー", "々", "〜", "～", "…", "・",
    ]

    /// A character of Chinese or Japanese writing, its punctuation among them.
    private static func isChinese(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF: return true
        default: return false
        }
    }
}
