/// An ISO 4217 currency: its code, how many minor-unit digits it has, and the
/// symbol shown before amounts in tables.
public struct Currency: Hashable, Sendable, Codable {
    public let code: String
    public let decimals: Int
    public let symbol: String

    /// `decimals` per ISO 4217; codes we don't know get two, the common case.
    public init(code: String) {
        let upper = code.uppercased()
        self.code = upper
        self.decimals = Currency.zeroDecimal.contains(upper) ? 0 : (Currency.threeDecimal.contains(upper) ? 3 : 2)
        self.symbol = Currency.symbols[upper] ?? upper + " "
    }

    public static let cny = Currency(code: "CNY")

    /// Minor units per major unit in the finest currency there is (three decimals):
    /// amounts of any currency, scaled to it, compare as numbers.
    public static let finestScale: Int64 = 1000

    /// A currency code is three ASCII letters; anything else is a typo.
    public static func isValidCode(_ code: String) -> Bool {
        code.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
    }

    /// 10^decimals, the number of minor units in one major unit.
    public var scale: Int64 {
        var result: Int64 = 1
        for _ in 0..<decimals { result *= 10 }
        return result
    }

    private static let zeroDecimal: Set<String> = ["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "PYG", "RWF"]
    private static let threeDecimal: Set<String> = ["BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD"]
    private static let symbols: [String: String] = [
        "CNY": "¥", "JPY": "¥", "USD": "$", "EUR": "€", "GBP": "£", "KRW": "₩",
        "INR": "₹", "HKD": "HK$", "TWD": "NT$", "AUD": "A$", "CAD": "C$", "RUB": "₽",
    ]
}
