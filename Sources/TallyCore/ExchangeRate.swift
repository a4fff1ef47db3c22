/// What one unit of a currency is worth in another from a day on, until a
/// later rate of the same pair: `rate USD 7.12 CNY on 2016-07-01`. The rate
/// is a decimal kept exactly, as its digits and how many of them are
/// decimals (7.12 is 712 at scale 2).
public struct ExchangeRate: Hashable, Sendable, Codable, Identifiable {
    public let id: Int64
    /// The currency priced, and the one it is priced in: ISO 4217 codes.
    public let base: String
    public let quote: String
    public let day: Day
    public let rate: ExactRate

    public init(id: Int64, base: String, quote: String, day: Day, rate: ExactRate) {
        self.id = id
        self.base = base
        self.quote = quote
        self.day = day
        self.rate = rate
    }

    /// By day, then as given.
    public static func order(_ first: ExchangeRate, _ second: ExchangeRate) -> Bool {
        (first.day, first.id) < (second.day, second.id)
    }
}

/// A positive decimal as a fraction of integers, so that rates multiply and
/// invert exactly and only the converted amount is ever rounded.
public struct ExactRate: Hashable, Sendable, Codable {
    public let numerator: Int128
    public let denominator: Int128

    /// `units` at `scale` decimals: 712 at scale 2 is 7.12.
    public init(units: Int64, scale: Int) {
        var denominator: Int128 = 1
        for _ in 0..<scale { denominator *= 10 }
        self.init(numerator: Int128(units), denominator: denominator)
    }

    init(numerator: Int128, denominator: Int128) {
        let divisor = ExactRate.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// The digits and decimals it was written with, when it is a decimal: what the store keeps.
    public var decimal: (units: Int64, scale: Int)? {
        var scale = 0
        var power: Int128 = 1
        while power % denominator != 0 {
            guard scale < 18 else { return nil }
            power *= 10
            scale += 1
        }
        let units = numerator * (power / denominator)
        guard let exact = Int64(exactly: units) else { return nil }
        return (exact, scale)
    }

    public var inverted: ExactRate { ExactRate(numerator: denominator, denominator: numerator) }

    public static func * (lhs: ExactRate, rhs: ExactRate) -> ExactRate {
        ExactRate(numerator: lhs.numerator * rhs.numerator, denominator: lhs.denominator * rhs.denominator)
    }

    /// `amount` minor units of a currency with `from` decimals, in minor
    /// units of one with `to` decimals, rounded half to even once.
    public func convert(_ amount: Int128, fromDecimals from: Int, toDecimals to: Int) -> Int128 {
        var numerator = amount * self.numerator
        var denominator = self.denominator
        for _ in 0..<max(0, to - from) { numerator *= 10 }
        for _ in 0..<max(0, from - to) { denominator *= 10 }
        return ExactRate.roundedHalfEven(numerator, denominator)
    }

    private static func roundedHalfEven(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let twice = remainder.magnitude * 2
        let sign: Int128 = numerator < 0 ? -1 : 1
        if twice > denominator.magnitude || twice == denominator.magnitude && quotient % 2 != 0 {
            return quotient + sign
        }
        return quotient
    }

    private static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : Int128(x)
    }
}
