import Glibc
import TallyCore

/// A file written a part at a time beside its name, which it takes only
/// once whole, as `Files.write` leaves one written at once: for output too
/// large to hold. Abandoned, or let go unfinished, it leaves nothing behind.
final class FileWriter {
    private let path: String
    private let replacing: Bool
    private let temporary: String
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private static let written = 1 << 20

    init(path: String, replacing: Bool) throws(FileFailure) {
        self.path = path
        self.replacing = replacing
        temporary = try Files.temporary(beside: path, replacing: replacing)
        descriptor = open(temporary, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = FileFailure(path, writing: true, .system(String(cString: strerror(errno))))
            unlink(temporary)
            throw failure
        }
        // What `Files.write` gives: a new file as the umask allows, a replaced one its own mode.
        var existing = stat()
        if replacing, stat(Files.expand(path), &existing) == 0 {
            fchmod(descriptor, existing.st_mode & 0o777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o644 & ~mask)
        }
        pending.reserveCapacity(FileWriter.written)
    }

    func write(_ bytes: [UInt8]) throws(FileFailure) {
        pending += bytes
        if pending.count >= FileWriter.written { try drain() }
    }

    /// Writes what is left and gives the file its name.
    func finish() throws(FileFailure) {
        try drain()
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else { throw failed() }
        try Files.placeNew(temporary, at: path, replacing: replacing)
    }

    deinit {
        guard descriptor >= 0 else { return }
        close(descriptor)
        unlink(temporary)
    }

    private func drain() throws(FileFailure) {
        if let problem = Descriptor.writeAll(pending, to: descriptor) {
            throw FileFailure(path, writing: true, .system(problem))
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func failed() -> FileFailure {
        let failure = FileFailure(path, writing: true, .system(String(cString: strerror(errno))))
        unlink(temporary)
        return failure
    }
}
