/// The encodings bank and payment-app statements come in. Each is read
/// through glibc's iconv, under the name of the converter that reads it as
/// the program that wrote it meant: files labelled GBK, Big5, Shift_JIS or
/// EUC-KR are written by Windows, whose code pages are supersets of those
/// standards (the euro sign at 0x80 in GBK, a backslash at 0x5C in
/// Shift_JIS), so those labels name the code pages, as browsers read them.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    /// UTF-16 in the byte order its byte-order mark says.
    case utf16 = "utf-16"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case gbk
    case gb18030
    case big5
    case shiftJIS = "shift_jis"
    case eucKR = "euc-kr"
    case windows1252 = "windows-1252"
    case latin1 = "latin-1"

    /// The encoding a name says, in any case and with or without its hyphens
    /// and underscores: `UTF8`, `utf-16le`, `GB2312` and `cp936` (read as
    /// GBK, which holds all of GB2312), `Shift-JIS`, `ISO-8859-1`.
    public init?(named name: String) {
        guard let encoding = TextEncoding.names[TextEncoding.key(name)] else { return nil }
        self = encoding
    }

    /// How the encoding is named in messages: `GBK`, `UTF-16LE`.
    public var title: String {
        switch self {
        case .big5: return "Big5"
        case .shiftJIS: return "Shift_JIS"
        case .windows1252: return "Windows-1252"
        case .latin1: return "Latin-1"
        default: return rawValue.uppercased()
        }
    }

    /// The encoding and length of the byte-order mark `bytes` begin with, if any.
    public static func byteOrderMark(_ bytes: [UInt8]) -> (encoding: TextEncoding, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        return nil
    }

    /// glibc's name for the converter that reads the encoding; for UTF-16,
    /// the one its mark names, or big-endian when it has none, as RFC 2781
    /// says. The explicit byte orders keep the mark, which comes out as
    /// UTF-8's and is skipped by the CSV reader like any other.
    func converterName(for bytes: [UInt8]) -> String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16: return TextEncoding.byteOrderMark(bytes)?.encoding == .utf16LE ? "UTF-16LE" : "UTF-16BE"
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        case .gbk: return "GBK"
        case .gb18030: return "GB18030"
        case .big5: return "BIG5"
        case .shiftJIS: return "CP932"
        case .eucKR: return "CP949"
        case .windows1252: return "WINDOWS-1252"
        case .latin1: return "ISO-8859-1"
        }
    }

    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    private static let names: [String: TextEncoding] = {
        var names = Dictionary(uniqueKeysWithValues: allCases.map { (key($0.rawValue), $0) })
        let aliases: [String: TextEncoding] = [
            "gb2312": .gbk, "cp936": .gbk, "windows936": .gbk, "euccn": .gbk,
            "cp950": .big5,
            "sjis": .shiftJIS, "cp932": .shiftJIS, "windows31j": .shiftJIS,
            "cp949": .eucKR,
            "cp1252": .windows1252,
            "iso88591": .latin1,
        ]
        names.merge(aliases) { _, _ in preconditionFailure("an alias repeats an encoding's own name") }
        return names
    }()
}
