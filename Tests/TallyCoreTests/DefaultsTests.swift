import Testing
@testable import TallyCore

@Suite struct DefaultCategoriesTests {
    @Test func shipsTimisCategoriesWithChineseAliases() {
        let categories = DefaultCategories.make(chinese: false)
        #expect(categories.count == 38)
        #expect(categories.filter { $0.kind == .expense }.count == 29)
        #expect(categories.filter { $0.kind == .income }.count == 9)
        #expect(categories.first { $0.name == "food" }?.aliases == ["用餐"])
        #expect(categories.first { $0.name == "pocket" }?.aliases == ["零花钱"])
        #expect(Set(categories.map(\.id)).count == 38)
    }

    @Test func swapsNamesForChinese() {
        let categories = DefaultCategories.make(chinese: true)
        #expect(categories.first { $0.name == "用餐" }?.aliases == ["food"])
        #expect(categories.first { $0.name == "工资" }?.kind == .income)
    }

    @Test func namesThemAsTaiwanDoesInTraditionalScript() {
        let categories = DefaultCategories.make(chinese: true, traditional: true)
        #expect(categories.count == 38)
        #expect(categories.first { $0.name == "薪水" }?.aliases == ["salary", "工资"])
        #expect(categories.first { $0.name == "娛樂" }?.aliases == ["entertainment", "娱乐"])
        // The same in either script, so named once.
        #expect(categories.first { $0.name == "用餐" }?.aliases == ["food"])
        #expect(categories.map(\.kind) == DefaultCategories.make(chinese: true).map(\.kind))
        #expect(categories.map(\.icon) == DefaultCategories.make(chinese: true).map(\.icon))
    }
}

@Suite struct LocaleDefaultsTests {
    @Test(arguments: [
        (["LANG": "zh_CN.UTF-8"], true, "CNY"),
        (["LANG": "en_US.UTF-8"], false, "USD"),
        (["LANG": "C.UTF-8"], false, "CNY"),
        ([:], false, "CNY"),
        (["LANG": "en_GB.UTF-8", "LC_MONETARY": "ja_JP.UTF-8"], false, "JPY"),
        (["LANG": "zh_TW.UTF-8", "LC_ALL": "de_DE.UTF-8"], false, "EUR"),
        (["LANG": "en_ZZ.UTF-8"], false, "CNY"),
    ])
    func readsLanguageAndCurrency(environment: [String: String], chinese: Bool, currency: String) {
        let defaults = LocaleDefaults(environment: environment)
        #expect(defaults.chinese == chinese)
        #expect(defaults.currency.code == currency)
    }

    @Test(arguments: [
        (["LANG": "zh_TW.UTF-8"], true), (["LANG": "zh_HK.UTF-8"], true), (["LANG": "zh_MO.UTF-8"], true),
        (["LC_ALL": "zh_Hant_TW.UTF-8"], true), (["LANG": "zh_CN.UTF-8"], false), (["LANG": "zh_SG.UTF-8"], false),
        (["LANG": "en_US.UTF-8"], false), (["LANG": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"], false),
    ])
    func readsTheScript(environment: [String: String], traditional: Bool) {
        #expect(LocaleDefaults(environment: environment).traditional == traditional)
    }

    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], DecimalMark.comma),
        (["LANG": "fr_FR.UTF-8"], .comma),
        (["LANG": "pt_BR.UTF-8"], .comma),
        (["LANG": "ru_RU.UTF-8"], .comma),
        (["LANG": "de_CH.UTF-8"], .point),
        (["LANG": "es_MX.UTF-8"], .point),
        (["LANG": "es_ES.UTF-8"], .comma),
        (["LANG": "en_US.UTF-8"], .point),
        (["LANG": "zh_CN.UTF-8"], .point),
        (["LANG": "C.UTF-8"], .point),
        (["LANG": "de"], .comma),
        ([:], .point),
        (["LANG": "en_GB.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"], .comma),
        (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "C"], .point),
        (["LC_NUMERIC": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"], .point),
        (["LC_MONETARY": "de_DE.UTF-8"], .point),
    ])
    func readsTheDecimalMark(environment: [String: String], mark: DecimalMark) {
        #expect(LocaleDefaults(environment: environment).decimalMark == mark)
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("sun", "sum"), ("foood", "food"), ("tranport", "transport"), ("catgeory", "category"), ("tran", "transport"),
    ])
    func suggestsTheNearestName(word: String, expected: String) {
        #expect(Suggestion.nearest(to: word, among: ["sum", "count", "food", "transport", "category"]) == expected)
    }

    @Test func suggestsNothingWhenNothingIsClose() {
        #expect(Suggestion.nearest(to: "xylophone", among: ["food", "transport"]) == nil)
        #expect(Suggestion.nearest(to: "ab", among: ["xy"]) == nil)
    }
}
