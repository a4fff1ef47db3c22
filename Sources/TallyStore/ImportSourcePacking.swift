import TallyCore

/// An import's sources as the store keeps them: each bill's id, its row's
/// fingerprint and digest, three little-endian 64-bit integers in a row.
enum ImportSourcePacking {
    static func pack(_ sources: [ImportSource]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sources.count * 24)
        for source in sources {
            withUnsafeBytes(of: source.billID.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: source.fingerprint.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: source.digest.littleEndian) { bytes += $0 }
        }
        return bytes
    }

    /// Nil when the bytes are not a whole number of sources.
    static func unpack(_ bytes: [UInt8]) -> [ImportSource]? {
        guard bytes.count % 24 == 0 else { return nil }
        var sources: [ImportSource] = []
        sources.reserveCapacity(bytes.count / 24)
        bytes.withUnsafeBytes { raw in
            func value(_ offset: Int) -> Int64 { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
            for start in stride(from: 0, to: bytes.count, by: 24) {
                sources.append(ImportSource(billID: value(start), fingerprint: value(start + 8), digest: value(start + 16)))
            }
        }
        return sources
    }
}
