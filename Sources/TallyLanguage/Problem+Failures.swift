import TallyCore

/// The failures other layers report as facts (the lexer's, the store's, a
/// file's, an amount's), in words.
extension Problem {
    /// A file's failure in words, naming the file as the user wrote it.
    static func text(of failure: FileFailure) -> String {
        let path = failure.path
        switch failure.reason {
        case .system(let words) where failure.writing: return Translation.translated("cannot write '%s': %s", path, words)
        case .system(let words): return Translation.translated("cannot read '%s': %s", path, words)
        case .folder where failure.writing: return Translation.translated("'%s' is a folder; give a file's name", path)
        case .folder: return Translation.translated("cannot read '%s': it is a folder", path)
        case .notARegularFile where failure.writing: return Translation.translated("'%s' is not a regular file; give another name", path)
        case .notARegularFile: return Translation.translated("cannot read '%s': it is not a regular file", path)
        case .tooLarge(.script, _):
            return Translation.translated("cannot read '%s': a script may be at most %d MiB", path, FileContent.script.limit >> 20)
        case .tooLarge(.csv, _):
            return Translation.translated(
                "cannot read '%s': a CSV file may be at most %d MiB; split it and import each part", path, FileContent.csv.limit >> 20)
        case .tooLarge(.photo, let size):
            return Translation.translated("'%s' has %d bytes; a photo may have at most %d (10 MiB)", path, size, Photo.maximumSize)
        case .notAnImage:
            return Translation.translated("'%s' is not an image Tally knows (JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP, TIFF or SVG)", path)
        case .exists(let advice): return Translation.translated("'%s' exists already; %s", path, advice)
        case .notForAReport(let kind): return notForAReport(path, kind)
        case .ledgerItself: return Translation.translated("'%s' is the ledger's own file, which a backup cannot replace; give another name", path)
        }
    }

    /// `kind` is what the name is instead of a file, as the shell says it.
    private static func notForAReport(_ path: String, _ kind: String) -> String {
        switch kind {
        case "a folder":
            return Translation.translated("'%s' is a folder, not a file a report can be written to; give a file's name, such as 2016.html", path)
        case "a device":
            return Translation.translated("'%s' is a device, not a file a report can be written to; give a file's name, such as 2016.html", path)
        case "a named pipe":
            return Translation.translated("'%s' is a named pipe, not a file a report can be written to; give a file's name, such as 2016.html", path)
        case "a socket":
            return Translation.translated("'%s' is a socket, not a file a report can be written to; give a file's name, such as 2016.html", path)
        case "not a regular file":
            return Translation.translated(
                "'%s' is not a regular file, not a file a report can be written to; give a file's name, such as 2016.html", path)
        default:
            return Translation.translated("'%s' is %s, not a file a report can be written to; give a file's name, such as 2016.html", path, kind)
        }
    }

    /// A failure of the store, as the user can act on it.
    static func text(of failure: StoreFailure) -> String {
        switch failure.reason {
        case .busy: return Translation.translated("nothing was changed: %s", failure)
        case .readOnly: return Translation.translated("nothing was changed: the ledger can only be read here (%s)", failure.message)
        case .damaged:
            return Translation.translated("the ledger is damaged (%s); nothing was written to it, and 'check' says what can be done", failure.message)
        case .changedMeanwhile: return Translation.translated("nothing was changed: %s, though it was read under the write lock", failure.message)
        default: return Translation.translated("the ledger could not be read or written: %s", failure)
        }
    }

    static func text(of error: LexError) -> String {
        switch error {
        case .unterminatedString(let quote): return Translation.translated("unterminated string: missing closing %s", quote)
        case .unknownEscape(let character):
            return Translation.translated("unknown escape '\\%s' in string; use \\\", \\', \\\\, \\n or \\t", character)
        case .exclamationMarkAlone: return Translation.translated("'!' must be followed by '=' or '~'")
        case .backslashMidLine: return Translation.translated("'\\' continues a line only at the end of one")
        case .hashWithoutName:
            return Translation.translated("'#' must be followed by a bill id (#42) or a tag (#travel); comments start with --, or with '# ' at the start of a line")
        case .controlCharacter(let scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return Translation.translated("unexpected control character U+%s", String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        case .unexpectedCharacter(let character): return Translation.translated("unexpected character '%s'", character)
        }
    }

    static func text(of error: AmountError, in text: String) -> String {
        switch error {
        case .tooManyDecimals(0): return Translation.translated("'%s' has decimals, but this currency has none", text)
        case .tooManyDecimals(let allowed): return Translation.translated("'%s' has more than %d decimals", text, allowed)
        case .tooLarge: return Translation.translated("'%s' is too large for an amount", text)
        case .overflow: return Translation.translated("the total of '%s' is too large to add up exactly", text)
        }
    }
}
