import Foundation
import Glibc
import Testing
import TallyCore
@testable import TallyShell

/// Statements read from a pipe, a line (or a continued group of lines) at a time.
@Suite struct StatementStreamTests {
    /// The pieces a stream of `text` gives, with the write end closed at the end.
    func pieces(_ text: String) -> [StatementStream.Piece] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let stream = StatementStream(descriptor: ends[0])
        let bytes = Array(text.utf8)
        let writeEnd = ends[1]
        let writer = Thread {
            _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        var result: [StatementStream.Piece] = []
        while let piece = stream.next() { result.append(piece) }
        close(ends[0])
        return result
    }

    @Test func givesEachLineWithItsNumberAndJoinsContinuedLines() {
        #expect(pieces("count\nsum expense \\\n  by month\n\nlist") == [
            .lines("count\n", firstLine: 1),
            .lines("sum expense \\\n  by month\n", firstLine: 2),
            .lines("\n", firstLine: 4),
            .lines("list", firstLine: 5),
        ])
    }

    /// What has arrived decides whether a gathered change is committed
    /// before reading on: a statement not yet whole may be a long wait away.
    @Test func saysWhetherAWholeStatementHasArrived() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let stream = StatementStream(descriptor: ends[0])
        #expect(!stream.wholeStatementHasArrived())
        _ = "count\nsum \\\n".withCString { write(ends[1], $0, 12) }
        #expect(stream.next() == .lines("count\n", firstLine: 1))
        #expect(!stream.wholeStatementHasArrived(), "a line that goes on is not a whole statement")
        _ = "expense\nlist".withCString { write(ends[1], $0, 12) }
        #expect(stream.wholeStatementHasArrived())
        #expect(stream.next() == .lines("sum \\\nexpense\n", firstLine: 2))
        #expect(!stream.wholeStatementHasArrived(), "a last line without its line break may still grow")
        close(ends[1])
        #expect(stream.next() == .lines("list", firstLine: 4))
        #expect(stream.wholeStatementHasArrived(), "at the end nothing more is waited for")
        #expect(stream.next() == nil)
    }

    @Test func givesNothingForNothing() {
        #expect(pieces("") == [])
    }

    @Test(arguments: [1, 1 << 20])
    func refusesALineLongerThanAScriptMayBeAndGoesOn(past: Int) {
        let long = String(repeating: "x", count: FileContent.script.limit + past)
        #expect(pieces("count\n" + long + "\ncount\n") == [
            .lines("count\n", firstLine: 1),
            .tooLong(firstLine: 2),
            .lines("count\n", firstLine: 3),
        ])
    }
}
