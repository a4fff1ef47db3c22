#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyStore
import TallyRender

/// `about`: what this Tally is and what its ledger holds.
struct About {
    let store: LedgerStore
    let ledger: Ledger

    var text: String {
        var info = stat()
        // What is not yet folded into the file waits in its log beside it: both are the ledger.
        var log = stat()
        let logBytes = stat(store.path + "-wal", &log) == 0 ? Int64(log.st_size) : 0
        let size = stat(store.path, &info) == 0 ? About.size(Int64(info.st_size) + logBytes) : "size unknown"
        var rows = [
            ("version", Tally.version),
            ("ledger", TerminalText.safe(store.path) + " (" + size + (store.readOnlyReason.map { "; read only: " + $0 } ?? "") + ")"),
            ("books", String(ledger.books.count)),
            ("categories", String(ledger.categories.count)),
            ("bills", String(ledger.bills.count)),
        ]
        if let damage = store.damage {
            rows.append(("checked", "damaged: " + TerminalText.safe(damage)))
        } else if let check = store.lastSoundCheck {
            rows.append(("checked", "sound at " + Timestamp.local(check.at)))
        }
        if let missing = Translation.missingLocale() {
            rows.append(("language", "\(missing.variable) names \(TerminalText.safe(missing.locale)), which this system has not installed, "
                + "so messages are in English; 'locale -a' lists those it has"))
        }
        if let first = ledger.bills.first, let last = ledger.bills.last {
            rows.append(("first bill", first.day.iso))
            rows.append(("last bill", last.day.iso))
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { TerminalText.pad($0.0, to: width) + "  " + $0.1 }.joined(separator: "\n")
    }

    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        return "\(bytes / 1024 / 1024) MiB"
    }
}
