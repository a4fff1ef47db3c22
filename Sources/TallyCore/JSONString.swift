/// Text as a JSON string, for the undo history and for `as json` alike:
/// quotes, backslashes and control characters escaped, and everything else,
/// `/` and text beyond ASCII among it, as it is.
public enum JSONString {
    public enum Escaping: Sendable {
        /// What JSON demands and no more: controls below U+0020 as `\u00XX`.
        /// The undo history keeps its bytes so, as it always has.
        case minimal
        /// For people and their terminals: `\n`, `\r` and `\t` as such, and
        /// DEL and the C1 controls (U+007F to U+009F) as `\u00XX` too, so a
        /// terminal showing the text never acts on them.
        case readable
    }

    /// `text` as a JSON string, its quotes included, in UTF-8 at the end of `bytes`.
    public static func append(_ text: String, to bytes: inout [UInt8], escaping: Escaping) {
        let readable = escaping == .readable
        bytes.append(UInt8(ascii: "\""))
        // U+0080 to U+00BF are 0xC2 and one byte more; the C1 controls are the first 32.
        var afterC2 = false
        for byte in text.utf8 {
            if afterC2 {
                afterC2 = false
                if byte <= 0x9F {
                    appendCode(byte, to: &bytes)
                    continue
                }
                bytes.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): appendShort(byte, to: &bytes)
            case UInt8(ascii: "\n") where readable: appendShort(UInt8(ascii: "n"), to: &bytes)
            case UInt8(ascii: "\r") where readable: appendShort(UInt8(ascii: "r"), to: &bytes)
            case UInt8(ascii: "\t") where readable: appendShort(UInt8(ascii: "t"), to: &bytes)
            case 0..<0x20: appendCode(byte, to: &bytes)
            case 0x7F where readable: appendCode(byte, to: &bytes)
            case 0xC2 where readable: afterC2 = true
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string, its quotes included.
    public static func quoted(_ text: String, escaping: Escaping) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        append(text, to: &bytes, escaping: escaping)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A backslash and `letter`: `\"`, `\\`, `\n`.
    private static func appendShort(_ letter: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
    }

    /// `\u00XX`: the code of a character below U+0100, which is its one byte
    /// or, past U+007F, the byte after 0xC2.
    private static func appendCode(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    }
}
