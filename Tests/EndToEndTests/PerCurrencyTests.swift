import Foundation
import Testing

/// SPEC §1: amounts of different currencies are never added together; a
/// result that spans currencies is reported per currency, so each part must
/// say which currency it is in.
@Suite("Per-currency results")
struct PerCurrencyTests {
    @Test("a table result spanning CNY and JPY (both shown with ¥) names each currency")
    func sameSymbolCurrencies() async throws {
        try await withSandbox { sandbox in
            let setup = try await sandbox.tally(["-c", "add 40 food", "-c", "book add yen currency JPY", "-c", "add 150 food book yen"])
            #expect(setup.status == 0, "\(setup)")
            let run = try await sandbox.tally(["-c", "sum expense where book in (daily, yen)"])
            #expect(run.status == 0, "\(run)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.contains { $0.contains("40.00") && $0.contains("CNY") }, "which line is yuan? \(run)")
            #expect(lines.contains { $0.contains("150") && $0.contains("JPY") }, "which line is yen? \(run)")
        }
    }

    @Test("the same result in JSON is one object per currency")
    func sameSymbolCurrenciesAsJSON() async throws {
        try await withSandbox { sandbox in
            _ = try await sandbox.tally(["-c", "add 40 food", "-c", "book add yen currency JPY", "-c", "add 150 food book yen"])
            let run = try await sandbox.tally(["-c", "sum expense where book in (daily, yen) as json"])
            #expect(run.stdout == """
                [
                  {"sum": "40.00", "currency": "CNY"},
                  {"sum": "150", "currency": "JPY"}
                ]

                """, "\(run)")
        }
    }
}
