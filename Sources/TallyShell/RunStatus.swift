/// How a run of statements ended, from which the exit status follows.
public enum RunStatus: Sendable, Equatable {
    case success
    /// A statement failed (exit 1).
    case statementFailed
    /// Results could not be written (exit 1); nothing more is run.
    case outputFailed
    /// The ledger could not be written (exit 3).
    case storeFailed

    /// Whether a run stops here: always after the store or the output
    /// failed, and after a failed statement unless told to keep going.
    public func stops(keepingGoing: Bool) -> Bool {
        switch self {
        case .success: false
        case .statementFailed: !keepingGoing
        case .storeFailed, .outputFailed: true
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .success: 0
        case .statementFailed, .outputFailed: 1
        case .storeFailed: 3
        }
    }
}
