import TallyCore
@testable import TallyStore
import Testing

/// A photo's bytes stay while a bill shows them or undo could bring them
/// back, and not after.
@Suite("Photo bytes")
struct PhotoDataTests {
    static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    static let digest = SHA256.hex(bytes)
    static let photo = Photo(id: 1, billID: 1, number: 1, name: "receipt.png", type: "image/png", size: bytes.count, sha256: digest, added: 0)

    static func attaching() -> ChangeSet {
        ChangeSet(summary: "attached photo 1 to #1", rows: [insert(.photo(photo))])
    }

    /// A ledger whose bill #1 carries one photo.
    static func ledgerWithAPhoto(at path: String) throws -> LedgerStore {
        let store = try LedgerStore(path: path, seed: .english)
        try store.commit(adding(bill(1)))
        try store.change { _ throws(StoreError) in
            try store.keepPhotoData(bytes, sha256: digest)
            try store.write(attaching(), statement: "attach #1 receipt.png")
        }
        return store
    }

    static func storedCount(at path: String) throws -> Int64? {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.integer("SELECT count(*) FROM photo_data")
    }

    @Test("an attach undone keeps the bytes for redo; a new change after it lets them go")
    func undoneAttachIsForgottenOnANewBranch() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try Self.ledgerWithAPhoto(at: path)
            #expect(try store.undo() != nil)
            #expect(try Self.storedCount(at: path) == 1)
            #expect(try store.redo() != nil)
            #expect(try store.photoData(sha256: Self.digest) == Self.bytes)

            #expect(try store.undo() != nil)
            try store.commit(adding(bill(2)))
            #expect(try Self.storedCount(at: path) == 0)
            #expect(try store.redo() == nil)
        }
    }

    @Test("a detached photo's bytes stay, for undo to bring it back")
    func detachedBytesStayForUndo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try Self.ledgerWithAPhoto(at: path)
            try store.commit(ChangeSet(summary: "detached photo 1 from #1", rows: [remove(.photo(Self.photo))]))
            try store.commit(adding(bill(2)))
            #expect(try Self.storedCount(at: path) == 1)
            #expect(try store.undo() != nil)
            #expect(try store.undo() != nil)
            #expect(try store.photoData(sha256: Self.digest) == Self.bytes)
        }
    }
}
