import Testing
import TallyLanguage
@testable import TallyShell

@Suite struct DiagnosticRendererTests {
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
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
            budget.tally:2:19: error: unknown field 'categroy'; did you mean 'category'?
             2 | sum expense where categroy=food
               |                   ^~~~~~~~
            """)
    }

    @Test func placesTheCaretByDisplayWidth() throws {
        let source = ScriptSource(origin: .interactive, text: "add 5 用餐 on 2016-13-01")
        let diagnostic = try #require(firstError(source.text))
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
              add 5 用餐 on 2016-13-01
                            ^~~~~~~~~~
            error: no such date '2016-13-01'
            """)
    }

    @Test func showsTheRightLineOfAScriptWithWindowsLineBreaks() throws {
        let source = ScriptSource(origin: .file("crlf.tally"), text: "#!/usr/bin/env tally\r\ncount\r\nsum where\r\ncount\r\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source) == """
            crlf.tally:3:10: error: expected a field (category, amount, remark, place, book, tag, date, kind, id, weekday), found end of line
             3 | sum where
               |          ^
            """)
    }

    @Test func keepsLineNumbersPastAShebang() throws {
        let source = ScriptSource(origin: .file("s.tally"), text: "#!/usr/bin/env tally\nbogus stuff\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source).hasPrefix("s.tally:2:1: error: unknown statement 'bogus'"))
    }

    @Test func showsALongLineAroundTheMistakeOnly() throws {
        let text = "count where " + String(repeating: "id = 1 and ", count: 200) + "categroy = food"
        let source = ScriptSource(origin: .file("long.tally"), text: text)
        let diagnostic = try #require(firstError(source.text))
        let rendered = DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source)
        #expect(rendered == """
            long.tally:1:2213: error: unknown field 'categroy'; did you mean 'category'?
             1 | … and id = 1 and id = 1 and id = 1 and id = 1 and id = 1 and categroy = food
               |                                                              ^~~~~~~~
            """)
    }

    @Test func showsAVeryLongTokenCutShort() throws {
        let source = ScriptSource(origin: .interactive, text: "sum where " + String(repeating: "x", count: 1 << 20) + " = 1")
        let diagnostic = try #require(firstError(source.text))
        let rendered = DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source)
        #expect(rendered == """
              sum where \(String(repeating: "x", count: 180))…
                        ^\(String(repeating: "~", count: 119))
            error: unknown field '\(String(repeating: "x", count: 39))…'
            """, "\(rendered.prefix(600))")
    }

    @Test func numbersLinesOfAScriptReadAPieceAtATime() throws {
        let source = ScriptSource(origin: .file("<stdin>"), text: "sum where\n", firstLine: 41)
        let diagnostic = try #require(firstError(source.text))
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source).hasPrefix("<stdin>:41:10: error:"))
    }
}
