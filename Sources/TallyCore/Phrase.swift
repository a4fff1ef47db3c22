/// Words kept as their template and the values that fill it, so that they
/// are told in the reader's language whenever they are shown, while what is
/// stored, compared and written for programs is their English: what a
/// change did (`added #12`), which the undo history keeps, and the words of
/// a table's cell (`RecordTable.Cell.words`), which CSV and JSON give in English.
///
/// The templates are literals, as `Translation`'s are: `make pot` finds them
/// as the first argument of `said` and the first two of `counted`.
public struct Phrase: Hashable, Sendable, Codable {
    public enum Wording: Hashable, Sendable, Codable {
        /// Words in no catalogue, shown as they are: a change recorded
        /// before phrases were kept, or one no one is shown.
        case verbatim(String)
        case said(String, values: [String])
        /// The singular's template or the plural's, as `count` chooses; its
        /// first directive is `count`, those after it the values.
        case counted(singular: String, plural: String, count: Int, values: [String])
    }

    public let wording: Wording

    /// A phrase as the undo history read it back; made anew, a phrase is
    /// `said` or `counted`, whose templates the catalogues have.
    public init(_ wording: Wording) {
        self.wording = wording
    }

    public init(verbatim text: String) {
        wording = .verbatim(text)
    }

    /// `template` filled with `values`, as `Translation.translated` fills it.
    public static func said(_ template: String, _ values: CustomStringConvertible...) -> Phrase {
        Phrase(.said(template, values: values.map(\.description)))
    }

    /// `count` and `values` in the plural form their language gives `count`, as `Translation.plural` says them.
    public static func counted(_ singular: String, _ plural: String, count: Int, _ values: CustomStringConvertible...) -> Phrase {
        Phrase(.counted(singular: singular, plural: plural, count: count, values: values.map(\.description)))
    }

    /// The words in English, as the undo history stores them and programs read them.
    public var english: String {
        switch wording {
        case .verbatim(let text): text
        case .said(let template, let values): Translation.format(template, with: values)
        case .counted(let singular, let plural, let count, let values): Translation.format(count == 1 ? singular : plural, with: [count] + values)
        }
    }

    /// The words in the reader's language.
    public var shown: String {
        switch wording {
        case .verbatim(let text): text
        case .said(let template, let values): Translation.format(Translation.translated(template), with: values)
        case .counted(let singular, let plural, let count, let values): Translation.plural(singular, plural, count: count, with: values)
        }
    }
}

extension Phrase: ExpressibleByStringLiteral {
    /// Words written out whole are kept as they are.
    public init(stringLiteral text: String) {
        self.init(verbatim: text)
    }
}
