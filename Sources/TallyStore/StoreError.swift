import TallyCore

/// Why the ledger file could not be opened, read or written: SQLite's result
/// code, named in `SQLite.swift`, and the facts a person is told.
public struct StoreError: Error, CustomStringConvertible {
    /// SQLite's result code, e.g. busy or constraint.
    public let code: Int32
    public let message: String
    public let doing: String
    /// What Tally itself found, when the error is not SQLite's own; `message` says it.
    let finding: StoreFailure.Finding?

    public typealias Reason = StoreFailure.Reason

    init(code: Int32, message: String, doing: String, finding: StoreFailure.Finding? = nil) {
        self.code = code
        self.message = message
        self.doing = doing
        self.finding = finding
    }

    /// The facts of the failure, for the session to say.
    public var failure: StoreFailure {
        StoreFailure(reason: reason, message: message, doing: doing, finding: finding)
    }

    public var description: String { failure.description }

    /// How long a change waits for another program's write lock.
    static let busyWaitSeconds = StoreFailure.busyWaitSeconds
}
