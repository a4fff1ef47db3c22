#if canImport(Glibc)
import Glibc
#endif
import TallyCore

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

    /// How a write that Ctrl-C may stop ended.
    enum Written: Equatable {
        case all
        /// Ctrl-C stopped it at the end of a line; what follows was left out.
        case stopped
        case failed(String)
    }

    /// Bytes written at once before `interruption` is looked at again, rounded up to the end of a line.
    static let stretch = 2048

    /// Writes `bytes` a stretch of lines at a time. Once Ctrl-C is pressed
    /// the line being written is finished and the rest left out, so nothing
    /// is cut inside a line, a character or a colour code. A socket (the
    /// pager's) is sent to without SIGPIPE: a pager that quits early is no failure.
    static func writeLines(_ all: [UInt8], to descriptor: Int32, stoppingAt interruption: Interruption?, socket: Bool = false) -> Written {
        var start = 0
        while start < all.count {
            if start > 0, interruption?.stops() == true { return .stopped }
            let stretchEnd = min(start + stretch, all.count) - 1
            var end = (all[stretchEnd...].firstIndex(of: 0x0A) ?? all.count - 1) + 1
            var position = start
            while position < end {
                let written = all[position..<end].withUnsafeBytes { bytes in
                    socket ? send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                        : Glibc.write(descriptor, bytes.baseAddress, bytes.count)
                }
                if written < 0 && errno != EINTR {
                    if socket && errno == EPIPE { return .stopped }
                    return .failed(String(cString: strerror(errno)))
                }
                position += max(0, written)
                if interruption?.isRequested == true, position < end {
                    // Stopped inside the stretch: only the line under way is finished.
                    guard position > 0, all[position - 1] != 0x0A else {
                        _ = interruption?.stops()
                        return .stopped
                    }
                    end = (all[position..<end].firstIndex(of: 0x0A) ?? end - 1) + 1
                }
            }
            start = end
        }
        return .all
    }
}
