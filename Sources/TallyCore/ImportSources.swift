/// Where an imported bill came from: the fingerprint of its source row (its
/// transaction id when the file has one, else a digest of the row and how
/// often the same row came before it in the file), and a digest of what the
/// row said, so a row corrected since can be told from a bill edited since.
public struct ImportSource: Hashable, Sendable, Codable {
    public let billID: Int64
    public let fingerprint: Int64
    public var digest: Int64

    public init(billID: Int64, fingerprint: Int64, digest: Int64) {
        self.billID = billID
        self.fingerprint = fingerprint
        self.digest = digest
    }
}

/// The sources of the bills one import wrote or updated, kept as one
/// record: a million imported rows are one row of the store and one entry
/// of the undo history, not a million.
public struct ImportSourceBatch: Hashable, Sendable, Codable {
    public let id: Int64
    public let sources: [ImportSource]

    public init(id: Int64, sources: [ImportSource]) {
        self.id = id
        self.sources = sources
    }
}

/// The sources of every import, by batch. Found by bill and by
/// fingerprint only through `index()`, made when an import asks, so that
/// the model takes on a million sources without indexing them.
public struct ImportSources: Equatable, Sendable {
    private var batches: [Int64: [ImportSource]] = [:]

    public init(_ batches: [ImportSourceBatch] = []) {
        for batch in batches { self.batches[batch.id] = batch.sources }
    }

    public var nextBatchID: Int64 { (batches.keys.max() ?? 0) + 1 }

    public func batch(_ id: Int64) -> ImportSourceBatch? { batches[id].map { ImportSourceBatch(id: id, sources: $0) } }

    public mutating func put(_ batch: ImportSourceBatch) { batches[batch.id] = batch.sources }

    public mutating func remove(_ batch: ImportSourceBatch) { batches[batch.id] = nil }

    /// Each bill's source and each fingerprint's bill, a later batch's over an earlier one's.
    public func index() -> ImportSourceIndex {
        var index = ImportSourceIndex()
        let count = batches.values.reduce(0) { $0 + $1.count }
        index.byBill.reserveCapacity(count)
        index.byFingerprint.reserveCapacity(count)
        for id in batches.keys.sorted() {
            for source in batches[id]! {
                if let old = index.byBill.updateValue(source, forKey: source.billID), old.fingerprint != source.fingerprint,
                   index.byFingerprint[old.fingerprint] == source.billID {
                    index.byFingerprint[old.fingerprint] = nil
                }
                // The newest bill of a fingerprint: an older one is of a bill deleted before its row was imported again.
                if (index.byFingerprint[source.fingerprint] ?? Int64.min) <= source.billID { index.byFingerprint[source.fingerprint] = source.billID }
            }
        }
        return index
    }
}

/// Imported bills' sources found by bill and by fingerprint.
public struct ImportSourceIndex: Sendable {
    fileprivate var byBill: [Int64: ImportSource] = [:]
    fileprivate var byFingerprint: [Int64: Int64] = [:]

    public init() {}

    public var isEmpty: Bool { byBill.isEmpty }

    public func source(ofBill id: Int64) -> ImportSource? { byBill[id] }

    /// The bill imported last from a row with this fingerprint.
    public func bill(withFingerprint fingerprint: Int64) -> Int64? { byFingerprint[fingerprint] }
}
