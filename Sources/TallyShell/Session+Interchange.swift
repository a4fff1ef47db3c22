#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyLanguage
import TallyStore
import TallyRender
import TallyInterchange

extension Session {
    /// Imports of more rows than this show their progress at a terminal.
    static let rowsWorthAProgressBar = 5000

    /// Reads the CSV file and goes through its rows once, then, under the
    /// write lock, checks every row against the ledger as the file has it and
    /// writes all the new bills in one transaction, one undo step.
    func importFile(_ options: ImportOptions, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        do {
            try evaluator.checkImportTarget(options)
        } catch {
            return fail(error, in: source)
        }
        let file = options.file
        if let format = ExportFormat(path: file.value), [.journal, .hledger, .beancount].contains(format) {
            return try importJournal(options, beancount: format == .beancount, parsed, source)
        }
        let bytes: [UInt8]
        do {
            bytes = try Files.read(file.value, as: .csv)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        var csv: ImportFile?
        do {
            // Consumed, so the file's bytes go as soon as the import has checked its rows.
            csv = try ImportFile(bytes: consume bytes, options: options, profiles: evaluator.importProfiles.map(\.profile))
        } catch {
            return fail(error, in: source)
        }
        let rows = csv?.rowCount ?? 0
        let progress = self.options.showsProgress && rows > Session.rowsWorthAProgressBar ? ProgressBar(total: rows, width: self.options.errorWidth) : nil
        progress?.show(done: 0)
        var inParts: ImportInParts?
        let outcome = try runner.change(announcing: parsed.text) { ledger throws(StoreError) -> (Result<Outcome, Diagnostic>?, ChangeRunner.Writing) in
            guard let read = csv.take() else { preconditionFailure("an import's rows are checked once") }
            if ImportInParts.suits(read, options, rowsAPart: self.options.importRowsAPart) {
                do throws(Diagnostic) {
                    let parts = try ImportInParts(evaluator: evaluator(of: ledger), options: options, file: read, rowsAPart: self.options.importRowsAPart)
                    inParts = parts
                    return (nil, .parts(parts, statement: parsed.text, progress: progress.map { bar in { bar.show(done: min($0, rows)) } }))
                } catch {
                    return (.failure(error), .nothing)
                }
            }
            let outcome: Outcome
            do throws(Diagnostic) {
                outcome = try evaluator(of: ledger).importing(consume read, options)
            } catch {
                return (.failure(error), .nothing)
            }
            guard case .change(let change, _, _, _) = outcome else { return (.success(outcome), .nothing) }
            // The model with the import, made on the other core while the file is written.
            let model = Background {
                var next = ledger
                next.apply(change)
                return next
            }
            return (.success(outcome), .change(
                // The change writes each bill and where it came from: its rows are more than the file's.
                change, statement: parsed.text,
                progress: progress.map { bar in { bar.show(done: Int(Int64($0) * Int64(rows) / Int64(max(change.rows.count, 1)))) } },
                model: model))
        }
        progress?.finish()
        guard let outcome = outcome ?? inParts?.outcome else { preconditionFailure("an import in parts has its outcome once written") }
        return shown(outcome, in: source)
    }

    /// Reads the photo at `file`, then attaches it under the write lock: its
    /// bytes and the row that names it go into the ledger in one transaction.
    func attach(_ file: Located<String>, to bill: Located<Int64>, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let photo: (bytes: [UInt8], file: PhotoFile)
        do {
            _ = try evaluator.roomForAPhoto(bill)
        } catch {
            return fail(error, in: source)
        }
        do {
            photo = try PhotoFiles.read(file.value)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        let attached = try runner.change { ledger throws(StoreError) -> (Result<QueryResult, Diagnostic>, ChangeRunner.Writing) in
            let change: ChangeSet
            let done: QueryResult
            do throws(Diagnostic) {
                (change, done) = try evaluator(of: ledger).attach(bill, photo.file, from: file.range)
            } catch {
                return (.failure(error), .nothing)
            }
            return (.success(done), .change(
                change, statement: parsed.text, photos: [ChangeRunner.PhotoBytes(bytes: photo.bytes, sha256: photo.file.sha256)]))
        }
        switch attached {
        case .success(let done):
            show(done)
            return .success
        case .failure(let diagnostic):
            return fail(diagnostic, in: source)
        }
    }

    /// Writes a photo's bytes, which only the store holds, to a new file, or over one with `overwrite`.
    func extract(
        _ photo: Photo, to file: Located<String>, overwriting: Bool, _ parsed: ParsedStatement, _ source: ScriptSource
    ) throws(StoreError) -> RunStatus {
        guard let bytes = try store.photoData(sha256: photo.sha256) else {
            return fail(Diagnostic(.photoBytesMissing(photo.number), at: parsed.range), in: source)
        }
        do {
            try PhotoFiles.write(bytes, to: file.value, replacing: overwriting)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        show(.done(.photoWritten(number: photo.number, bill: photo.billID, file: file.value, size: bytes.count)))
        return .success
    }

    /// Writes the bills, and the rules and accounts' entries the format holds, to the file in the format its extension names.
    func export(_ bills: BillList, rules: [RecurringRow], _ options: ExportOptions, _ source: ScriptSource) -> RunStatus {
        let file = options.file
        guard let format = ExportFormat(path: file.value) else {
            let known = ExportFormat.extensions.keys.sorted().map { "." + $0 }
            return fail(Diagnostic(.formatUnknown(file: file.value, known: known), at: file.range), in: source)
        }
        let tooEarly = format == .journal ? bills.rows.filter { $0.day < LedgerJournal.earliestDay }.map(\.id).sorted() : []
        guard tooEarly.isEmpty else {
            return fail(Diagnostic(.billsTooEarlyForJournal(bills: tooEarly, earliest: LedgerJournal.earliestDay.iso), at: file.range), in: source)
        }
        let entries = format.holdsAccountEntries ? evaluator.accountEntries(options) : .none
        let text = format.render(bills, rules: rules, accounts: ledger.exportAccounts, rates: ledger.rates, entries: entries)
        do {
            try Files.write(Array(text.utf8), to: file.value, replacing: options.overwrites)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        show(.done(.exported(
            count: bills.rows.count, rules: format.holdsRules ? rules.count : 0, transfers: entries.moves.count, file: file.value, format: format.title)))
        return .success
    }

    /// Draws the report as a page and writes it; an existing file only with `overwrite`.
    func writeReport(_ report: PeriodReport, _ options: ReportOptions, _ source: ScriptSource) -> RunStatus {
        let page = ReportPage(report: report).html
        do {
            try ReportFile.write(page, named: options.file.value, replacing: options.overwrites)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: options.file.range), in: source)
        }
        show(.done(.reportWritten(period: report.period.label, count: report.count, file: options.path, size: page.utf8.count)))
        return .success
    }

    /// A consistent copy of the whole ledger in a new file (or, with
    /// `overwrite`, over one that is not the ledger's own): made beside it,
    /// then given its name once whole.
    func backup(to file: Located<String>, overwriting: Bool, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let ledgerFiles = ["", "-wal", "-shm", "-journal", "-columns"].map { store.path + $0 }
        if overwriting, Files.isOne(of: ledgerFiles, file.value) {
            return fail(Diagnostic(.fileFailed(FileFailure(file.value, writing: true, .ledgerItself)), at: file.range), in: source)
        }
        let temporary: String
        do {
            temporary = try Files.temporary(beside: file.value, replacing: overwriting)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        do {
            try store.backup(to: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        do {
            try Files.placeNew(temporary, at: file.value, replacing: overwriting)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        show(.done(.backedUp(file: file.value, bills: ledger.bills.count, size: Files.size(file.value))))
        return .success
    }
}

extension Session {
    /// Reads a peer's ledger through once, then maps its entries onto the
    /// ledger as the file has it, under the write lock, as one change.
    private func importJournal(_ options: ImportOptions, beancount: Bool, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let file = options.file
        guard options.mode == .write else { return fail(Diagnostic(.journalDryRun, at: file.range), in: source) }
        let journal: PeerJournal
        do {
            let text = String(decoding: try Files.read(file.value, as: .csv), as: UTF8.self)
            journal = beancount ? try BeancountReader.read(text) : try JournalReader.read(text)
        } catch let error as FileFailure {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        } catch let error as PeerJournalError {
            return fail(Diagnostic(.journalUnreadable(file: file.value, line: error.line, column: error.column, reason: error.message), at: file.range),
                        in: source)
        } catch {
            return fail(Diagnostic(.journalUnreadable(file: file.value, line: 0, column: nil, reason: "\(error)"), at: file.range), in: source)
        }
        let outcome = try runner.change(announcing: parsed.text) { ledger throws(StoreError) -> (Result<Outcome, Diagnostic>, ChangeRunner.Writing) in
            do throws(Diagnostic) {
                let outcome = try evaluator(of: ledger).importingJournal(journal, file: file, book: options.book, beancount: beancount)
                guard case .change(let change, _, _, _) = outcome else { return (.success(outcome), .nothing) }
                return (.success(outcome), .change(change, statement: parsed.text))
            } catch {
                return (.failure(error), .nothing)
            }
        }
        return shown(outcome, in: source)
    }

    /// Reads a file of rates, then keeps them under the write lock as one change.
    func importRates(_ file: Located<String>, _ parsed: ParsedStatement, _ source: ScriptSource) throws(StoreError) -> RunStatus {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(file.value, as: .csv)
        } catch {
            return fail(Diagnostic(.fileFailed(error), at: file.range), in: source)
        }
        let rows: [RateRow]
        do {
            rows = try RateFile.rows(bytes, file: file)
        } catch {
            return fail(error, in: source)
        }
        let outcome = try runner.change { ledger throws(StoreError) -> (Result<Outcome, Diagnostic>, ChangeRunner.Writing) in
            do throws(Diagnostic) {
                let outcome = try evaluator(of: ledger).importingRates(rows, file: file)
                guard case .change(let change, _, _, _) = outcome else { return (.success(outcome), .nothing) }
                return (.success(outcome), .change(change, statement: parsed.text))
            } catch {
                return (.failure(error), .nothing)
            }
        }
        return shown(outcome, in: source)
    }

    /// What a change read from a file did, or why it was refused.
    private func shown(_ outcome: Result<Outcome, Diagnostic>, in source: ScriptSource) -> RunStatus {
        switch outcome {
        case .success(.change(_, let done, _, let warnings)):
            show(done)
            for warning in warnings { runner.complain(errorRenderer.warning(warning)) }
            return .success
        case .success(.result(let done, _)):
            show(done)
            return .success
        case .success:
            return .success
        case .failure(let diagnostic):
            return fail(diagnostic, in: source)
        }
    }
}
