/// A small, fast generator whose numbers depend only on its seed, so the demo
/// ledger, generated ledgers and randomised tests come out the same on every
/// run. It steps a 64-bit linear congruential generator and draws only on the
/// high bits of its state: the low bits of such a generator repeat within a
/// few steps.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    /// The high halves of two steps.
    public mutating func next() -> UInt64 {
        let high = step() & 0xFFFF_FFFF_0000_0000
        return high | step() >> 32
    }

    /// A number in 0..<bound, from the high 31 bits of one step.
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        (step() >> 33) % bound
    }

    private mutating func step() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
