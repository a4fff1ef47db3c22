#if canImport(Glibc)
import Glibc
#endif
import TallyCore

/// The one way Tally reads and writes the user's files: scripts, imports,
/// photos, exports, reports. A file is read whole only when it is a regular
/// file within the size its content may have; a file is written whole or not
/// at all, and never over another unless the statement says `overwrite`.
public enum Files {
    /// What every statement that writes a file says when one is there already.
    static var overwriteAdvice: String { Translation.translated("add 'overwrite' to replace it") }

    /// The bytes of the regular file at `path` (`~/` is the home folder), refused past `content`'s limit.
    public static func read(_ path: String, as content: FileContent) throws(FileFailure) -> [UInt8] {
        // Without waiting: opening a named pipe would otherwise wait for a writer, before it could be refused.
        let descriptor = open(expand(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw systemFailure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw systemFailure(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileFailure(path, (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .notARegularFile)
        }
        let tooLarge = FileFailure(path, .tooLarge(content, size: Int64(info.st_size)))
        guard info.st_size <= content.limit else { throw tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemFailure(path)
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            // The file may have grown since it was measured.
            if bytes.count > content.limit { throw tooLarge }
        }
    }

    /// The text of the script at `path`.
    public static func readScript(_ path: String) throws(FileFailure) -> String {
        String(decoding: try read(path, as: .script), as: UTF8.self)
    }

    /// Writes `bytes` to `path`, as `FileWriter` writes a file: an existing
    /// one is refused unless `replacing`, and then stays whole until the new
    /// one is.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(FileFailure) {
        let writer = try FileWriter(path: path, replacing: replacing)
        try writer.write(bytes)
        try writer.finish()
    }

    /// An empty file made beside `path`, for a copy that becomes `path`
    /// once whole (`placeNew`); refused when something is at `path` already,
    /// unless `replacing` a regular file.
    static func temporary(beside path: String, replacing: Bool) throws(FileFailure) -> String {
        let target = expand(path)
        var info = stat()
        if stat(target, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw FileFailure(path, writing: true, .folder) }
            guard replacing else { throw FileFailure(path, writing: true, .exists(advice: overwriteAdvice)) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileFailure(path, writing: true, .notARegularFile) }
        }
        var template = Array((target + ".tally-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw systemFailure(path, writing: true) }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Gives the whole file `temporary` the name `path`: when `replacing`,
    /// over what is there; else unless a file of that name appeared
    /// meanwhile, since a link, unlike a rename, never replaces one.
    static func placeNew(_ temporary: String, at path: String, replacing: Bool) throws(FileFailure) {
        defer { unlink(temporary) }
        if replacing {
            guard rename(temporary, expand(path)) == 0 else { throw systemFailure(path, writing: true) }
            return
        }
        guard link(temporary, expand(path)) == 0 else {
            throw errno == EEXIST ? FileFailure(path, writing: true, .exists(advice: overwriteAdvice)) : systemFailure(path, writing: true)
        }
    }

    /// Whether `path` is one of `files`, by what the system says it is, whatever its name.
    static func isOne(of files: [String], _ path: String) -> Bool {
        var info = stat()
        guard stat(expand(path), &info) == 0 else { return false }
        return files.contains { file in
            var other = stat()
            return stat(expand(file), &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino
        }
    }

    /// The size of the file at `path` in bytes, 0 when there is none.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(expand(path), &info) == 0 ? Int(info.st_size) : 0
    }

    /// Whether anything is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(expand(path), &info) == 0
    }

    /// Whether `path` is a pipe or socket, whose statements are read as they come.
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(expand(path), &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFIFO || (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// The path with a leading `~/` made the home folder.
    static func expand(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst(1)
    }

    private static func systemFailure(_ path: String, writing: Bool = false) -> FileFailure {
        FileFailure(path, writing: writing, .system(String(cString: strerror(errno))))
    }
}
