import TallyCore
import TallyInterchange
import TallyLanguage
import TallyRender
import TallyStore

extension Session {
    /// The days an export reads at a time: a season of a million bills over ten years is 25,000.
    static let exportStretch = 92

    /// The export `statement` is, when it is written a stretch of days at a
    /// time: CSV and JSON, which hold bills alone, from a ledger this session
    /// can read in one transaction.
    func streamedExport(_ statement: Statement) -> ExportOptions? {
        guard options.exportsInStretches, store.readOnlyReason == nil, case .ledger(.export(let export)) = statement,
              let format = ExportFormat(path: export.file.value), format == .csv || format == .json else { return nil }
        return export
    }

    /// Writes a CSV or JSON export a stretch of days at a time, each read
    /// from the file and selected as the whole ledger would select it, all
    /// in one read of the file: byte for byte the file `export` writes from
    /// every bill at once, without ever holding them all.
    func exportInStretches(_ export: ExportOptions, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        guard let format = ExportFormat(path: export.file.value) else { preconditionFailure("only CSV and JSON exports are streamed") }
        return try store.readingOnce { () throws(StoreError) -> RunStatus in
            let stretches = try exportedStretches(export)
            let firstLedger = try store.load(billsIn: stretches[0])
            let firstRows: [BillRow]?
            do throws(Diagnostic) {
                // The statement's own mistakes are found before any file is made.
                firstRows = try exportedRows(export, from: firstLedger)
            } catch {
                return fail(error, in: source)
            }
            let rows = { (index: Int) throws(StoreError) -> [BillRow]? in
                index == 0 ? firstRows : try self.exportedRows(export, in: stretches[index])
            }
            var withAccount = false
            if format == .csv, firstLedger.books.contains(where: { firstLedger.keepsAccounts(inBook: $0.id) }) {
                for index in stretches.indices where try rows(index)?.contains(where: { $0.account != nil }) == true {
                    withAccount = true
                    break
                }
            }
            let writer: FileWriter
            do throws(FileFailure) {
                writer = try FileWriter(path: export.file.value, replacing: export.overwrites)
            } catch {
                return fail(Diagnostic(.fileFailed(error), at: export.file.range), in: source)
            }
            let csv = CSVRenderer()
            let json = JSONRenderer()
            var count = 0
            var failure: FileFailure?
            func put(_ text: String) {
                guard failure == nil else { return }
                do throws(FileFailure) { try writer.write(text) } catch { failure = error }
            }
            if format == .csv { put(csv.billHeader(withAccount: withAccount) + "\n") }
            for index in stretches.indices where failure == nil {
                // Ctrl-C: nothing is written, as when the whole ledger is cut short.
                guard let stretch = try rows(index) else { return .success }
                for row in stretch {
                    put(format == .csv ? csv.billLine(row, withAccount: withAccount) + "\n" : (count == 0 ? "[\n  " : ",\n  ") + json.billElement(row))
                    count += 1
                }
            }
            if format == .json { put(count == 0 ? "[]\n" : "\n]\n") }
            if failure == nil {
                do throws(FileFailure) { try writer.finish() } catch { failure = error }
            }
            if let failure { return fail(Diagnostic(.fileFailed(failure), at: export.file.range), in: source) }
            show(.done(.exported(count: count, rules: 0, transfers: 0, file: export.file.value, format: format.title)))
            return .success
        }
    }

    /// The stretches of days that hold the export's bills, first to last;
    /// one of no day when none can.
    private func exportedStretches(_ export: ExportOptions) throws(StoreError) -> [DateRange] {
        let asked = export.period.map { $0.value.resolve(today: today, weekStart: ledger.settings.weekStart) } ?? .everything
        guard let held = try store.billDays(), !asked.isEmpty else { return [.nothing] }
        let (start, end) = (max(held.start, asked.start), min(held.end, asked.end))
        guard start <= end else { return [.nothing] }
        var stretches: [DateRange] = []
        var from = start
        while from <= end {
            let to = min(end, from.adding(days: Session.exportStretch - 1))
            stretches.append(DateRange(start: from, end: to))
            guard to < end else { break }
            from = to.adding(days: 1)
        }
        return stretches
    }

    /// The rows `export` selects from the bills of `days`, or nil when Ctrl-C cut them short.
    private func exportedRows(_ export: ExportOptions, in days: DateRange) throws(StoreError) -> [BillRow]? {
        let ledger = try store.load(billsIn: days)
        do throws(Diagnostic) {
            return try exportedRows(export, from: ledger)
        } catch {
            // Names and periods are the same in every stretch of one read of the file.
            preconditionFailure("an export evaluated once without a mistake has one in another stretch: \(error)")
        }
    }

    private func exportedRows(_ export: ExportOptions, from ledger: Ledger) throws(Diagnostic) -> [BillRow]? {
        var evaluator = evaluator(of: ledger)
        evaluator.interruption = output.interruption
        guard case .exportFile(_, let bills, _) = try evaluator.evaluate(.export(export), at: SourceRange.nowhere) else {
            preconditionFailure("an export evaluates to its file")
        }
        return output.interruption?.leftOut == true ? nil : bills.rows
    }
}
