#if canImport(Glibc)
import Glibc
#endif

/// Where results and errors go. Results to stdout and nothing else does;
/// errors and questions to stderr.
public protocol Output: AnyObject {
    func result(_ text: String)
    func error(_ text: String)
}

/// Writes straight to the file descriptors, unbuffered, so results and errors
/// interleave in the order they happened.
public final class StandardOutput: Output {
    public init() {}

    public func result(_ text: String) {
        StandardOutput.write(text + "\n", to: 1)
    }

    public func error(_ text: String) {
        StandardOutput.write(text + "\n", to: 2)
    }

    public static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
