import TallyCore
import TallyLanguage

/// A CSV file as `import` reads it before the ledger is locked: decoded to
/// UTF-8, its header found (under a bank's preamble too), the profile it is
/// read with, the columns its header names, how many rows follow, and whether
/// any amount carries a sign. Each row is read and dropped here, and read
/// again when it is checked against the ledger, so that beside the file's
/// bytes no more than one row's text is held at a time.
public struct ImportFile: Sendable {
    /// Readers of the rows under the header, each for one core to check,
    /// and how many rows each reads: a footer's rows are not counted.
    let parts: [(reader: CSVReader, rows: Int)]
    let columns: ImportColumns
    /// Whether any amount in the file has a minus: then an unsigned amount is income.
    let amountsAreSigned: Bool
    /// The statement's settings over its profile's.
    let settings: ImportSettings
    /// The profile the file is read with, named by `with` or picked by its header.
    public let profile: String?
    let dates: DateFormat?
    /// The column each `skip where` test reads.
    let skipColumns: [Int]

    /// The rows under the header, blank lines and the footer not counted.
    public var rowCount: Int { parts.reduce(0) { $0 + $1.rows } }

    /// How many lines a profile's header is looked for in.
    static let headerSearch = 64

    /// How many bytes of a UTF-8 file are checked before its rows are read.
    static let checkedAhead = 1 << 16

    /// The file's header and every row read once through, on two cores when
    /// it is big; refused when it is not CSV, or not in its encoding, or its
    /// header lacks a column. `profiles` are those it may be read with.
    public init(bytes: [UInt8], options: ImportOptions, profiles: [ImportProfile]) throws(Diagnostic) {
        let file = options.file
        if let format = ExportFormat(path: file.value), format != .csv {
            throw Diagnostic(.importReadsCSV(file: file.value, named: format.kind), at: file.range)
        }
        let layout: Layout
        if let named = options.profile {
            let key = Names.key(named.value)
            guard let profile = profiles.first(where: { $0.key == key }) else {
                throw Diagnostic(
                    .unknownName(kind: .importProfile, name: named.value, suggestion: Suggestion.nearest(to: named.value, among: profiles.map(\.name))),
                    at: named.range)
            }
            let settings = options.settings.over(try ImportFile.settings(of: profile, at: named.range))
            let text = try ImportFile.decode(bytes, settings, file)
            guard let found = try Layout.find(in: text, settings, file, searching: true) else {
                throw Diagnostic(
                    .headerNotFound(file: file.value, profile: profile.name, headers: settings.headers, lines: ImportFile.headerSearch),
                    at: named.range)
            }
            layout = found.named(profile.name)
        } else {
            layout = try ImportFile.layout(bytes, options, profiles)
        }
        settings = layout.settings
        profile = layout.profile
        dates = try settings.dates.map { format throws(Diagnostic) in
            do throws(DateFormatProblem) {
                return try DateFormat(format.value)
            } catch {
                throw Diagnostic(.badDateFormat(error.reason), at: format.range)
            }
        }
        var readers = CSV.readers(layout.text, separator: layout.separator, skippingLines: layout.skip)
        let columns: ImportColumns
        if settings.hasHeader == false {
            var probe = readers[0]
            let first: CSVRecord? = (try? probe.next()) ?? nil
            columns = try ImportColumns(numbered: first?.fields.count ?? 0, mappings: settings.columns, file: file)
        } else {
            let header: CSVRecord?
            do throws(CSVError) {
                header = try readers[0].next()
            } catch {
                throw ImportFile.unreadable(error, file)
            }
            guard let header else {
                throw Diagnostic(.noHeaderRow(file: file.value, skipped: layout.skip), at: file.range)
            }
            columns = try ImportColumns(header: header.fields, line: header.line, mappings: settings.columns, file: file)
        }
        var skipColumns: [Int] = []
        for test in settings.skipping { skipColumns.append(try columns.position(of: test.column)) }
        self.skipColumns = skipColumns
        let footers = settings.footers
        let second = readers.count > 1 ? Background { [readers] in ImportFile.survey(readers[1], columns, footers) } : nil
        let first = ImportFile.survey(readers[0], columns, footers)
        let surveys = [first] + (second.map { [$0.wait()] } ?? [])
        var parts: [(reader: CSVReader, rows: Int)] = []
        var signed = false
        for (reader, survey) in zip(readers, surveys) {
            switch survey {
            case .success(let found):
                parts.append((reader, found.rows))
                signed = signed || found.signed
            case .failure(let error):
                throw ImportFile.unreadable(error, file)
            }
            // Rows after a footer are the footer's, whichever reader reads them.
            if case .success(let found) = survey, found.footer { break }
        }
        self.parts = parts
        self.columns = columns
        amountsAreSigned = signed
    }

    /// Where the bills start, and what the file is read with.
    struct Layout {
        var text: [UInt8]
        var settings: ImportSettings
        var separator: UInt8
        /// Lines before the header (or, without one, the first row).
        var skip: Int
        var profile: String?

        func named(_ name: String) -> Layout {
            var layout = self
            layout.profile = name
            return layout
        }

        /// Finds the header: after `skip N` lines when said; else, for a
        /// profile's settings, the first of the file's first lines that has
        /// every header they name (nil when none has); else the first line.
        static func find(in text: [UInt8], _ settings: ImportSettings, _ file: Located<String>, searching: Bool) throws(Diagnostic) -> Layout? {
            let given = settings.separator.flatMap { $0.value.utf8.first }
            let wanted = Set(settings.headers.map(Names.key))
            if let skip = settings.skip {
                var reader = CSVReader(text)
                reader.skip(lines: skip)
                let separator = given ?? CSV.detectSeparator(in: text, from: reader.index)
                let layout = Layout(text: text, settings: settings, separator: separator, skip: skip)
                // A profile's header must be where the statement says it is.
                guard searching, settings.hasHeader != false else { return layout }
                var header = CSVReader(text, from: reader.index, line: skip + 1, to: text.count, separator: separator)
                guard let record = try? header.next(), wanted.isSubset(of: record.fields.map { Names.key(String($0.trimmingSpaces)) }) else {
                    return nil
                }
                return layout
            }
            guard searching, !wanted.isEmpty, settings.hasHeader != false else {
                let separator = given ?? CSV.detectSeparator(in: text, from: CSVReader(text).index)
                return Layout(text: text, settings: settings, separator: separator, skip: 0)
            }
            var lineStart = CSVReader(text)
            for line in 0..<ImportFile.headerSearch {
                guard lineStart.index < text.count else { return nil }
                let separator = given ?? CSV.detectSeparator(in: text, from: lineStart.index)
                var reader = CSVReader(text, from: lineStart.index, line: line + 1, to: text.count, separator: separator)
                if let record = try? reader.next(), record.line == line + 1,
                   wanted.isSubset(of: record.fields.map { Names.key(String($0.trimmingSpaces)) }) {
                    return Layout(text: text, settings: settings, separator: separator, skip: line)
                }
                lineStart.skip(lines: 1)
            }
            return nil
        }
    }

    /// The layout of a file whose statement names no profile: as the
    /// statement says, when the header that gives has a date, an amount and a
    /// category; else that of the profile whose header the file has, the one
    /// naming the most columns (the ledger's before those built in); else
    /// as the statement says, to say what is missing.
    private static func layout(_ bytes: [UInt8], _ options: ImportOptions, _ profiles: [ImportProfile]) throws(Diagnostic) -> Layout {
        let file = options.file
        let plainText = Result { () throws(Diagnostic) in try decode(bytes, options.settings, file) }
        if case .success(let text) = plainText, let plain = try Layout.find(in: text, options.settings, file, searching: false) {
            var reader = CSVReader(text, separator: plain.separator)
            reader.skip(lines: plain.skip)
            if options.settings.hasHeader == false { return plain }
            if let header = try? reader.next(), ImportColumns.suffice(header.fields, mappings: options.settings.columns) { return plain }
        }
        var best: (layout: Layout, headers: Int)?
        // Each encoding a profile names converts the whole file once, however many profiles name it.
        var decoded: [String: [UInt8]?] = [Names.key(options.settings.encoding?.value ?? ""): try? plainText.get()]
        func text(_ settings: ImportSettings) -> [UInt8]? {
            let key = Names.key(settings.encoding?.value ?? "")
            if let text = decoded[key] { return text }
            let text = try? decode(bytes, settings, file)
            decoded[key] = text
            return text
        }
        for profile in profiles {
            guard var base = try? ImportFile.settings(of: profile, at: file.range) else { continue }
            // A profile is picked for the headers it names itself, not for those the statement names in its place.
            base.columns.removeAll { column in options.settings.columns.contains { $0.field.value == column.field.value } }
            guard !base.headers.isEmpty else { continue }
            let settings = options.settings.over(base)
            let headers = settings.headers.count
            guard headers > (best?.headers ?? 0) else { continue }
            // A profile's encoding is for its own files, so a file saved again as UTF-8 is read as UTF-8; one the statement names holds.
            var read = text(settings)
            if read == nil, settings.encoding != nil, options.settings.encoding == nil {
                var plain = settings
                plain.encoding = nil
                read = text(plain)
            }
            guard let read, let found = try? Layout.find(in: read, settings, file, searching: true) else { continue }
            best = (found.named(profile.name), headers)
        }
        if let best { return best.layout }
        let text = try plainText.get()
        guard let plain = try Layout.find(in: text, options.settings, file, searching: false) else {
            throw Diagnostic(.noHeaderRow(file: file.value, skipped: 0), at: file.range)
        }
        return plain
    }

    static func settings(of profile: ImportProfile, at range: SourceRange) throws(Diagnostic) -> ImportSettings {
        do throws(Diagnostic) {
            return try Parser.importSettings(profile.settings)
        } catch {
            throw Diagnostic(.profileUnreadable(name: profile.name, reason: error.message), at: range)
        }
    }

    /// The file's bytes as UTF-8: as its byte-order mark says, else as the
    /// settings say, else checked to be UTF-8.
    static func decode(_ bytes: [UInt8], _ settings: ImportSettings, _ file: Located<String>) throws(Diagnostic) -> [UInt8] {
        var encoding = TextEncoding.utf8
        if let mark = TextEncoding.byteOrderMark(bytes) {
            encoding = mark.encoding
        } else if let named = settings.encoding {
            guard let known = TextEncoding(named: named.value) else {
                throw Diagnostic(.unknownEncoding(named.value, known: TextEncoding.allCases.map(\.rawValue)), at: named.range)
            }
            encoding = known
        }
        if encoding == .utf8 {
            // Its first lines are checked here, so a file in another encoding is told from UTF-8 while
            // profiles are tried; the reader checks each field of the rest as it makes it into text.
            let window = bytes.prefix(ImportFile.checkedAhead)
            let lines = window.count < ImportFile.checkedAhead ? window[...] : window[..<(window.lastIndex(of: 0x0A) ?? 0)]
            if case .failure(let failure) = TextEncoding.utf8(Array(lines), from: .utf8) {
                throw Diagnostic(.notInEncoding(file: file.value, line: failure.line, encoding: encoding.title), at: file.range)
            }
            return bytes
        }
        switch TextEncoding.utf8(bytes, from: encoding) {
        case .success(let text):
            return text
        case .failure(let failure):
            throw Diagnostic(.notInEncoding(file: file.value, line: failure.line, encoding: encoding.title), at: file.range)
        }
    }

    /// How many rows a reader reads before the end or a footer, whether any
    /// of their amounts has a sign (a minus or an opening bracket, seen in the
    /// bytes as it is asked of every row), and whether it met a footer. The
    /// reader is read through a copy, so it still starts at its first row.
    private static func survey(
        _ reader: CSVReader, _ columns: ImportColumns, _ footers: [String]
    ) -> Result<(rows: Int, signed: Bool, footer: Bool), CSVError> {
        var copy = reader
        var rows = 0
        var signed = false
        do throws(CSVError) {
            while let record = try copy.next() {
                if !footers.isEmpty, let first = record.fields.first?.trimmingSpaces,
                   footers.contains(where: { first.hasPrefix($0) }) {
                    return .success((rows, signed, true))
                }
                rows += 1
                if !signed, let text = columns.value(.amount, in: record.fields) {
                    // A minus sign (U+2212) begins with the byte € and ₩ begin with too, so the whole character is looked for.
                    signed = text.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "(") }
                        || (text.utf8.contains(0xE2) && text.unicodeScalars.contains("\u{2212}"))
                }
            }
        } catch {
            return .failure(error)
        }
        return .success((rows, signed, false))
    }

    static func unreadable(_ error: CSVError, _ file: Located<String>) -> Diagnostic {
        Diagnostic(.csvUnreadable(file: file.value, line: error.line, reason: error.reason), at: file.range)
    }
}
