import TallyCore

/// Text for an HTML page. Whatever came from the ledger goes through `text`
/// on its way in, so it shows as itself and can make no element or attribute.
public enum HTML {
    /// `text` escaped for HTML and SVG, in content and in quoted attributes
    /// alike. `:` is escaped too, so no text from the ledger can spell a URL
    /// in the file: a page that references nothing can be checked to by
    /// searching for "://". Control characters, which HTML forbids, show as U+FFFD.
    static func text(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case ":": escaped += "&#58;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let forbidden = value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
                escaped.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return escaped
    }

    /// `12.5`: a length given in tenths of a pixel, as SVG writes it.
    static func pixels(_ tenths: Int) -> String {
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return sign + (magnitude % 10 == 0 ? "\(magnitude / 10)" : "\(magnitude / 10).\(magnitude % 10)")
    }
}
