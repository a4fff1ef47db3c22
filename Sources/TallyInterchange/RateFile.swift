import TallyCore
import TallyLanguage

/// A CSV file of exchange rates: a header naming the columns `date`,
/// `currency` and `rate`, and `in` when the rates are not in the home
/// currency, in any order and case; then one rate a row. Every row is read
/// before any is kept, and the first that cannot be is the error, at its line.
public enum RateFile {
    public static func rows(_ bytes: [UInt8], file: Located<String>) throws(Diagnostic) -> [RateRow] {
        func refuse(_ line: Int, _ reason: String) -> Diagnostic {
            Diagnostic(.csvUnreadable(file: file.value, line: line, reason: reason), at: file.range)
        }
        var records: [CSVRecord] = []
        do throws(CSVError) {
            var reader = CSV.readers(bytes)[0]
            while let record = try reader.next() { records.append(record) }
        } catch {
            throw refuse(error.line, error.reason)
        }
        guard let header = records.first else {
            throw refuse(1, Translation.translated("the file is empty; its first line names the columns date, currency, rate and in"))
        }
        let names = header.fields.map { String($0.trimmingSpaces).lowercased() }
        guard let date = names.firstIndex(of: "date"), let currency = names.firstIndex(of: "currency"), let rate = names.firstIndex(of: "rate") else {
            throw refuse(header.line, Translation.translated(
                "the first line names the columns date, currency and rate (and in, for the currency they are in); it has %s",
                header.fields.joined(separator: ", ")))
        }
        let quote = names.firstIndex(of: "in")
        var rows: [RateRow] = []
        for record in records.dropFirst() where !record.fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) {
            func field(_ index: Int) -> String {
                index < record.fields.count ? String(record.fields[index].trimmingSpaces) : ""
            }
            func code(_ index: Int) throws(Diagnostic) -> String {
                let code = field(index).uppercased()
                guard Currency.isValidCode(code) else { throw refuse(record.line, Translation.translated("'%s' is not an ISO 4217 currency code", field(index))) }
                return code
            }
            guard let day = Day(iso: field(date)) else { throw refuse(record.line, Translation.translated("'%s' is not a date such as 2016-07-01", field(date))) }
            guard let number = ExactNumber(text: field(rate)) else { throw refuse(record.line, Translation.translated("'%s' is not a rate such as 7.12", field(rate))) }
            let base = try code(currency)
            let quoted = try quote.map { index throws(Diagnostic) in try code(index) }
            rows.append(RateRow(line: record.line, day: day, base: base, rate: number, quote: quoted))
        }
        return rows
    }
}
