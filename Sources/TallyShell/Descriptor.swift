#if canImport(Glibc)
import Glibc
#endif

/// Writing to an open file descriptor, for the terminal and for files alike.
enum Descriptor {
    /// Writes all of `bytes`, or says why it could not: a short write is
    /// carried on from where it stopped, an interrupted one is tried again.
    static func writeAll(_ all: [UInt8], to descriptor: Int32) -> String? {
        var bytes = all[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
