import Testing
import TallyCore
import TallyLanguage
@testable import TallyShell
@testable import TallyRender

@Suite struct ErrorRendererTests {
    func firstError(_ text: String) -> Diagnostic? {
        var parser = Parser(text)
        while let next = parser.next() {
            if case .failure(let diagnostic) = next { return diagnostic }
        }
        return nil
    }

    @Test func pointsAtTheTokenInScripts() throws {
        let source = ScriptSource(origin: .file("budget.tally"), text: "count\nsum expense where categroy=food\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
            budget.tally:2:19: error: unknown field 'categroy' — did you mean 'category'?
             2 | sum expense where categroy=food
               |                   ^~~~~~~~
            """)
    }

    @Test func placesTheCaretByDisplayWidth() throws {
        let source = ScriptSource(origin: .interactive, text: "add 5 用餐 on 2016-13-01")
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
            error: no such date '2016-13-01'
              add 5 用餐 on 2016-13-01
                            ^~~~~~~~~~
            """)
    }

    @Test func showsTheRightLineOfAScriptWithWindowsLineBreaks() throws {
        let source = ScriptSource(origin: .file("crlf.tally"), text: "#!/usr/bin/env tally\r\ncount\r\nsum where\r\ncount\r\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
            crlf.tally:3:10: error: incomplete statement
             3 | sum where
               |          ^
            expected a field (category, amount, remark, place, book, tag, date, kind, id, weekday, photos)
            """)
    }

    @Test func keepsLineNumbersPastAShebang() throws {
        let source = ScriptSource(origin: .file("s.tally"), text: "#!/usr/bin/env tally\nsum by bogus\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source).hasPrefix("s.tally:2:8: error: unknown dimension 'bogus'"))
    }

    @Test func showsALongLineAroundTheMistakeOnly() throws {
        let text = "count where " + String(repeating: "id = 1 and ", count: 200) + "categroy = food"
        let source = ScriptSource(origin: .file("long.tally"), text: text)
        let diagnostic = try #require(firstError(source.text))
        let rendered = ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source)
        #expect(rendered == """
            long.tally:1:2213: error: unknown field 'categroy' — did you mean 'category'?
             1 | … and id = 1 and id = 1 and id = 1 and id = 1 and id = 1 and categroy = food
               |                                                              ^~~~~~~~
            """)
    }

    @Test func showsAVeryLongTokenCutShort() throws {
        let source = ScriptSource(origin: .interactive, text: "sum where " + String(repeating: "x", count: 1 << 20) + " = 1")
        let diagnostic = try #require(firstError(source.text))
        let rendered = ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source)
        #expect(rendered == """
            error: unknown field '\(String(repeating: "x", count: 39))…'
              sum where \(String(repeating: "x", count: 180))…
                        ^\(String(repeating: "~", count: 119))
            """, "\(rendered.prefix(600))")
    }

    @Test func numbersLinesOfAScriptReadAPieceAtATime() throws {
        let source = ScriptSource(origin: .file("<stdin>"), text: "sum where\n", firstLine: 41)
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false)).render(diagnostic, in: source).hasPrefix("<stdin>:41:10: error:"))
    }

    @Test func noLineIsWiderThanTheTerminalAndMessagesBreakBetweenWords() {
        let text = "count where " + String(repeating: "id = 1 and ", count: 20) + "cat = 餐饮餐饮 and id = 2"
        let offset = text.count - "餐饮餐饮 and id = 2".count
        let range = SourceRange(start: SourceLocation(offset: offset, line: 1, column: offset + 1),
                                end: SourceLocation(offset: offset + 4, line: 1, column: offset + 5))
        let diagnostic = Diagnostic(.unexpected(found: "'餐饮餐饮'", expected: "a category, such as food, transport, clothes or household"), at: range)
        let rendered = ErrorRenderer(style: Style(color: false), width: 32).render(diagnostic, in: ScriptSource(origin: .interactive, text: text))
        #expect(rendered == """
            error: unexpected '餐饮餐饮'
              …and cat = 餐饮餐饮 and id = …
                         ^~~~~~~~
            expected a category, such as
            food, transport, clothes or
            household
            """)
        #expect(rendered.split(separator: "\n").allSatisfy { TerminalText.width(String($0)) <= 32 })
    }

    @Test func aWordWiderThanTheTerminalIsCutAndADashStaysWithItsWord() {
        let name = String(repeating: "午饭", count: 9)
        let range = SourceRange(start: SourceLocation(offset: 12, line: 1, column: 13), end: SourceLocation(offset: 30, line: 1, column: 31))
        let diagnostic = Diagnostic(.unknownName(kind: .category, name: name, suggestion: "food"), at: range)
        let rendered = ErrorRenderer(style: Style(color: false), width: 20)
            .render(diagnostic, in: ScriptSource(origin: .interactive, text: "count where \(name) = 1"))
        #expect(rendered == """
            error: unknown
            category
            '午饭午饭午饭午饭午
            饭午饭午饭午饭午饭'
            — did you mean
            'food'?
              …午饭午饭午饭午饭…
               ^~~~~~~~~~~~~~~~
            """)
        #expect(rendered.split(separator: "\n").allSatisfy { TerminalText.width(String($0)) <= 20 })
    }

    @Test func theFirstLineOfAScriptsErrorWrapsToo() throws {
        let source = ScriptSource(origin: .file("s.tally"), text: "count wehre cat = food\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(ErrorRenderer(style: Style(color: false), width: 40).render(diagnostic, in: source) == """
            s.tally:1:7: error: unknown word 'wehre'
            — did you mean 'where'?
             1 | count wehre cat = food
               |       ^~~~~
            """)
    }

    @Test func anErrorAtNoStatementIsItsMessageAfterWhereItWas() {
        let renderer = ErrorRenderer(style: Style(color: false))
        #expect(renderer.render(.statementTooLong(mebibytes: 64), at: "<stdin>:3") == "<stdin>:3: error: a statement may be at most 64 MiB")
        #expect(renderer.render(.fileFailed(FileFailure("s.tally", .folder))) == "error: cannot read 's.tally': it is a folder")
        #expect(ErrorRenderer.commandLine(.unknownOption("--yse", suggestion: "--yes")) == "tally: unknown option '--yse' — did you mean '--yes'?")
    }

    @Test func aStoreFailureSaysWhatWasLost() {
        let failure = StoreFailure(reason: .readOnly, message: "attempt to write a readonly database", doing: "changing the ledger")
        #expect(ErrorRenderer(style: Style(color: false)).render(.ledgerFailed(failure, unsaved: 3))
            == "error: nothing was changed: the ledger can only be read here (attempt to write a readonly database) (the last 3 changes were not saved)")
    }

    @Test func eachLineOfAMessageIsMadeSafeAndTheBreaksBetweenThemKept() {
        let rendered = ErrorRenderer(style: Style(color: false)).render(.ledgerDamaged(problems: ["row 1\u{1B}[2J missing"], path: "/tmp/l.db"))
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: the ledger at /tmp/l.db is damaged:")
        #expect(lines[1] == "  row 1␛[2J missing")
        #expect(lines.contains("  tally --db '/tmp/l.db' -c 'export rescue.csv'"))
    }

    @Test func aWarningIsColouredWhenColourIsOn() {
        #expect(ErrorRenderer(style: Style(color: true)).warning("over budget") == Style(color: true).warning("warning:") + " over budget")
    }
}
