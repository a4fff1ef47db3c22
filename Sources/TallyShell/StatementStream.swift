#if canImport(Glibc)
import Glibc
#endif
import TallyCore

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
    /// Set after a line too long to keep: the rest of it is passed over.
    private var skippingLine = false

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a whole statement has arrived, so `next` returns it without
    /// waiting: it is read already, or waiting in the pipe.
    /// One more read at most: a line that has not ended after it is no statement yet.
    public func wholeStatementHasArrived() -> Bool {
        if atEnd { return true }
        if skippingLine { return false }
        if bufferHoldsStatement { return true }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return false }
        if !fill() { atEnd = true }
        return atEnd || bufferHoldsStatement
    }

    /// Whether the bytes read hold a line that is not continued on the next.
    private var bufferHoldsStatement: Bool {
        var lineStart = start
        while let newline = buffer[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            if !ScriptSource.continues(buffer[lineStart..<newline]) { return true }
            lineStart = newline + 1
        }
        return false
    }

    /// The next statement's lines, or nil at the end of the stream.
    public func next() -> Piece? {
        if skippingLine { skipRestOfLine() }
        let firstLine = nextLine
        var text: [UInt8] = []
        while let line = readLine(room: FileContent.script.limit - text.count) {
            guard line.fits else {
                // Said at once, not when the line ends: it may never end.
                skippingLine = !line.ended
                if line.ended { nextLine += 1 }
                return .tooLong(firstLine: firstLine)
            }
            text += line.bytes
            guard line.ended else { break }
            nextLine += 1
            // The line break stays: it ends the statement as it would in a file.
            text.append(UInt8(ascii: "\n"))
            guard ScriptSource.continues(line.bytes) else { break }
        }
        return nextLine == firstLine && text.isEmpty ? nil : .lines(String(decoding: text, as: UTF8.self), firstLine: firstLine)
    }

    /// One line without its line break, or nil at the end; `fits` is false,
    /// and what was read of the line dropped, once it passes `room` bytes.
    /// Memory stays bounded whatever arrives.
    private func readLine(room: Int) -> (bytes: [UInt8], fits: Bool, ended: Bool)? {
        var line: [UInt8] = []
        var readAny = false
        while true {
            if start == buffer.count {
                guard !atEnd, fill() else {
                    atEnd = true
                    return readAny ? (line, true, false) : nil
                }
            }
            readAny = true
            let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n"))
            let piece = buffer[start..<(newline ?? buffer.count)]
            start = newline.map { $0 + 1 } ?? buffer.count
            guard line.count + piece.count <= room else { return ([], false, newline != nil) }
            line += piece
            if newline != nil { return (line, true, true) }
        }
    }

    /// Passes over what is left of a line too long to keep, up to its line break.
    private func skipRestOfLine() {
        while true {
            if start == buffer.count {
                guard !atEnd, fill() else {
                    atEnd = true
                    break
                }
            }
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                start = newline + 1
                nextLine += 1
                break
            }
            start = buffer.count
        }
        skippingLine = false
    }

    /// Waits for the stream's next bytes; false at its end.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer = Array(buffer[start...]) + chunk[0..<count]
            start = 0
            return true
        }
    }
}
