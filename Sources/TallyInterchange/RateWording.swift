import TallyCore

/// A rate as the exports write it: its decimal, exactly as kept.
enum RateWording {
    static func decimal(_ rate: ExchangeRate) -> String? {
        rate.rate.decimal.map { ExactNumber(units: $0.units, scale: $0.scale).written }
    }
}
