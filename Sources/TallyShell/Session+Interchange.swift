import TallyCore
import TallyLanguage
import TallyStore
import TallyRender
import TallyInterchange

extension Session {
    /// The largest CSV file `import` reads, refused before any of it is read:
    /// millions of bills, far beyond a lifetime's, and a bound on the memory
    /// an import takes.
    static let maximumImportSize = 256 << 20
    /// Imports of more rows than this show their progress at a terminal.
    static let rowsWorthAProgressBar = 5000

    /// Reads the CSV file and goes through its rows once, then, under the
    /// write lock, checks every row against the ledger as the file has it and
    /// writes all the new bills in one transaction, one undo step.
    func importFile(_ options: ImportOptions, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let file = options.file
        var csv: ImportFile?
        do {
            let tooLarge = ScriptFileError(message: "a CSV file may be at most \(Session.maximumImportSize >> 20) MiB; split it and import each part")
            csv = try ImportFile(
                bytes: try ScriptFile.bytes(of: file.value, limit: Session.maximumImportSize, tooLarge: tooLarge), options: options)
        } catch let error as ScriptFileError {
            return report(Diagnostic(.cannotRead(file: file.value, reason: error.message), at: file.range), in: source)
        } catch let diagnostic as Diagnostic {
            return report(diagnostic, in: source)
        } catch {
            preconditionFailure("reading a CSV file fails only as it says")
        }
        let rows = csv?.rowCount ?? 0
        let progress = self.options.showsProgress && rows > Session.rowsWorthAProgressBar ? ProgressBar(total: rows, noun: "rows") : nil
        progress?.show(done: 0)
        var nextLedger: Background<Ledger>?
        defer { _ = nextLedger?.wait() }
        let step = try store.change(announcing: parsed.text) { reloaded throws(StoreError) -> Step in
            if let reloaded { ledger = reloaded }
            let outcome: Outcome
            guard let read = csv.take() else { preconditionFailure("an import's rows are checked once") }
            do throws(Diagnostic) {
                outcome = try evaluator.importing(consume read, options)
            } catch {
                return .failed(error)
            }
            guard case .change(let change, let report, _, _) = outcome else { return .other(outcome) }
            // The model with the import, made on the other core while the file is written; used once it is committed.
            let current = ledger
            nextLedger = Background {
                var next = current
                next.apply(change)
                return next
            }
            try store.write(change, statement: parsed.text, progress: progress.map { bar in { bar.show(done: $0) } })
            return .wrote(change, report: report, warnings: [])
        }
        progress?.finish()
        switch step {
        case .wrote(_, let report, _):
            ledger = nextLedger!.wait()
            show(report)
            return .success
        case .failed(let diagnostic):
            return report(diagnostic, in: source)
        case .other(let outcome):
            guard case .result(let result, _) = outcome else { preconditionFailure("an import changes the ledger or says why not") }
            show(result)
            return .success
        case .replayed:
            preconditionFailure("an import is not undo or redo")
        }
    }

    /// Writes the bills to the file in the format its extension names.
    func export(_ bills: BillList, _ options: ExportOptions, _ source: ScriptSource) -> RunStatus {
        let file = options.file
        guard let format = ExportFormat(path: file.value) else {
            let known = ExportFormat.extensions.keys.sorted().map { "." + $0 }
            return report(Diagnostic(.formatUnknown(file: file.value, known: known), at: file.range), in: source)
        }
        let text = format.render(bills, categories: ledger.categories)
        do {
            try NewFile.write(Array(text.utf8), to: file.value, replacing: options.overwrites, existsAdvice: "add 'overwrite' to replace it")
        } catch {
            return report(Diagnostic(.fileFailed(error.message), at: file.range), in: source)
        }
        show(.report(.exported(count: bills.rows.count, file: file.value, format: format.title)))
        return .success
    }

    /// Draws the report as a page and writes it, replacing only an earlier report.
    func writeReport(_ report: PeriodReport, _ options: ReportOptions, _ source: ScriptSource) -> RunStatus {
        let page = ReportPage(report: report).html
        do {
            try ReportFile.write(page, named: options.file.value)
        } catch {
            return self.report(Diagnostic(.fileFailed(error.message), at: options.file.range), in: source)
        }
        show(.report(.reportWritten(period: report.period.label, count: report.count, file: options.path, size: page.utf8.count)))
        return .success
    }
}
