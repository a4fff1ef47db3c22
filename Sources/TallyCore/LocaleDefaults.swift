/// What the user's locale says about a new ledger. Read from the environment
/// variables themselves: Foundation's locale ignores LANG on Linux.
public struct LocaleDefaults: Sendable {
    public let chinese: Bool
    /// Chinese in Traditional script: Taiwan's, Hong Kong's, Macau's, or a locale that says `Hant`.
    public let traditional: Bool
    public let currency: Currency
    /// How the user writes an amount's decimals: `25,50` in Germany, `25.50` in China.
    public let decimalMark: DecimalMark

    /// `environment` is the process environment; LC_ALL overrides LC_MONETARY, LC_NUMERIC and LANG, as in POSIX.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> String {
            for name in names { if let value = environment[name], !value.isEmpty { return value } }
            return ""
        }
        let language = value("LC_ALL", "LC_MESSAGES", "LANG").lowercased()
        chinese = language.hasPrefix("zh")
        traditional = chinese && ["zh_tw", "zh_hk", "zh_mo"].contains { language.hasPrefix($0) } || language.hasPrefix("zh_hant")
        currency = LocaleDefaults.currency(forLocale: value("LC_ALL", "LC_MONETARY", "LANG")) ?? .cny
        decimalMark = LocaleDefaults.decimalMark(forLocale: value("LC_ALL", "LC_NUMERIC", "LANG"))
    }

    /// `de_DE.UTF-8` → a comma: the mark the locale's language writes, unless its territory writes the other.
    static func decimalMark(forLocale locale: String) -> DecimalMark {
        let name = locale.split(separator: ".").first.map(String.init) ?? ""
        let parts = name.split(separator: "_")
        guard let language = parts.first.map({ $0.lowercased() }), commaLanguages.contains(language) else { return .point }
        let territory = parts.count >= 2 ? String(parts[1].prefix(2)).uppercased() : ""
        return pointTerritories[language]?.contains(territory) == true ? .point : .comma
    }

    /// The languages whose decimals follow a comma, as glibc's locales write them.
    private static let commaLanguages: Set<String> = [
        "de", "fr", "it", "es", "pt", "nl", "ca", "eu", "gl", "da", "nb", "nn", "no", "sv", "fi", "is", "et", "lv", "lt",
        "pl", "cs", "sk", "sl", "hr", "sr", "bs", "mk", "bg", "ro", "hu", "el", "tr", "ru", "uk", "be", "kk", "az", "ka",
        "hy", "sq", "id", "vi",
    ]

    /// Where a language of `commaLanguages` writes a point all the same: Swiss German, Mexican Spanish.
    private static let pointTerritories: [String: Set<String>] = [
        "de": ["CH", "LI"], "it": ["CH"],
        "es": ["MX", "US", "PR", "DO", "GT", "HN", "NI", "PA", "SV"],
    ]

    /// `en_US.UTF-8` → USD: the currency of the locale's territory, when we know it.
    static func currency(forLocale locale: String) -> Currency? {
        let name = locale.split(separator: ".").first.map(String.init) ?? ""
        let parts = name.split(separator: "_")
        guard parts.count >= 2 else { return nil }
        let territory = String(parts[1].prefix(2)).uppercased()
        return territoryCurrencies[territory].map(Currency.init(code:))
    }

    private static let territoryCurrencies: [String: String] = [
        "CN": "CNY", "TW": "TWD", "HK": "HKD", "MO": "MOP", "SG": "SGD", "JP": "JPY", "KR": "KRW",
        "US": "USD", "GB": "GBP", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "IN": "INR", "CH": "CHF",
        "DE": "EUR", "FR": "EUR", "IT": "EUR", "ES": "EUR", "NL": "EUR", "BE": "EUR", "AT": "EUR",
        "IE": "EUR", "PT": "EUR", "FI": "EUR", "GR": "EUR", "LU": "EUR", "SE": "SEK", "NO": "NOK",
        "DK": "DKK", "PL": "PLN", "CZ": "CZK", "RU": "RUB", "BR": "BRL", "MX": "MXN", "ZA": "ZAR",
    ]
}
