#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage

/// Photos read from files to attach, and written back to files on extract.
enum PhotoFiles {
    struct Failure: Error {
        let message: String
    }

    /// The bytes of the image at `path`, and what the ledger keeps about them.
    static func read(_ path: String) throws(Failure) -> (bytes: [UInt8], file: PhotoFile) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(message: "cannot read '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(message: "cannot read '\(path)': it is not a regular file")
        }
        guard info.st_size <= Photo.maximumSize else {
            throw Failure(message: "'\(path)' has \(info.st_size) bytes; a photo may have at most \(Photo.maximumSize) (10 MiB)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(message: "cannot read '\(path)': it changed while it was read") }
            filled += count
        }
        guard let type = Photo.imageType(of: bytes) else {
            throw Failure(message: "'\(path)' is not an image Tally knows (JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP, TIFF or SVG)")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (bytes, PhotoFile(name: name, type: type, size: bytes.count, sha256: SHA256.hex(bytes)))
    }

    /// Writes `bytes` to a new file at `path`; an existing file is never written over.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        do {
            try NewFile.write(bytes, to: path, replacing: false, existsAdvice: "give a new file's name")
        } catch {
            throw Failure(message: error.message)
        }
    }
}
