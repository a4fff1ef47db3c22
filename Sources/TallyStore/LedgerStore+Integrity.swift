import Glibc

/// Looking for damage: what a whole check found is taken in by the store,
/// which then writes nothing more to the ledger.
extension LedgerStore {
    /// Checks a small ledger whole before this session first writes to it,
    /// under the write lock, so the check sees what the change is written
    /// into; a sound result is remembered in the same transaction.
    func checkBeforeFirstChange() throws(StoreError) {
        guard !checkedBeforeChanging else { return }
        guard isSmall else {
            checkedBeforeChanging = true
            return
        }
        let check = try connection.wholeCheck(at: Int64(time(nil)))
        checkedBeforeChanging = true
        take(check)
        if let damage { throw .damaged(damage) }
        try connection.remember(RememberedCheck(check))
    }

    /// Whether the file is small enough to be checked whole before this
    /// session's first change: when it cannot be asked, it is taken to be.
    public var isSmall: Bool {
        ((try? connection.pageCount()) ?? 0) <= Connection.pagesCheckedBeforeChanging
    }

    /// Checks the whole ledger now, however large.
    public func checkWhole() throws(StoreError) -> IntegrityCheck {
        let check = try connection.wholeCheck(at: Int64(time(nil)))
        take(check)
        return check
    }

    /// Starts a whole check on another core, on a connection of its own, for
    /// `finishedWholeCheck` to collect.
    public func startWholeCheck() {
        guard wholeCheckInBackground == nil else { return }
        wholeCheckInBackground = try? BackgroundCheck(path: path, immutable: readOnlyReason != nil)
    }

    /// The check begun by `startWholeCheck`, once it is done, taken in as
    /// `checkWhole` takes its own; nil while it runs, or when none ran or it
    /// could not finish.
    public func finishedWholeCheck() -> IntegrityCheck? {
        guard let running = wholeCheckInBackground, let result = running.result else { return nil }
        wholeCheckInBackground = nil
        switch result {
        case .success(let check):
            take(check)
            return check
        case .failure(let error) where error.reason == .damaged:
            take(IntegrityCheck(problems: [error.message], pages: 0, at: Int64(time(nil))))
            return nil
        case .failure:
            return nil
        }
    }

    /// Takes in a whole check: damage is kept in a mark beside the ledger,
    /// never written into it, so later sessions refuse changes too; a sound
    /// result clears the mark and is remembered in the file when its write
    /// lock is free at once.
    private func take(_ check: IntegrityCheck) {
        guard let summary = check.summary else {
            damage = nil
            DamageMark.remove(ledger: path)
            lastSoundCheck = RememberedCheck(check)
            rememberSound(check)
            return
        }
        damage = summary
        DamageMark.write(RememberedCheck(check), ledger: path)
    }

    /// Outside any transaction of this session's: the check before a first
    /// change remembers its result in the change's own.
    private func rememberSound(_ check: IntegrityCheck) {
        guard readOnlyReason == nil, !connection.isInTransaction else { return }
        // Another session's change is never waited for on this account.
        connection.setBusyTimeout(milliseconds: 0)
        defer { connection.setBusyTimeout(milliseconds: Int32(StoreError.busyWaitSeconds * 1000)) }
        try? connection.transaction { () throws(StoreError) in try connection.remember(RememberedCheck(check)) }
    }
}

extension LedgerStore {
    /// Whether a change would be refused before it is evaluated: the file
    /// can only be read here, or has been found damaged, by this session or,
    /// as the mark beside the ledger says, by another session's whole check.
    public var refusesChanges: Bool {
        if damage == nil, !markLookedForJustNow {
            if let mark = DamageMark.read(ledger: path) { damage = mark.problem } else { damageMarkMissingAt = .now }
        }
        return readOnlyReason != nil || damage != nil
    }

    /// A statement asks before it is evaluated and again as its change
    /// begins, microseconds apart: in a script of a hundred thousand, looking
    /// for the file twice took a twentieth of the time. Another session's
    /// mark can come at any instant, between a look and the write as well,
    /// so a look a millisecond old answers as well as a new one.
    private var markLookedForJustNow: Bool {
        damageMarkMissingAt.map { $0.duration(to: .now) < .milliseconds(1) } ?? false
    }
}
