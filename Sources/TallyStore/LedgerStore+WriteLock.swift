import Glibc

extension LedgerStore {
    /// Takes the write lock. Another Tally session's long change, which says
    /// so beside the ledger, is waited for up to `waitForOtherSessions`, and
    /// `waiting` hears how far it has come; any other holder is waited for
    /// `busyWaitSeconds`.
    func takeWriteLock() throws(StoreError) {
        let started = ContinuousClock.now
        var heard: OtherWriter?
        defer { if heard != nil { waiting?(nil) } }
        connection.setBusyTimeout(milliseconds: 100)
        defer { connection.setBusyTimeout(milliseconds: Int32(StoreError.busyWaitSeconds * 1000)) }
        var waitedForOthers = Duration.zero
        while true {
            let attempt = ContinuousClock.now
            do throws(StoreError) {
                try connection.begin(.immediate)
                return
            } catch where error.reason == .busy {
                // Some refusals come at once, without SQLite's wait.
                if attempt.duration(to: .now) < .milliseconds(10) { usleep(10_000) }
                let other = WriterNotice.read(ledger: path)
                if let other {
                    guard started.duration(to: .now) < waitForOtherSessions else {
                        throw .busy(heldBy: other, for: waitForOtherSessions)
                    }
                    if other != heard { waiting?(other) }
                    heard = other
                } else {
                    waitedForOthers += attempt.duration(to: .now)
                    guard waitedForOthers < .seconds(StoreError.busyWaitSeconds) else { throw error }
                }
            }
        }
    }

    /// Commits the change's transaction, which lets go of the write lock, and
    /// takes down the change's notice. On some errors (a full disk) SQLite
    /// rolls the transaction back by itself, gathered changes and all: the
    /// change that met the error threw it, and there is nothing left to commit.
    func commitChange() throws(StoreError) {
        defer { takeDownNotice() }
        if connection.isInTransaction { try connection.commit() }
    }

    /// Rolls back the change's transaction, which lets go of the write lock, and takes down the change's notice.
    func rollBackChange() {
        connection.rollBack()
        takeDownNotice()
    }

    private func takeDownNotice() {
        notice?.remove()
        notice = nil
    }
}
