import TallyCore

extension Evaluator {
    /// Refuses an import into a book that does not exist, before its file is read.
    public func checkImportTarget(_ options: ImportOptions) throws(Diagnostic) {
        if let book = options.book { _ = try ledger.book(named: book) }
        if let profile = options.profile { _ = try importProfile(named: profile) }
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
