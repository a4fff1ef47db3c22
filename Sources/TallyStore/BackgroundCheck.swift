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
            Result { () throws(StoreError) in try box.value.wholeCheck(at: Int64(time(nil))) }
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
        connection.interrupt()
        _ = work.wait()
        connection.close()
    }
}

/// A value handed to one other thread, which alone uses it from then on.
private final class Unshared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
