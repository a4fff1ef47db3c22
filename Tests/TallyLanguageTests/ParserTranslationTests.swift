import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage

/// What the parser says it expected where a statement goes wrong, in the
/// reader's language: made as the diagnostic is, so each mistake is read
/// again under a Chinese locale on this thread.
@Suite("Parser: what it expected, in Chinese")
struct ParserTranslationTests {
    /// Statements the parser refuses, a few for each thing it may say it expected.
    static let statements = [
        "books extra", "(", "forget", "run", "undo x", "changes x", "book add travel currency", "book rename a to", "set", "set color",
        "save", "book frob",
        "account add", "account add card foo", "account rename cash to", "account archive", "account archive travel:",
        "transfer 100 (", "transfer 100 from cash to card foo", "account add card kind x",
        "-25 food #x with", "every month -5 food #x (", "-25 food #x (", "add 5 food at", "add food",
        "edit where amount > 5", "edit #1", "edit #1 amount 5", "edit #1 remark=", "edit #1 place=", "edit #1 tags=(,)", "edit #1 tags=(a b)",
        "edit #1 tags=5", "edit #1 tags=+x", "delete", "show", "delete #1 x",
        "category add food", "category add food expense alias", "category rename a to", "category alias food",
        "category unalias food", "category alias food a (", "category unarchive", "category move food to x", "categories x",
        "categories expense all x", "tag rename", "tag rename #a", "category icon food", "25", "use",
        "count where (amount > 5", "count where category in food", "count where category in ()", "count where category in (a b)",
        "count where and", "count where 5", "count where amount 5", "count where category < 5", "count where amount ~ 5",
        "count where amount = x", "count where id = x", "count where photos = x", "count where kind = x", "count where weekday = 5",
        "sum where category=",
        "import", "import a.csv with", "import a.csv frob", "profile add mybank frob", "import a.csv skip x", "import a.csv encoding",
        "import a.csv dates x", "import a.csv currency", "import a.csv footer", "import a.csv separator 5", "import a.csv columns date",
        "import a.csv columns (date 1)", "import a.csv columns (date=1 amount=2)", "import a.csv columns (date=0)",
        "import a.csv columns (date=)", "import a.csv columns (=", "import a.csv skip where 1 x", "import a.csv skip where 1 =",
        "import a.csv kinds x", "import a.csv kinds (5", "import a.csv kinds (DR expense)", "import a.csv kinds (DR=)",
        "import a.csv kinds (DR=expense x)", "import a.csv set category food", "import a.csv set category=", "import a.csv decimal x",
        "export", "export a.csv frob", "backup", "report to.html", "report x", "report in 2016 x", "report where amount > 5 x",
        "report in 2016 where amount > 5 x", "report to",
        "save x (5) sum", "save x (a b) sum",
        "count in x", "count last days", "count this x", "count next x", "count last 1.5 days", "count last 3 x", "count in 2016-x3",
        "count on jul x", "count on x", "count on 2016", "count on 2016-07", "count on 7", "count on 07-123", "count in 2016-07-123",
        "count in 2016/x", "months 16",
        "profile add", "profile add mybank", "profile delete", "profile", "rule move #1 to x", "rule delete 3", "rule",
        "rule remark ~ x category", "rule remark ~ x => tags", "rule remark ~ x => place", "rule remark ~ x => remark",
        "rule remark ~ x => account", "rule remark ~ x => frob",
        "sum \"x\"", "sum expense whre", "sum where amount > 5 expense", "sum income where amount > 5 expense", "list limit x",
        "sum by category top x", "sum by 5", "sum as 5", "sum by category order by 5", "sum by category order by month",
        "rate 5", "rate USD x", "rate USD 7",
        "every month", "every 1.5 days", "every x", "every 2 x", "every week on x", "every month on x", "every year on last",
        "every year on", "every year on 03n -9 study", "every month -5 food 1.5 times", "every month -5 food 3 times until 2017",
        "pause recurring",
        "search", "attach #1", "extract #1 1", "detach #1 x",
    ]

    /// Statements the evaluator refuses, naming what there is to choose from.
    static let evaluated = ["use zzzzq", "detail zzzzq", "count where account = zzzzq"]

    /// Texts made in the parser's files that no statement can bring out: each
    /// guards a case the grammar has ruled out before it.
    static let unreachable: Set<String> = [
        // `name` is only asked once a word or a string is there.
        "an account",
        // A sign joins another term only when a number follows it.
        "a number after '%s'",
        // `import rates` is read so only when something follows it.
        "a CSV file of rates, with the columns date, currency, rate and in",
        // `rule delete` and `rule move` take an id only when one follows.
        "a rule's id, such as #2",
        // `period` is tried only on a word that starts one.
        "a period, such as 'in 2016-07' or 'last month'",
    ]

    /// What a diagnostic says the parser expected, or where a word goes; and its notes.
    static func said(_ diagnostic: Diagnostic) -> [String] {
        let own: String? = switch diagnostic.problem {
        case .unexpected(_, let expected, _): expected
        case .misplaced(let placement): placement
        case .operatorNotFor(_, _, let allowed): allowed
        case .duplicateClause(let clause, _): clause
        default: nil
        }
        return (own.map { [$0] } ?? []) + diagnostic.notes
    }

    /// The texts each mistake brings out, as the locale of this thread has them.
    static func texts() throws -> [(mistake: String, texts: [String])] {
        var found = try statements.map { text in
            (mistake: text, texts: said(try #require(parseError(text), "\(text) parses")))
        }
        for text in evaluated {
            found.append((mistake: text, texts: said(try #require(try evaluationError(text), "\(text) runs"))))
        }
        let alone: [(String, () throws(Diagnostic) -> Void)] = [
            ("amount 5 x", { () throws(Diagnostic) in _ = try Parser.amount("5 x") }),
            ("tags 5", { () throws(Diagnostic) in _ = try Parser.tags("5") }),
            ("date 2016-07-01 x", { () throws(Diagnostic) in _ = try Parser.date("2016-07-01 x") }),
            ("rule remark ~ x => category food x", { () throws(Diagnostic) in _ = try Parser.rule("remark ~ x => category food x") }),
        ]
        for (name, read) in alone {
            let refused: Diagnostic? = {
                do throws(Diagnostic) {
                    try read()
                    return nil
                } catch {
                    return error
                }
            }()
            found.append((mistake: name, texts: said(try #require(refused, "\(name) is read"))))
        }
        return found
    }

    @Test("every mistake says what was expected in Chinese, in both scripts", arguments: ["zh_CN.UTF-8", "zh_TW.UTF-8"])
    func chinese(_ locale: String) throws {
        let english = try Self.texts()
        let chinese = try Reader.reading(locale) { try Self.texts() }
        #expect(english.count == chinese.count)
        for (read, translated) in zip(english, chinese) {
            #expect(!read.texts.isEmpty, "\(read.mistake) says nothing it expected")
            #expect(read.texts.count == translated.texts.count, "\(read.mistake)")
            for (text, shown) in zip(read.texts, translated.texts) {
                #expect(shown != text, "\(read.mistake): \(text)")
                #expect(EnglishProse.hasChinese(shown), "\(read.mistake): \(shown)")
                #expect(EnglishProse.runs(in: shown).isEmpty, "\(read.mistake): \(shown)")
            }
        }
    }

    @Test("some in full", arguments: [
        ("25", "zh_CN.UTF-8", "类别名称"),
        ("25", "zh_TW.UTF-8", "類別名稱"),
        ("book frob", "zh_CN.UTF-8", "'add'、'rename'、'delete' 或 'use'"),
        ("count on 2016", "zh_CN.UTF-8", "完整的日期，例如 2016-07-01（要指整年，请写 'in 2016'）"),
        ("count on 2016", "zh_TW.UTF-8", "完整的日期，例如 2016-07-01（要指整年，請寫 'in 2016'）"),
        ("count where and", "zh_CN.UTF-8", "'and' 前面的字段（category、amount、remark、place、book、tag、date、kind、id、weekday、photos）"),
        ("sum where amount > 5 expense", "zh_CN.UTF-8", "类型要紧跟在聚合函数之后：'sum expense where …'"),
        ("import a.csv columns (date=)", "zh_TW.UTF-8", "欄的標頭或欄號，例如 '交易时间' 或 3"),
        ("every month -5 food 3 times until 2017", "zh_CN.UTF-8", "until' 或 'times"),
    ])
    func inFull(_ text: String, _ locale: String, _ expected: String) throws {
        let shown = try Reader.reading(locale) { parseError(text).map(Self.said) }
        #expect(shown?.first == expected)
    }

    @Test("the names to choose from, after a name that is not there")
    func choices() throws {
        let simplified = try Reader.reading("zh_CN.UTF-8") { try evaluationError("use zzzzq")?.notes }
        #expect(simplified == ["账本：daily、travel、home（'books' 可列出全部）"])
        let traditional = try Reader.reading("zh_TW.UTF-8") { try evaluationError("use zzzzq")?.notes }
        #expect(traditional == ["帳本：daily、travel、home（'books' 可列出全部）"])
        let many = Ledger.choices("names", (1...9).map { "n\($0)" }, listedBy: "names")
        #expect(many == "names: n1, n2, n3, n4, n5, n6, n7, n8, … ('names' lists them all)")
    }

    @Test("every text the parser's files translate has a mistake that brings it out")
    func everyTextHasASample() throws {
        let english = try Self.texts().flatMap(\.texts)
        // A note names its kind before the colon: `books: daily, travel`.
        let shown = english + english.compactMap { text in text.range(of: ": ").map { String(text[..<$0.lowerBound]) } }
        let templates = try Self.sources().flatMap { Self.translatedLiterals(in: $0.text) }
        #expect(templates.count > 150)
        let missing = Set(templates.filter { template in
            let pattern = try! Regex("^" + Self.pattern(of: template) + "$")
            return !shown.contains { $0.wholeMatch(of: pattern) != nil }
        })
        #expect(missing == Self.unreachable)
    }

    @Test("every expectation written in the parser's files is marked for translation")
    func everyExpectationIsMarked() throws {
        let written = #"""
            throw unexpected(terms.isEmpty ? "an amount, such as 1" : Translation.translated("a number after '%s'", x))
            // name("a comment")
            _ = try expect(.equal, "'=' after '\(field)'", suggestion: among(["kind", "opening"]))
            """#
        let found = Self.expectationLiterals(in: written).filter { !$0.1 && Self.isProse($0.0) }.map(\.0)
        #expect(found == ["an amount, such as 1", #"'=' after '\(field)'"#])
        var marked = 0
        var unmarked: [String] = []
        for source in try Self.sources() {
            for (literal, isMarked) in Self.expectationLiterals(in: source.text) {
                if isMarked { marked += 1 } else if Self.isProse(literal) { unmarked.append("\(source.name): \"\(literal)\"") }
            }
        }
        #expect(marked > 100)
        #expect(unmarked.isEmpty, "\(unmarked)")
    }

    // MARK: Reading the sources

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TallyLanguage")

    /// The parser's files, and those where it says what is there to choose from.
    static func sources() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Parser") || ["ExpectedInput.swift", "NameResolution.swift", "ConditionCompiler.swift"].contains($0) }
            .sorted()
        #expect(names.count >= 14)
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The first arguments of `Translation.translated` in `text`, as written in Swift.
    static func translatedLiterals(in text: String) -> [String] {
        text.matches(of: #/Translation\.translated\("((?:[^"\\]|\\.)*)"/#).map { unescaped(String($0.output.1)) }
    }

    /// What each of the calls that say what is expected is given, as string
    /// literals, and whether each is marked: the functions that take what is
    /// expected, and the arguments of the problems that carry it.
    static func expectationLiterals(in text: String) -> [(String, Bool)] {
        let calls = #/\b(?:unexpected|expect|name|count|optionalCount|file|rawArgument|rawArgumentToWrite|currencyCode|text|tagName|choices)\(|\b(?:expected|placement|allowed): /#
        let code = text.replacing(#/(?m)^\s*//.*$/#, with: "")
        let characters = Array(code)
        var found: [(String, Bool)] = []
        for call in code.matches(of: calls) {
            let start = code.distance(from: code.startIndex, to: call.range.upperBound)
            found += literals(in: characters, from: start)
        }
        return found
    }

    /// The string literals of one argument list, from `start` to the parenthesis
    /// that closes it, each with whether `Translation.translated(` stands before it.
    private static func literals(in characters: [Character], from start: Int) -> [(String, Bool)] {
        var found: [(String, Bool)] = []
        var depth = 0
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth < 0 { break }
            }
            if character == "\"" {
                let before = String(characters[max(0, index - 11)..<index])
                // A word compared with, or the statement that lists the names, is no expectation.
                let isCompared = before.hasSuffix("== ") || before.hasSuffix("listedBy: ")
                var literal = ""
                index += 1
                var nesting = 0
                while index < characters.count, characters[index] != "\"" || nesting > 0 {
                    if characters[index] == "\\", index + 1 < characters.count {
                        if characters[index + 1] == "(" { nesting += 1 }
                        literal.append(characters[index])
                        index += 1
                    } else if nesting > 0, characters[index] == ")" {
                        nesting -= 1
                    }
                    literal.append(characters[index])
                    index += 1
                }
                if !isCompared { found.append((literal, before == "translated(")) }
            }
            index += 1
        }
        return found
    }

    /// Whether a literal holds words, outside what it quotes and interpolates:
    /// two in a row, or one beside something quoted (`'=' after 'x'`). One word
    /// alone is a keyword, such as those suggestions are chosen among.
    static func isProse(_ literal: String) -> Bool {
        let bare = literal.replacing(#/\\\([^)]*\)/#, with: "").replacing(#/'[^']*'/#, with: "")
        return bare.contains(#/[A-Za-z]+ [A-Za-z]+/#) || literal.contains("'") && bare.contains(#/[A-Za-z]{2,}/#)
    }

    static func unescaped(_ literal: String) -> String {
        literal.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// A template as a regular expression that matches it filled in.
    static func pattern(of template: String) -> String {
        var pattern = ""
        var rest = Substring(template)
        while let match = rest.firstMatch(of: #/%(?:[0-9]\$)?[sd]/#) {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<match.range.lowerBound])) + ".+"
            rest = rest[match.range.upperBound...]
        }
        return pattern + NSRegularExpression.escapedPattern(for: String(rest))
    }
}
