import TallyCore
import TallyLanguage
import TallyRender
import TallyStore

/// The undo history as `changes` lists it, and the question `undo N` asks about it.
enum ChangeHistory {
    /// How many changes `changes` lists when it is not told.
    static let shown = 20
    /// How many changes a question names before it counts the rest.
    static let named = 5

    /// Newest first: the step at which `undo` (or, for a change undone,
    /// `redo`) reaches each, when it was made and by what statement (its
    /// first line, whole: a table cuts it to fit, JSON keeps it), and whether
    /// this session or another made it.
    static func table(_ entries: [HistoryEntry]) -> RecordTable {
        func step(_ entry: HistoryEntry, undone: Bool) -> RecordTable.Cell {
            guard entry.undone == undone, let step = entry.step else { return .null }
            return .number(step)
        }
        return RecordTable(
            columns: ["undo", "redo", "when", "session", "undone", "change", "statement"],
            rows: entries.map { entry in
                [step(entry, undone: false), step(entry, undone: true), .text(Timestamp.local(entry.madeAt, withSeconds: false)),
                 entry.isOwn ? .words("this") : .words("another"), .flag(entry.undone), .phrase(entry.phrase),
                 .text(String(entry.statement.prefix { $0 != "\n" }))]
            })
    }

    /// `undo 3 changes: added #3, deleted #2 and added #1`, in the reader's language.
    static func question(undo: Bool, _ entries: [HistoryEntry]) -> String {
        let names = entries.prefix(named).map { Diagnostic.clipped($0.phrase.shown) }
        let comma = Translation.translated(", ")
        let listed = if entries.count > named {
            Translation.translated("%s and %d more", names.joined(separator: comma), entries.count - named)
        } else if names.count > 1 {
            Translation.contextual("changes", "%s and %s", names.dropLast().joined(separator: comma), names.last!)
        } else {
            names.joined()
        }
        return undo
            ? Translation.plural("undo %d change: %s", "undo %d changes: %s", count: entries.count, listed)
            : Translation.plural("redo %d change: %s", "redo %d changes: %s", count: entries.count, listed)
    }
}
