import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage

/// What Tally says after each change, read in Chinese: every case of
/// `Done`, and each way its text is put together, is Chinese under zh_CN and
/// zh_TW with no English sentence left in it, and English, as it always was,
/// everywhere else.
@Suite("Done: the confirmations in the reader's language")
struct DoneTranslationTests {
    static let day1 = day("2017-01-01")
    static let day2 = day("2017-01-02")

    static func imported(_ build: (inout ImportCounts) -> Void) -> ImportCounts {
        var counts = ImportCounts()
        build(&counts)
        return counts
    }

    static func journal(_ build: (inout JournalImportCounts) -> Void) -> JournalImportCounts {
        var counts = JournalImportCounts()
        build(&counts)
        return counts
    }

    static let matches = [ImportCounts.Match(line: 2, bill: 5), ImportCounts.Match(line: 3, bill: 6), ImportCounts.Match(line: 4, bill: 7)]

    /// A sample of every case of `Done`, and of every branch of its text, with the English it reads as.
    static let samples: [(done: Done, english: String)] = [
        (.unchanged(bill: 7), "#7 has those values already; nothing changed"),
        (.allUnchanged(count: 1), "the bill that matches has those values already; nothing changed"),
        (.allUnchanged(count: 3), "all 3 bills that match have those values already; nothing changed"),
        (.nothingMatched(.delete), "no bills match; nothing deleted"),
        (.nothingMatched(.edit), "no bills match; nothing edited"),
        (.deleted(ids: [3, 5], namedByID: true), "deleted #3, #5"),
        (.deleted(ids: [3, 5, 8], namedByID: false), "deleted 3 bills"),
        (.deleted(ids: [3], namedByID: false), "deleted 1 bill"),
        (.edited(ids: [1], unchanged: 0), "edited 1 bill"),
        (.edited(ids: [1, 2], unchanged: 1), "edited 2 bills; 1 more had those values already"),
        (.declined(.delete), "nothing deleted"),
        (.declined(.edit), "nothing edited"),
        (.budgetSet(book: "daily", category: "food", amount: 150_000, currency: .cny), "budget for 'food' in 'daily': ¥1,500.00 a month"),
        (.budgetSet(book: "daily", category: nil, amount: 300_000, currency: .cny), "budget in total in 'daily': ¥3,000.00 a month"),
        (.budgetDropped(book: "daily", category: "food"), "dropped the budget for 'food' in 'daily'"),
        (.budgetDropped(book: "daily", category: nil), "dropped the budget in total in 'daily'"),
        (.bookAdded("trips", currency: "USD"), "added book 'trips' (USD); 'use trips' to switch to it"),
        (.bookUsed("trips", currency: "USD"), "using book 'trips' (USD)"),
        (.bookRenamed(from: "trips", to: "travel"), "renamed book 'trips' to 'travel'"),
        (.bookDeleted("daily", moved: 0, into: nil), "deleted book 'daily'"),
        (.bookDeleted("daily", moved: 21, into: "home"), "deleted book 'daily' and moved 21 bills into 'home'"),
        (.categoryAdded("snacks", kind: .expense), "added expense category 'snacks'"),
        (.categoryAdded("tips", kind: .income), "added income category 'tips'"),
        (.categoryRenamed(from: "snacks", to: "treats"), "renamed category 'snacks' to 'treats'"),
        (.categoryDeleted("snacks"), "deleted category 'snacks'"),
        (.categoryMoved(verb: .merged, from: "snacks", into: "food", moved: 2), "merged category 'snacks' into 'food' (2 bills moved)"),
        (.categoryMoved(verb: .deleted, from: "snacks", into: "food", moved: 1), "deleted category 'snacks' into 'food' (1 bill moved)"),
        (.categoryIcon("food", icon: "🍜"), "category 'food' now has the icon 🍜"),
        (.categoryAliases("food", given: ["grub"], added: true, aliases: ["grub"]), "added alias grub to category 'food'; its aliases are now grub"),
        (.categoryAliases("food", given: ["grub", "chow"], added: true, aliases: ["eats", "grub", "chow"]),
         "added aliases grub, chow to category 'food'; its aliases are now eats, grub, chow"),
        (.categoryAliases("food", given: ["grub"], added: false, aliases: ["chow"]), "dropped alias grub from category 'food'; its aliases are now chow"),
        (.categoryAliases("food", given: ["grub", "chow"], added: false, aliases: []),
         "dropped aliases grub, chow from category 'food'; it has no alias now"),
        (.categoryArchived("snacks", archived: true, bills: 0), "archived category 'snacks'; 'categories all' lists it"),
        (.categoryArchived("snacks", archived: true, bills: 1),
         "archived category 'snacks'; 'categories all' lists it, and its 1 bill still counts in every total"),
        (.categoryArchived("snacks", archived: true, bills: 2),
         "archived category 'snacks'; 'categories all' lists it, and its 2 bills still count in every total"),
        (.categoryArchived("snacks", archived: false, bills: 2), "unarchived category 'snacks'"),
        (.categoryPositioned("food", kind: .expense, position: 2), "category 'food' now comes at place 2 of the expense categories"),
        (.categoryPositioned("salary", kind: .income, position: 1), "category 'salary' now comes at place 1 of the income categories"),
        (.categoryUnchanged("food", already: .icon("🍜")), "category 'food' has the icon 🍜 already; nothing changed"),
        (.categoryUnchanged("food", already: .aliases(["grub", "chow"])), "category 'food' has the alias grub, chow already; nothing changed"),
        (.categoryUnchanged("food", already: .archived), "category 'food' is archived already; nothing changed"),
        (.categoryUnchanged("food", already: .inUse), "category 'food' is in use already; nothing changed"),
        (.categoryUnchanged("food", already: .place(2, of: .expense)),
         "category 'food' comes at place 2 of the expense categories already; nothing changed"),
        (.categoryUnchanged("salary", already: .place(1, of: .income)),
         "category 'salary' comes at place 1 of the income categories already; nothing changed"),
        (.tagRenamed(from: "trip", to: "travel", bills: 3, hadNew: 0), "renamed tag #trip to #travel on 3 bills"),
        (.tagRenamed(from: "trip", to: "travel", bills: 1, hadNew: 0), "renamed tag #trip to #travel on 1 bill"),
        (.tagRenamed(from: "trip", to: "travel", bills: 3, hadNew: 1), "merged tag #trip into #travel, which 1 bill had already (3 bills changed)"),
        (.saved("monthly", parameters: ["month"], replaced: false), "saved 'monthly'; type monthly MONTH to run it"),
        (.saved("monthly", parameters: [], replaced: true), "replaced 'monthly'; type monthly to run it"),
        (.forgot("monthly"), "forgot 'monthly'"),
        (.profileSaved("bank", replaced: false), "saved import profile 'bank'; import FILE with bank uses it"),
        (.profileSaved("my bank", replaced: true), "replaced import profile 'my bank'; import FILE with \"my bank\" uses it"),
        (.profileDeleted("bank"), "deleted import profile 'bank'"),
        (.ruleAdded(id: 4, position: 2), "added rule #4; it applies at place 2 of the order 'rules' lists"),
        (.ruleDeleted(id: 4), "deleted rule #4"),
        (.ruleMoved(id: 4, position: 1), "rule #4 now applies at place 1"),
        (.recurringAdded(
            id: 2, schedule: "every month on 1", start: day("2016-10-01"), end: "",
            come: [day("2016-10-01"), day("2016-11-01"), day("2016-12-01"), Self.day1], next: day("2017-02-01"), asks: false),
         "added recurring #2: every month on 1 from 2016-10-01; posted 4 bills, 2016-10-01 to 2017-01-01; next 2017-02-01"),
        (.recurringAdded(id: 3, schedule: "every day", start: Self.day1, end: "3 times", come: [Self.day1], next: nil, asks: false),
         "added recurring #3: every day from 2017-01-01 3 times; posted 1 bill, 2017-01-01"),
        (.recurringAdded(id: 2, schedule: "every month on 1", start: Self.day1, end: "until 2017-06-30", come: [Self.day1], next: day("2017-02-01"), asks: true),
         "added recurring #2: every month on 1 from 2017-01-01 until 2017-06-30; each day waits in 'due' to be accepted or skipped; "
            + "1 due now, 2017-01-01; next 2017-02-01"),
        (.recurringAdded(id: 5, schedule: "every week on Fri", start: day("2017-02-03"), end: "", come: [], next: day("2017-02-03"), asks: false),
         "added recurring #5: every week on Fri from 2017-02-03; next 2017-02-03"),
        (.recurringChanged(id: 2, verb: .unchanged, note: nil), "recurring #2 has those values already; nothing changed"),
        (.recurringChanged(id: 2, verb: .edited, note: .fromNowOn), "edited recurring #2, for the bills it posts from now on"),
        (.recurringChanged(id: 2, verb: .paused, note: nil), "paused recurring #2"),
        (.recurringChanged(id: 2, verb: .resumed, note: nil), "resumed recurring #2"),
        (.recurringChanged(id: 2, verb: .resumed, note: .skipping(days: 3)), "resumed recurring #2, skipping 3 days that fell while it was paused"),
        (.recurringChanged(id: 2, verb: .resumed, note: .skipping(days: 1)), "resumed recurring #2, skipping 1 day that fell while it was paused"),
        (.recurringDeleted(id: 2, keptBills: 0), "deleted recurring #2"),
        (.recurringDeleted(id: 2, keptBills: 4), "deleted recurring #2; the 4 bills it posted stay"),
        (.occurrencesHandled(accepted: true, ids: [30, 31], rules: [1, 1], days: [Self.day1, Self.day2]),
         "accepted recurring #1 2017-01-01 as #30, recurring #1 2017-01-02 as #31"),
        (.occurrencesHandled(accepted: false, ids: [], rules: [1], days: [Self.day1]), "skipped recurring #1 2017-01-01"),
        (.occurrencesHandled(accepted: false, ids: [], rules: Array(repeating: 1, count: 8), days: (1...8).map { day("2017-01-0\($0)") }),
         "skipped recurring #1 2017-01-01, recurring #1 2017-01-02, recurring #1 2017-01-03, recurring #1 2017-01-04, "
            + "recurring #1 2017-01-05 and 3 more"),
        (.posted(ids: [30], names: ["rent"], days: [Self.day1]), "posted 1 recurring bill: rent 2017-01-01"),
        (.posted(ids: [30, 31], names: ["rent", "gym"], days: [Self.day1, Self.day2]), "posted 2 recurring bills: rent 2017-01-01, gym 2017-01-02"),
        (.weekStart(.monday), "weeks start on monday"),
        (.weekStart(.sunday), "weeks start on sunday"),
        (.rateSet(base: "USD", quote: "CNY", day: Self.day1, rate: "7.12", replaced: false), "1 USD = 7.12 CNY from 2017-01-01"),
        (.rateSet(base: "USD", quote: "CNY", day: Self.day1, rate: "7.10", replaced: true),
         "1 USD = 7.10 CNY from 2017-01-01, in place of the rate that day had"),
        (.homeCurrency("CNY"), "totals across books are given in CNY"),
        (.accountAdded(name: "card", book: "daily", kind: .credit), "added account 'card' (credit) to book 'daily'"),
        (.accountRenamed(from: "card", to: "visa"), "renamed account 'card' to 'visa'"),
        (.accountArchived(name: "card", archiving: true), "archived account 'card'; its bills stay, and new bills no longer go to it"),
        (.accountArchived(name: "card", archiving: false), "account 'card' is in use again"),
        (.accountIcon(name: "card", icon: "💳"), "account 'card' is shown as 💳"),
        (.accountDefault(name: "card", book: "daily"), "bills in book 'daily' that name no account go to 'card'"),
        (.transferred(id: 1, day: Self.day1, amount: "¥500.00", from: "cash", to: "card", received: nil),
         "transferred ¥500.00 from cash to card on 2017-01-01 (&1)"),
        (.transferred(id: 2, day: Self.day1, amount: "¥500.00", from: "cash", to: "travel:card", received: "$70.00"),
         "transferred ¥500.00 from cash to travel:card ($70.00 arrived) on 2017-01-01 (&2)"),
        (.reconciled(account: "card", day: Self.day1, balance: "-1,225.00", adjustment: nil), "card agrees with its statement: -1,225.00 at the end of 2017-01-01"),
        (.reconciled(account: "card", day: Self.day1, balance: "-1,250.00", adjustment: 26),
         "added balance adjustment #26; card agrees with its statement: -1,250.00 at the end of 2017-01-01"),
        (.ratesImported(file: "rates.csv", added: 3, replaced: 0, unchanged: 0), "imported 3 rates from rates.csv"),
        (.ratesImported(file: "rates.csv", added: 1, replaced: 2, unchanged: 4),
         "imported 1 rate from rates.csv, 2 in place of a day's rate; 4 there already"),
        (.imported(Self.imported {
            $0.rows = 5
            $0.added = 3
            $0.alreadyThere = 2
            $0.equal = [ImportCounts.Match(line: 2, bill: 5)]
            $0.profile = "alipay"
            $0.newCategories = ["snacks"]
        }, file: "a.csv"), "imported 3 bills from a.csv (read as alipay); skipped 2 rows already in the ledger (line 2 equals #5); new category: snacks"),
        (.imported(Self.imported { $0.rows = 1; $0.added = 1 }, file: "a.csv"), "imported 1 bill from a.csv"),
        (.imported(ImportCounts(), file: "a.csv"), "nothing to import: a.csv has no rows under its header"),
        (.imported(Self.imported { $0.rows = 4; $0.alreadyThere = 4; $0.equal = Self.matches }, file: "a.csv"),
         "nothing to import: all 4 rows of a.csv are in the ledger already"),
        (.imported(Self.imported { $0.rows = 1; $0.alreadyThere = 1 }, file: "a.csv"), "nothing to import: all 1 row of a.csv are in the ledger already"),
        (.imported(Self.imported {
            $0.rows = 7
            $0.alreadyThere = 4
            $0.equal = Self.matches
            $0.passedOver = 2
            $0.changed = 1
        }, file: "a.csv"),
         "nothing to import from a.csv; skipped 4 rows already in the ledger (line 2 equals #5, line 3 equals #6, line 4 equals #7, …); "
            + "passed over 2 neutral or closed rows; 1 row changed since it was imported; 'import a.csv update' applies it"),
        (.imported(Self.imported {
            $0.rows = 3
            $0.updated = 2
            $0.changed = 2
            $0.passedOver = 1
            $0.newCategories = ["a", "b"]
            $0.profile = "wechat"
        }, file: "a.csv"),
         "imported 0 bills from a.csv (read as wechat); passed over 1 neutral or closed row; updated 2 bills whose rows changed; "
            + "2 rows changed since they were imported; 'import a.csv update' applies them; new categories: a, b"),
        (.imported(Self.imported { $0.rows = 2; $0.updated = 1 }, file: "a.csv"), "imported 0 bills from a.csv; updated 1 bill whose rows changed"),
        (.journalImported(Self.journal {
            $0.bills = 3
            $0.transfers = 1
            $0.rates = 2
            $0.newAccounts = ["card"]
            $0.newCategories = ["food"]
            $0.alreadyThere = 2
            $0.skipped = ["line 12: 2016-07-01 Paycheck — 五个分录；一笔账单或转账只有两个"]
        }, file: "x.journal"),
         "imported 3 bills, 1 transfer and 2 rates from x.journal; new accounts: card; new categories: food; 2 there already; skipped 1 line:"),
        (.journalImported(JournalImportCounts(), file: "x.journal"), "imported nothing from x.journal"),
        (.journalImported(Self.journal { $0.reconciliations = 1; $0.openings = 2 }, file: "x.beancount"),
         "imported 1 reconciliation and 2 opening balances from x.beancount"),
        (.journalImported(Self.journal { $0.bills = 1; $0.reconciliations = 2; $0.openings = 1 }, file: "x.beancount"),
         "imported 1 bill, 2 reconciliations and 1 opening balance from x.beancount"),
        (.journalImported(Self.journal { $0.transfers = 2; $0.rates = 1; $0.skipped = ["line 3: x — 不是账单", "line 4: y — 不是账单"] }, file: "x.journal"),
         "imported 2 transfers and 1 rate from x.journal; skipped 2 lines:"),
        (.exported(count: 3, rules: 0, transfers: 0, file: "a.csv", format: "CSV"), "exported 3 bills to a.csv (CSV)"),
        (.exported(count: 1, rules: 0, transfers: 0, file: "a.csv", format: "CSV"), "exported 1 bill to a.csv (CSV)"),
        (.exported(count: 3, rules: 2, transfers: 1, file: "a.journal", format: "hledger journal"),
         "exported 3 bills, 2 recurring rules and 1 transfer to a.journal (hledger journal)"),
        (.exported(count: 1, rules: 1, transfers: 0, file: "a.hledger", format: "hledger journal"),
         "exported 1 bill and 1 recurring rule to a.hledger (hledger journal)"),
        (.exported(count: 0, rules: 0, transfers: 2, file: "a.beancount", format: "beancount"), "exported 0 bills and 2 transfers to a.beancount (beancount)"),
        (.reportWritten(period: "2016", count: 25, file: "2016.html", size: 12_345), "wrote the report of 2016 (25 bills) to 2016.html (12 KiB)"),
        (.reportWritten(period: "2016-07", count: 1, file: "july.html", size: 812), "wrote the report of 2016-07 (1 bill) to july.html (812 bytes)"),
        (.photoAttached(number: 1, bill: 3, file: "receipt.jpg", type: "image/jpeg", size: 812),
         "attached photo 1 to #3: receipt.jpg (image/jpeg, 812 bytes)"),
        (.photoDetached(number: 1, bill: 3), "detached photo 1 from #3"),
        (.photoWritten(number: 1, bill: 3, file: "out.jpg", size: 2_000_000), "wrote photo 1 of #3 to out.jpg (1.9 MiB)"),
        (.backedUp(file: "copy.tally", bills: 25, size: 40_960), "backed up the ledger (25 bills) to copy.tally (40 KiB)"),
        (.backedUp(file: "copy.tally", bills: 1, size: 1), "backed up the ledger (1 bill) to copy.tally (1 bytes)"),
        (.checked(pages: 12), "the ledger is sound: all 12 pages of its file, every index and every reference checked"),
        (.format(.table), "results as table"),
        (.format(.csv), "results as csv"),
        (.format(.json), "results as json"),
        (.format(.chart), "results as chart"),
        (.color(true), "colour on"),
        (.color(false), "colour off"),
        (.echo(true), "echo on"),
        (.echo(false), "echo off"),
        (.pager(.on), "pager on"),
        (.pager(.off), "pager off"),
        (.pager(.always), "pager always"),
        (.nothingToUndo(undo: true), "nothing to undo"),
        (.nothingToUndo(undo: false), "nothing to redo"),
        (.replayDeclined(undo: true), "nothing undone"),
        (.replayDeclined(undo: false), "nothing redone"),
        (.othersOnly(undo: true, newest: "added #3"),
         "nothing of this session's to undo; the newest change, 'added #3', was made by another session since this one began"),
        (.othersOnly(undo: false, newest: "added #3"),
         "nothing of this session's to redo; the newest change, 'added #3', was made by another session since this one began"),
        (.replayed(undo: true, change: "added #3", fromEarlierSession: false, statement: "", nowUsing: nil), "undid: added #3"),
        (.replayed(undo: false, change: "added #3", fromEarlierSession: true, statement: "", nowUsing: nil), "redid: added #3 (from an earlier session)"),
        (.replayed(undo: true, change: "added #3", fromEarlierSession: true, statement: "add 25 food", nowUsing: "travel"),
         "undid: added #3 (from an earlier session: 'add 25 food'); now using book 'travel'"),
    ]

    /// The name of the case `done` is, as its declaration spells it.
    static func caseName(_ done: Done) -> String {
        Mirror(reflecting: done).children.first?.label ?? String(describing: done)
    }

    @Test("every sample reads in English as it always has")
    func theEnglishIsAsItWas() {
        for (done, english) in Self.samples {
            #expect(done.text == english)
        }
    }

    @Test("under zh_CN every sample is Chinese, with no English sentence left in it")
    func everySampleInSimplifiedChinese() throws {
        let chinese = try Reader.reading("zh_CN.UTF-8") { Self.samples.map(\.done.text) }
        for ((_, english), text) in zip(Self.samples, chinese) {
            #expect(EnglishProse.hasChinese(text), "\(text)")
            #expect(text != english)
            #expect(EnglishProse.runs(in: text).isEmpty, "\(text)")
        }
    }

    @Test("under zh_TW every sample is Traditional Chinese, not the Simplified")
    func everySampleInTraditionalChinese() throws {
        let simplified = try Reader.reading("zh_CN.UTF-8") { Self.samples.map(\.done.text) }
        let traditional = try Reader.reading("zh_TW.UTF-8") { Self.samples.map(\.done.text) }
        for ((_, english), text) in zip(Self.samples, traditional) {
            #expect(EnglishProse.hasChinese(text) && text != english, "\(text)")
            #expect(EnglishProse.runs(in: text).isEmpty, "\(text)")
        }
        #expect(zip(simplified, traditional).filter { $0 != $1 }.count > Self.samples.count / 2)
        let deleted = try Reader.reading("zh_TW.UTF-8") { Done.deleted(ids: [3, 5, 8], namedByID: false).text }
        #expect(deleted == "已刪除 3 筆帳單")
        let imported = try Reader.reading("zh_TW.UTF-8") { Done.imported(Self.imported { $0.rows = 1; $0.added = 1 }, file: "a.csv").text }
        #expect(imported == "已從 a.csv 匯入 1 筆帳單")
    }

    @Test("the Simplified Chinese of a few, word for word")
    func aFewInFull() throws {
        let said = try Reader.reading("zh_CN.UTF-8") {
            [
                Done.deleted(ids: [3, 5, 8], namedByID: false).text,
                Done.budgetSet(book: "daily", category: "food", amount: 150_000, currency: .cny).text,
                Done.categoryAliases("food", given: ["grub"], added: true, aliases: ["grub"]).text,
                Done.tagRenamed(from: "trip", to: "travel", bills: 3, hadNew: 0).text,
                Done.exported(count: 3, rules: 2, transfers: 1, file: "a.journal", format: "hledger journal").text,
                Done.transferred(id: 1, day: Self.day1, amount: "¥500.00", from: "cash", to: "card", received: nil).text,
                Done.occurrencesHandled(accepted: true, ids: [30, 31], rules: [1, 1], days: [Self.day1, Self.day2]).text,
                Done.recurringAdded(id: 3, schedule: "every day", start: Self.day1, end: "3 times", come: [Self.day1], next: nil, asks: false).text,
            ]
        }
        #expect(said == [
            "已删除 3 笔账单",
            "账本 'daily' 中 'food' 的预算：每月 ¥1,500.00",
            "已为类别 'food' 添加别名 grub；它现在的别名是 grub",
            "已将 3 笔账单上的标签 #trip 改为 #travel",
            "已将 3 笔账单、2 条周期规则和 1 笔转账导出到 a.journal（hledger journal 文件）",
            "已于 2017-01-01 从 cash 转账 ¥500.00 到 card（&1）",
            "已接受周期账单 #1 的 2017-01-01（记为 #30）、周期账单 #1 的 2017-01-02（记为 #31）",
            "已添加周期账单 #3：'every day from 2017-01-01 3 times'；已记入 1 笔账单：2017-01-01",
        ])
    }

    @Test("a journal's lines skipped for one reason many times are one line, in the reader's language")
    func skippedLinesInChinese() throws {
        let counts = Self.journal { counts in
            counts.skipped = (10...14).map { "line \($0): 2016-01-0\($0 - 9) price — 价格不是账单" }
        }
        #expect(counts.skippedLines == ["  lines 10, 11, 12 and 2 more, such as 2016-01-01 price — 价格不是账单"])
        let chinese = try Reader.reading("zh_CN.UTF-8") { Done.journalImported(counts, file: "x.journal").lines }
        #expect(chinese == ["没有从 x.journal 导入任何内容；跳过了 5 行：", "  第 10, 11, 12 行及另外 2 行，例如 2016-01-01 price — 价格不是账单"])
    }

    @Test("a recurring rule's note stays English in what JSON gives")
    func theNoteOfJSONStaysEnglish() throws {
        let facts = try Reader.reading("zh_CN.UTF-8") {
            Done.recurringChanged(id: 2, verb: .resumed, note: .skipping(days: 3)).facts.map { "\($0.0)=\($0.1.text)" }
        }
        #expect(facts == ["report=resumed recurring", "id=#2", "note=skipping 3 days that fell while it was paused"])
        let moved = Done.categoryMoved(verb: .merged, from: "a", into: "b", moved: 1).facts.first.map { "\($0.0)=\($0.1.text)" }
        #expect(moved == "report=category merged")
    }

    @Test("every case Done.swift declares has a sample here")
    func everyCaseHasASample() throws {
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/TallyLanguage/Done.swift").standardized,
            encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("public enum Done") })
        let declared = lines[start...].prefix { $0 != "}" }.compactMap { line -> String? in
            guard line.hasPrefix("    case ") else { return nil }
            return String(line.dropFirst("    case ".count).prefix { $0.isLetter || $0.isNumber })
        }
        #expect(declared.count > 60, "\(declared)")
        let sampled = Set(Self.samples.map { Self.caseName($0.done) })
        #expect(Set(declared).subtracting(sampled).isEmpty, "cases without a sample: \(Set(declared).subtracting(sampled).sorted())")
    }
}
