import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyShell
@testable import TallyRender

/// Where `report` writes its page: a new file, or a report made again; any other file is left alone.
@Suite("Report file")
struct ReportFileTests {
    @Test func writesANewFileReplacesAReportAndLeavesAnyOtherFileAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try HostileLedger.page("report 2016 to r", in: HostileLedger.ledger())
        let report = folder.appendingPathComponent("r.html").path
        try ReportFile.write(page, named: report)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == page)
        try ReportFile.write("<!DOCTYPE html>\n\(ReportPage.generator)\nagain", named: report)
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasSuffix("again"))

        let other = folder.appendingPathComponent("notes.html").path
        try "<p>my notes</p>".write(toFile: other, atomically: true, encoding: .utf8)
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: other) }
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "<p>my notes</p>")
        // The mark counts only near the start, where a report has it.
        try (String(repeating: " ", count: ReportFile.markWithin) + ReportPage.generator).write(toFile: other, atomically: true, encoding: .utf8)
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: other) }
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: folder.path) }

        // Through a link: the report it points to is made again and the link stays; a link to another file is refused.
        let link = folder.appendingPathComponent("latest.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
        try ReportFile.write(page, named: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == report)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == page)
        let otherLink = folder.appendingPathComponent("notes-link.html").path
        try FileManager.default.createSymbolicLink(atPath: otherLink, withDestinationPath: other)
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: otherLink) }
    }
}
