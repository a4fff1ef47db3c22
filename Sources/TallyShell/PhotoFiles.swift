import TallyCore
import TallyLanguage

/// Photos read from files to attach, and written back to files on extract.
enum PhotoFiles {
    /// The bytes of the image at `path`, and what the ledger keeps about them.
    static func read(_ path: String) throws(FileFailure) -> (bytes: [UInt8], file: PhotoFile) {
        let bytes = try Files.read(path, as: .photo)
        guard let type = Photo.imageType(of: bytes) else { throw FileFailure(path, .notAnImage) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (bytes, PhotoFile(name: name, type: type, size: bytes.count, sha256: SHA256.hex(bytes)))
    }

    /// Writes `bytes` to a new file at `path`, or over the one there when `replacing`.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(FileFailure) {
        try Files.write(bytes, to: path, replacing: replacing)
    }
}
