import Dispatch

/// Work done on another core while the caller goes on, for its result later:
/// how a million-bill import uses both cores. `wait` always returns the result;
/// drop it only after waiting, so the work never outlives what it was for.
public final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the work, read only after `done` is left.
    private var value: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.done.leave()
        }
    }

    /// Whether the work is done, so `wait` returns at once.
    public var isDone: Bool {
        done.wait(timeout: .now()) == .success
    }

    public func wait() -> Value {
        done.wait()
        return value!
    }
}
