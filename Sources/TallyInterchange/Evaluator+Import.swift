import TallyLanguage

extension Evaluator {
    /// The rows of a CSV file, read once by the session, as one change that
    /// adds every new bill; or, when any row is bad, an error naming the bad
    /// rows. The file is let go as soon as its rows are checked.
    public func importing(_ file: consuming ImportFile, _ options: ImportOptions) throws(Diagnostic) -> Outcome {
        try CSVImport(evaluator: self, options: options, file: file).outcome(reading: file)
    }
}
