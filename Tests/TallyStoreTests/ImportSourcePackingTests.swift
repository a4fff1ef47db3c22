import TallyCore
@testable import TallyStore
import Testing

@Suite("Import sources as the store packs them")
struct ImportSourcePackingTests {
    /// Sources of every kind a ledger can hold: ids one after another, in
    /// any order or at the ends of the range, fingerprints of a first row,
    /// of a repeated one or of a transaction id.
    static func generated(seed: UInt64, count: Int) -> [ImportSource] {
        var random = SeededRandom(seed: seed)
        var id = Int64(random.next(upTo: 1000))
        return (0..<count).map { _ in
            switch random.next(upTo: 10) {
            case 0: id = Int64(bitPattern: random.next())
            case 1: id = [Int64.min, Int64.max, 0, -1][Int(random.next(upTo: 4))]
            case 2: id &-= Int64(random.next(upTo: 100_000))
            default: id &+= 1
            }
            let digest = Int64(bitPattern: random.next())
            let fingerprint = switch random.next(upTo: 4) {
            case 0: Fingerprint.of(transaction: "T\(random.next())")
            case 1: Fingerprint.of(digest: digest, occurrence: 1 + Int(random.next(upTo: 3)))
            default: Fingerprint.of(digest: digest, occurrence: 0)
            }
            return ImportSource(billID: id, fingerprint: fingerprint, digest: digest)
        }
    }

    @Test func everySourceComesBackAsItWas() {
        for seed in UInt64(1)...40 {
            let sources = ImportSourcePackingTests.generated(seed: seed, count: Int(seed) * 25)
            #expect(ImportSourcePacking.unpack(ImportSourcePacking.pack(sources)) == sources, "seed \(seed)")
        }
        #expect(ImportSourcePacking.unpack([]) == [])
    }

    /// What the file per bill comes to: an import of rows without
    /// transaction ids, each its first of a kind, given ids one after
    /// another; the first id takes three bytes.
    @Test func anImportsRowsTakeNineBytesEach() {
        let sources = (Int64(5000)..<6000).map { id in
            ImportSource(billID: id, fingerprint: Fingerprint.of(digest: id * 7, occurrence: 0), digest: id * 7)
        }
        #expect(ImportSourcePacking.pack(sources).count == 1000 * 9 + 2)
        let named = sources.map { ImportSource(billID: $0.billID, fingerprint: Fingerprint.of(transaction: "\($0.billID)"), digest: $0.digest) }
        #expect(ImportSourcePacking.pack(named).count == 1000 * 17 + 2)
    }

    /// The store finds a batch again by its bytes, so bytes that another
    /// packing of the same sources would not give are not sources.
    @Test func bytesPackNeverWritesAreRefused() {
        let source = ImportSource(billID: 3, fingerprint: Fingerprint.of(digest: 9, occurrence: 0), digest: 9)
        let packed = ImportSourcePacking.pack([source])
        #expect(packed == [12] + littleEndian(9))
        #expect(ImportSourcePacking.unpack(packed) == [source])
        #expect(ImportSourcePacking.unpack(Array(packed.dropLast())) == nil, "cut short")
        #expect(ImportSourcePacking.unpack([0x8C, 0x00] + littleEndian(9)) == nil, "a longer way of writing 12")
        #expect(ImportSourcePacking.unpack([13] + littleEndian(source.fingerprint) + littleEndian(9)) == nil,
                "a fingerprint written out that is the first row's")
        #expect(ImportSourcePacking.unpack(Array(repeating: 0xFF, count: 10) + [0x01] + littleEndian(9)) == nil, "more than 65 bits")
        #expect(ImportSourcePacking.unpack(Array(repeating: 0xFF, count: 9) + [0x04] + littleEndian(9)) == nil, "a 66th bit")
    }

    @Test func theSourcesOfEarlierLedgersAreReadAsTheyWerePacked() {
        let sources = ImportSourcePackingTests.generated(seed: 7, count: 300)
        #expect(ImportSourcePacking.unpackFixedWidth(fixedWidth(sources)) == sources)
        #expect(ImportSourcePacking.unpackFixedWidth(Array(fixedWidth(sources).dropLast())) == nil)
    }

    /// A history written before names its sources by the digest of their
    /// bytes as then packed: the digest taken now must be that one.
    @Test func aBatchsDigestIsThatOfItsBytesAsPackedBefore() {
        let sources = ImportSourcePackingTests.generated(seed: 11, count: 500)
        var before = BillDigest()
        before.add(fixedWidth(sources))
        #expect(HeldRows.digest(of: ImportSourceBatch(id: 3, sources: sources)) == before.value)
    }
}

func littleEndian(_ value: Int64) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}

/// Sources as Tally packed them before schema version 15: three little-endian 64-bit integers each.
func fixedWidth(_ sources: [ImportSource]) -> [UInt8] {
    sources.flatMap { littleEndian($0.billID) + littleEndian($0.fingerprint) + littleEndian($0.digest) }
}
