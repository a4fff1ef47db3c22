import Foundation
import Testing
@testable import TallyRender

/// Every word the tables show in the reader's language has its entry in both
/// catalogues, and the catalogues hold no word the tables have let go of.
@Suite("Catalogues")
struct CatalogueTests {
    /// Each msgid of `po/LANGUAGE.po` and its msgstr.
    static func entries(_ language: String) throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let lines = try String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8).split(separator: "\n")
        var entries: [String: String] = [:]
        for (id, text) in zip(lines, lines.dropFirst()) where id.hasPrefix("msgid \"") && text.hasPrefix("msgstr \"") {
            entries[String(id.dropFirst(7).dropLast())] = String(text.dropFirst(8).dropLast())
        }
        entries[""] = nil
        return entries
    }

    @Test(arguments: ["zh_CN", "zh_TW"])
    func everyTableWordIsTranslated(language: String) throws {
        let entries = try CatalogueTests.entries(language)
        for word in TableWords.all.sorted() {
            #expect(entries[word].map { !$0.isEmpty && $0 != word } == true, "po/\(language).po has no word for '\(word)'")
        }
        #expect(Set(entries.keys) == TableWords.all, "po/\(language).po holds words no table shows: \(Set(entries.keys).subtracting(TableWords.all))")
    }

    @Test func theScriptsDiffer() throws {
        let simplified = try CatalogueTests.entries("zh_CN")
        let traditional = try CatalogueTests.entries("zh_TW")
        #expect(simplified["category"] == "类别" && traditional["category"] == "類別")
        #expect(simplified["total"] == "总计" && traditional["total"] == "總計")
    }
}
