import Foundation
import Glibc
import TallyCore

/// Tally's words as a reader in another locale sees them, in the one test
/// process that runs every suite at once: the locale is the calling
/// thread's alone, for the length of a synchronous `body`, so that the
/// suites running beside it stay English.
public enum Reader {
    /// Where `make catalogues` compiles `po/*.po`, as `make test` does before the tests.
    public static let catalogues = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/share/locale").path

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// What `body` gives when the messages are those of `locale`, such as `zh_CN.UTF-8`.
    public static func reading<T>(_ locale: String, _ body: () throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: catalogues + "/zh_CN/LC_MESSAGES/\(Translation.domain).mo") else {
            throw Unavailable(description: "no catalogues in \(catalogues): make test compiles them (make catalogues)")
        }
        guard let chosen = newlocale(LC_MESSAGES_MASK, locale, nil) else {
            throw Unavailable(description: "\(locale) is not installed: make test generates it (make test-locales)")
        }
        defer { freelocale(chosen) }
        Translation.bind(catalogues: catalogues)
        let before = uselocale(chosen)
        defer { uselocale(before) }
        return try body()
    }
}

/// English left in a text meant for a reader of Chinese: runs of three or
/// more English words in a row, outside quotes, where a sentence was not
/// translated. Names, statements and values a message quotes are the
/// user's and stay as written.
public enum EnglishProse {
    public static func runs(in text: String, atLeast length: Int = 3) -> [String] {
        var runs: [String] = []
        var run: [String] = []
        var word = ""
        // What stands between the last word and this one: one space keeps a run going.
        var gap = ""
        for character in unquoted(text) + "\n" {
            if character.isASCII && (character.isLetter || (character == "'" && !word.isEmpty)) {
                if word.isEmpty && gap != " " {
                    if run.count >= length { runs.append(run.joined(separator: " ")) }
                    run = []
                }
                word.append(character)
                gap = ""
            } else {
                if !word.isEmpty { run.append(word) }
                word = ""
                gap.append(character)
            }
        }
        if run.count >= length { runs.append(run.joined(separator: " ")) }
        return runs
    }

    /// `text` with what stands between quotes cut out.
    public static func unquoted(_ text: String) -> String {
        var result = ""
        var closing: Character?
        let pairs: [Character: Character] = ["'": "'", "\"": "\"", "`": "`", "‘": "’", "“": "”", "「": "」", "『": "』"]
        var previous: Character = " "
        for character in text {
            if let expected = closing {
                if character == expected { closing = nil; result += " " }
            } else if let close = pairs[character], character != "'" || !previous.isLetter {
                closing = close
                result += " "
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// Whether `text` holds a Chinese character.
    public static func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value) }
    }
}
