#if canImport(Glibc)
import Glibc
#endif

/// Reading script files: `tally FILE`, `run FILE` and the start-up script.
public enum ScriptFile {
    /// The text of the file at `path` (`~/` is the home folder), or nil when it
    /// cannot be read; `lastError` then says why.
    public static func read(_ path: String) -> String? {
        let expanded = path.hasPrefix("~/") ? (home ?? "~") + path.dropFirst(1) : path
        let descriptor = open(expanded, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor)
    }

    /// Everything left on `descriptor`, as UTF-8.
    public static func readAll(_ descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static var lastError: String {
        String(cString: strerror(errno))
    }

    private static var home: String? {
        getenv("HOME").map { String(cString: $0) }
    }
}
