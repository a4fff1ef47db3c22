import TallyCore

// How exchange rates map to their table.

extension Connection {
    func insert(_ rate: ExchangeRate) throws(StoreError) {
        let (units, scale) = try Connection.decimal(rate)
        try run("INSERT INTO rates (id, base, quote, day, units, scale) VALUES (?, ?, ?, ?, ?, ?)",
                rate.id, rate.base, rate.quote, rate.day.yyyymmdd, units, scale)
    }

    func delete(_ rate: ExchangeRate) throws(StoreError) {
        let (units, scale) = try Connection.decimal(rate)
        try run("DELETE FROM rates WHERE id = ? AND base = ? AND quote = ? AND day = ? AND units = ? AND scale = ?",
                rate.id, rate.base, rate.quote, rate.day.yyyymmdd, units, scale)
    }

    /// A rate is given as a decimal and kept as one; a rate derived by
    /// dividing is never stored.
    private static func decimal(_ rate: ExchangeRate) throws(StoreError) -> (Int64, Int) {
        guard let decimal = rate.rate.decimal else { throw .corrupt(doing: Translation.translated("writing a rate"), Translation.translated("%s in %s is no decimal", rate.base, rate.quote)) }
        return decimal
    }

    func rates() throws(StoreError) -> [ExchangeRate] {
        var rates: [ExchangeRate] = []
        try forEachRow("SELECT id, base, quote, day, units, scale FROM rates ORDER BY day, id") { row throws(StoreError) in
            guard let day = Day(yyyymmdd: Int(row.int64(3))) else { throw .corrupt(doing: Translation.translated("reading rates"), Translation.translated("rate %d has no valid day", row.int64(0))) }
            rates.append(ExchangeRate(
                id: row.int64(0), base: row.text(1), quote: row.text(2), day: day,
                rate: ExactRate(units: row.int64(4), scale: Int(row.int64(5)))))
        }
        return rates
    }
}
