import Foundation
import Testing
import TallyFixture
import TallyRender
import TallyShell

extension ManualPage.Chinese: CustomTestStringConvertible {
    var testDescription: String { language }
}

/// `man tally` under zh_CN and zh_TW: the English page in Simplified and in
/// Traditional Chinese, its options, statements, examples and file names as
/// written, so that the pages can't drift apart.
@Suite("The Chinese manual pages")
struct ChineseManualTests {
    let english: ManualPage

    init() throws {
        english = try ManualPage(ManualPage.english)
    }

    @Test("it names the version tally --version gives, and the English page's date, under a Chinese title", arguments: ManualPage.Chinese.all)
    func header(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        #expect(chinese.header.count == 5, "\(chinese.header)")
        #expect(Array(chinese.header.prefix(4)) == Array(english.header.prefix(4)), "\(chinese.header)")
        #expect(chinese.header.dropFirst(3).first == "Tally \(Tally.version)", "\(chinese.header)")
        #expect(chinese.header.last.map(EnglishProse.hasChinese) == true, "\(chinese.header)")
    }

    @Test("it has the English page's sections, with Chinese names, and its options, variables and files in the same places", arguments: ManualPage.Chinese.all)
    func structure(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        #expect(chinese.headings.count == english.headings.count, "\(chinese.headings)")
        for heading in chinese.headings {
            #expect(EnglishProse.hasChinese(heading), "\(heading)")
        }
        #expect(chinese.macros == english.macros, "\(firstDifference(chinese.macros.joined(separator: "\n"), english.macros.joined(separator: "\n")))")
    }

    @Test("every option the English page names, the Chinese page names", arguments: ManualPage.Chinese.all)
    func options(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        let option = /\\-\\-[a-z][a-z\\-]*[a-z]|\\-c\b/
        func options(_ page: ManualPage) -> Set<String> {
            Set(page.lines.flatMap { $0.matches(of: option).map { String($0.output) } })
        }
        let named = options(english)
        #expect(named.count > 10, "\(named)")
        #expect(named.subtracting(options(chinese)).isEmpty, "\(named.subtracting(options(chinese)).sorted())")
    }

    @Test("every statement, keyword, value and file name the English text sets in bold or italic, the Chinese sets alike", arguments: ManualPage.Chinese.all)
    func markedWords(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        let marked = Set(english.paragraphs.flatMap(ManualPage.marked))
        #expect(marked.count > 200, "\(marked.count)")
        let missing = marked.subtracting(chinese.paragraphs.flatMap(ManualPage.marked))
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test("the examples are the English page's, line for line; only what a line explains after them is Chinese", arguments: ManualPage.Chinese.all)
    func examples(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        #expect(chinese.examples.map(\.count) == english.examples.map(\.count))
        var explained = 0
        for (englishBlock, chineseBlock) in zip(english.examples, chinese.examples) {
            for (line, translated) in zip(englishBlock, chineseBlock) where line != translated {
                explained += 1
                // The example ends where the explanation's column begins, after two spaces or more.
                let same = String(zip(line, translated).prefix { $0 == $1 }.map(\.0))
                let example = same.range(of: "  ", options: .backwards).map { String(same[..<$0.upperBound]) } ?? ""
                let explanation = translated.dropFirst(example.count)
                #expect(!example.trimmingCharacters(in: .whitespaces).isEmpty, "\(translated)")
                #expect(!EnglishProse.hasChinese(String(line.dropFirst(example.count))), "\(line)")
                #expect(EnglishProse.hasChinese(String(explanation)), "\(translated)")
                #expect(EnglishProse.runs(in: String(explanation)).isEmpty, "\(translated)")
            }
        }
        #expect(explained == 8)
    }

    @Test("every paragraph of English prose is Chinese, with no English sentence left outside the words to type", arguments: ManualPage.Chinese.all)
    func prose(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        #expect(chinese.paragraphs.count == english.paragraphs.count)
        var translated = 0
        for (paragraph, translation) in zip(english.paragraphs, chinese.paragraphs)
        where !EnglishProse.runs(in: ManualPage.prose(of: paragraph)).isEmpty {
            translated += 1
            let prose = ManualPage.prose(of: translation)
            #expect(EnglishProse.hasChinese(prose), "\(translation)")
            #expect(EnglishProse.runs(in: prose).isEmpty, "\(EnglishProse.runs(in: prose)): \(translation)")
        }
        #expect(translated > 40, "\(translated)")
    }

    /// A roff line break is a space: between two Chinese characters, or beside
    /// a Chinese punctuation mark, it is one too many.
    @Test("no line of its text ends where roff would put a space into Chinese", arguments: ManualPage.Chinese.all)
    func lineBreaks(_ language: ManualPage.Chinese) throws {
        let chinese = try ManualPage(language.url)
        func punctuation(_ character: Character) -> Bool {
            character.unicodeScalars.contains { (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
        }
        func han(_ character: Character) -> Bool { EnglishProse.hasChinese(String(character)) }
        let fonts = /(\\f[BIRP])+/
        var joins = 0
        for run in chinese.textRuns {
            for (line, next) in zip(run, run.dropFirst()) where !line.hasSuffix("\\c") {
                joins += 1
                let end = line.replacing(fonts, with: "")
                let start = next.replacing(fonts, with: "")
                guard let last = end.last, let first = start.first else { continue }
                // A word set in bold or italic stands apart from the text beside it.
                let codeBeside = line.hasSuffix("\\fR") || next.hasPrefix("\\f")
                #expect(!punctuation(last) && !punctuation(first) && !(han(last) && han(first) && !codeBeside),
                        "\(line)\n\(next)")
            }
        }
        #expect(joins > 50, "\(joins)")
    }

    /// What `man` runs on a page at 80 columns, in plain text; `-k` reads it
    /// as UTF-8 through preconv, as man-db does, where groff 1.22 reads Latin-1.
    static let render = ["-k", "-man", "-Tutf8", "-ww", "-rLL=78n", "-P-cbou"]

    @Test("groff renders both pages without a warning, and the Chinese within 80 columns but for the English page's own long examples", arguments: ManualPage.Chinese.all)
    func renders(_ language: ManualPage.Chinese) async throws {
        try await withSandbox { sandbox in
            let englishPage = try await Tool.run("groff", Self.render + [ManualPage.english.path], in: sandbox)
            let chinesePage = try await Tool.run("groff", Self.render + [language.url.path], in: sandbox)
            #expect(englishPage.status == 0 && englishPage.stderr.isEmpty, "\(englishPage.stderr)")
            #expect(chinesePage.status == 0 && chinesePage.stderr.isEmpty, "\(chinesePage.stderr)")
            #expect(chinesePage.stdout.contains("\n       \(language.name)\n"), "\(chinesePage.stdout)")
            let englishLines = Set(englishPage.stdout.split(separator: "\n"))
            for line in chinesePage.stdout.split(separator: "\n") where TerminalText.width(String(line)) > 80 {
                #expect(englishLines.contains(line), "\(line)")
            }
        }
    }

    /// What `page` says in its own words: its title, headings and prose, and
    /// what its example lines explain, without the words to type.
    func ownWords(of page: ManualPage) -> [String] {
        let explanations = zip(english.examples.joined(), page.examples.joined()).compactMap { line, translated in
            line == translated ? nil : String(translated.dropFirst(zip(line, translated).prefix { $0 == $1 }.count))
        }
        return page.header.suffix(1) + page.headings + page.paragraphs.map(ManualPage.prose) + explanations
    }

    @Test("the Traditional page says everything in Traditional characters; only words to type, as the English page has them, are Simplified")
    func traditionalScript() throws {
        func simplified(_ language: ManualPage.Chinese) throws -> [String] {
            try ownWords(of: ManualPage(language.url)).filter { !ChineseText.simplifiedOnly.isDisjoint(with: $0) }
        }
        // The same look finds the Simplified page written in Simplified.
        #expect(try simplified(.simplified).count > 40)
        let left = try simplified(.traditional)
        #expect(left.isEmpty, "\(left.joined(separator: "\n"))")
    }

    /// groff may break a line between any two Chinese characters, and so
    /// inside `昨天` or `25元`, where the page does not glue them with `\&`.
    @Test("no word to type with a Chinese character in it is broken across two lines, at any width", arguments: ManualPage.Chinese.all)
    func wholeWordsToType(_ language: ManualPage.Chinese) async throws {
        let chinese = try ManualPage(language.url)
        let words = Set(chinese.paragraphs.flatMap(ManualPage.marked).map { String($0.dropFirst(2)) }.filter(EnglishProse.hasChinese))
        #expect(words.count >= 7, "\(words)")
        try await withSandbox { sandbox in
            for width in stride(from: 50, through: 120, by: 5) {
                let page = try await Tool.run("groff", ["-k", "-man", "-Tutf8", "-rLL=\(width)n", "-P-cbou", language.url.path], in: sandbox)
                let broken = words.filter { !page.stdout.contains($0) }
                #expect(broken.isEmpty, "at \(width) columns: \(broken.sorted())")
            }
        }
    }

    /// groff 1.22 loops for ever on a Latin word wider than the rest of a
    /// line after a Chinese character: `MANWIDTH=30 man tally` must still end.
    @Test("a terminal narrower than the page's longest words still gets the page, set at 40 columns", arguments: ManualPage.Chinese.all)
    func narrowTerminals(_ language: ManualPage.Chinese) async throws {
        try await withSandbox { sandbox in
            for width in [20, 30, 34] {
                // A limit of CPU time ends a looping troff with SIGKILL, which nothing blocks.
                let groff = "ulimit -t 20; exec groff -k -man -Tutf8 -rLL=\(width)n -P-cbou '\(language.url.path)'"
                let page = try await Tool.run("sh", ["-c", groff], in: sandbox)
                #expect(page.status == 0, "at \(width) columns: \(page.status)")
                #expect(page.stdout.contains("\n       \(language.name)\n"))
            }
        }
    }
}
