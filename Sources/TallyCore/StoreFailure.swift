/// Why the ledger file could not be opened, read or written, as facts: what
/// the store was doing, what went wrong in terms a person can act on, and
/// the words of SQLite or of Tally's own checks. It names what the store was
/// doing, never the values it was writing.
public struct StoreFailure: Sendable, Equatable, CustomStringConvertible {
    public let reason: Reason
    public let message: String
    public let doing: String
    /// What Tally itself found, when the failure is not SQLite's own; `message` says it.
    public let finding: Finding?

    public init(reason: Reason, message: String, doing: String, finding: Finding? = nil) {
        self.reason = reason
        self.message = message
        self.doing = doing
        self.finding = finding
    }

    public enum Reason: Sendable, Equatable {
        /// Another program held the write lock past the wait.
        case busy
        /// The file can be read here but not written.
        case readOnly
        /// The disk is full, or the file would pass the size limit.
        case full
        /// The file is not a ledger.
        case notALedger
        /// The file is damaged: what is read from it may be wrong, and nothing is written to it.
        case damaged
        /// A row would break a rule of the schema, such as a bill pointing at no book.
        case constraint
        /// A row to change was changed by someone else after it was read.
        case changedMeanwhile
        case other
    }

    public enum Finding: Sendable, Equatable {
        /// Another Tally session held the write lock past the wait.
        case heldByTally
        /// A marked ledger's schema is not the one the migrations make.
        case alteredSchema
    }

    /// How long a change waits for another program's write lock.
    public static let busyWaitSeconds = 5

    public var description: String {
        switch reason {
        case .busy where finding == .heldByTally:
            return Translation.translated("%s: %s", doing, message)
        case .busy:
            return Translation.translated(
                "%s: another program has held the ledger's write lock for over %d seconds; try again", doing, StoreFailure.busyWaitSeconds)
        case .full:
            return Translation.translated("%s: %s (the disk is full, or the file has reached its size limit)", doing, message)
        case .damaged:
            return Translation.translated("the file is damaged (%s)", message)
        case .notALedger:
            return finding == .alteredSchema
                ? Translation.translated("its schema is not the one Tally made: %s", message) : Translation.translated("it is not a Tally ledger (%s)", message)
        default:
            return Translation.translated("%s: %s", doing, message)
        }
    }
}
