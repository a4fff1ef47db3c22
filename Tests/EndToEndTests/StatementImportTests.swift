import Foundation
import Testing

/// Real statements through the binary: each fixture of `Statements/`
/// imported unedited, again, as a dry run, and with a rule.
@Suite("Import of real statements")
struct StatementImportEndToEndTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Statements")

    func copy(_ name: String, into sandbox: Sandbox) throws -> String {
        let path = sandbox.path(name)
        try FileManager.default.copyItem(atPath: StatementImportEndToEndTests.folder.appendingPathComponent(name).path, toPath: path)
        return path
    }

    @Test("Alipay's GBK export imports as itself, twice adds nothing, and its uncategorised rows are listed")
    func alipay() async throws {
        try await withSandbox { sandbox in
            let file = try copy("alipay.csv", into: sandbox)
            let first = try await sandbox.tally(["-c", "import \(file)"])
            #expect(first.status == 0, "\(first)")
            #expect(first.stdout == "imported 8 bills from \(file) (read as alipay); passed over 2 neutral or closed rows; "
                + "new categories: uncategorised, uncategorised income\n")
            let again = try await sandbox.tally(["-c", "import \(file)"])
            #expect(again.stdout == "nothing to import from \(file) (read as alipay); skipped 8 rows already in the ledger; "
                + "passed over 2 neutral or closed rows\n", "\(again)")
            let sums = try await sandbox.tally(["-c", "sum expense in 2024-03", "-c", "sum income in 2024-03", "-c", "count where category = uncategorised"])
            #expect(sums.stdout == "¥194.00\n¥545.00\n6\n", "\(sums)")
        }
    }

    @Test("A dry run of an import leaves the ledger's file as it was, byte for byte")
    func dryRunWritesNothing() async throws {
        try await withSandbox { sandbox in
            let file = try copy("wechat.csv", into: sandbox)
            let made = try await sandbox.tally(["-c", "-5 food x"])
            #expect(made.status == 0, "\(made)")
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.ledger))
            let run = try await sandbox.tally(["-c", "import \(file) dry run"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasSuffix("\ndry run: would add 7, there already 0, changed 0, pass over 1, refuse 0; nothing was written\n"), "\(run)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.ledger)) == before)
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "1\n")
        }
    }

    @Test("A rule gives imported rows their category, and the import is one undo step")
    func ruleCategorises() async throws {
        try await withSandbox { sandbox in
            let file = try copy("generic.csv", into: sandbox)
            let run = try await sandbox.tally([
                "-c", "rule remark ~ coffee => category drinks, tags #coffee", "-c", "rule remark ~ salary => category salary",
                "-c", "import \(file)", "-c", "list where category = drinks", "-c", "sum income where category = salary",
                "-c", "undo", "-c", "count",
            ])
            #expect(run.status == 0, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("Coffee Shop") && $0.contains("coffee") }, "\(run)")
            #expect(lines.contains("¥2,500.00"), "\(run)")
            #expect(lines.last == "0", "\(run)")
        }
    }

    @Test("A file with no category and no profile is refused row by row, never dropped")
    func uncategorisedRowsAreRefused() async throws {
        try await withSandbox { sandbox in
            let path = sandbox.path("mine.csv")
            try "when,what,how much\n2024-05-01,tea,-3.00\n".write(toFile: path, atomically: true, encoding: .utf8)
            let run = try await sandbox.tally(["-c", "import \(path) columns (date=when, remark=what, amount=\"how much\")"])
            #expect(run.status != 0)
            #expect(run.stderr.contains("1 of 1 rows can't be imported"), "\(run)")
            #expect(run.stderr.contains("\(path):2: nothing gives this row a category"), "\(run)")
        }
    }
}
