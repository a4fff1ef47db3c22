/// The largest amount one bill may carry, in minor units: far above any real
/// bill. Totals are kept in `Int128`, where no number of such bills can overflow.
public let maximumAmount: Int64 = 99_999_999_999_999

/// Why an amount's text was refused.
public enum AmountError: Error, Equatable, Sendable {
    case tooManyDecimals(allowed: Int)
    case tooLarge
    case overflow
}

/// An exact decimal number as written: `digits` × 10^-`scale`. Amount text is
/// kept this way until it meets a currency, so `25.5` compares exactly with
/// bills of any currency and is never rounded.
public struct ExactNumber: Hashable, Sendable {
    public let units: Int64
    public let scale: Int

    public init(units: Int64, scale: Int) {
        self.units = units
        self.scale = scale
    }

    /// `7.12` as written, its decimals kept: `7.10` stays `7.10`.
    public var written: String {
        var digits = String(units)
        guard scale > 0 else { return digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        return String(digits.dropLast(scale)) + "." + String(digits.suffix(scale))
    }

    /// Reads `123`, `123.4`, `0.05`: ASCII digits with at most one point.
    public init?(text: String) {
        var units: Int64 = 0
        var scale = 0
        var seenPoint = false
        var digitCount = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, o1) = units.multipliedReportingOverflow(by: 10)
            let (added, o2) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            units = added
            digitCount += 1
            if seenPoint { scale += 1 }
        }
        if digitCount == 0 { return nil }
        self.units = units
        self.scale = scale
    }

    /// The number as written, less any leading zeros: `25.50`.
    public var text: String {
        guard scale > 0 else { return String(units) }
        var digits = String(units)
        while digits.count <= scale { digits = "0" + digits }
        return digits.dropLast(scale) + "." + digits.suffix(scale)
    }

    /// The same number in minor units of `currency`, or why it can't be.
    public func minorUnits(in currency: Currency) throws(AmountError) -> Int64 {
        try minorUnits(decimals: currency.decimals)
    }

    /// The same number in units of 10^-`decimals`, or why it can't be.
    public func minorUnits(decimals: Int) throws(AmountError) -> Int64 {
        var units = self.units
        var scale = self.scale
        // Trailing zeros past the currency's precision are harmless: `1.500` yen-cents.
        while scale > decimals && units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        if scale > decimals { throw .tooManyDecimals(allowed: decimals) }
        for _ in scale..<decimals {
            let (next, overflow) = units.multipliedReportingOverflow(by: 10)
            if overflow { throw .tooLarge }
            units = next
        }
        return units
    }

    /// Compares with an amount in minor units of `currency`, exactly: negative
    /// when this number is smaller, zero when equal, positive when larger.
    public func compare(minorUnits: Int64, of currency: Currency) -> Int {
        // Bring both sides to the larger scale; amounts are far below the overflow
        // point, and if they weren't, saturating keeps the order correct.
        let common = max(scale, currency.decimals)
        let left = ExactNumber.rescale(units, from: scale, to: common)
        let right = ExactNumber.rescale(minorUnits, from: currency.decimals, to: common)
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    private static func rescale(_ value: Int64, from: Int, to: Int) -> Int64 {
        var result = value
        for _ in from..<to {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return value < 0 ? Int64.min : Int64.max }
            result = next
        }
        return result
    }
}

/// Formats amounts exactly from minor units.
public enum MoneyFormat {
    /// `1234.50`: the machine form, with exactly the currency's decimals.
    public static func plain(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        format(Int128(minor), currency, grouping: false)
    }

    /// `1,234.50`: for people.
    public static func grouped(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        format(Int128(minor), currency, grouping: true)
    }

    /// `+1,234.50` or `-25.00`: an amount that says which way the money went.
    public static func signed(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        let minor = Int128(minor)
        return (minor < 0 ? "-" : "+") + format(minor.magnitude, currency, grouping: true)
    }

    /// `¥1,234.50` or `-¥25.00`.
    public static func withSymbol(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        let minor = Int128(minor)
        return (minor < 0 ? "-" : "") + currency.symbol + format(minor.magnitude, currency, grouping: true)
    }

    private static func format(_ minor: Int128, _ currency: Currency, grouping: Bool) -> String {
        (minor < 0 ? "-" : "") + format(minor.magnitude, currency, grouping: grouping)
    }

    private static func format(_ magnitude: UInt128, _ currency: Currency, grouping: Bool) -> String {
        let scale = UInt128(currency.scale)
        var whole = String(magnitude / scale)
        if grouping && whole.count > 3 {
            var grouped = ""
            for (index, character) in whole.enumerated() {
                if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(character)
            }
            whole = grouped
        }
        guard currency.decimals > 0 else { return whole }
        var fraction = String(magnitude % scale)
        while fraction.count < currency.decimals { fraction = "0" + fraction }
        return whole + "." + fraction
    }
}

/// Exact running totals: an overflow is reported, never wrapped.
public enum Arithmetic {
    public static func add(_ a: Int64, _ b: Int64) throws(AmountError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { throw .overflow }
        return sum
    }

    /// `total / count`, rounded half to even.
    public static func average(_ total: Int128, count: Int) -> Int128 {
        precondition(count > 0)
        let divisor = Int128(count)
        var quotient = total / divisor
        let remainder = total % divisor
        let twice = remainder.magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            quotient += total < 0 ? -1 : 1
        }
        return quotient
    }
}
