import Testing
import TallyCore
import TallyFixture
import TallyLanguage
@testable import TallyShell

@Suite struct CompleterTests {
    let completer = Completer(ledger: Fixture.ledger, savedQueries: ["monthly"])

    func words(_ line: String) -> [String] {
        guard case .words(let words) = completer.complete(line) else { return [] }
        return words
    }

    @Test func offersStatementsAtTheStart() {
        #expect(words("su") == ["sum"])
        #expect(words("ca").contains("categories"))
        #expect(words("mon") == ["months", "monthly"])
        #expect(words("ti") == ["timeline"])
    }

    @Test func offersTheNewWordsOfBillsAndViews() {
        #expect(words("pie a") == ["as"])
        #expect(words("pie 2016-07 as j") == ["json"])
        #expect(words("monthly as c") == ["csv", "chart"])
        #expect(words("-5 food tea tom") == ["tomorrow"])
        #expect(words("count 昨") == ["昨天"])
        #expect(words("report to x.html o") == ["overwrite"])
        #expect(words("200 sal") == ["salary"])
        // Where the locale writes a decimal comma, a category follows 25,50 as it follows 25.50.
        let comma = Completer(ledger: Fixture.ledger, decimalMark: .comma)
        #expect(comma.complete("25,50 fo") == .words(["food"]))
        #expect(completer.complete("25,50 fo") == .words([]))
    }

    @Test func offersTheAccountsOfTheBookAfterWithFromAndTo() {
        var ledger = Fixture.ledger
        ledger.apply(ChangeSet(summary: "accounts", rows: [
            RowChange(before: nil, after: .account(Account(id: 1, bookID: 1, name: "cash", position: 0))),
            RowChange(before: nil, after: .account(Account(id: 2, bookID: 1, name: "card", kind: .credit, position: 1))),
            RowChange(before: nil, after: .account(Account(id: 3, bookID: 2, name: "wallet", position: 0))),
        ]))
        let completer = Completer(ledger: ledger)
        #expect(completer.complete("-5 food tea with c") == .words(["cash", "card"]))
        #expect(completer.complete("transfer 5 from ca") == .words(["cash", "card"]))
        #expect(completer.complete("transfer 5 from cash to tr") == .words(["travel:wallet"]))
        #expect(completer.complete("list where account=ca") == .words(["cash", "card"]))
        #expect(completer.complete("balances o") == .words(["on"]))
        #expect(completer.complete("account a") == .words(["add", "archive"]))
        #expect(completer.complete("account add visa kind cr") == .words(["credit"]))
    }

    @Test func offersWhatTheViewsAndBudgetsTake() {
        #expect(words("pi") == ["pie"])
        #expect(words("pie inc") == ["income"])
        #expect(words("timeline la") == ["last"])
        #expect(words("detail fo") == ["food"])
        #expect(words("budget to").contains("total"))
        #expect(words("budget food 5 ") .contains("monthly"))
        #expect(words("att") == ["attach", "attachments"])
    }

    @Test func offersWhatEditWhereTakes() {
        #expect(words("edit wh") == ["where"])
        #expect(words("edit where remark ~ lunch s") == ["since", "set"])
        #expect(words("edit where remark ~ lunch set cat") == ["category"])
        #expect(words("edit where remark ~ lunch set category=fo") == ["food"])
        #expect(words("edit where remark ~ lunch set category=food, tags=+#wo") == ["work"])
        #expect(words("edit where remark ~ lunch set category=food ") == ["amount", "remark", "place", "date", "tags", "book", "account"])
    }

    @Test func offersWhatAReportTakesThenFiles() {
        #expect(words("rep") == ["report"])
        #expect(words("report ").contains("to") && words("report ").contains("where") && words("report ").contains("last"))
        #expect(words("report 2") == ["2016", "2016-08", "2016-07"])
        #expect(words("report 2016 ").contains("where") && !words("report 2016 ").contains("last"))
        #expect(words("report where category=food t") == ["to", "today", "this", "tomorrow"])
        #expect(words("report last month where category=food t") == ["to"])
        #expect(completer.complete("report 2016 to ") == .files)
        #expect(!words("report where category = food ").contains("where"))
        #expect(!words("report where category = hous ").contains("where"))
        // Inside a quote, where a file's name may stand, files are completed.
        #expect(completer.complete("report to \"my fi") == .files)
        #expect(completer.complete("import 'sub d") == .files)
        #expect(completer.complete("sum where remark = \"co") != .files)
        #expect(completer.complete("report where remark = \"a b\" to \"x") == .files)
        // Part of a path typed: the rest of it is completed too, here and in the other statements that take files.
        #expect(completer.complete("report to out/20") == .files)
        #expect(completer.complete("export ~/bank/2") == .files)
        #expect(completer.complete("import /tmp/a-b/c") == .files)
        #expect(completer.complete("sum where remark = a/b") != .files)
    }

    @Test func offersKindsAndClausesAfterAnAggregate() {
        #expect(words("sum exp") == ["expense"])
        #expect(words("sum ").contains("where"))
        #expect(words("sum expense wh") == ["where"])
        #expect(!words("sum expense where category=food ").contains("where"))
    }

    @Test func offersFieldsAfterWhereAndOr() {
        #expect(words("sum where ca") == ["category"])
        #expect(words("count where amount > 5 or pl") == ["place"])
        #expect(words("count where (no") == ["not"])
    }

    @Test func offersCategoriesWithAliases() {
        #expect(words("sum where category=fo") == ["food"])
        #expect(words("sum where category=用") == ["用餐"])
        #expect(words("sum where category in (food, tra").sorted() == ["transfer", "transport", "travel"])
        #expect(words("add 5 sal") == ["salary"])
        #expect(words("-5 sn") == ["snacks"])
    }

    @Test func offersTheYearsAndMonthsThatHoldBills() {
        #expect(words("sum expense in 2") == ["2016", "2016-08", "2016-07"])
        #expect(words("pie 2") == ["2016", "2016-08", "2016-07"])
        #expect(words("count in ju").contains("july"))
    }

    @Test func offersOnlyCategoriesOfTheKindTheStatementSays() {
        // "b": beauty and baby are spent on; bonus is received.
        #expect(words("+25 b").sorted() == ["bonus"])
        #expect(words("add income 25 b").sorted() == ["bonus"])
        #expect(words("-25 b").sorted() == ["baby", "beauty"])
        #expect(words("sum expense where category = b").sorted() == ["baby", "beauty"])
        #expect(words("sum where category = b").sorted() == ["baby", "beauty", "bonus"])
    }

    @Test func offersBooksTagsDimensionsAndPeriods() {
        #expect(words("use tr") == ["travel"])
        #expect(words("count where book=da") == ["daily"])
        #expect(words("count where tag=#w") == ["work"])
        #expect(words("add 5 food lunch #w") == ["work"])
        #expect(words("sum by mo") == ["month"])
        #expect(words("sum by month, ca") == ["category"])
        #expect(words("sum in ju") == ["june", "july"])
        #expect(words("sum last w") == ["week"])
        #expect(words("sum last 3 w") == ["weeks"])
        #expect(words("sum as c") == ["csv", "chart"])
        #expect(words("set weekstart s") == ["sunday"])
        #expect(words("set pa") == ["pager"])
        #expect(words("set pager a") == ["always"])
        #expect(words("help per") == ["periods"])
    }

    @Test func offersFilesAndSavedStatementsAfterRun() {
        #expect(completer.complete("run ") == .files)
        #expect(words("forget mo") == ["monthly"])
    }

    @Test func offersAddsOptionsAfterTheCategory() {
        #expect(words("add 5 food lunch ").contains("on"))
        #expect(words("add 5 food lunch ").contains("#work"))
    }

    @Test func offersFilesInsideAPath() {
        #expect(completer.complete("run Sources/Tal") == .files)
        #expect(completer.complete("run \"/tmp/no") == .files)
    }

    @Test func offersOnlyTheOrderKeysAQueryAccepts() {
        #expect(words("list order by ") == ["date", "amount", "id", "category", "book", "place", "remark", "kind"])
        #expect(words("sum by month order by s") == ["sum"])
    }

    @Test func offersTheNewWordsOfCategoriesTagsAndConditions() {
        #expect(words("category ") == ["add", "rename", "merge", "delete", "icon", "alias", "unalias", "archive", "unarchive", "move"])
        #expect(words("category move food ") == ["to"])
        #expect(words("categories ") == ["expense", "income", "all", "archived", "as"])
        #expect(words("categories all ") == ["expense", "income", "as"])
        #expect(words("tag ") == ["rename"])
        #expect(words("tag rename ") == ["#work"])
        #expect(words("tag rename #work ") == ["to", "#work"])
        #expect(words("count where ph") == ["photos"])
    }

    @Test func leavesArchivedCategoriesOutButForUnarchive() throws {
        var parser = Parser("category archive tobacco")
        let outcome = try Evaluator(ledger: Fixture.ledger, today: Day(iso: "2016-07-20")!, now: 0).evaluate(try parser.next()!.get())
        guard case .change(let archiving, _, _, _) = outcome else {
            Issue.record("archiving changes nothing")
            return
        }
        var ledger = Fixture.ledger
        ledger.apply(archiving)
        let completer = Completer(ledger: ledger)
        func words(_ line: String) -> [String] {
            guard case .words(let words) = completer.complete(line) else { return [] }
            return words
        }
        #expect(self.words("-5 to") == ["tobacco", "topup"])
        #expect(words("-5 to") == ["topup"])
        #expect(words("sum where category = 香") == [])
        #expect(words("category unarchive ") == ["tobacco", "香烟"])
        #expect(words("category unarchive to") == ["tobacco"])
    }

    @Test func offersWhatRecurringBillsTake() {
        var ledger = Fixture.ledger
        let rule = RecurringRule(id: 7, bookID: ledger.currentBook.id, categoryID: ledger.categories[0].id, amount: 3_000,
                                 schedule: .months(every: 1, on: .day(1)), start: Day(iso: "2016-01-01")!)
        ledger.apply(ChangeSet(summary: "added recurring #7", rows: [RowChange(before: nil, after: .recurringRule(rule))]))
        let completer = Completer(ledger: ledger)
        #expect(completer.complete("every mon") == .words(["month", "months", "monday"]))
        #expect(completer.complete("every month on la") == .words(["last"]))
        #expect(completer.complete("every month on 1 -30 food rent fr") == .words(["from"]))
        #expect(completer.complete("every month on 1 -30 food rent a") == .words(["at", "ask"]))
        #expect(completer.complete("pause recurring ") == .words(["#7"]))
        #expect(completer.complete("delete recurring #") == .words(["7"]))
        #expect(completer.complete("-5 food tea #wo") == .words(["work"]), "a tag where a bill takes one")
        #expect(completer.complete("edit rec") == .words(["recurring"]))
        #expect(completer.complete("upc") == .words(["upcoming"]))
        #expect(completer.complete("sum expense next month w") == .words(["where", "with"]))
        #expect(completer.complete("sum expense next month with f") == .words(["forecast"]))
    }

    @Test func offersTheCurrenciesInUseAfterInAndTheRateWords() {
        var ledger = Fixture.ledger
        ledger.apply(ChangeSet(summary: "rate", rows: [RowChange(before: nil, after: .rate(ExchangeRate(
            id: 1, base: "JPY", quote: "CNY", day: Day(iso: "2016-07-01")!, rate: ExactRate(units: 485, scale: 4))))]))
        let completer = Completer(ledger: ledger)
        #expect(completer.complete("sum expense in J") == .words(["JPY", "january", "june", "july"]))
        #expect(completer.complete("ra") == .words(["rate", "rates"]))
        #expect(completer.complete("set cur") == .words(["currency"]))
    }
}
