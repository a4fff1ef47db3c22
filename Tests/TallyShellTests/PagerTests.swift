import Foundation
import Glibc
import Testing
import TallyCore
import TallyLanguage
@testable import TallyShell

/// Which pager the REPL runs, and when a result goes through it.
@Suite final class PagerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-pager-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/bin/less", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func pagerIsRunByTheShell() throws {
        let pager = try #require(Pager.find(environment: ["PAGER": "most -s", "PATH": folder + "/bin"]))
        #expect(pager.arguments == ["/bin/sh", "-c", "most -s"])
        #expect(pager.command == "most -s")
    }

    @Test(arguments: [nil, "", "  "])
    func withoutPagerLessFromThePathIsRun(pager: String?) throws {
        var environment = ["PATH": "\(folder)/empty:relative:\(folder)/bin"]
        environment["PAGER"] = pager
        let found = try #require(Pager.find(environment: environment))
        #expect(found.arguments == [folder + "/bin/less", "-FRX"])
        #expect(found.command == "less -FRX")
    }

    @Test func withoutPagerOrLessThereIsNone() {
        #expect(Pager.find(environment: ["PATH": folder + "/empty"]) == nil)
        #expect(Pager.find(environment: [:]) == nil)
    }

    /// `lines` lines of `width` characters each.
    func text(lines: Int, width: Int = 10) -> String {
        Array(repeating: String(repeating: "x", count: width), count: lines).joined(separator: "\n")
    }

    @Test func onPagesWhatWouldPushItsFirstLineOffTheScreen() {
        // The prompt takes the screen's last row.
        #expect(!Pager.takes(text(lines: 39), mode: .on, rows: 40, columns: 120))
        #expect(Pager.takes(text(lines: 40), mode: .on, rows: 40, columns: 120))
        // Lines wider than the screen wrap: 20 lines of 130 columns take 40 rows.
        #expect(Pager.takes(text(lines: 20, width: 130), mode: .on, rows: 40, columns: 120))
        #expect(!Pager.takes(text(lines: 19, width: 130), mode: .on, rows: 40, columns: 120))
        // A terminal whose height is not known is not paged.
        #expect(!Pager.takes(text(lines: 500), mode: .on, rows: 0, columns: 120))
    }

    @Test func colourCodesTakeNoRoom() {
        let painted = Array(repeating: "\u{1B}[31m" + String(repeating: "x", count: 118) + "\u{1B}[0m", count: 39).joined(separator: "\n")
        #expect(!Pager.takes(painted, mode: .on, rows: 40, columns: 120))
    }

    @Test func alwaysAndOffAsTheySay() {
        #expect(Pager.takes("1", mode: .always, rows: 40, columns: 120))
        #expect(!Pager.takes(text(lines: 500), mode: .off, rows: 40, columns: 120))
    }
}

/// Writing a result that Ctrl-C may stop: whole lines only.
@Suite struct StoppedWritingTests {
    /// What `writeLines` put into a pipe.
    func written(_ text: String, interruption: Interruption?) throws -> (Descriptor.Written, String) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Bigger than the text, so no write waits for the reader.
        _ = fcntl(ends[1], 1031, 1 << 20)  // F_SETPIPE_SZ
        let outcome = Descriptor.writeLines(Array(text.utf8), to: ends[1], stoppingAt: interruption)
        close(ends[1])
        return (outcome, String(decoding: FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile(), as: UTF8.self))
    }

    static let text = (1...5_000).map { "line \($0) of a long result" }.joined(separator: "\n") + "\n"

    @Test func withoutCtrlCEverythingIsWritten() throws {
        let interruption = Interruption()
        let (outcome, text) = try written(Self.text, interruption: interruption)
        #expect(outcome == .all)
        #expect(text == Self.text)
        #expect(!interruption.leftOut)
    }

    @Test func afterCtrlCOneStretchOfWholeLinesIsWritten() throws {
        let interruption = Interruption()
        interruption.request()
        let (outcome, text) = try written(Self.text, interruption: interruption)
        #expect(outcome == .stopped)
        #expect(interruption.leftOut)
        #expect(text.hasSuffix("\n") && Self.text.hasPrefix(text))
        #expect(text.utf8.count >= Descriptor.stretch && text.utf8.count < Descriptor.stretch + 40, "\(text.utf8.count) bytes")
    }

    @Test func aShortResultIsWrittenWholeAfterCtrlC() throws {
        let interruption = Interruption()
        interruption.request()
        let (outcome, text) = try written("added #1  2016-07-20  expense  5.00  food\n", interruption: interruption)
        #expect(outcome == .all)
        #expect(text == "added #1  2016-07-20  expense  5.00  food\n")
    }
}
