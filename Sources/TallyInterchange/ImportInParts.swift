import TallyCore
import TallyLanguage

/// A CSV import of many rows, checked and written a part at a time so that
/// only a part's rows and bills are held at once; the next part is checked
/// on the other core while this one is written. It comes to what the
/// import of every row at once does: a bad row anywhere gives the change
/// up, and every row is still checked, for the error to name them.
public final class ImportInParts: ChangeInParts {
    /// The rows of a part: enough that SQLite's statements and the other
    /// core are kept busy, few enough that the two parts held at a time,
    /// as rows and as bills, take some ten megabytes.
    public static let rowsAPart = 20_000

    /// Where the next part's rows start: the pieces of the file not yet
    /// read through, each over its own bytes, which go once it is read.
    fileprivate struct Cursor: Sendable {
        var pieces: [(reader: CSVReader, rows: Int)]
    }

    private let csv: CSVImport
    private let rowsAPart: Int
    private var cursor: Cursor?
    /// The next part, being checked on the other core.
    private var checking: Background<(Result<CSVImport.Checked, Diagnostic>?, Cursor)>?
    private var resolver: NameResolver
    private var learned: LearnedCategories?
    private var finder: CSVImport.FateFinder
    private var maker: CSVImport.ChangeMaker
    /// The rows found bad as they were read, and those nothing gave a category, each the first few.
    private var unread: (rows: [(line: Int, text: String)], count: Int) = ([], 0)
    private var refused: (rows: [(line: Int, text: String)], count: Int) = ([], 0)
    private var passedOver = 0
    private var failure: Diagnostic?
    private var sourcesWritten = false
    /// What the import did, or why it wrote nothing, once the parts are done.
    public private(set) var outcome: Result<Outcome, Diagnostic>?
    public private(set) var summary: Phrase?
    public var expectedRows: Int { csv.rowCount }

    /// Whether an import of `file` with `options` is made in parts of
    /// `rowsAPart`: a large one, written, without a running balance, which
    /// is checked against every row at once.
    public static func suits(_ file: borrowing ImportFile, _ options: ImportOptions, rowsAPart: Int = rowsAPart) -> Bool {
        options.mode == .write && !file.columns.has(.balance) && file.rowCount > rowsAPart
    }

    public init(evaluator: Evaluator, options: ImportOptions, file: consuming ImportFile, rowsAPart: Int = rowsAPart) throws(Diagnostic) {
        csv = try CSVImport(evaluator: evaluator, options: options, file: file)
        self.rowsAPart = rowsAPart
        resolver = NameResolver(ledger: evaluator.ledger, createsCategories: csv.createsCategories)
        finder = CSVImport.FateFinder(csv)
        maker = CSVImport.ChangeMaker(csv, skipped: 0)
        cursor = Cursor(pieces: file.parts.map { ($0.reader.detached(), $0.rows) })
        if !csv.createsCategories { startChecking() }
    }

    public func nextPart() -> [RowChange]? {
        while failure == nil, let part = nextChecked() {
            switch part {
            case .success(let checked):
                if let rows = written(checked) { return rows }
            case .failure(let diagnostic):
                failure = diagnostic
            }
        }
        // Where the bills came from, as one record after them.
        if failure == nil, unread.count + refused.count == 0, !sourcesWritten {
            sourcesWritten = true
            if let sources = maker.sourcesRow { return [sources] }
        }
        finish()
        return nil
    }

    /// The part's rows given their categories and fates, and made into
    /// the change's rows; nil once any row is bad, as nothing is written then.
    private func written(_ part: CSVImport.Checked) -> [RowChange]? {
        var checked = part
        CSVImport.keep(checked.bad, of: checked.badCount, in: &unread)
        passedOver += checked.skipped.count
        checked.bad = []
        checked.badCount = 0
        // Categories are made by one resolver, in the order of the rows.
        checked.resolver = resolver
        do throws(Diagnostic) {
            try csv.categorise(&checked, learned: &learned)
        } catch {
            failure = error
            return nil
        }
        resolver = checked.resolver
        CSVImport.keep(checked.bad, of: checked.badCount, in: &refused)
        guard unread.count + refused.count == 0 else { return nil }
        return maker.rows(checked.good, finder.fates(of: checked.good), resolver: resolver)
    }

    private func finish() {
        guard outcome == nil else { return }
        if let failure {
            outcome = .failure(failure)
        } else if unread.count + refused.count > 0 {
            // As the import at once lists them: those bad as read first, then those refused a category, by line.
            let bad = (unread.rows + refused.rows.prefix(max(0, CSVImport.maximumReported - unread.rows.count))).sorted { $0.line < $1.line }
            outcome = .failure(csv.refusal(bad, of: unread.count + refused.count))
        } else {
            maker.counts.passedOver = passedOver
            summary = maker.summary
            outcome = .success(.result(maker.done, format: nil))
        }
    }

    /// The next part's rows checked, or nil when the file has no more.
    private func nextChecked() -> Result<CSVImport.Checked, Diagnostic>? {
        guard csv.createsCategories else {
            guard let checking else { return nil }
            let (part, rest) = checking.wait()
            cursor = rest
            self.checking = nil
            if part != nil { startChecking() }
            return part
        }
        // A row may make a category: the rows are read by the one resolver, in order.
        guard var rest = cursor else { return nil }
        var checked = CSVImport.Checked(resolver: resolver)
        let read = CSVImport.read(rowsAPart, from: &rest, by: csv, into: &checked)
        cursor = rest
        switch read {
        case .success(true):
            resolver = checked.resolver
            return .success(checked)
        case .success(false):
            return nil
        case .failure(let error):
            return .failure(error)
        }
    }

    private func startChecking() {
        guard let cursor else { return }
        self.cursor = nil
        let (csv, rowsAPart, resolver) = (self.csv, self.rowsAPart, self.resolver)
        checking = Background {
            var rest = cursor
            var checked = CSVImport.Checked(resolver: resolver)
            checked.good.reserveCapacity(rowsAPart)
            switch CSVImport.read(rowsAPart, from: &rest, by: csv, into: &checked) {
            case .success(true): return (.success(checked), rest)
            case .success(false): return (nil, rest)
            case .failure(let error): return (.failure(error), rest)
            }
        }
    }
}

extension CSVImport {
    var createsCategories: Bool { settings.createsCategories == true }

    /// Keeps the first of `rows` that fit among those reported, and counts them all.
    static func keep(_ rows: [(line: Int, text: String)], of count: Int, in kept: inout (rows: [(line: Int, text: String)], count: Int)) {
        kept.rows += rows.prefix(maximumReported - kept.rows.count)
        kept.count += count
    }

    /// Reads up to `count` rows at `cursor`, from the piece it is in; false when every piece is read.
    fileprivate static func read(
        _ count: Int, from cursor: inout ImportInParts.Cursor, by csv: CSVImport, into checked: inout Checked
    ) -> Result<Bool, Diagnostic> {
        while let first = cursor.pieces.first, first.rows == 0 { cursor.pieces.removeFirst() }
        guard !cursor.pieces.isEmpty else { return .success(false) }
        let rows = min(count, cursor.pieces[0].rows)
        do throws(Diagnostic) {
            try csv.check(rows, from: &cursor.pieces[0].reader, into: &checked)
        } catch {
            return .failure(error)
        }
        cursor.pieces[0].rows -= rows
        return .success(true)
    }
}
