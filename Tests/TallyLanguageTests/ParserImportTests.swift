import Testing
@testable import TallyLanguage

@Suite("Parser: import settings, profiles and rules")
struct ParserImportTests {
    @Test(arguments: [
        ("import a.csv separator \";\" decimal comma dates \"%d.%m.%Y\"",
         "import [a.csv] book - columns [] skip 0 separator [;] dates %d.%m.%Y decimal comma"),
        ("import a.csv separator tab encoding gbk no header columns (date=1, amount=2)",
         "import [a.csv] book - columns [date=#1, amount=#2] skip 0 no header separator [\t] encoding gbk"),
        ("import a.csv encoding utf-16le", "import [a.csv] book - columns [] skip 0 encoding utf-16le"),
        ("import a.csv currency usd", "import [a.csv] book - columns [] skip 0 currency USD"),
        ("import card.csv columns (out=Debit, in=Credit, transaction=\"Ref No\") expense is positive",
         "import [card.csv] book - columns [out=Debit, in=Credit, transaction=Ref No] skip 0 expense positive"),
        ("import w.csv kinds (支出=expense, 收入=income, \"/\"=skip)",
         "import [w.csv] book - columns [] skip 0 kinds [支出=expense, 收入=income, /=skip]"),
        ("import w.csv set category=food, tags=#import #bank, book=travel",
         "import [w.csv] book - columns [] skip 0 set [category=food, tags=#import #bank, book=travel]"),
        ("import w.csv skip where 交易状态 = 交易关闭 or \"收/支\" ~ 不计",
         "import [w.csv] book - columns [] skip 0 skip where [交易状态 = 交易关闭 or 收/支 ~ 不计]"),
        ("import w.csv skip 3 skip where 3 = x", "import [w.csv] book - columns [] skip 3 skip where [#3 = x]"),
        ("import w.csv footer \"----\" otherwise uncategorised", "import [w.csv] book - columns [] skip 0 footer ---- otherwise uncategorised"),
        ("import a.csv with alipay dry run", "import [a.csv] book - columns [] skip 0 with alipay dry run"),
        ("import a.csv preview update learn", "import [a.csv] book - columns [] skip 0 dry run update learn"),
        ("profiles", "profiles"),
        ("profile alipay", "profile alipay"),
        ("profile delete mine", "profile delete mine"),
        ("profile add mine separator \";\"  columns (date=Tag)", "profile add mine [separator \";\"  columns (date=Tag)]"),
        ("rule remark ~ starbucks => category drinks, tags #coffee #out",
         "rule remark ~ starbucks => category drinks, tags #coffee #out [remark ~ starbucks => category drinks, tags #coffee #out]"),
        ("rule place = \"Line 2\" and amount > 3 => remark bus", "rule (place = Line 2 and amount > 3) => remark bus [place = \"Line 2\" and amount > 3 => remark bus]"),
        ("rules", "rules"),
        ("rule delete #3", "rule delete #3"),
        ("rule move #3 to 1", "rule move #3 to 1"),
    ])
    func parses(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test(arguments: [
        ("import a.csv separator \";;\"", "unexpected string \";;\"; expected the separator"),
        ("import a.csv dates %d", "unexpected"),
        ("import a.csv decimal dot", "unexpected 'dot'; expected 'comma' or 'point'"),
        ("import a.csv currency USF", "'USF' is not an ISO 4217 currency code"),
        ("import a.csv expense is minus", "unexpected 'minus'; expected 'negative' or 'positive'"),
        ("import a.csv kinds (DR=out)", "unknown meaning 'out'"),
        ("import a.csv set amount=5", "unknown field 'amount'"),
        ("import a.csv set category=food, category=drinks", "'category' is mapped twice"),
        ("import a.csv skip where status closed", "unexpected 'closed'; expected '=' or '~'"),
        ("import a.csv dry", "incomplete statement; expected 'run'"),
        ("import a.csv with", "incomplete statement; expected the name of an import profile"),
        ("import a.csv separator \";\" separator \",\"", "'separator' may appear only once in an import"),
        ("import a.csv skip where a = b skip where c = d", "'skip where' may appear only once in an import"),
        ("import a.csv sepparator \";\"", "unknown word 'sepparator' — did you mean 'separator'?"),
        ("profile add mine", "incomplete statement; expected the profile's settings"),
        ("profile add mine dry run", "unexpected 'dry'; expected a setting such as"),
        ("rule remark ~ x", "incomplete statement; expected '=>' and what the rule sets"),
        ("rule remark ~ x => colour red", "unexpected 'colour'; expected 'category', 'tags', 'place', 'book', 'remark' or 'account'"),
        ("rule remark ~ x => category a, category b", "'category' is mapped twice"),
        ("rule remark ~ x => tags coffee", "unexpected 'coffee'; expected the tags it adds, such as #coffee"),
        ("rule move #2 to 0", "unexpected '0'; expected the place the rule takes"),
        ("rule move 2 to 1", "unexpected '2'; expected a rule's id with its #, such as #2"),
        ("rule delete 3", "unexpected '3'; expected a rule's id with its #, such as #3"),
    ])
    func refuses(text: String, message: String) {
        #expect(parseError(text)?.message.hasPrefix(message) == true, "\(parseError(text)?.message ?? "no error")")
    }

    @Test func aProfilesSettingsReadBackAsTheStatementWroteThem() throws {
        let settings = try Parser.importSettings("encoding gbk columns (date=交易时间, amount=金额) skip where 交易状态 = 交易关闭")
        #expect(summary(settings) == "book - columns [date=交易时间, amount=金额] skip 0 encoding gbk skip where [交易状态 = 交易关闭]")
        #expect(settings.headers == ["交易时间", "金额", "交易状态"])
    }

    @Test func everyBuiltInProfileReads() throws {
        #expect(BuiltInProfiles.all.map(\.name) == ["alipay", "alipayweb", "wechat", "bank", "usbank", "ing"])
        for profile in BuiltInProfiles.all {
            let settings = try Parser.importSettings(profile.settings)
            #expect(!settings.headers.isEmpty, "\(profile.name) names no header, so no file would be read with it")
            #expect(settings.fallback?.value == "uncategorised", "\(profile.name)")
        }
    }

    @Test func aStatementsSettingsLieOverAProfiles() throws {
        let profile = try Parser.importSettings("separator \";\" columns (date=Tag, amount=Betrag) set category=food")
        let statement = try Parser.importSettings("columns (amount=Summe) set remark=x skip 2")
        let merged = statement.over(profile)
        #expect(summary(merged) == "book - columns [date=Tag, amount=Summe] skip 2 separator [;] set [category=food, remark=x]")
    }
}

@Suite struct ParserRateImportTests {
    @Test func importRatesReadsAFileOfRatesAndRatesDotCsvIsAFileOfBills() throws {
        guard case .session(.importRates(let file)) = try statement("import rates ~/my-rates.csv") else { throw TestFailure("not rates") }
        #expect(file.value == "~/my-rates.csv")
        guard case .session(.importRates(let quoted)) = try statement("import rates \"my rates.csv\"") else { throw TestFailure("not rates") }
        #expect(quoted.value == "my rates.csv")
        guard case .session(.importFile(let options)) = try statement("import rates.csv") else { throw TestFailure("not bills") }
        #expect(options.file.value == "rates.csv")
    }
}
