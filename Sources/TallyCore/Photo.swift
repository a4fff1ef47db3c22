/// A photo on a bill (a receipt, the meal), up to `Photo.maximumPerBill` of
/// them. The ledger holds what it is; its bytes are kept by the store, under
/// their SHA-256, so undoing a deletion can bring them back.
public struct Photo: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    public let billID: Int64
    /// 1 to `maximumPerBill`: how `extract` and `detach` name it.
    public let number: Int
    /// The file name it was attached from.
    public let name: String
    /// A MIME type such as `image/jpeg`.
    public let type: String
    public let size: Int
    public let sha256: String
    /// Seconds since 1970, UTC.
    public let added: Int64

    public init(id: Int64, billID: Int64, number: Int, name: String, type: String, size: Int, sha256: String, added: Int64) {
        self.id = id
        self.billID = billID
        self.number = number
        self.name = name
        self.type = type
        self.size = size
        self.sha256 = sha256
        self.added = added
    }

    public static let maximumPerBill = 9
    /// 10 MiB: a phone's photo of a receipt, with room to spare.
    public static let maximumSize = 10 << 20

    /// The image type the bytes begin with, or nil when they are no image
    /// Tally knows.
    public static func imageType(of bytes: [UInt8]) -> String? {
        func littleEndian(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) { return "image/heic" }
            if ["avif", "avis"].contains(brand) { return "image/avif" }
        }
        if starts([0x42, 0x4D]), bytes.count >= 18, [12, 40, 52, 56, 64, 108, 124].contains(littleEndian(at: 14)),
           littleEndian(at: 2) == bytes.count {
            return "image/bmp"
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        return isSVG(bytes) ? "image/svg+xml" : nil
    }

    /// Whether the text's first element, after any declaration, comments and
    /// doctype, is an `svg` one: a page that merely mentions `<svg` is not an image.
    private static func isSVG(_ bytes: [UInt8]) -> Bool {
        var text = Substring(String(decoding: bytes.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if text.hasPrefix("<?") || text.hasPrefix("<!") {
                let end = text.hasPrefix("<!--") ? "-->" : ">"
                guard let close = text.firstRange(of: end) else { return false }
                text = text[close.upperBound...]
            } else {
                return text.lowercased().hasPrefix("<svg") && text.dropFirst(4).first.map { $0.isWhitespace || $0 == ">" } == true
            }
        }
    }
}
