import TallyCore

/// An import's sources as the store keeps them, nine bytes each where
/// three 64-bit integers would take 24. Each source is a varint of how far
/// its bill's id is from the one before (zigzag, so either way), shifted
/// left by one for a bit that says whether its fingerprint follows; the
/// fingerprint is left out when it is that of the first row saying what
/// its digest says, as it is for nearly every row without a transaction
/// id. Then the digest. Both 64-bit, little-endian.
enum ImportSourcePacking {
    static func pack(_ sources: [ImportSource]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sources.count * 10)
        var previous: Int64 = 0
        for source in sources {
            let step = source.billID &- previous
            let zigzag = UInt128(UInt64(bitPattern: (step << 1) ^ (step >> 63)))
            let named = source.fingerprint != Fingerprint.of(digest: source.digest, occurrence: 0)
            var value = zigzag << 1 | (named ? 1 : 0)
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
            if named { withUnsafeBytes(of: source.fingerprint.littleEndian) { bytes += $0 } }
            withUnsafeBytes(of: source.digest.littleEndian) { bytes += $0 }
            previous = source.billID
        }
        return bytes
    }

    /// Nil when the bytes are not sources as `pack` writes them, byte for
    /// byte: the store finds a batch again by its packed bytes.
    static func unpack(_ bytes: [UInt8]) -> [ImportSource]? {
        var sources: [ImportSource] = []
        sources.reserveCapacity(bytes.count / 10)
        let whole = bytes.withUnsafeBytes { raw -> Bool in
            func word(_ offset: Int) -> Int64 { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
            var offset = 0
            var previous: Int64 = 0
            while offset < raw.count {
                var value: UInt128 = 0
                var shift: UInt128 = 0
                while true {
                    // 65 bits need ten bytes; a last byte of zero is a longer way of writing a shorter number.
                    guard offset < raw.count, shift < 70 else { return false }
                    let byte = raw[offset]
                    offset += 1
                    value |= UInt128(byte & 0x7F) << shift
                    shift += 7
                    if byte < 0x80 {
                        guard byte != 0 || shift == 7 else { return false }
                        break
                    }
                }
                guard value >> 65 == 0 else { return false }
                let named = value & 1 == 1
                let zigzag = UInt64(truncatingIfNeeded: value >> 1)
                let step = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
                guard offset + (named ? 16 : 8) <= raw.count else { return false }
                let fingerprint = named ? word(offset) : nil
                if named { offset += 8 }
                let digest = word(offset)
                offset += 8
                let ofFirstRow = Fingerprint.of(digest: digest, occurrence: 0)
                guard fingerprint != ofFirstRow else { return false }
                previous = previous &+ step
                sources.append(ImportSource(billID: previous, fingerprint: fingerprint ?? ofFirstRow, digest: digest))
            }
            return true
        }
        return whole ? sources : nil
    }

    /// The sources packed as Tally packed them before schema version 15:
    /// three little-endian 64-bit integers each. Nil when not a whole number.
    static func unpackFixedWidth(_ bytes: [UInt8]) -> [ImportSource]? {
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
