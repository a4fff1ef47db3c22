import Foundation
import TallyCore

/// The texts a source file marks for the catalogues, read from the file as
/// `make pot` reads it, so that a test can show every one of them in
/// another language, including those only a damaged file or a failing disk
/// would bring out.
public enum MarkedTexts {
    /// A text as marked: one template, or a plural's two.
    public struct Text: CustomStringConvertible {
        public let english: String
        public let plural: String?
        public var description: String { english }

        /// The text in the reader's language, its placeholders filled with
        /// `①②③…`, which no check for English mistakes for a word.
        public var shown: String {
            let values: [CustomStringConvertible] = ["①", "②", "③", "④", "⑤"]
            guard let plural else { return Translation.format(Translation.translated(english), with: values) }
            return Translation.plural(english, plural, count: 2, "②", "③", "④", "⑤")
        }

        /// The faults of the text as a reader of `locale` sees it: beside
        /// `ChineseText`'s, for a text without words, only reading as it does
        /// without a catalogue.
        public func faults(in locale: String) throws -> [String] {
            let shown = try Reader.reading(locale) { self.shown }
            let untranslated = try Reader.reading("C") { self.shown }
            guard hasWords else { return shown == untranslated ? ["untranslated: \(shown)"] : [] }
            return ChineseText.faults(shown, english: untranslated, locale: locale).map { "\($0): \(shown)" }
        }

        /// Whether the English says anything in words, beyond its placeholders, its punctuation and `[y/N]`.
        public var hasWords: Bool {
            let bare = Array(Translation.format(english, with: ["", "", "", "", ""]))
            return zip(bare, bare.dropFirst()).contains { $0.isLetter && $1.isLetter }
        }
    }

    /// The package's root, where `Sources` is.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift files in `folder`, relative to the package's root, but those named in `except`.
    public static func files(in folder: String, except: [String] = []) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".swift") && !except.contains($0) }.sorted().map { folder + "/" + $0 }
    }

    /// The texts marked in the Swift files at `paths`, relative to the
    /// package's root: by `Translation` and the undo history's `Phrase`, or
    /// by those `receivers` name.
    public static func marked(in paths: [String], by receivers: [String] = ["Translation.", "Phrase."]) throws -> [Text] {
        var texts: [Text] = []
        for path in paths {
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            texts += marked(inSource: source, by: receivers)
        }
        return texts
    }

    /// Who marks texts, by which names, and which of them takes a plural's two.
    private static let markers = [
        (receiver: "Translation.", names: ["translated", "catalogued", "plural"], plural: "plural"),
        (receiver: "Phrase.", names: ["said", "counted"], plural: "counted"),
    ]

    /// The literal first arguments of `translated`, `catalogued` and
    /// `said`, and the two of `plural` and `counted`.
    static func marked(inSource source: String, by receivers: [String]) -> [Text] {
        var texts: [Text] = []
        for marker in markers where receivers.contains(marker.receiver) {
            var rest = Substring(source)
            while let call = rest.firstRange(of: marker.receiver) {
                rest = rest[call.upperBound...]
                let name = rest.prefix { $0.isLetter }
                guard marker.names.contains(String(name)) else { continue }
                rest = rest.dropFirst(name.count).drop { $0 == "(" || $0.isWhitespace }
                guard let first = literal(&rest) else { continue }
                guard name == marker.plural else {
                    texts.append(Text(english: first, plural: nil))
                    continue
                }
                rest = rest.drop { $0 == "," || $0.isWhitespace }
                if let second = literal(&rest) { texts.append(Text(english: first, plural: second)) }
            }
        }
        return texts
    }

    /// The string literal `text` starts with, unescaped as C reads it, and `text` moved past it.
    private static func literal(_ text: inout Substring) -> String? {
        guard text.first == "\"" else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, text[index] != "\"" {
            if text[index] == "\\", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
                switch text[index] {
                case "n": value += "\n"
                case "t": value += "\t"
                default: value.append(text[index])
                }
            } else {
                value.append(text[index])
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return nil }
        text = text[text.index(after: index)...]
        return value
    }
}
