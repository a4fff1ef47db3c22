import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyShell

/// Where `report` writes its page: a new file, or with `overwrite` one that is there, as `export` replaces a file.
@Suite("Report file")
struct ReportFileTests {
    @Test func writesANewFileAndReplacesOneOnlyWhenAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try HostileLedger.page("report 2016 to r", in: HostileLedger.ledger())
        let report = folder.appendingPathComponent("r.html").path
        try ReportFile.write(page, named: report, replacing: false)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == page)
        // An earlier report is a file like any other: replaced only when asked.
        #expect(throws: FileFailure(report, writing: true, .exists(advice: "add 'overwrite' to replace it"))) {
            try ReportFile.write("again", named: report, replacing: false)
        }
        #expect(try String(contentsOfFile: report, encoding: .utf8) == page)
        try ReportFile.write("again", named: report, replacing: true)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "again")

        let other = folder.appendingPathComponent("notes.html").path
        try "<p>my notes</p>".write(toFile: other, atomically: true, encoding: .utf8)
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: other, replacing: false) }
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "<p>my notes</p>")
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: folder.path, replacing: true) }

        // Through a link: the file it points to is replaced and the link stays.
        let link = folder.appendingPathComponent("latest.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
        #expect(throws: FileFailure.self) { try ReportFile.write(page, named: link, replacing: false) }
        try ReportFile.write(page, named: link, replacing: true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == report)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == page)
    }
}
