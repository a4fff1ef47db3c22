#if canImport(Glibc)
import Glibc
#endif

/// Why a script could not be read.
public struct ScriptFileError: Error, Sendable {
    public let message: String
}

/// Reading script files: `tally FILE`, `run FILE` and the start-up script.
/// A script is a regular file of at most `maximumSize` bytes, so that
/// `run /dev/zero` or a runaway file is refused instead of filling memory.
public enum ScriptFile {
    /// 64 MiB: far beyond any script a person writes or a program generates for Tally.
    public static let maximumSize = 64 << 20

    /// The text of the regular file at `path` (`~/` is the home folder).
    public static func read(_ path: String) throws(ScriptFileError) -> String {
        String(decoding: try bytes(of: path, limit: maximumSize, tooLarge: tooLarge), as: UTF8.self)
    }

    /// The bytes of the regular file at `path`, refused past `limit`.
    static func bytes(of path: String, limit: Int, tooLarge: ScriptFileError) throws(ScriptFileError) -> [UInt8] {
        // Without waiting: opening a named pipe would otherwise wait for a writer, before it could be refused.
        let descriptor = open(expand(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw lastError }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw lastError }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ScriptFileError(message: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a folder" : "it is not a regular file")
        }
        guard info.st_size <= limit else { throw tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        try readAll(descriptor, into: &bytes, limit: limit, tooLarge: tooLarge)
        return bytes
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

    static let tooLarge = ScriptFileError(message: "a script may be at most \(maximumSize >> 20) MiB")

    /// Appends what `descriptor` has to `bytes`, up to the end or past `limit` bytes.
    private static func readAll(_ descriptor: Int32, into bytes: inout [UInt8], limit: Int, tooLarge: ScriptFileError) throws(ScriptFileError) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw lastError
            }
            if count == 0 { return }
            bytes += buffer[0..<count]
            // The file may have grown since it was measured.
            if bytes.count > limit { throw tooLarge }
        }
    }

    private static var lastError: ScriptFileError {
        ScriptFileError(message: String(cString: strerror(errno)))
    }

    /// The path with a leading `~/` made the home folder.
    static func expand(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst(1)
    }
}
