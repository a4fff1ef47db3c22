import Glibc
import TallyCore

/// A file written a part at a time, or at once (`Files.write`): a new file
/// made where it is named (and gone again if it cannot be written whole), a
/// file replaced by a copy written beside it that takes its name once whole.
/// Abandoned, or let go unfinished, it leaves nothing behind.
final class FileWriter {
    private let path: String
    /// The copy being written beside a file it replaces; nil for a new file.
    private let replacement: String?
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private static let written = 1 << 20

    init(path: String, replacing: Bool) throws(FileFailure) {
        self.path = path
        let target = Files.expand(path)
        var existing = stat()
        if stat(target, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw FileFailure(path, writing: true, .folder) }
            guard replacing else { throw FileFailure(path, writing: true, .exists(advice: Files.overwriteAdvice)) }
            guard (existing.st_mode & S_IFMT) == S_IFREG else { throw FileFailure(path, writing: true, .notARegularFile) }
            let copy = try Files.temporary(beside: path, replacing: true)
            replacement = copy
            descriptor = open(copy, O_WRONLY | O_CLOEXEC)
            if descriptor >= 0 { fchmod(descriptor, existing.st_mode & 0o777) }
        } else {
            replacement = nil
            descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == EEXIST { throw FileFailure(path, writing: true, .exists(advice: Files.overwriteAdvice)) }
        }
        guard descriptor >= 0 else {
            let failure = FileWriter.failure(path)
            if let replacement { unlink(replacement) }
            throw failure
        }
        pending.reserveCapacity(FileWriter.written)
    }

    func write(_ bytes: [UInt8]) throws(FileFailure) {
        // A whole file given at once is written as it is, not copied first.
        guard !pending.isEmpty || bytes.count < FileWriter.written else { return try drain(bytes) }
        pending += bytes
        if pending.count >= FileWriter.written { try drain(pending) }
    }

    /// Writes what is left, makes it last, and gives a replacement its name.
    func finish() throws(FileFailure) {
        try drain(pending)
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else {
            let failure = FileWriter.failure(path)
            unlink(replacement ?? Files.expand(path))
            throw failure
        }
        guard let replacement else { return }
        guard rename(replacement, Files.expand(path)) == 0 else {
            let failure = FileWriter.failure(path)
            unlink(replacement)
            throw failure
        }
    }

    deinit {
        guard descriptor >= 0 else { return }
        close(descriptor)
        unlink(replacement ?? Files.expand(path))
    }

    private func drain(_ bytes: [UInt8]) throws(FileFailure) {
        if let problem = Descriptor.writeAll(bytes, to: descriptor) {
            throw FileFailure(path, writing: true, .system(problem))
        }
        pending.removeAll(keepingCapacity: true)
    }

    private static func failure(_ path: String) -> FileFailure {
        FileFailure(path, writing: true, .system(String(cString: strerror(errno))))
    }
}
