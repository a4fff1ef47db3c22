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
            do throws(Diagnostic) {
                // The statement's own mistakes are found before any file is made, as the whole ledger finds them.
                _ = try evaluator(of: firstLedger).evaluate(.export(export), at: parsed.range)
            } catch {
                return fail(error, in: source)
            }
            let stretch = { (index: Int) throws(StoreError) -> (Ledger, [Int]) in
                let ledger = index == 0 ? firstLedger : try self.store.load(billsIn: stretches[index])
                return (ledger, self.exportedRows(export, from: ledger))
            }
            var withAccount = false
            if format == .csv, firstLedger.books.contains(where: { firstLedger.keepsAccounts(inBook: $0.id) }) {
                for index in stretches.indices where !withAccount {
                    let (ledger, rows) = try stretch(index)
                    let firstAccounts = ledger.firstAccountIDs
                    withAccount = rows.contains { row in
                        ledger.keepsAccounts(inBook: ledger.bills.bookIDs[row])
                            && ledger.account(id: ledger.accountID(ofBillAt: row, firstAccounts: firstAccounts)) != nil
                    }
                }
            }
            let writer: FileWriter
            do throws(FileFailure) {
                writer = try FileWriter(path: export.file.value, replacing: export.overwrites)
            } catch {
                return fail(Diagnostic(.fileFailed(error), at: export.file.range), in: source)
            }
            var count = 0
            var failure: FileFailure?
            func put(_ bytes: [UInt8]) {
                guard failure == nil else { return }
                do throws(FileFailure) { try writer.write(bytes) } catch { failure = error }
            }
            if format == .csv { put(Array((CSVRenderer().billHeader(withAccount: withAccount) + "\n").utf8)) }
            let lines: ExportLines.Format = format == .csv ? .csv(withAccount: withAccount) : .json
            // Each stretch is made into lines and written on the other core while the next is read from the file.
            let file = WrittenInTurn(writer)
            var writing: Background<FileFailure?>?
            defer { _ = writing?.wait() }
            for index in stretches.indices where failure == nil {
                // Ctrl-C: nothing is written, as when the whole ledger is cut short.
                if output.interruption?.stops() == true { return .success }
                let (ledger, rows) = try stretch(index)
                let before = count
                count += rows.count
                // The stretch before is written first, and no more than it waits.
                if let failed = writing?.wait() {
                    failure = failed
                    break
                }
                writing = Background { file.write(Session.exportedBytes(of: rows, in: ledger, as: lines, after: before)) }
            }
            if let last = writing {
                failure = failure ?? last.wait()
                writing = nil
            }
            if format == .json { put(Array((count == 0 ? "[]\n" : "\n]\n").utf8)) }
            if failure == nil {
                do throws(FileFailure) { try writer.finish() } catch { failure = error }
            }
            if let failure { return fail(Diagnostic(.fileFailed(failure), at: export.file.range), in: source) }
            show(.done(.exported(count: count, rules: 0, transfers: 0, file: export.file.value, format: format.title)))
            return .success
        }
    }

    /// The export's file, written by one stretch at a time: each is begun
    /// once the one before it is written, so no two ever write at once.
    private final class WrittenInTurn: @unchecked Sendable {
        private let writer: FileWriter

        init(_ writer: FileWriter) {
            self.writer = writer
        }

        func write(_ bytes: [UInt8]) -> FileFailure? {
            do throws(FileFailure) {
                try writer.write(bytes)
                return nil
            } catch {
                return error
            }
        }
    }

    /// What `rows` of `ledger` add to an export that has written `before` bills.
    private static func exportedBytes(of rows: [Int], in ledger: Ledger, as format: ExportLines.Format, after before: Int) -> [UInt8] {
        var lines = ExportLines(ledger, format)
        var bytes: [UInt8] = []
        for (offset, row) in rows.enumerated() {
            if case .json = format { bytes += Array((before + offset == 0 ? "[\n  " : ",\n  ").utf8) }
            lines.append(row: row, to: &bytes)
        }
        return bytes
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

    /// The rows of `ledger`'s columns `export` selects, in its order.
    private func exportedRows(_ export: ExportOptions, from ledger: Ledger) -> [Int] {
        do throws(Diagnostic) {
            return try evaluator(of: ledger).exportedRows(export)
        } catch {
            // Names and periods are the same in every stretch of one read of the file.
            preconditionFailure("an export evaluated once without a mistake has one in another stretch: \(error)")
        }
    }
}
