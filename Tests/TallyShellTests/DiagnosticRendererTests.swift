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

    @Test func keepsLineNumbersPastAShebang() throws {
        let source = ScriptSource(origin: .file("s.tally"), text: "#!/usr/bin/env tally\nbogus stuff\n")
        let diagnostic = try #require(firstError(source.text))
        #expect(DiagnosticRenderer(style: Style(color: false)).render(diagnostic, in: source).hasPrefix("s.tally:2:1: error: unknown statement 'bogus'"))
    }
}
