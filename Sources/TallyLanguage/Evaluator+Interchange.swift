import TallyCore

extension Evaluator {
    /// The rows of a CSV file, read once by the session, as one change that
    /// adds every new bill; or, when any row is bad, an error naming the bad
    /// rows. The file is let go as soon as its rows are checked.
    public func importing(_ file: consuming ImportFile, _ options: ImportOptions) throws(Diagnostic) -> Outcome {
        try CSVImport(evaluator: self, options: options, file: file).outcome(reading: file)
    }

    /// Refuses an import into a book that does not exist, before its file is read.
    public func checkImportTarget(_ options: ImportOptions) throws(Diagnostic) {
        if let book = options.book { _ = try ledger.book(named: book) }
    }

    /// The bills an export writes: those of every book, unless the condition
    /// narrows them, in `list` order.
    func export(_ options: ExportOptions) throws(Diagnostic) -> Outcome {
        var query = Query(aggregate: .list)
        query.condition = options.condition
        query.period = options.period
        query.readsEveryBook = true
        guard case .bills(let bills) = try run(query) else { preconditionFailure("list gives bills") }
        return .exportFile(options, bills: bills)
    }
}
