import TallyLanguage
import TallyStore

extension Session {
    /// `check`: reads the whole file. A damaged ledger fails with exit 3 and
    /// what can be done about it.
    func checkWhole() throws(StoreError) -> RunStatus {
        let check = try store.checkWhole()
        guard check.isSound else {
            toldOfDamage = true
            runner.complain(errorRenderer.render(.ledgerDamaged(problems: check.problems.map(IntegrityFinding.shown), path: store.path)))
            return .storeFailed
        }
        toldOfDamage = false
        show(.done(.checked(pages: check.pages)))
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
        runner.complain(errorRenderer.warning(.answersMayBeWrong(damage: IntegrityFinding.shown(damage))))
    }
}
