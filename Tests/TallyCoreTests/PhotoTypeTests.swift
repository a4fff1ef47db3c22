import TallyCore
import Testing

/// A photo's type is read from its first bytes, never from its name, and
/// only a file that really starts as an image is taken for one.
@Suite("Telling an image by its bytes")
struct PhotoTypeTests {
    /// A BMP header for a file of `size` bytes whose DIB header says it has `dibSize` bytes.
    static func bitmap(size: Int, dibSize: Int) -> [UInt8] {
        func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let header = [0x42, 0x4D] + littleEndian(size) + [0, 0, 0, 0] + littleEndian(54) + littleEndian(dibSize)
        return header + Array(repeating: 0, count: size - header.count)
    }

    @Test func knownFormatsByTheirSignatures() {
        #expect(Photo.imageType(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg")
        #expect(Photo.imageType(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == "image/png")
        #expect(Photo.imageType(of: Array("GIF89a...".utf8)) == "image/gif")
        #expect(Photo.imageType(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == "image/webp")
        #expect(Photo.imageType(of: [0, 0, 0, 24] + Array("ftypheic".utf8)) == "image/heic")
        #expect(Photo.imageType(of: [0, 0, 0, 24] + Array("ftypavif".utf8)) == "image/avif")
        #expect(Photo.imageType(of: [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == "image/tiff")
    }

    @Test func aBitmapNeedsAHeaderThatAgreesWithTheFile() {
        #expect(Photo.imageType(of: Self.bitmap(size: 70, dibSize: 40)) == "image/bmp")
        #expect(Photo.imageType(of: Self.bitmap(size: 70, dibSize: 124)) == "image/bmp")
        #expect(Photo.imageType(of: Array("BM is how this note begins".utf8)) == nil)
        #expect(Photo.imageType(of: Self.bitmap(size: 70, dibSize: 41)) == nil)
        #expect(Photo.imageType(of: Self.bitmap(size: 70, dibSize: 40) + [0]) == nil)
    }

    @Test func anSVGMustStartWithItsSVGElement() {
        #expect(Photo.imageType(of: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == "image/svg+xml")
        #expect(Photo.imageType(of: Array("\u{FEFF}<?xml version='1.0'?>\n<!-- drawn by hand -->\n<!DOCTYPE svg>\n<SVG>".utf8)) == "image/svg+xml")
        #expect(Photo.imageType(of: Array("<html><body><svg></svg></body></html>".utf8)) == nil)
        #expect(Photo.imageType(of: Array("notes about <svg> files".utf8)) == nil)
        #expect(Photo.imageType(of: Array("<svgfoo>".utf8)) == nil)
        #expect(Photo.imageType(of: Array("<!-- never closed <svg>".utf8)) == nil)
    }

    @Test func otherFilesAreNoImage() {
        #expect(Photo.imageType(of: []) == nil)
        #expect(Photo.imageType(of: Array("a shopping list".utf8)) == nil)
        #expect(Photo.imageType(of: Array("%PDF-1.7".utf8)) == nil)
        #expect(Photo.imageType(of: [0, 0, 0, 24] + Array("ftypmp42".utf8)) == nil)
    }
}
