import TallyCore

/// A photo's file as the session read it: what the ledger keeps about it.
public struct PhotoFile: Sendable {
    public let name: String
    public let type: String
    public let size: Int
    public let sha256: String

    public init(name: String, type: String, size: Int, sha256: String) {
        self.name = name
        self.type = type
        self.size = size
        self.sha256 = sha256
    }
}

/// `attachments #ID`: a bill's photos, by number.
public struct PhotoList: Sendable, Equatable {
    public let billID: Int64
    public let photos: [Photo]
}

extension Evaluator {
    /// The photo of `file` (named at `path`) on bill `id`, under the lowest
    /// free number; the same bytes twice on one bill are refused.
    public func attach(_ id: Located<Int64>, _ file: PhotoFile, from path: SourceRange) throws(Diagnostic) -> (change: ChangeSet, done: QueryResult) {
        let bill = try roomForAPhoto(id)
        let photos = ledger.photos(ofBill: bill.id)
        if let same = photos.first(where: { $0.sha256 == file.sha256 }) {
            throw Diagnostic(.photoAlreadyThere(bill: bill.id, number: same.number), at: path)
        }
        let taken = Set(photos.map(\.number))
        let number = (1...Photo.maximumPerBill).first { !taken.contains($0) }!
        let photo = Photo(
            id: ledger.nextPhotoID, billID: bill.id, number: number, name: file.name, type: file.type, size: file.size,
            sha256: file.sha256, added: now)
        return (
            ChangeSet(summary: Phrase.said("attached photo %d to #%d", number, bill.id), rows: [RowChange(before: nil, after: .photo(photo))]),
            .done(.photoAttached(number: number, bill: bill.id, file: file.name, type: file.type, size: file.size)))
    }

    /// The bill `id`, when it has room for another photo.
    public func roomForAPhoto(_ id: Located<Int64>) throws(Diagnostic) -> Bill {
        let bill = try self.bill(id)
        guard ledger.photos(ofBill: bill.id).count < Photo.maximumPerBill else {
            throw Diagnostic(.tooManyPhotos(bill: bill.id), at: id.range)
        }
        return bill
    }

    func attachments(_ id: Located<Int64>) throws(Diagnostic) -> PhotoList {
        PhotoList(billID: try bill(id).id, photos: ledger.photos(ofBill: id.value))
    }

    func photo(_ id: Located<Int64>, _ number: Located<Int>) throws(Diagnostic) -> Photo {
        let bill = try self.bill(id)
        guard let photo = ledger.photos(ofBill: bill.id).first(where: { $0.number == number.value }) else {
            let count = ledger.photos(ofBill: bill.id).count
            throw Diagnostic(.noSuchPhoto(bill: bill.id, number: number.value, count: count), at: number.range)
        }
        return photo
    }

    func detach(_ id: Located<Int64>, _ number: Located<Int>) throws(Diagnostic) -> Outcome {
        let photo = try self.photo(id, number)
        return .change(
            ChangeSet(summary: Phrase.said("detached photo %d from #%d", photo.number, photo.billID), rows: [RowChange(before: .photo(photo), after: nil)]),
            done: .done(.photoDetached(number: photo.number, bill: photo.billID)), asking: nil)
    }

    /// The rows that take the photos of `bills` away, before the bills go.
    func photoRows(of bills: [Bill]) -> [RowChange] {
        let ids = Set(bills.map(\.id))
        return ledger.photos.filter { ids.contains($0.billID) }.map { RowChange(before: .photo($0), after: nil) }
    }
}

extension PhotoList {
    /// `812 bytes`, `1.2 MiB`: a size as people read it.
    public static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return Translation.translated("%d bytes", bytes) }
        if bytes < 1 << 20 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1 << 20)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
