import Testing
@testable import TallyCore

/// A translation's directives are filled as printf fills them, so that
/// msgfmt's check of a translation's directives is a check of what it shows.
@Suite("Translation: directives")
struct TranslationFormatTests {
    @Test(arguments: [
        ("Welcome to Tally %s: your books", ["0.4"], "Welcome to Tally 0.4: your books"),
        ("%s bills in %s", ["3", "daily"], "3 bills in daily"),
        ("%2$s 账本里有 %1$s 笔", ["3", "daily"], "daily 账本里有 3 笔"),
        ("%d%% of %s", ["40", "food"], "40% of food"),
        ("run '%s --demo'", ["/a/b/tally"], "run '/a/b/tally --demo'"),
        ("no directive", [], "no directive"),
        ("a lone % and %x stay", [], "a lone % and %x stay"),
        ("%s and %s", ["one"], "one and %s"),
        ("%3$s", ["a", "b"], "%3$s"),
        ("%0$s and a trailing %", ["a"], "%0$s and a trailing %"),
        ("已添加 #%d（%s）", ["12", "午饭"], "已添加 #12（午饭）"),
        ("%s、%s", ["饼图", "时间线"], "饼图、时间线"),
        ("%1$s%1$s", ["é"], "éé"),
        ("%99999999999999999999999$s and %s", ["a"], "%99999999999999999999999$s and %s"),
    ])
    func directivesAreFilled(template: String, arguments: [String], expected: String) {
        #expect(Translation.format(template, with: arguments) == expected)
    }

    /// Without a catalogue, as in every unit test, a text is itself.
    @Test func untranslatedTextIsItself() {
        #expect(Translation.translated("category") == "category")
        #expect(Translation.translated("") == "")
    }
}
