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
        let size = stat(store.path, &info) == 0 ? About.size(Int64(info.st_size) + logBytes) : Translation.translated("size unknown")
        let readOnly = store.readOnlyReason.map { Translation.translated("; read only: %s", $0) } ?? ""
        var rows = [
            (Translation.translated("version"), Tally.version),
            (Translation.translated("ledger"), Translation.translated("%s (%s)", TerminalText.safe(store.path), size + readOnly)),
            (Translation.translated("books"), String(ledger.books.count)),
            (Translation.translated("categories"), String(ledger.categories.count)),
            (Translation.translated("bills"), String(ledger.bills.count)),
        ]
        if let damage = store.damage {
            rows.append((Translation.translated("checked"), Translation.translated("damaged: %s", TerminalText.safe(IntegrityFinding.shown(damage)))))
        } else if let check = store.lastSoundCheck {
            rows.append((Translation.translated("checked"), Translation.translated("sound at %s", Timestamp.local(check.at))))
        }
        if let missing = Translation.missingLocale() {
            // In English on purpose: with the locale missing, no catalogue can answer.
            rows.append((Translation.translated("language"), "\(missing.variable) names \(TerminalText.safe(missing.locale)), which this system has not installed, "
                + "so messages are in English; 'locale -a' lists those it has"))
        }
        if let first = ledger.bills.first, let last = ledger.bills.last {
            rows.append((Translation.translated("first bill"), first.day.iso))
            rows.append((Translation.translated("last bill"), last.day.iso))
        }
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        return rows.map { TerminalText.pad($0.0, to: width) + "  " + $0.1 }.joined(separator: "\n")
    }

    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return Translation.translated("%d bytes", bytes) }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        return "\(bytes / 1024 / 1024) MiB"
    }
}
