import TallyCore

/// The sentences of `Problem.text` that depend on what a caller names (a
/// statement, a kind of name, undo or redo): one whole sentence for each, so
/// that a translation never glues English grammar around a word.
extension Problem {
    /// How `Token.quoted` names a string, before the string as written.
    static let stringToken = "string "

    /// A token as `Token.quoted` names it, in the reader's words: what the user wrote stays as written.
    static func shown(_ found: String) -> String {
        switch found {
        case "end of input": return Translation.translated("end of input")
        case "end of line": return Translation.translated("end of line")
        default:
            guard found.hasPrefix(stringToken) else { return found }
            return Translation.translated("string %s", found.dropFirst(stringToken.count))
        }
    }

    /// What kind of name was not found, each with its own sentence.
    public enum NameKind: Sendable {
        case account, book, category, column, dimension, field, format, helpTopic, importProfile, meaning, savedStatement, setting, tag, weekday
    }

    /// The statement a clause was written twice in.
    public enum ClauseHost: Sendable {
        case account, bill, export, `import`, profile, query, recurringBill, report, transfer
    }

    /// What cannot be merged into itself.
    public enum BillHolder: Sendable {
        case book, category
    }

    static func unknown(_ kind: NameKind, _ name: String) -> String {
        switch kind {
        case .account: Translation.translated("unknown account '%s'", name)
        case .book: Translation.translated("unknown book '%s'", name)
        case .category: Translation.translated("unknown category '%s'", name)
        case .column: Translation.translated("unknown column '%s'", name)
        case .dimension: Translation.translated("unknown dimension '%s'", name)
        case .field: Translation.translated("unknown field '%s'", name)
        case .format: Translation.translated("unknown format '%s'", name)
        case .helpTopic: Translation.translated("unknown help topic '%s'", name)
        case .importProfile: Translation.translated("unknown import profile '%s'", name)
        case .meaning: Translation.translated("unknown meaning '%s'", name)
        case .savedStatement: Translation.translated("unknown saved statement '%s'", name)
        case .setting: Translation.translated("unknown setting '%s'", name)
        case .tag: Translation.translated("unknown tag '%s'", name)
        case .weekday: Translation.translated("unknown weekday '%s'", name)
        }
    }

    static func onlyOnce(_ clause: String, in statement: ClauseHost) -> String {
        switch statement {
        case .account: Translation.translated("'%s' may appear only once in an account", clause)
        case .bill: Translation.translated("'%s' may appear only once in a bill", clause)
        case .export: Translation.translated("'%s' may appear only once in an export", clause)
        case .import: Translation.translated("'%s' may appear only once in an import", clause)
        case .profile: Translation.translated("'%s' may appear only once in a profile", clause)
        case .query: Translation.translated("'%s' may appear only once in a query", clause)
        case .recurringBill: Translation.translated("'%s' may appear only once in a recurring bill", clause)
        case .report: Translation.translated("'%s' may appear only once in a report", clause)
        case .transfer: Translation.translated("'%s' may appear only once in a transfer", clause)
        }
    }

    static func takesItsOwnBills(_ holder: BillHolder) -> String {
        switch holder {
        case .book: Translation.translated("a book cannot take its own bills")
        case .category: Translation.translated("a category cannot take its own bills")
        }
    }

    static func kindWouldChange(category: String, kind: Kind, bill: Int64) -> String {
        switch kind {
        case .income:
            return Translation.translated(
                "'%s' is an income category, but #%d is an expense bill; edit where keeps each bill's kind, and 'edit #%d category=%s' changes it",
                category, bill, bill, Literal.name(category))
        case .expense:
            return Translation.translated(
                "'%s' is an expense category, but #%d is an income bill; edit where keeps each bill's kind, and 'edit #%d category=%s' changes it",
                category, bill, bill, Literal.name(category))
        }
    }

    /// Currency codes named together: `CNY and USD`. Numbered, the template
    /// is one of its own, so a language may join codes otherwise than counts.
    static func both(_ codes: [String]) -> String {
        guard let first = codes.first else { return "" }
        return codes.dropFirst().reduce(first) { Translation.translated("%1$s and %2$s", $0, $1) }
    }

    static func missingColumn(file: String, field: String, header: [String]) -> String {
        let shown = header.prefix(12).map { "'\(Diagnostic.clipped($0))'" }.joined(separator: ", ")
        if header.count == 1, let separator = [";", "\t", "|"].first(where: { header[0].contains($0) }) {
            let named = separator == "\t" ? "tab" : "\"\(separator)\""
            return Translation.translated(
                "%s has no '%s' column; its header is one long field, %s: separated by %s? add separator %s", file, field, shown, named, named)
        }
        return Translation.translated(
            "%s has no '%s' column; its header is %s; name the column with columns (%s=HEADER)",
            file, field, shown + (header.count > 12 ? ", …" : ""), field)
    }

    /// A file's line that refused the import: `place` is `FILE:LINE` or `FILE:LINE:COLUMN`.
    static func nothingImported(at place: String, _ reason: String) -> String {
        Translation.translated("%s: %s; nothing was imported", place, reason)
    }

    static func afterPosting(undo: Bool, _ change: String, rule: Int64) -> String {
        undo
            ? Translation.translated(
                "cannot undo '%s': recurring #%d has posted or been seen to since; nothing was changed ('delete recurring #%d' keeps the bills it posted)",
                change, rule, rule)
            : Translation.translated(
                "cannot redo '%s': recurring #%d has posted or been seen to since; nothing was changed ('delete recurring #%d' keeps the bills it posted)",
                change, rule, rule)
    }

    static func conflict(undo: Bool, _ change: String, row: String) -> String {
        undo
            ? Translation.translated("cannot undo '%s': %s has been changed since it was made, by another session; nothing was changed", change, row)
            : Translation.translated("cannot redo '%s': %s has been changed since it was undone, by another session; nothing was changed", change, row)
    }

    static func dependedOn(undo: Bool, _ change: String) -> String {
        undo
            ? Translation.translated(
                "cannot undo '%s': another session has since added rows that depend on what it would take away; nothing was changed", change)
            : Translation.translated(
                "cannot redo '%s': another session has since added rows that depend on what it would take away; nothing was changed", change)
    }

    static func tooFew(undo: Bool, asked: Int, available: Int) -> String {
        undo
            ? Translation.translated("cannot undo %d changes: only %d can be undone here; nothing was changed", asked, available)
            : Translation.translated("cannot redo %d changes: only %d can be redone here; nothing was changed", asked, available)
    }

    /// What a whole check found, line by line, and the way out: the statement to type stays as written.
    static func damaged(_ problems: [String], path: String) -> String {
        let shown = problems.prefix(10).map { "  " + $0 }
        let more = problems.count > shown.count ? ["  " + Translation.translated("… and %d more", problems.count - shown.count)] : []
        let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return ([Translation.translated("the ledger at %s is damaged:", path)] + shown + more + [
            Translation.translated("Nothing will be written to it. Restore a copy from before the damage, or save what can still be read:"),
            "  tally --db \(quoted) -c 'export rescue.csv'",
            Translation.translated("and import that into a new ledger."),
        ]).joined(separator: "\n")
    }
}
