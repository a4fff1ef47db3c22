/// What keeps a text from reading as Chinese to its reader, one fault each,
/// so that a suite can `#expect` there is none and show them when there are.
public enum ChineseText {
    /// Characters Simplified Chinese writes where Traditional writes others
    /// (账 for 帳, 这 for 這): a text for Taiwan holds none of them.
    public static let simplifiedOnly = Set("账类设导档无这说没删应为们对请个内须与时钟认单会写额动记语户读币结条笔给标显货进两过数图汇从视错该")

    /// The faults of `shown`, meant for a reader of `locale`: no Chinese in
    /// it, an English sentence left outside quotes, for Taiwan a Simplified
    /// character outside quotes, and being `english`, the text as it reads untranslated.
    public static func faults(_ shown: String, english: String? = nil, locale: String) -> [String] {
        var faults: [String] = []
        if let english, shown == english { faults.append("untranslated") }
        if !EnglishProse.hasChinese(shown) { faults.append("no Chinese") }
        let runs = EnglishProse.runs(in: shown)
        if !runs.isEmpty { faults.append("English left: \(runs)") }
        let simplified = EnglishProse.unquoted(shown).filter(simplifiedOnly.contains)
        if locale.hasPrefix("zh_TW"), !simplified.isEmpty { faults.append("Simplified in Traditional: \(simplified)") }
        return faults
    }
}
