#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage
import TallyRender

/// Where `report` writes its page: a new file, or one that is a Tally report
/// already (made again); any other file is left as it is.
enum ReportFile {
    /// A report writes its mark in its first lines; a file that only
    /// mentions the mark further in is someone else's.
    static let markWithin = 1024

    /// Writes the page to the file `name`, with `.html` added when it lacks
    /// it. A name that is a device, a pipe or a folder is refused, so that
    /// no page is written beside it as `/dev/null.html`.
    static func write(_ page: String, named name: String) throws(FileFailure) {
        var given = stat()
        if stat(Files.expand(name), &given) == 0, let kind = kind(given.st_mode) {
            throw FileFailure(name, writing: true, .notForAReport(kind: kind))
        }
        let path = ReportOptions.path(named: name)
        // Through a link, the report it points to is made again, and the link kept.
        let target = realpath(Files.expand(path), nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? Files.expand(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFREG && !isReport(target) {
            throw FileFailure(path, writing: true, .notAReport)
        }
        try Files.write(Array(page.utf8), to: target, replacing: exists, existsAdvice: "give another name")
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    private static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Whether the file starts as a Tally report does. A report is far
    /// smaller than a script may be; a file past that size is someone else's.
    private static func isReport(_ file: String) -> Bool {
        guard let bytes = try? Files.read(file, as: .script) else { return false }
        return String(decoding: bytes.prefix(markWithin), as: UTF8.self).contains(ReportPage.generator)
    }
}
