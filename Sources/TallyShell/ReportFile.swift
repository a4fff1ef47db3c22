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

    /// Whether the file starts as a Tally report does. A report is far
    /// smaller than a script may be; a file past that size is someone else's.
    private static func isReport(_ file: String) -> Bool {
        guard let bytes = try? ScriptFile.bytes(of: file, limit: ScriptFile.maximumSize, tooLarge: ScriptFile.tooLarge) else { return false }
        return String(decoding: bytes.prefix(markWithin), as: UTF8.self).contains(ReportPage.generator)
    }
}
