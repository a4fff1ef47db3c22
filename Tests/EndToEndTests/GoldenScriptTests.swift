import Foundation
import Testing
import TallyShell
@testable import TallyRender

/// Golden scripts: every `Scripts/NAME.tally` is run as
///
///     tally --db FRESH --today 2016-07-20 [FLAGS] NAME.tally
///
/// from inside the Scripts folder (so error messages name `NAME.tally`), and
/// its stdout, stderr and exit status are compared with `NAME.out`,
/// `NAME.err` (absent: stderr must be empty) and `NAME.status` (absent: 0).
///
/// Conventions inside a script, all `--` comments to Tally itself:
/// - a first line `-- flags: --format json --keep-going` gives FLAGS;
/// - a line `-- language: zh_CN.UTF-8` runs it with that LANG;
/// - each line `-- then: STATEMENT` is run afterwards with `-c` on the same
///   ledger (all of them in one run), and its stdout is compared with
///   `NAME.then.out`; that run must succeed with an empty stderr. It shows what
///   the script left committed.
///
/// Every expected file was written by running the binary and then checked by
/// hand against SPEC.md; a script's comments say what it pins and why the
/// numbers are what they are.
struct GoldenScript: Sendable, CustomTestStringConvertible {
    let name: String

    var testDescription: String { name }

    /// Every script in the folder, by name.
    static let all: [GoldenScript] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: TallyBinary.scripts.path)) ?? []
        return files.filter { $0.hasSuffix(".tally") }.sorted().map { GoldenScript(name: String($0.dropLast(".tally".count))) }
    }()

    func file(_ suffix: String) -> URL {
        TallyBinary.scripts.appendingPathComponent(name + suffix)
    }

    func read(_ suffix: String) -> String? {
        try? String(contentsOf: file(suffix), encoding: .utf8)
    }

    var text: String { read(".tally") ?? "" }

    var flags: [String] {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              first.hasPrefix("-- flags:")
        else { return [] }
        return first.dropFirst("-- flags:".count).split(separator: " ").map(String.init)
    }

    /// A line `-- columns: N` runs the script with COLUMNS=N: its tables,
    /// charts and views must then fit N columns.
    var columns: Int? {
        text.split(separator: "\n").first { $0.hasPrefix("-- columns: ") }.flatMap { Int($0.dropFirst("-- columns: ".count)) }
    }

    /// A line `-- language: LOCALE` runs the script with LANG=LOCALE: the
    /// session a reader of that language sees.
    var language: String? {
        text.split(separator: "\n").first { $0.hasPrefix("-- language: ") }.map { String($0.dropFirst("-- language: ".count)) }
    }

    var thenStatements: [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("-- then: ") }.map { String($0.dropFirst("-- then: ".count)) }
    }
}

@Suite("Golden scripts")
struct GoldenScriptTests {
    @Test("the Scripts folder holds the golden scripts")
    func scriptsAreThere() {
        #expect(GoldenScript.all.count >= 10, "found \(GoldenScript.all.map(\.name))")
        for script in GoldenScript.all {
            #expect(script.read(".out") != nil, "\(script.name).tally has no \(script.name).out")
            if !script.thenStatements.isEmpty {
                #expect(script.read(".then.out") != nil, "\(script.name).tally has '-- then:' lines but no .then.out")
            }
        }
    }

    @Test("script output matches its golden files", arguments: GoldenScript.all)
    func script(_ script: GoldenScript) async throws {
        try await withSandbox { sandbox in
            var environment: [String: String?] = script.columns.map { ["COLUMNS": String($0)] } ?? [:]
            if let language = script.language { environment["LANG"] = language }
            let run = try await sandbox.tally(script.flags + [script.name + ".tally"], environment: environment, in: TallyBinary.scripts)
            if let columns = script.columns {
                for line in run.stdout.split(separator: "\n") {
                    #expect(TerminalText.width(String(line)) <= columns, "\(script.name): \(line)")
                }
                #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(script.name) wrote a control character")
            }

            let expectedOut = script.read(".out") ?? ""
            let expectedErr = script.read(".err") ?? ""
            let statusText = script.read(".status")?.trimmingCharacters(in: .whitespacesAndNewlines)
            let expectedStatus = statusText.flatMap { Int32($0) } ?? 0

            #expect(run.stdout == expectedOut, "stdout of \(script.name): \(firstDifference(run.stdout, expectedOut))")
            #expect(run.stderr == expectedErr, "stderr of \(script.name): \(firstDifference(run.stderr, expectedErr))")
            #expect(run.status == expectedStatus, "exit status of \(script.name)")

            let then = script.thenStatements
            guard !then.isEmpty else { return }
            let check = try await sandbox.tally(then.flatMap { ["-c", $0] })
            let expectedThen = script.read(".then.out") ?? ""
            #expect(check.stdout == expectedThen, "after \(script.name): \(firstDifference(check.stdout, expectedThen))")
            #expect(check.stderr == "", "after \(script.name)")
            #expect(check.status == 0, "after \(script.name)")
        }
    }
}
