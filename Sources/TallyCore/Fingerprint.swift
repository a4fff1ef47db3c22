/// Fingerprints of source rows: 64-bit FNV-1a, the same on every run and
/// machine, as the ledger keeps them across imports. The store packs a
/// source without its fingerprint when it is its row's first of a kind.
public enum Fingerprint {
    private static let offset: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// What a row says: its cells, each without the spaces and tabs around
    /// it, as a statement pads them; read from the bytes, as for every row.
    public static func digest(_ fields: [String]) -> Int64 {
        var hash = offset
        for var field in fields {
            field.withUTF8 { bytes in
                var start = 0
                var end = bytes.count
                while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                for index in start..<end { hash = (hash ^ UInt64(bytes[index])) &* prime }
            }
            hash = (hash ^ 0x1F) &* prime
        }
        return Int64(bitPattern: hash)
    }

    /// A row that has its own transaction id is that transaction, whatever else it says.
    public static func of(transaction: String) -> Int64 {
        var hash = (offset ^ UInt64(UInt8(ascii: "t"))) &* prime
        for byte in transaction.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return Int64(bitPattern: hash)
    }

    /// A row without an id is what it says and how many rows saying the same came before it.
    public static func of(digest: Int64, occurrence: Int) -> Int64 {
        var hash = (offset ^ UInt64(UInt8(ascii: "r"))) &* prime
        func add(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* prime }
        }
        // Not looped over an array: the store works this out for each of a million sources it packs.
        add(UInt64(bitPattern: digest))
        add(UInt64(occurrence))
        return Int64(bitPattern: hash)
    }
}
