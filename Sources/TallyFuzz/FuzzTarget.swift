import TallyCore
import TallyLanguage
import TallyShell
import TallyRender

// The fuzzing target: any bytes, as statements, through the lexer, parser,
// evaluator and every renderer, on a small ledger with several books and
// currencies and bills at both ends of the calendar. A statement may run or
// fail, but a failure must point inside the input, and nothing may crash.
//
// Built for libFuzzer by `make fuzz` (with FUZZING defined, libFuzzer
// supplies `main`); built plainly, `tally-fuzz FILE…` replays inputs, such as
// the crashes libFuzzer saved.

/// Runs `text` as a script against the fixture, applying each change it makes.
func exercise(_ text: String) {
    var ledger = FuzzLedger.ledger
    let source = ScriptSource(origin: .file("fuzz"), text: text)
    let length = Lexer.characters(of: source.text).count
    var parser = Parser(source.text)
    while let next = parser.next() {
        switch next {
        case .failure(let diagnostic):
            expectInside(diagnostic, length: length, in: source)
        case .success(let parsed):
            // The session runs its own statements: files, the undo history, nested runs.
            guard case .ledger(let statement) = parsed.statement else { continue }
            do {
                let evaluator = Evaluator(ledger: ledger, today: FuzzLedger.today, now: 0)
                switch try evaluator.evaluate(statement, at: parsed.range) {
                case .result(let result, _):
                    render(result)
                case .change(let change, let done, _, _):
                    ledger.apply(change)
                    render(done)
                case .reportFile(_, let report):
                    _ = ReportPage(report: report).html
                default:
                    break
                }
            } catch {
                expectInside(error, length: length, in: source)
            }
        }
    }
}

private func render(_ result: QueryResult) {
    let renderer = Renderer(style: Style(color: true), forTerminal: true)
    for format in OutputFormat.allCases {
        _ = TerminalText.printable(renderer.render(result, as: format))
    }
}

/// Stops the run when `diagnostic` points outside the input; else draws it as a script's error would be.
private func expectInside(_ diagnostic: Diagnostic, length: Int, in source: ScriptSource) {
    let range = diagnostic.range
    guard range.start.line >= 1, range.start.column >= 1, range.start.offset >= 0,
          range.start.offset <= range.end.offset, range.end.offset <= length else {
        fatalError("diagnostic '\(diagnostic.message)' points outside the input: \(range)")
    }
    _ = TerminalText.printable(ErrorRenderer(style: Style(color: true)).render(diagnostic, in: source))
    // A narrow terminal cuts the line around the mistake and wraps the message.
    _ = TerminalText.printable(ErrorRenderer(style: Style(color: false), width: 24).render(diagnostic, in: source))
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    exercise(String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
#else
@main
enum Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            do {
                exercise(try Files.readScript(path))
                print("ok  \(path)")
            } catch {
                print(Problem.fileFailed(error).text)
            }
        }
    }
}
#endif
