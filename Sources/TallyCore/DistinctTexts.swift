/// Distinct texts, each kept once and named by a small number. A ledger
/// repeats its remarks, places and tags: a million bills may hold a thousand
/// remarks, and a query tests each of those once instead of once per bill.
/// Texts are told apart by their UTF-8 bytes, so each keeps exactly the bytes
/// it was written with.
public struct DistinctTexts: Sendable {
    public private(set) var texts: [String] = []
    private var hashes: [UInt64] = []
    /// Open addressing: an index into `texts`, or -1 where the slot is free.
    private var slots: [Int32] = []
    /// Bytes that were not valid UTF-8, by the number of their repaired text.
    private var repaired: [[UInt8]: Int32] = [:]

    public init() {}

    public var count: Int { texts.count }

    public subscript(index: Int32) -> String {
        texts[Int(index)]
    }

    /// The number of `text`, given it the first time.
    public mutating func index(of text: String) -> Int32 {
        var bytes = text
        return bytes.withUTF8 { index(ofBytes: $0) { text } }
    }

    /// The number of the text whose UTF-8 bytes are `bytes`; `make` turns
    /// them into a String only when the text is new.
    public mutating func index(ofBytes bytes: UnsafeBufferPointer<UInt8>, make: () -> String) -> Int32 {
        let hash = DistinctTexts.hash(bytes)
        if texts.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { break }
            if hashes[Int(index)] == hash && DistinctTexts.bytes(of: texts[Int(index)], equal: bytes) { return index }
            slot = (slot + 1) & mask
        }
        if let index = repaired[Array(bytes)] { return index }
        let text = make()
        guard DistinctTexts.bytes(of: text, equal: bytes) else {
            // Bytes that are not UTF-8 come out repaired: kept as the repaired
            // text, and found again by the bytes another program wrote.
            let index = self.index(of: text)
            repaired[Array(bytes)] = index
            return index
        }
        let index = Int32(texts.count)
        slots[slot] = index
        texts.append(text)
        hashes.append(hash)
        return index
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: max(64, slots.count * 2))
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// FNV-1a: short texts, hashed as fast as their bytes are read.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    private static func bytes(of text: String, equal bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? text.utf8.elementsEqual(bytes)
    }
}
