/// What the user's locale says about a new ledger. Read from the environment
/// variables themselves: Foundation's locale ignores LANG on Linux.
public struct LocaleDefaults: Sendable {
    public let chinese: Bool
    public let currency: Currency

    /// `environment` is the process environment; LC_ALL overrides LC_MONETARY and LANG, as in POSIX.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> String {
            for name in names { if let value = environment[name], !value.isEmpty { return value } }
            return ""
        }
        chinese = value("LC_ALL", "LC_MESSAGES", "LANG").lowercased().hasPrefix("zh")
        currency = LocaleDefaults.currency(forLocale: value("LC_ALL", "LC_MONETARY", "LANG")) ?? .cny
    }

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
