import Foundation
import Testing
@testable import TallyRender
@testable import TallyShell
import TallyFixture

/// Every text the sources mark for translation, the tables' words among
/// them, and every note of the grammar help shows, has its entry in both
/// catalogues, and the catalogues hold nothing the sources have let go of.
@Suite("Catalogues")
struct CatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each msgid of a catalogue or template and its msgstr, as `make pot`
    /// and msgmerge write them, a line each; one said in a context is named
    /// `CONTEXT\u{4}MSGID`, as gettext looks it up.
    static func entries(_ file: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        var id: String?
        var context: String?
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("msgctxt \"") {
                context = String(line.dropFirst(9).dropLast())
            } else if line.hasPrefix("msgid \"") {
                id = (context.map { $0 + "\u{4}" } ?? "") + String(line.dropFirst(7).dropLast())
                context = nil
            } else if let text = ["msgstr \"", "msgstr[0] \""].first(where: line.hasPrefix), let entry = id {
                // A plural entry is named by its singular, and its one Chinese form is its translation.
                entries[entry] = String(line.dropFirst(text.count).dropLast())
                id = nil
            }
        }
        entries[""] = nil
        return entries
    }

    static func catalogue(_ language: String) throws -> [String: String] {
        try entries(root.appendingPathComponent("po/\(language).po"))
    }

    /// What the sources mark for translation, read by xgettext as `make pot`
    /// reads it, and the grammar's notes as help reads them (`make pot`
    /// reads them with po/grammar-notes.awk): the catalogues holding the
    /// same notes is what shows the two read them alike.
    static func marked() throws -> Set<String> {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("tally-\(UUID().uuidString).pot")
        defer { try? FileManager.default.removeItem(at: template) }
        let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/" + $0 }
        let extract = Process()
        extract.executableURL = URL(fileURLWithPath: "/usr/bin/xgettext")
        extract.currentDirectoryURL = root
        extract.arguments = ["--language=C", "--from-code=UTF-8", "--keyword=catalogued", "--keyword=translated", "--keyword=plural:1,2",
                             "--keyword=said", "--keyword=counted:1,2", "--keyword=contextual:1c,2", "--keyword=words", "--no-location", "--no-wrap", "--sort-output", "-o", template.path] + sources
        extract.standardError = FileHandle.nullDevice
        try extract.run()
        extract.waitUntilExit()
        #expect(extract.terminationStatus == 0, "xgettext, which make installs with gettext")
        return Set(try entries(template).keys).union(Grammar.shipped.notes.map(escaped))
    }

    /// `text` as a catalogue writes it between the quotes of a msgid.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    @Test func theGrammarsNotesAreAmongWhatIsTranslated() throws {
        let notes = Grammar.shipped.notes
        #expect(notes.count > 50, "\(notes.count)")
        #expect(notes.contains("WEEK is an ISO 8601 week: 2015-w53 exists, 2016-w53 does not."))
        // A paragraph of a note that has two is its own text, its lines joined by single spaces.
        #expect(notes.contains { $0.hasPrefix("Each day that comes is posted as an ordinary bill dated its own day, as a session starts") })
        #expect(!notes.contains { $0.contains("\n") || $0.contains("(*") || $0.contains("*)") || $0.hasPrefix(" ") || $0.hasSuffix(" ") })
        #expect(!notes.contains { $0.hasPrefix("example:") || $0.hasPrefix("----") })
        let simplified = try CatalogueTests.catalogue("zh_CN")
        for note in notes {
            #expect(simplified[CatalogueTests.escaped(note)].map(EnglishProse.hasChinese) == true, "po/zh_CN.po has no Chinese for the note \"\(note)\"")
        }
    }

    @Test(arguments: ["zh_CN", "zh_TW"])
    func everyMarkedTextIsTranslated(language: String) throws {
        let entries = try CatalogueTests.catalogue(language)
        let marked = try CatalogueTests.marked()
        #expect(marked.isSuperset(of: TableWords.all))
        for text in marked.sorted() {
            #expect(entries[text].map { !$0.isEmpty && $0 != text } == true, "po/\(language).po has nothing for \"\(text)\"")
        }
        #expect(Set(entries.keys) == marked, "po/\(language).po holds what no source says: \(Set(entries.keys).subtracting(marked))")
    }

    /// What the English itself holds in Chinese (a bank file's header, such as 交易时间) is data, kept as written.
    @Test("no Traditional entry writes a character only Simplified writes, but in what it quotes or the English holds")
    func traditionalIsTraditional() throws {
        let traditional = try CatalogueTests.catalogue("zh_TW")
        #expect(traditional.count > 1000)
        for (english, chinese) in traditional {
            let simplified = EnglishProse.unquoted(chinese).filter { ChineseText.simplifiedOnly.contains($0) && !english.contains($0) }
            #expect(simplified.isEmpty, "po/zh_TW.po, \"\(english)\": \(simplified) in \(chinese)")
        }
    }

    @Test func theScriptsDiffer() throws {
        let simplified = try CatalogueTests.catalogue("zh_CN")
        let traditional = try CatalogueTests.catalogue("zh_TW")
        #expect(simplified["category"] == "类别" && traditional["category"] == "類別")
        #expect(simplified["total"] == "总计" && traditional["total"] == "總計")
    }
}
