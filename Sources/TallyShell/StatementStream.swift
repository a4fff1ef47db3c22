#if canImport(Glibc)
import Glibc
#endif

/// Statements read from a pipe as they arrive: each is handed on as soon as
/// its line is complete, so a program can drive Tally line by line and see
/// each answer before it writes the next statement.
public final class StatementStream {
    /// Some lines read from the stream, numbered from `firstLine`.
    public enum Piece: Sendable, Equatable {
        /// One line, or several joined by a trailing `\`.
        case lines(String, firstLine: Int)
        /// A statement longer than a script may be; it was skipped.
        case tooLong(firstLine: Int)
    }

    private let descriptor: Int32
    /// Bytes read but not yet handed on start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var nextLine = 1

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next statement's lines, or nil at the end of the stream.
    public func next() -> Piece? {
        let firstLine = nextLine
        var text: [UInt8] = []
        var tooLong = false
        while let line = readLine() {
            nextLine += 1
            tooLong = tooLong || line.tooLong || text.count + line.bytes.count > ScriptFile.maximumSize
            if !tooLong { text += line.bytes }
            // The line break stays: it ends the statement as it would in a file.
            if line.ended { text.append(UInt8(ascii: "\n")) }
            guard ScriptSource.continues(line.bytes) else { break }
        }
        if tooLong { return .tooLong(firstLine: firstLine) }
        return nextLine == firstLine ? nil : .lines(String(decoding: text, as: UTF8.self), firstLine: firstLine)
    }

    /// One line without its line break, or nil at the end. Of a line longer
    /// than a script may be, only the fact is kept: memory stays bounded
    /// whatever arrives.
    private func readLine() -> (bytes: [UInt8], tooLong: Bool, ended: Bool)? {
        var line: [UInt8] = []
        var tooLong = false
        var readAny = false
        while true {
            if start == buffer.count {
                guard !atEnd, fill() else {
                    atEnd = true
                    return readAny ? (line, tooLong, false) : nil
                }
            }
            readAny = true
            let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n"))
            let piece = buffer[start..<(newline ?? buffer.count)]
            if line.count + piece.count > ScriptFile.maximumSize {
                tooLong = true
            } else {
                line += piece
            }
            if let newline {
                start = newline + 1
                return (line, tooLong, true)
            }
            start = buffer.count
        }
    }

    /// Waits for the stream's next bytes; false at its end.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer = Array(chunk[0..<count])
            start = 0
            return true
        }
    }
}
