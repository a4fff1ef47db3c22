#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage

/// Where `report` writes its page: a new file, or, with `overwrite`, one
/// that is there, as `export` replaces a file.
enum ReportFile {
    /// Writes the page to the file `name`, with `.html` added when it lacks
    /// it; an existing file only when `replacing`. A name that is a device,
    /// a pipe or a folder is refused, so that no page is written beside it
    /// as `/dev/null.html`.
    static func write(_ page: String, named name: String, replacing: Bool) throws(FileFailure) {
        var given = stat()
        if stat(Files.expand(name), &given) == 0, let kind = kind(given.st_mode) {
            throw FileFailure(name, writing: true, .notForAReport(kind: kind))
        }
        let path = ReportOptions.path(named: name)
        // Through a link, the file it points to is replaced, and the link kept.
        let target = realpath(Files.expand(path), nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? Files.expand(path)
        var info = stat()
        if stat(target, &info) == 0, !replacing {
            throw FileFailure(path, writing: true, .exists(advice: Files.overwriteAdvice))
        }
        try Files.write(Array(page.utf8), to: target, replacing: replacing)
    }

    /// What a file that is not a regular file is, in the reader's words; nil for a regular file.
    private static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Translation.translated("a folder")
        case S_IFCHR, S_IFBLK: return Translation.translated("a device")
        case S_IFIFO: return Translation.translated("a named pipe")
        case S_IFSOCK: return Translation.translated("a socket")
        default: return Translation.translated("not a regular file")
        }
    }
}
