import Foundation

/// What a person meets on a report's page: its text, and the titles and
/// labels a browser shows on hover or a screen reader says, one to a line;
/// the markup and the stylesheet left out.
public enum PageText {
    public static func readable(_ page: String) -> String {
        let body = page.components(separatedBy: "</style>").last ?? page
        var said = ["title=\"", "aria-label=\""].flatMap { attribute in
            body.components(separatedBy: attribute).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        var text = ""
        var inTag = false
        for character in body {
            if character == "<" {
                inTag = true
                text += "\n"
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        said.append(text)
        var readable = said.joined(separator: "\n")
        for (entity, character) in [("&#39;", "'"), ("&quot;", "\""), ("&#58;", ":"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            readable = readable.replacingOccurrences(of: entity, with: character)
        }
        return readable
    }

    /// The English words `text` holds outside quotes, each once.
    public static func englishWords(_ text: String) -> Set<String> {
        Set(EnglishProse.runs(in: text, atLeast: 1).flatMap { $0.split(separator: " ").map(String.init) })
    }
}
