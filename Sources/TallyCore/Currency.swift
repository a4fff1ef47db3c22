/// An ISO 4217 currency: its code, how many minor-unit digits it has, and the
/// symbol shown before amounts in tables.
public struct Currency: Hashable, Sendable, Codable {
    public let code: String
    public let decimals: Int
    public let symbol: String

    /// `decimals` per ISO 4217; a code it does not know (from a ledger older than
    /// this check) gets two, the common case.
    public init(code: String) {
        let upper = code.uppercased()
        self.code = upper
        self.decimals = Currency.iso4217[upper] ?? 2
        self.symbol = Currency.symbols[upper] ?? upper + " "
    }

    public static let cny = Currency(code: "CNY")

    /// Minor units per major unit in the finest currency there is (three decimals):
    /// amounts of any currency, scaled to it, compare as numbers.
    public static let finestScale: Int64 = 1000

    /// Whether `code` is an ISO 4217 code in use, in any case.
    public static func isValidCode(_ code: String) -> Bool {
        iso4217[code.uppercased()] != nil
    }

    /// Every ISO 4217 code in use, sorted: what "did you mean" chooses from.
    public static let codes = iso4217.keys.sorted()

    /// ISO 4217's codes and the digits of their minor units, from the data file built into the package.
    private static let iso4217: [String: Int] = {
        var table: [String: Int] = [:]
        for line in String(decoding: PackageResources.currencies_tsv, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let decimals = Int(fields[1]) else { preconditionFailure("currencies.tsv: malformed line '\(line)'") }
            table[String(fields[0])] = decimals
        }
        return table
    }()

    /// 10^decimals, the number of minor units in one major unit.
    public var scale: Int64 {
        var result: Int64 = 1
        for _ in 0..<decimals { result *= 10 }
        return result
    }

    /// Whether an amount written with `symbol` may be in this currency: `$`
    /// is written for the dollars and pesos, `¥` for yuan and yen.
    public func isWritten(as symbol: Character) -> Bool {
        Currency.symbolsWritten[symbol]?.contains(code) == true
    }

    /// Whether `character` is a symbol amounts are written with: `¥`, `$`, `元`.
    public static func isSymbol(_ character: Character) -> Bool {
        symbolsWritten[character] != nil
    }

    /// The symbols amounts are written with, and the currencies each is
    /// written for where it stands alone, without a letter to tell them apart.
    static let symbolsWritten: [Character: Set<String>] = [
        "$": [
            "USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "BSD", "BBD", "BZD", "BMD", "BND", "KYD", "FJD", "GYD", "JMD", "LRD",
            "NAD", "SBD", "SRD", "TTD", "XCD", "MXN", "ARS", "CLP", "COP", "CUP", "DOP", "UYU",
        ],
        "¥": ["CNY", "JPY"], "￥": ["CNY", "JPY"],
        "元": ["CNY", "HKD", "TWD", "MOP"], "块": ["CNY"],
        "€": ["EUR"],
        "£": ["GBP", "GIP", "FKP", "SHP", "EGP", "SSP", "SYP"],
        "₩": ["KRW", "KPW"],
        "₹": ["INR"],
        "₽": ["RUB"],
    ]

    private static let symbols: [String: String] = [
        "CNY": "¥", "JPY": "¥", "USD": "$", "EUR": "€", "GBP": "£", "KRW": "₩",
        "INR": "₹", "HKD": "HK$", "TWD": "NT$", "AUD": "A$", "CAD": "C$", "RUB": "₽",
    ]
}
