extension Connection {
    enum Begin {
        /// Takes the write lock at once, so a writer never fails halfway on another's lock.
        case immediate
        /// Reads one consistent snapshot and lets writers go on.
        case deferred
    }

    /// Opens a transaction; every transaction of the store begins here.
    func begin(_ begin: Begin) throws(StoreError) {
        switch begin {
        case .immediate: try exec("BEGIN IMMEDIATE")
        case .deferred: try exec("BEGIN DEFERRED")
        }
    }

    /// Commits the open transaction.
    func commit() throws(StoreError) {
        try exec("COMMIT")
    }

    /// Rolls back the open transaction. Some errors (a full disk) make SQLite
    /// roll back by itself; then there is nothing left to end.
    func rollBack() {
        if isInTransaction { try? exec("ROLLBACK") }
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ begin: Begin = .immediate, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try self.begin(begin)
        do throws(StoreError) {
            let result = try body()
            try commit()
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Runs `body` so that, when it throws, what it wrote is undone and the
    /// transaction around it goes on as before.
    func savepoint<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        // Prepared once and kept, as each gathered change of a long script takes one.
        try run("SAVEPOINT step")
        do throws(StoreError) {
            let result = try body()
            try run("RELEASE step")
            return result
        } catch {
            try? exec("ROLLBACK TO step")
            try? exec("RELEASE step")
            throw error
        }
    }
}
