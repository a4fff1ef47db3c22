import Synchronization

/// Ctrl-C pressed while a statement runs at the terminal. It is asked for
/// from a signal handler, so it is two lock-free flags and nothing more.
/// Long loops over rows look at it as they go and stop early (`stops`),
/// which marks that something was left out: the session then shows none of
/// what they made, and runs nothing more of the line.
public final class Interruption: Sendable {
    private let requested = Atomic<Bool>(false)
    private let cut = Atomic<Bool>(false)

    /// How many elements `map(stoppingAt:)` makes between looks.
    public static let stride = 256

    public init() {}

    /// Safe in a signal handler: one atomic store.
    public func request() {
        requested.store(true, ordering: .relaxed)
    }

    public var isRequested: Bool {
        requested.load(ordering: .relaxed)
    }

    /// Whether work in progress should stop here; when it should, what it
    /// was making is incomplete, and `leftOut` says so from then on.
    public func stops() -> Bool {
        guard isRequested else { return false }
        cut.store(true, ordering: .relaxed)
        return true
    }

    /// Whether some output was stopped short since the last `clear`.
    public var leftOut: Bool {
        cut.load(ordering: .relaxed)
    }

    /// Forgets the last Ctrl-C, before the next line is read or run.
    public func clear() {
        requested.store(false, ordering: .relaxed)
        cut.store(false, ordering: .relaxed)
    }
}

extension Collection {
    /// `map`, which Ctrl-C may stop part way: then only the elements made so
    /// far, and `interruption.leftOut` says the result is incomplete. It is
    /// looked at after each `stride` elements, so a short result, such as a
    /// change's confirmation, is always made whole; elements that are each
    /// much work, such as a day of bills, take a stride of 1.
    public func map<T>(stoppingAt interruption: Interruption?, stride: Int = Interruption.stride, _ transform: (Element) -> T) -> [T] {
        guard let interruption else { return map(transform) }
        var made: [T] = []
        made.reserveCapacity(count)
        for element in self {
            if made.count % stride == 0, !made.isEmpty, interruption.stops() { break }
            made.append(transform(element))
        }
        return made
    }
}
