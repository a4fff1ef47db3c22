import TallyCore
import Glibc

/// A whole check running on another core, on a connection of its own that
/// only reads, while the session goes on.
final class BackgroundCheck: @unchecked Sendable {
    /// Used by the work alone, but for `interrupt`, which SQLite lets any thread call.
    private let connection: Connection
    private let work: Background<Result<IntegrityCheck, StoreError>>

    init(path: String, immutable: Bool) throws(StoreError) {
        let connection = try Connection(path: path, access: immutable ? .immutable : .readOnly)
        self.connection = connection
        let box = Unshared(connection)
        // Closed when this is dropped, after the work is done: never under `interrupt`.
        work = Background {
            // An immutable file is read without locks: one its owner wrote meanwhile proves nothing.
            let before = immutable ? LedgerFile.stamp(path) : nil
            let result = Result { () throws(StoreError) in try box.value.wholeCheck(at: Int64(time(nil))) }
            guard !immutable || LedgerFile.stamp(path) == before else {
                return .failure(.readOnly(doing: Translation.translated("checking the ledger"), Translation.translated("it changed while it was checked")))
            }
            return result
        }
    }

    /// The outcome, once the work is done; nil while it runs.
    var result: Result<IntegrityCheck, StoreError>? {
        work.isDone ? work.wait() : nil
    }

    /// Stops the check, waits for it to end and closes its connection, so
    /// that the session's own, closed after it, is the last and folds the
    /// write-ahead log into the file.
    func cancel() {
        // SQLite's interrupt stops only what is running: asked again until the
        // work, which may not have begun its first statement, is over.
        while !work.isDone {
            connection.interrupt()
            usleep(1000)
        }
        connection.close()
    }
}

/// A value handed to one other thread, which alone uses it from then on.
private final class Unshared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
