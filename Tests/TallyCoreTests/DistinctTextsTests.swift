import Testing
@testable import TallyCore

/// Each distinct text is kept once, found again by its bytes.
@Suite struct DistinctTextsTests {
    func index(_ bytes: [UInt8], in texts: inout DistinctTexts) -> Int32 {
        bytes.withUnsafeBufferPointer { buffer in texts.index(ofBytes: buffer) { String(decoding: buffer, as: UTF8.self) } }
    }

    @Test func aTextIsKeptOnceWhicheverWayItComes() {
        var texts = DistinctTexts()
        let coffee = texts.index(of: "coffee")
        #expect(index(Array("coffee".utf8), in: &texts) == coffee)
        #expect(texts.index(of: "咖啡") != coffee)
        // Told apart by their bytes: é written as one character and as e and a combining accent.
        #expect(texts.index(of: "caf\u{E9}") != texts.index(of: "cafe\u{301}"))
        for number in 0..<1_000 { _ = texts.index(of: "remark \(number)") }
        #expect(texts.index(of: "coffee") == coffee)
        #expect(texts.count == 1_004)
    }

    /// Bytes another program wrote that are not UTF-8 are kept once, as the
    /// text they read as, however many bills hold them.
    @Test func bytesThatAreNotUTF8AreKeptOnce() {
        var texts = DistinctTexts()
        let bad: [UInt8] = [0x66, 0xFF, 0x6F]
        let first = index(bad, in: &texts)
        #expect(index(bad, in: &texts) == first)
        #expect(texts.index(of: "f\u{FFFD}o") == first)
        #expect(texts.count == 1)
        #expect(texts[first] == "f\u{FFFD}o")
    }
}
