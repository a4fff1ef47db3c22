import TallyCore

/// A chart's value axis: from `low` to `high` in round steps (1, 2 or 5 times
/// a power of ten, never below one major unit), zero always on it. Positions
/// are found in integers, so no amount passes through floating point.
struct ChartAxis {
    let low: Int128
    let high: Int128
    let step: Int128

    init(values: [Int128], unit: Int128) {
        let least = min(0, values.min() ?? 0)
        let most = max(0, values.max() ?? 0)
        let span = max(most - least, unit)
        var magnitude = unit
        while magnitude * 10 <= span / 4 { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { magnitude * $0 }.first { $0 * 4 >= span } ?? magnitude * 10
        self.step = step
        low = ChartAxis.floor(least, step) * step
        high = max(-ChartAxis.floor(-most, step) * step, low + step)
    }

    var ticks: [Int128] {
        var ticks: [Int128] = []
        var tick = low
        while tick <= high {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// How far below the top of a plot `height` long `value` stands, in the plot's units.
    func offset(_ value: Int128, height: Int) -> Int {
        Int((high - value) * Int128(height) / (high - low))
    }

    /// The quotient rounded toward minus infinity.
    private static func floor(_ value: Int128, _ divisor: Int128) -> Int128 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
