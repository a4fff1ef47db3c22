import Foundation
import Glibc
import Testing
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

    @Test func givesNothingForNothing() {
        #expect(pieces("") == [])
    }

    @Test(arguments: [1, 1 << 20])
    func refusesALineLongerThanAScriptMayBeAndGoesOn(past: Int) {
        let long = String(repeating: "x", count: ScriptFile.maximumSize + past)
        #expect(pieces("count\n" + long + "\ncount\n") == [
            .lines("count\n", firstLine: 1),
            .tooLong(firstLine: 2),
            .lines("count\n", firstLine: 3),
        ])
    }
}
