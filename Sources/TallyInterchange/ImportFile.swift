import TallyCore
import TallyLanguage

/// A CSV file as `import` reads it before the ledger is locked: the columns
/// its header names, how many rows follow, and whether any amount carries a
/// sign. Each row is read and dropped here, and read again when it is checked
/// against the ledger, so that beside the file's bytes no more than one row's
/// text is held at a time.
public struct ImportFile: Sendable {
    /// Readers of the rows under the header, each for one core to check,
    /// and how many rows each reads.
    let parts: [(reader: CSVReader, rows: Int)]
    let columns: ImportColumns
    /// Whether any amount in the file has a minus: then an unsigned amount is income.
    let amountsAreSigned: Bool

    /// The rows under the header, blank lines not counted.
    public var rowCount: Int { parts.reduce(0) { $0 + $1.rows } }

    /// The file's header and every row read once through, on two cores when
    /// it is big; refused when it is not CSV or its header lacks a column.
    public init(bytes: [UInt8], options: ImportOptions) throws(Diagnostic) {
        if let format = ExportFormat(path: options.file.value), format != .csv {
            throw Diagnostic(.importReadsCSV(file: options.file.value, named: format.kind), at: options.file.range)
        }
        var readers = CSV.readers(bytes, skippingLines: options.skip)
        let header: CSVRecord?
        do {
            header = try readers[0].next()
        } catch {
            throw ImportFile.unreadable(error, options)
        }
        guard let header else {
            throw Diagnostic(.noHeaderRow(file: options.file.value, skipped: options.skip), at: options.file.range)
        }
        let columns = try ImportColumns(header: header.fields, line: header.line, mappings: options.columns, file: options.file)
        let second = readers.count > 1 ? Background { [readers] in ImportFile.survey(readers[1], columns) } : nil
        let surveys = [ImportFile.survey(readers[0], columns)] + (second.map { [$0.wait()] } ?? [])
        var parts: [(reader: CSVReader, rows: Int)] = []
        var signed = false
        for (reader, survey) in zip(readers, surveys) {
            switch survey {
            case .success(let found):
                parts.append((reader, found.rows))
                signed = signed || found.signed
            case .failure(let error):
                throw ImportFile.unreadable(error, options)
            }
        }
        self.parts = parts
        self.columns = columns
        amountsAreSigned = signed
    }

    /// How many rows a reader reads, and whether any of their amounts has a
    /// sign: a minus or an opening bracket, seen in the bytes as it is asked
    /// of every row. The reader is read through a copy, so it still starts
    /// at its first row.
    private static func survey(_ reader: CSVReader, _ columns: ImportColumns) -> Result<(rows: Int, signed: Bool), CSVError> {
        var copy = reader
        var rows = 0
        var signed = false
        do throws(CSVError) {
            while let record = try copy.next() {
                rows += 1
                if !signed, let text = columns.value(.amount, in: record.fields) {
                    signed = text.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "(") || $0 == 0xE2 }
                }
            }
        } catch {
            return .failure(error)
        }
        return .success((rows, signed))
    }

    static func unreadable(_ error: CSVError, _ options: ImportOptions) -> Diagnostic {
        Diagnostic(.csvUnreadable(file: options.file.value, line: error.line, reason: error.reason), at: options.file.range)
    }
}
