/// Import settings kept in the ledger under a name, for `import FILE with NAME`
/// or for a file whose header they fit. The settings are kept as written;
/// the language reads them.
public struct ImportProfile: Hashable, Sendable, Codable {
    public var name: String
    public var settings: String

    public init(name: String, settings: String) {
        self.name = name
        self.settings = settings
    }

    /// Names are unique ignoring case.
    public var key: String { Names.key(name) }
}

/// A rule that fills in what an imported row or a quick entry leaves out:
/// `remark ~ starbucks => category drinks`. Rules apply in `position` order;
/// the language reads their text.
public struct Rule: Hashable, Sendable, Codable {
    public let id: Int64
    public var position: Int
    public var text: String

    public init(id: Int64, position: Int, text: String) {
        self.id = id
        self.position = position
        self.text = text
    }

    public static func applyOrder(_ first: Rule, _ second: Rule) -> Bool {
        (first.position, first.id) < (second.position, second.id)
    }
}

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

/// Every imported bill's source, found by bill and by fingerprint.
public struct ImportSources: Equatable, Sendable {
    private var byBill: [Int64: ImportSource] = [:]
    private var byFingerprint: [Int64: [Int64]] = [:]

    public init(_ sources: [ImportSource] = []) {
        for source in sources { put(source) }
    }

    public var count: Int { byBill.count }

    public func source(ofBill id: Int64) -> ImportSource? { byBill[id] }

    /// The bills imported from rows with this fingerprint, oldest first.
    public func bills(withFingerprint fingerprint: Int64) -> [Int64] { byFingerprint[fingerprint] ?? [] }

    public mutating func put(_ source: ImportSource) {
        if let old = byBill[source.billID] { remove(old) }
        byBill[source.billID] = source
        byFingerprint[source.fingerprint, default: []].append(source.billID)
    }

    public mutating func remove(_ source: ImportSource) {
        guard byBill.removeValue(forKey: source.billID) != nil else { return }
        byFingerprint[source.fingerprint]?.removeAll { $0 == source.billID }
        if byFingerprint[source.fingerprint]?.isEmpty == true { byFingerprint[source.fingerprint] = nil }
    }
}
