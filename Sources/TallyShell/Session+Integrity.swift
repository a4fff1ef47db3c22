import TallyLanguage
import TallyStore
import TallyRender

extension Session {
    /// `check`: reads the whole file. A damaged ledger fails with exit 3 and
    /// what can be done about it.
    func checkWhole() throws(StoreError) -> RunStatus {
        let check = try store.checkWhole()
        guard check.isSound else {
            toldOfDamage = true
            output.error(style.error("error:") + " " + Session.damageReport(check.problems, path: store.path))
            return .storeFailed
        }
        toldOfDamage = false
        show(.report(.checked(pages: check.pages)))
        return .success
    }

    /// Takes in the REPL's check in the background, once it has finished.
    func takeInBackgroundCheck() {
        guard store.finishedWholeCheck() != nil else { return }
        tellOfDamage()
    }

    /// Says once that answers may be wrong, when the ledger has been found damaged.
    func tellOfDamage() {
        guard let damage = store.damage, !toldOfDamage else { return }
        toldOfDamage = true
        output.error(
            style.warning("warning:") + " the ledger is damaged (\(TerminalText.safe(damage))): answers may be wrong, "
                + "and nothing will be written to it; 'check' says what can be done")
    }

    /// What a check found, and what can be done: nothing is written to a
    /// damaged ledger, but what can still be read can be exported.
    static func damageReport(_ problems: [String], path: String) -> String {
        let shown = problems.prefix(10).map { "  " + TerminalText.safe($0) }
        let more = problems.count > shown.count ? ["  … and \(problems.count - shown.count) more"] : []
        let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return (["the ledger at \(TerminalText.safe(path)) is damaged:"] + shown + more + [
            "Nothing will be written to it. Restore a copy from before the damage, or save what can still be read:",
            "  tally --db \(TerminalText.safe(quoted)) -c 'export rescue.csv'",
            "and import that into a new ledger.",
        ]).joined(separator: "\n")
    }
}
