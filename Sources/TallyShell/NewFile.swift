#if canImport(Glibc)
import Glibc
#endif

/// Files Tally writes for the user (extracted photos, exports): made whole
/// or not at all, and never written over unless asked.
enum NewFile {
    struct Failure: Error {
        let message: String
    }

    /// Writes `bytes` to `path`. An existing file is refused with
    /// `existsAdvice`, unless `replacing`: then the new content is written
    /// beside it and renamed over it, so the old file stays whole until the
    /// new one is.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool, existsAdvice: String) throws(Failure) {
        let target = ScriptFile.expand(path)
        var info = stat()
        if stat(target, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "'\(path)' is a folder; give a file's name") }
            guard replacing else { throw Failure(message: "'\(path)' exists already; \(existsAdvice)") }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(message: "'\(path)' is not a regular file; give another name") }
            var template = Array((target + ".tally-XXXXXX").utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else { throw failure(path) }
            let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            fchmod(descriptor, info.st_mode & 0o777)
            try fill(descriptor, with: bytes, removing: temporary, reportedAs: path)
            guard rename(temporary, target) == 0 else {
                let error = failure(path)
                unlink(temporary)
                throw error
            }
            return
        }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? Failure(message: "'\(path)' exists already; \(existsAdvice)") : failure(path)
        }
        try fill(descriptor, with: bytes, removing: target, reportedAs: path)
    }

    /// Writes everything and closes; on failure the half-written file goes.
    private static func fill(_ descriptor: Int32, with bytes: [UInt8], removing file: String, reportedAs path: String) throws(Failure) {
        if let problem = Descriptor.writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(file)
            throw Failure(message: "cannot write '\(path)': \(problem)")
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let error = failure(path)
            unlink(file)
            throw error
        }
    }

    private static func failure(_ path: String) -> Failure {
        Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
