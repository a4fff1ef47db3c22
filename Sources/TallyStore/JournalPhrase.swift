import TallyCore

/// A change's phrase as the journal's `phrase` column keeps it, beside its
/// English in `summary`: the template, the plural's template, the count
/// and then each value, separated by U+001F (the unit separator); the
/// plural's template and the count are empty for a phrase that counts
/// nothing. A verbatim phrase, or one whose text holds the separator, is
/// kept as NULL: its English is all there is to show.
enum JournalPhrase {
    static let separator: Character = "\u{1F}"

    static func stored(_ phrase: Phrase) -> String? {
        let fields: [String]
        switch phrase.wording {
        case .verbatim: return nil
        case .said(let template, let values): fields = [template, "", ""] + values
        case .counted(let singular, let plural, let count, let values): fields = [singular, plural, String(count)] + values
        }
        guard !fields.contains(where: { $0.contains(separator) }) else { return nil }
        return fields.joined(separator: String(separator))
    }

    /// The phrase `stored` keeps, when it says what `summary` says in
    /// English; else, as for every change recorded before phrases were
    /// kept, `summary` as it is.
    static func read(_ stored: String?, summary: String) -> Phrase {
        guard let stored, let phrase = phrase(stored), phrase.english == summary else { return Phrase(verbatim: summary) }
        return phrase
    }

    private static func phrase(_ stored: String) -> Phrase? {
        let fields = stored.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3, !fields[0].isEmpty else { return nil }
        let values = Array(fields.dropFirst(3))
        if fields[1].isEmpty && fields[2].isEmpty { return Phrase(.said(fields[0], values: values)) }
        guard !fields[1].isEmpty, let count = Int(fields[2]) else { return nil }
        return Phrase(.counted(singular: fields[0], plural: fields[1], count: count, values: values))
    }
}
