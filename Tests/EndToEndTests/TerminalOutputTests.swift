import Foundation
import Testing

/// Stored text that would command a terminal, through every format and view
/// on a real pseudo-terminal, and through CSV into a file.
@Suite("Stored text on a terminal")
struct TerminalOutputTests {
    /// Hidden, blinking and 256-colour text, a window title, a bell, a screen
    /// clear and a C1 CSI, in remarks and places.
    static let script = """
        add 1 food "total \u{1B}[8m99.00\u{1B}[0m" at "\u{1B}[5mblink\u{1B}[0m" on 2016-07-01
        add 2 food "\u{1B}[38;5;196mred\u{1B}]0;owned\u{7} ring\u{7} \u{9B}2Jgone" on 2016-07-02
        +3 salary "\u{1B}[8mhidden income" on 2016-07-03
        budget food 100
        """

    /// Every view and query shape that prints a bill's text, a place or a group of places.
    static let statements = [
        "list", "timeline 2016-07", "pie 2016-07", "months 2016", "detail food 2016-07", "show #1", "show #2", "search o in 2016",
        "sum by place", "sum expense by place as chart", "count by place, month", "budget", "list as csv", "list as json",
    ]

    /// The colour codes Tally itself writes; any other escape on the terminal came from the ledger.
    static let ownColours = ["0", "1", "2", "7", "31", "32", "1;31", "1;33"].map { "\u{1B}[\($0)m" }

    /// The script's bills in the sandbox's ledger, added from a file as the bytes it holds.
    func fill(_ sandbox: Sandbox) async throws {
        let script = sandbox.path("hostile.tally")
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        let filled = try await sandbox.tally([script])
        #expect(filled.status == 0, "\(filled)")
    }

    @Test("no format or view writes an escape, bell or CSI of stored text to a terminal, with colour or without",
          arguments: ["table", "csv", "json"], [true, false])
    func everyFormatOnATerminal(format: String, colour: Bool) async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let output = try await Terminal.run(
                ["--db", sandbox.ledger, "--today", TallyBinary.today, "--format", format] + (colour ? [] : ["--no-color"])
                    + Self.statements.flatMap { ["-c", $0] },
                environment: ["NO_COLOR": nil, "TERM": "xterm-256color"], home: sandbox.url)
            #expect(output.contains("\"remark\": "), "every statement ran: \(output)")
            #expect(colour == output.contains("\u{1B}["), "Tally's own colours are there exactly when asked for")
            let rest = Self.ownColours.reduce(output) { $0.replacingOccurrences(of: $1, with: "") }
            let raw = rest.unicodeScalars.filter { $0.value < 0x20 && !["\n", "\r"].contains($0) || (0x7F...0x9F).contains($0.value) }
            #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) }) in \(output.debugDescription)")
            // The text is shown, its escapes as visible pictures.
            #expect(output.contains("total ␛[8m99.00␛[0m"), "\(output)")
        }
    }

    @Test("CSV to a file keeps every byte of stored text, escapes and all")
    func csvIntoAFileIsExact() async throws {
        try await withSandbox { sandbox in
            try await fill(sandbox)
            let run = try await sandbox.tally(["--format", "csv", "-c", "list"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == """
                id,date,kind,amount,category,remark,book,place,tags
                1,2016-07-01,expense,1.00,food,total \u{1B}[8m99.00\u{1B}[0m,daily,\u{1B}[5mblink\u{1B}[0m,
                2,2016-07-02,expense,2.00,food,\u{1B}[38;5;196mred\u{1B}]0;owned\u{7} ring\u{7} \u{9B}2Jgone,daily,,
                3,2016-07-03,income,3.00,salary,\u{1B}[8mhidden income,daily,,

                """, "\(run.stdout.debugDescription)")
        }
    }
}
