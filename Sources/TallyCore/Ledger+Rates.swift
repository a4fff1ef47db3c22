extension Ledger {
    public var nextRateID: Int64 { (rates.map(\.id).max() ?? 0) + 1 }

    /// The rate of `base` in `quote` on `day`: the latest given on or before
    /// it, directly or the other way round; else through the home currency,
    /// one step each way. Nil when none is known.
    public func rate(of base: String, in quote: String, on day: Day) -> ExactRate? {
        if base == quote { return ExactRate(units: 1, scale: 0) }
        if let direct = pairRate(base, quote, on: day) { return direct }
        guard let home = settings.homeCurrency, home != base, home != quote,
              let toHome = pairRate(base, home, on: day), let fromHome = pairRate(home, quote, on: day) else { return nil }
        return toHome * fromHome
    }

    /// The latest rate of the pair on or before `day`, given either way round.
    private func pairRate(_ base: String, _ quote: String, on day: Day) -> ExactRate? {
        let given = rates.last { $0.day <= day && ($0.base == base && $0.quote == quote || $0.base == quote && $0.quote == base) }
        guard let given else { return nil }
        return given.base == base ? given.rate : given.rate.inverted
    }

    /// The rate of the pair given for exactly `day`, which a new one replaces.
    public func rate(given base: String, _ quote: String, on day: Day) -> ExchangeRate? {
        rates.first { $0.day == day && $0.base == base && $0.quote == quote }
    }
}
