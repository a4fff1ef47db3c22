import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage
@testable import TallyInterchange

/// What the reader of Chinese is told of a file that does not import: each
/// reason is made in the reader's language where the problem is found, so
/// each is read here under zh_CN as it is made. The English stays as it was.
@Suite("Import and export in Chinese")
struct InterchangeTranslationTests {
    /// A CSV file, imported with `statement` into `ledger`, of which one row is refused for `english`.
    struct RowCase: Sendable, CustomTestStringConvertible {
        let english: String
        let csv: String
        var statement = "import bills.csv"
        var ledger = Fixture.ledger()
        var testDescription: String { english }
    }

    static let header = "date,amount,category\n"

    static let rowCases: [RowCase] = [
        RowCase(english: "the row has 4 fields, but the header 3; a field that holds the separator is written in quotes",
                csv: header + "2016-08-01,-5,food,extra\n"),
        RowCase(english: "the kind is income, but 'food' is an expense category", csv: "date,kind,amount,category\n2016-08-01,income,5,food\n"),
        RowCase(english: "the kind is expense, but 'salary' is an income category", csv: "date,kind,amount,category\n2016-08-01,expense,5,salary\n"),
        RowCase(english: "'5' is money in, but 'food' is an expense category", csv: "date,credit,debit,category\n2016-08-01,5,,food\n"),
        RowCase(english: "'5' is money out, but 'salary' is an income category", csv: "date,credit,debit,category\n2016-08-01,,5,salary\n"),
        RowCase(english: "a positive amount is income in a file of signed amounts, but 'food' is an expense category",
                csv: header + "2016-08-01,-5,food\n2016-08-02,5,food\n"),
        RowCase(english: "the amount '+5' makes it income, but 'food' is an expense category", csv: header + "2016-08-01,+5,food\n"),
        RowCase(english: "the amount '-5' makes it an expense, but 'salary' is an income category", csv: header + "2016-08-01,-5,salary\n"),
        RowCase(english: "the date is empty", csv: header + ",-5,food\n"),
        RowCase(english: "'2016-08-01' is not a date written %d.%m.%Y", csv: header + "2016-08-01,-5,food\n",
                statement: "import bills.csv dates \"%d.%m.%Y\""),
        RowCase(english: "'yesterday' is not a date; write 2016-07-01 or 2016/7/1, or say how with dates \"%m/%d/%Y\"",
                csv: header + "yesterday,-5,food\n"),
        RowCase(english: "'foo' is not a kind; write expense, income, 支出, 收入, or say what it means with kinds (foo=expense)",
                csv: "date,kind,amount,category\n2016-08-01,foo,5,food\n"),
        RowCase(english: "the amount is empty: the row has neither money in nor money out", csv: "date,credit,debit,category\n2016-08-01,,,food\n"),
        RowCase(english: "the row has money in ('5') and money out ('6'); give it one", csv: "date,credit,debit,category\n2016-08-01,5,6,food\n"),
        RowCase(english: "the file is in USD, but book 'daily' keeps CNY", csv: header + "2016-08-01,-5,food\n", statement: "import bills.csv currency USD"),
        RowCase(english: "the amount is empty", csv: header + "2016-08-01,,food\n"),
        RowCase(english: "'abc' is not an amount", csv: header + "2016-08-01,abc,food\n"),
        RowCase(english: "'1,5x' is not an amount; if its decimal mark is a comma, say decimal comma", csv: header + "2016-08-01,\"1,5x\",food\n"),
        RowCase(english: "the amount is in USD, but book 'daily' keeps CNY", csv: header + "2016-08-01,-5 USD,food\n"),
        RowCase(english: "the amount is written in $, but book 'daily' keeps CNY", csv: header + "2016-08-01,-$5,food\n"),
        RowCase(english: "the amount is zero", csv: header + "2016-08-01,0,food\n"),
        RowCase(english: "'-1000000000000' is too large for an amount", csv: header + "2016-08-01,-1000000000000,food\n"),
        RowCase(english: "the kind is expense, but '5' is money in", csv: "date,kind,credit,debit,category\n2016-08-01,expense,5,,food\n"),
        RowCase(english: "the kind is income, but '5' is money out", csv: "date,kind,credit,debit,category\n2016-08-01,income,,5,salary\n"),
        RowCase(english: "the kind is income, but the amount '-5' is negative", csv: "date,kind,amount,category\n2016-08-01,income,-5,salary\n"),
        RowCase(english: "book 'daily' has no account 'card'; 'account add card' makes one", csv: "date,amount,category,account\n2016-08-01,-5,food,card\n"),
        RowCase(english: "unknown book 'dialy' — did you mean 'daily'?", csv: "date,amount,category,book\n2016-08-01,-5,food,dialy\n"),
        RowCase(english: "unknown book 'zzzzzz'; make it first with 'book add zzzzzz'", csv: "date,amount,category,book\n2016-08-01,-5,food,zzzzzz\n"),
        RowCase(english: "unknown category 'fodo' — did you mean 'food'?", csv: header + "2016-08-01,-5,fodo\n"),
        RowCase(english: "unknown category 'qqqqqq'; add 'create categories' to the import to make it", csv: header + "2016-08-01,-5,qqqqqq\n"),
        RowCase(english: "'salary' is an income category, so it can't take expenses nothing categorises", csv: "date,amount\n2016-08-01,-5\n",
                statement: "import bills.csv otherwise salary"),
        RowCase(english: "'food income' is an expense category, so it can't take incomes nothing categorises", csv: "date,kind,amount\n2016-08-01,income,5\n",
                statement: "import bills.csv otherwise food", ledger: InterchangeTranslationTests.ledger(adding: "food income")),
        RowCase(english: "a rule puts it in account 'card', which its book 'daily' has not", csv: "date,amount,category,remark\n2016-08-01,-5,food,taxi\n",
                ledger: InterchangeTranslationTests.ledger(rule: "remark ~ taxi => account card")),
        RowCase(english: "a rule gives it 'salary', an income category, but the row is an expense", csv: "date,amount,remark\n2016-08-01,-5,taxi\n",
                ledger: InterchangeTranslationTests.ledger(rule: "remark ~ taxi => category salary")),
        RowCase(english: "a rule gives it 'food', an expense category, but the row is income", csv: "date,kind,amount,remark\n2016-08-01,income,5,taxi\n",
                ledger: InterchangeTranslationTests.ledger(rule: "remark ~ taxi => category food")),
        RowCase(english: "set category gives it 'salary', an income category, but the row is an expense", csv: "date,amount\n2016-08-01,-5\n",
                statement: "import bills.csv set category=salary"),
        RowCase(english: "set category gives it 'food', an expense category, but the row is income", csv: "date,kind,amount\n2016-08-01,income,5\n",
                statement: "import bills.csv set category=food"),
        RowCase(english: "nothing gives this row a category: its category is empty, and no rule matches it; add a rule such as rule remark ~ coffee => "
                    + "category drinks, or say set category=NAME or otherwise NAME", csv: header + "2016-08-01,-5,\n"),
        RowCase(english: "nothing gives this row a category: its file has no category column, and no rule matches it; add a rule such as rule remark ~ "
                    + "coffee => category drinks, or say set category=NAME or otherwise NAME; bills like it are 'food', which 'import … learn' gives it",
                csv: "date,amount,remark,book\n2016-08-01,-5,hot dog,travel\n"),
    ]

    /// The fixture's ledger with an expense category of `name` besides its own.
    static func ledger(adding name: String) -> Ledger {
        let base = Fixture.ledger()
        let added = Category(id: 100, name: name, kind: .expense, icon: "🏷", aliases: [], position: 100)
        return Ledger(books: base.books, categories: base.categories + [added], bills: Array(base.bills), settings: base.settings, lastBillID: 25)
    }

    /// The fixture's ledger with the one import rule `rule`.
    static func ledger(rule: String) -> Ledger {
        let base = Fixture.ledger()
        return Ledger(books: base.books, categories: base.categories, bills: Array(base.bills), settings: base.settings, lastBillID: 25,
                      rules: [Rule(id: 1, position: 1, text: rule)])
    }

    /// The reason after a bad row's `FILE:LINE: `.
    static func reason(_ note: String) -> String {
        note.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? note
    }

    /// The reasons of the rows the import refuses, made under `locale` when one is given.
    static func refused(_ row: RowCase, in locale: String? = nil) throws -> [String] {
        let error = try locale.map { try Reader.reading($0) { try importError(row.csv, row.statement, in: row.ledger) } }
            ?? importError(row.csv, row.statement, in: row.ledger)
        let diagnostic = try #require(error, "\(row.csv) imports")
        return diagnostic.notes.map(reason)
    }

    @Test(arguments: rowCases)
    func eachReasonARowIsRefusedForIsInChinese(row: RowCase) throws {
        let english = try Self.refused(row)
        #expect(english == [row.english])
        let chinese = try #require(try Self.refused(row, in: "zh_CN.UTF-8").first)
        expectChinese(chinese, english: row.english)
    }

    @Test func someReasonsAsTheyAreWrittenInBothScripts() throws {
        let cases: [(RowCase, simplified: String, traditional: String)] = [
            (Self.rowCases[0], "该行有 4 个字段，而表头只有 3 个；含有分隔符的字段要写在引号里", "該列有 4 個欄位，而標頭只有 3 個；含有分隔符號的欄位要加上引號"),
            (RowCase(english: "", csv: Self.header + "2016-08-01,-5,fodo\n"), "未知的类别 'fodo'——您是不是要输入 'food'？", "未知的類別 'fodo'——您是不是要輸入 'food'？"),
            (RowCase(english: "", csv: Self.header + "2016-08-01,-5 USD,food\n"), "金额的货币是 USD，但账本 'daily' 使用 CNY", "金額以 USD 計，但帳本 'daily' 以 CNY 記帳"),
        ]
        for (row, simplified, traditional) in cases {
            #expect(try Self.refused(row, in: "zh_CN.UTF-8") == [simplified])
            #expect(try Self.refused(row, in: "zh_TW.UTF-8") == [traditional])
        }
    }

    /// Reasons around what another part of Tally says: what is said here is in Chinese.
    @Test func theReasonsAroundAnotherPartsWordsAreInChinese() throws {
        let cases: [(RowCase, english: String, chinese: (String) -> Bool)] = [
            (RowCase(english: "", csv: Self.header + "2016-08-01,-1.234,food\n"), " for CNY", { $0.hasSuffix("（CNY）") }),
            (RowCase(english: "", csv: Self.header + "2016-08-01,-5,a\u{200B}b\n", statement: "import bills.csv create categories"),
             "category 'a\u{200B}b': ", { $0.hasPrefix("类别 'a\u{200B}b'：") }),
            (RowCase(english: "", csv: "date,amount,category,tags\n2016-08-01,-5,food,a\u{200B}b\n"), "tag 'a\u{200B}b': ", { $0.hasPrefix("标签 'a\u{200B}b'：") }),
        ]
        for (row, english, isChinese) in cases {
            let reason = try #require(try Self.refused(row).first)
            #expect(reason.hasPrefix(english) || reason.hasSuffix(english), "\(reason)")
            let chinese = try #require(try Self.refused(row, in: "zh_CN.UTF-8").first)
            #expect(isChinese(chinese), "\(chinese)")
        }
    }

    @Test func moreBadRowsThanAreListedAreCountedInChinese() throws {
        let csv = Self.header + (1...23).map { "2016-08-\(String(format: "%02d", $0 % 28 + 1)),abc,food\n" }.joined()
        let error = try Reader.reading("zh_CN.UTF-8") { try importError(csv) }
        #expect(try #require(error).notes.last == "……另有 3 项")
        #expect(try #require(try importError(csv)).notes.last == "… and 3 more")
    }

    @Test func aFallbackLikeAnotherCategorysNameIsRefusedWithAChineseNote() throws {
        let error = try Reader.reading("zh_CN.UTF-8") { try importError(Self.header + "2016-08-01,-5,\n", "import bills.csv otherwise fod") }
        let note = try #require(error?.notes.first)
        expectChinese(note, english: "'otherwise' makes a category only when none has a name like it; make it first with 'category add fod expense'")
        #expect(note.contains("'category add fod expense'"))
    }

    @Test func aRunningBalanceThatPartsFromTheAmountsIsRefusedInChinese() throws {
        let csv = "date,amount,category,balance\n2016-08-01,-10,food,90\n2016-08-02,-5,food,50\n"
        for locale in ["C", "zh_CN.UTF-8"] {
            let error = try Reader.reading(locale) { try importError(csv) }
            guard case .csvUnreadable(_, 3, let reason) = try #require(error).problem else { throw TestFailure("not refused at line 3") }
            let english = "the balance column says 50.00, but line 2's 90.00 and the amounts since, -5.00, come to 85.00: "
                + "the statement and its rows part here"
            if locale == "C" { #expect(reason == english) } else { expectChinese(reason, english: english) }
        }
    }

    @Test func aStatementTheLedgerDoesNotMeetIsWarnedOfInChinese() throws {
        let csv = "date,amount,category,balance\n2016-08-01,-10,food,90\n2016-08-02,-5,food,85\n"
        let opened = Ledger(
            books: [Book(id: 1, name: "daily", currency: .cny, position: 1)], categories: Fixture.categories, bills: [],
            settings: Settings(currentBookID: 1), accounts: [Account(id: 1, bookID: 1, name: Account.firstName, position: 0)])
        for (ledger, english) in [
            (opened, "the statement leaves cash at 85.00 at the end of 2016-08-02, but Tally has -15.00; 'reconcile cash 85.00 on 2016-08-02' "
                + "lists what to look through"),
            (Fixture.ledger(), "the statement's account is not in the ledger"),
        ] {
            guard case .change(_, _, _, let warnings) = try importing(csv, in: ledger),
                  case .change(_, _, _, let chinese) = try Reader.reading("zh_CN.UTF-8", { try importing(csv, in: ledger) }) else {
                throw TestFailure("nothing imported")
            }
            #expect(warnings == [english])
            expectChinese(try #require(chinese.first), english: english)
        }
    }
}

/// Fails unless `chinese` reads as Simplified Chinese and is not `english`.
func expectChinese(_ chinese: String, english: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let faults = ChineseText.faults(chinese, english: english, locale: "zh_CN.UTF-8")
    #expect(faults.isEmpty, "\(chinese): \(faults)", sourceLocation: sourceLocation)
}

extension InterchangeTranslationTests {
    /// The dry run of `csv` with `statement` into `ledger`, made under `locale`.
    static func preview(_ csv: String, _ statement: String, in ledger: Ledger, locale: String = "C") throws -> ImportPreview {
        guard case .result(.importPreview(let preview), _) = try Reader.reading(locale, { try importing(csv, statement, in: ledger) }) else {
            throw TestFailure("no dry run: \(statement)")
        }
        return preview
    }

    /// The fixture's ledger after importing rows T1 (bill #26) and T2 (#27).
    static func importedBefore() throws -> Ledger {
        var ledger = Fixture.ledger()
        let csv = "date,amount,category,remark,book,transaction\n2016-08-01,-5,food,noodles,,T1\n2016-08-02,-7,food,rice,,T2\n"
        guard case .change(let change, _, _, _) = try importing(csv, in: ledger) else { throw TestFailure("nothing imported") }
        ledger.apply(change)
        return ledger
    }

    @Test func aDryRunSaysWhatWouldBecomeOfEachRowInChineseUnderItsEnglishColumns() throws {
        let csv = "date,amount,category,remark,book,transaction\n"
            + "2016-08-01,-5,food,noodles,,T1\n2016-08-02,-8,food,rice,,T2\n2016-07-01,-12.00,food,hot dog,travel,\n"
            + "2016-08-03,-3,food,tea,,\n2016-08-04,abc,food,,,\n2016-08-05,-3,food,skipme,,\n2016-08-06,-4,,hot dog,,\n"
        let statement = "import bills.csv skip where remark = skipme learn dry run"
        let ledger = try Self.importedBefore()
        let english = try Self.preview(csv, statement, in: ledger)
        let chinese = try Self.preview(csv, statement, in: ledger, locale: "zh_CN.UTF-8")
        // What would become of a row is English for CSV and JSON, and in the reader's words where a table shows it.
        func shown(_ cell: RecordTable.Cell) -> String? {
            guard case .phrase(let phrase) = cell else { return nil }
            return phrase.shown
        }
        #expect(english.rows.rows.map { $0[1].text } == ["there: #26", "changed: #27", "there: #19, equal", "add", "refuse", "pass over", "add"])
        #expect(chinese.rows.rows.map { $0[1].text } == english.rows.rows.map { $0[1].text })
        #expect(try Reader.reading("zh_CN.UTF-8") { chinese.rows.rows.map { shown($0[1]) } }
            == ["已存在：#26", "有变化：#27", "已存在：#19（内容相同）", "添加", "拒绝", "略过", "添加"])
        #expect(english.rows.rows.map { $0[7].text } == ["", "", "", "", "'abc' is not an amount", "remark is 'skipme'", "learn gives food"])
        #expect(chinese.rows.rows.map { $0[7].text } == ["", "", "", "", "'abc' 不是金额", "remark 为 'skipme'", "learn 会把它归为 food"])
        #expect(chinese.rows.columns == english.rows.columns && chinese.rows.columns == ["line", "would", "date", "amount", "category", "remark", "place", "note"])
        #expect(chinese.counts.named.map(\.name) == ["would_add", "there_already", "changed", "pass_over", "refuse"], "the keys of a JSON dry run")
        let updating = try Self.preview(csv, "import bills.csv update dry run", in: ledger, locale: "zh_CN.UTF-8")
        #expect(try Reader.reading("zh_CN.UTF-8") { shown(updating.rows.rows[1][1]) } == "更新 #27")
        #expect(try Self.preview(csv, "import bills.csv update dry run", in: ledger).rows.rows[1][1].text == "update #27")
    }

    @Test func aRowPassedOverByItsColumnNumberOrItsKindSaysSoInChinese() throws {
        let cases = [
            ("2016-08-01,-5,food\n", "import bills.csv no header columns (date=1, amount=2, category=3) skip where 3 = food dry run", "column 3 is 'food'"),
            ("date,kind,amount,category\n2016-08-01,transfer,5,food\n", "import bills.csv kinds (transfer=skip) dry run", "the kind is 'transfer'"),
        ]
        for (csv, statement, english) in cases {
            #expect(try Self.preview(csv, statement, in: Fixture.ledger()).rows.rows[0][7].text == english)
            expectChinese(try Self.preview(csv, statement, in: Fixture.ledger(), locale: "zh_CN.UTF-8").rows.rows[0][7].text, english: english)
        }
    }

    @Test func aFileThatIsNotCSVIsRefusedInChinese() throws {
        let cases: [([UInt8], String)] = [
            (Array("a,\"b\n".utf8), "a quoted field that starts here never ends"),
            (Array("a,\"b\"c\n".utf8), "text after a closing quote; a quote inside a quoted field is written twice (\"\")"),
            ([0x61, 0x2C, 0xFF, 0x0A], "this line is not UTF-8; say the file's encoding, such as encoding gbk, or save it as UTF-8"),
        ]
        for (bytes, english) in cases {
            func reason() -> String? {
                var reader = CSV.readers(bytes)[0]
                do throws(CSVError) {
                    while try reader.next() != nil {}
                    return nil
                } catch {
                    return error.reason
                }
            }
            #expect(reason() == english)
            expectChinese(try #require(try Reader.reading("zh_CN.UTF-8", reason)), english: english)
        }
    }

    @Test func aFileOfRatesIsRefusedInChinese() throws {
        let header = "date,currency,rate\n"
        let cases = [
            ("", "the file is empty; its first line names the columns date, currency, rate and in"),
            ("day,rate\n", "the first line names the columns date, currency and rate (and in, for the currency they are in); it has day, rate"),
            (header + "2016-07-01,US,7\n", "'US' is not an ISO 4217 currency code"),
            (header + "2016-13-01,USD,7\n", "'2016-13-01' is not a date such as 2016-07-01"),
            (header + "2016-07-01,USD,x\n", "'x' is not a rate such as 7.12"),
        ]
        for (text, english) in cases {
            func reason() throws -> String {
                do throws(Diagnostic) {
                    _ = try RateFile.rows(Array(text.utf8), file: Located("rates.csv", .nowhere))
                } catch {
                    if case .csvUnreadable(_, _, let reason) = error.problem { return reason }
                }
                throw TestFailure("read: \(text)")
            }
            #expect(try reason() == english)
            expectChinese(try Reader.reading("zh_CN.UTF-8", reason), english: english)
        }
    }

    @Test func aDateFormatIsRefusedInChinese() throws {
        let cases: [(String, String)] = [
            ("%m", "the date format has no a year (%Y or %y), no a day (%d); a date needs a year, a month and a day"),
            ("%Y %Y %m %d", "the date format gives the year twice"),
            ("%Y %m %b %d", "the date format gives the month twice"),
            ("%Y %m %d %e", "the date format gives the day twice"),
            ("%Y %m %d %j", "'%j' is not a part of a date or a time; write %Y %m %d %y %b %H %M %S and any other text as it is"),
        ]
        for (pattern, english) in cases {
            func reason() -> String? {
                do throws(DateFormatProblem) {
                    _ = try DateFormat(pattern)
                    return nil
                } catch {
                    return error.reason
                }
            }
            #expect(reason() == english)
            expectChinese(try #require(try Reader.reading("zh_CN.UTF-8", reason)), english: english)
        }
        #expect(try Reader.reading("zh_CN.UTF-8") { DateFormatProblem.lacks([.year, .day]).reason } == "日期格式缺少年（%Y 或 %y）、日（%d）；日期需要年、月、日")
        #expect(try Reader.reading("zh_TW.UTF-8") { DateFormatProblem.repeated(.month).reason } == "日期格式中的月出現了兩次")
    }

    @Test func whatAnExportIsIsShownInChineseAndKeptAsItIs() throws {
        for format in ExportFormat.allCases {
            let shown = try Reader.reading("zh_CN.UTF-8") { Translation.translated(format.title) }
            if format.holdsRules {
                expectChinese(shown, english: format.title)
            } else {
                #expect(shown == format.title)
            }
        }
        #expect(try Reader.reading("zh_CN.UTF-8") { ExportFormat.beancount.title } == "beancount file", "as a JSON confirmation keeps it")
        #expect(try Reader.reading("zh_TW.UTF-8") { Translation.translated(ExportFormat.journal.title) } == "hledger/ledger journal 檔案")
    }
}

/// Every message the import and export make is marked for the catalogues,
/// and every text marked has its Chinese: the sources read as they stand.
@Suite("Import and export texts are marked and translated")
struct InterchangeMarkingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TallyInterchange")

    /// Each source file's text, comments left out.
    static func files() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            return (name, text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n"))
        }
    }

    /// Where a text a reader is shown is made as a bare literal: a reason, a
    /// message, a line passed over, a note, a dry run's cell.
    static let unmarkedPatterns = [
        #"RowProblem\(\s*""#, #"\berror\(\s*""#, #"\bskip\(\s*\w+\s*,\s*""#, #"\brefuse\(\s*[\w.]+\s*,\s*""#,
        #"\.(differs|skipped)\(\s*""#, #"\b(reason|message):\s*""#, #"endOfLine\(after:\s*""#, #"notes:\s*\[\s*""#, #"skipped\.append\(\s*""#,
        #"\bwould = ""#, #"\.text\(\s*""#,
        // A marked text xgettext cannot read: interpolated, or not one literal.
        #"Translation\.(translated|catalogued)\(\s*"(?:[^"\\\n]|\\.)*\\\("#, #"Translation\.(translated|catalogued|plural)\(\s*[^"\s]"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    static func unmarked(in text: String) -> [String] {
        let whole = NSRange(text.startIndex..., in: text)
        return unmarkedPatterns.flatMap { pattern in
            pattern.matches(in: text, range: whole).map { match in
                let line = text[..<Range(match.range, in: text)!.lowerBound].count { $0 == "\n" } + 1
                return "line \(line): \(text[Range(match.range, in: text)!])"
            }
        }
    }

    @Test func theScanFindsABareReason() {
        #expect(!Self.unmarked(in: #"throw RowProblem("the date is empty")"#).isEmpty)
        #expect(!Self.unmarked(in: #"skip(header, "include is not followed")"#).isEmpty)
        #expect(!Self.unmarked(in: #"throw line.error("expected a number, found \(found)")"#).isEmpty)
        #expect(!Self.unmarked(in: #"RowProblem(Translation.translated("'\(text)' is not an amount"))"#).isEmpty)
        #expect(Self.unmarked(in: #"throw RowProblem(Translation.translated("the date is empty"))"#).isEmpty)
    }

    @Test func everyReasonInTheSourcesIsMarked() throws {
        let files = try Self.files()
        #expect(files.count > 30)
        for file in files {
            #expect(Self.unmarked(in: file.text).isEmpty, "\(file.name): \(Self.unmarked(in: file.text))")
        }
    }

    /// Each marked text as the catalogues know it: `\"` and `\\` as the characters they stand for.
    static func marked() throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"Translation\.(?:translated|catalogued)\(\s*"((?:[^"\\\n]|\\.)*)""#)
        return try files().flatMap { file in
            pattern.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).map { match in
                String(file.text[Range(match.range(at: 1), in: file.text)!]).replacing("\\\"", with: "\"").replacing("\\\\", with: "\\")
            }
        }
    }

    @Test func everyMarkedTextHasItsChineseInBothScripts() throws {
        let marked = try Self.marked()
        #expect(marked.count > 180)
        for english in Set(marked) {
            let simplified = try Reader.reading("zh_CN.UTF-8") { Translation.translated(english) }
            let traditional = try Reader.reading("zh_TW.UTF-8") { Translation.translated(english) }
            #expect(simplified != english && traditional != english, "\(english): \(simplified) / \(traditional)")
            // Chinese, or at least its punctuation around the values it takes: `'%s'：%s`.
            let fullWidth = simplified.unicodeScalars.contains { (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
            #expect(EnglishProse.hasChinese(simplified) || fullWidth, "\(english): \(simplified)")
            // Each value a template takes counts as one word, as far as English left in it goes.
            #expect(EnglishProse.runs(in: simplified.replacing(/%(\d\$)?[sd]/, with: "0")).isEmpty, "\(english): \(simplified)")
        }
    }
}
