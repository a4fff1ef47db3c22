#if canImport(Glibc)
import Glibc
#endif

/// Where `report` writes its page: a new file, or one that is a Tally report
/// already (made again); any other file is left as it is.
enum ReportFile {
    /// A report writes its mark in its first lines; a file that only
    /// mentions the mark further in is someone else's.
    static let markWithin = 1024

    static func write(_ page: String, to path: String) throws(NewFile.Failure) {
        // Through a link, the report it points to is made again, and the link kept.
        let target = realpath(ScriptFile.expand(path), nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? ScriptFile.expand(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFREG && !isReport(target) {
            throw NewFile.Failure(message: "'\(path)' exists and is not a Tally report, so it is left alone; give another name")
        }
        try NewFile.write(Array(page.utf8), to: target, replacing: exists, existsAdvice: "give another name")
    }

    /// Whether the file starts as a Tally report does.
    private static func isReport(_ file: String) -> Bool {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: markWithin)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return String(decoding: bytes[..<filled], as: UTF8.self).contains(ReportPage.generator)
    }
}
