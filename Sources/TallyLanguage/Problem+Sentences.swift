import TallyCore

/// The sentences of `Problem.text` that depend on a word a caller passes
/// (a statement, a kind of name, undo or redo): one whole sentence for each
/// word, so that a translation never glues English grammar around it, and
/// the English composed as before for a word not foreseen here.
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

    static func shown(_ kind: Kind) -> String {
        Translation.translated(kind.rawValue)
    }

    static func unknown(_ kind: String, _ name: String) -> String {
        switch kind {
        case "account": return Translation.translated("unknown account '%s'", name)
        case "book": return Translation.translated("unknown book '%s'", name)
        case "category": return Translation.translated("unknown category '%s'", name)
        case "column": return Translation.translated("unknown column '%s'", name)
        case "dimension": return Translation.translated("unknown dimension '%s'", name)
        case "field": return Translation.translated("unknown field '%s'", name)
        case "format": return Translation.translated("unknown format '%s'", name)
        case "help topic": return Translation.translated("unknown help topic '%s'", name)
        case "import profile": return Translation.translated("unknown import profile '%s'", name)
        case "meaning": return Translation.translated("unknown meaning '%s'", name)
        case "saved statement": return Translation.translated("unknown saved statement '%s'", name)
        case "setting": return Translation.translated("unknown setting '%s'", name)
        case "tag": return Translation.translated("unknown tag '%s'", name)
        case "weekday": return Translation.translated("unknown weekday '%s'", name)
        default: return Translation.translated("unknown %s '%s'", kind, name)
        }
    }

    /// A second period in a query, a report or an export.
    static func onlyOnePeriod(in statement: String) -> String {
        switch statement {
        case "query": return Translation.translated("a query takes only one period")
        case "report": return Translation.translated("a report takes only one period")
        case "export": return Translation.translated("an export takes only one period")
        default:
            return article(statement) == "an"
                ? Translation.translated("an %s takes only one period", statement) : Translation.translated("a %s takes only one period", statement)
        }
    }

    static func onlyOnce(_ clause: String, in statement: String) -> String {
        switch statement {
        case "account": return Translation.translated("'%s' may appear only once in an account", clause)
        case "bill": return Translation.translated("'%s' may appear only once in a bill", clause)
        case "export": return Translation.translated("'%s' may appear only once in an export", clause)
        case "import": return Translation.translated("'%s' may appear only once in an import", clause)
        case "profile": return Translation.translated("'%s' may appear only once in a profile", clause)
        case "query": return Translation.translated("'%s' may appear only once in a query", clause)
        case "recurring bill": return Translation.translated("'%s' may appear only once in a recurring bill", clause)
        case "report": return Translation.translated("'%s' may appear only once in a report", clause)
        case "transfer": return Translation.translated("'%s' may appear only once in a transfer", clause)
        default:
            return article(statement) == "an"
                ? Translation.translated("'%s' may appear only once in an %s", clause, statement)
                : Translation.translated("'%s' may appear only once in a %s", clause, statement)
        }
    }

    static func takesItsOwnBills(_ thing: String) -> String {
        switch thing {
        case "book": return Translation.translated("a book cannot take its own bills")
        case "category": return Translation.translated("a category cannot take its own bills")
        default: return Translation.translated("a %s cannot take its own bills", thing)
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

    static func undoAfterPosting(_ verb: String, _ change: String, rule: Int64) -> String {
        switch verb {
        case "undo":
            return Translation.translated(
                "cannot undo '%s': recurring #%d has posted or been seen to since; nothing was changed ('delete recurring #%d' keeps the bills it posted)",
                change, rule, rule)
        case "redo":
            return Translation.translated(
                "cannot redo '%s': recurring #%d has posted or been seen to since; nothing was changed ('delete recurring #%d' keeps the bills it posted)",
                change, rule, rule)
        default:
            return Translation.translated(
                "cannot %s '%s': recurring #%d has posted or been seen to since; nothing was changed ('delete recurring #%d' keeps the bills it posted)",
                verb, change, rule, rule)
        }
    }

    /// `since` is how the shell says when: since the change was made (undo), or undone (redo).
    static func undoConflict(_ verb: String, _ change: String, row: String, since: String) -> String {
        switch (verb, since) {
        case ("undo", "since it was made"):
            return Translation.translated(
                "cannot undo '%s': %s has been changed since it was made, by another session; nothing was changed", change, row)
        case ("redo", "since it was undone"):
            return Translation.translated(
                "cannot redo '%s': %s has been changed since it was undone, by another session; nothing was changed", change, row)
        default:
            return Translation.translated(
                "cannot %s '%s': %s has been changed %s, by another session; nothing was changed", verb, change, row, Translation.translated(since))
        }
    }

    static func undoDependedOn(_ verb: String, _ change: String) -> String {
        switch verb {
        case "undo":
            return Translation.translated(
                "cannot undo '%s': another session has since added rows that depend on what it would take away; nothing was changed", change)
        case "redo":
            return Translation.translated(
                "cannot redo '%s': another session has since added rows that depend on what it would take away; nothing was changed", change)
        default:
            return Translation.translated(
                "cannot %s '%s': another session has since added rows that depend on what it would take away; nothing was changed", verb, change)
        }
    }

    static func tooFewToReplay(_ verb: String, asked: Int, available: Int) -> String {
        switch verb {
        case "undo":
            return Translation.translated("cannot undo %d changes: only %d can be undone here; nothing was changed", asked, available)
        case "redo":
            return Translation.translated("cannot redo %d changes: only %d can be redone here; nothing was changed", asked, available)
        default:
            return Translation.translated("cannot %s %d changes: only %d can be redone here; nothing was changed", verb, asked, available)
        }
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
