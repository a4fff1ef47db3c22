import TallyCore

extension Evaluator {
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
