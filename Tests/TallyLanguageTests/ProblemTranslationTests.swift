import Foundation
import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage

private let july1 = Day(year: 2016, month: 7, day: 1)!
private let july31 = Day(year: 2016, month: 7, day: 31)!

private func store(_ reason: StoreFailure.Reason, finding: StoreFailure.Finding? = nil) -> StoreFailure {
    StoreFailure(reason: reason, message: "disk I/O error", doing: "opening ledger.db", finding: finding)
}

/// Every error of the language, the ledger, files, the session and the
/// command line, as a reader of Chinese sees it: each sentence Tally adds
/// translated, what the user wrote and the values a message quotes as they came.
@Suite("Problems in Chinese")
struct ProblemTranslationTests {
    /// A sample of every case of `Problem`, and of each branch of `text` that says it another way.
    static let samples: [Problem] = [
        .unreadable(.unterminatedString(quote: "\"")),
        .unreadable(.unknownEscape("q")),
        .unreadable(.exclamationMarkAlone),
        .unreadable(.backslashMidLine),
        .unreadable(.hashWithoutName),
        .unreadable(.controlCharacter("\u{7}")),
        .unreadable(.unexpectedCharacter("@")),
        .unexpected(found: "end of input", expected: "金额"),
        .unexpected(found: "'@@'", expected: "金额"),
        .unexpected(found: "string \"x\"", expected: "金额"),
        .unexpected(found: "'whre'", expected: "子句", suggestion: "where"),
        .unexpected(found: "'where'", expected: "子句", suggestion: "where"),
        .misplaced(placement: "类型紧跟在聚合之后：'sum expense where …'"),
        .unknownStatement("pi", suggestion: "pie"),
        .unknownStatement("xyz", suggestion: nil),
        .unknownName(kind: .category, name: "fod", suggestion: "food"),
        .unknownName(kind: .book, name: "travle", suggestion: nil),
        .unknownName(kind: .account, name: "cahs", suggestion: "cash"),
        .unknownName(kind: .column, name: "dat", suggestion: "date"),
        .unknownName(kind: .dimension, name: "categry", suggestion: "category"),
        .unknownName(kind: .field, name: "amout", suggestion: "amount"),
        .unknownName(kind: .format, name: "xml", suggestion: nil),
        .unknownName(kind: .helpTopic, name: "budgte", suggestion: "budget"),
        .unknownName(kind: .importProfile, name: "alipy", suggestion: "alipay"),
        .unknownName(kind: .meaning, name: "expens", suggestion: "expense"),
        .unknownName(kind: .savedStatement, name: "monthy", suggestion: "monthly"),
        .unknownName(kind: .setting, name: "pagr", suggestion: "pager"),
        .unknownName(kind: .tag, name: "#wrok", suggestion: "#work"),
        .unknownName(kind: .weekday, name: "mnday", suggestion: "monday"),
        .noSuchDate("2016-02-30"),
        .noSuchQuarter("2016-q5"),
        .noSuchMonth("2016-13"),
        .noSuchWeek(year: 2016, week: 53),
        .leapDayNeedsItsYear,
        .badAmount("25.505", .tooManyDecimals(allowed: 2)),
        .badAmount("25.5", .tooManyDecimals(allowed: 0)),
        .badAmount("99999999999999999999", .tooLarge),
        .badAmount("9e18+9e18", .overflow),
        .amountNotPositive("-5"),
        .thousandsSeparator,
        .decimalComma(point: "25.50"),
        .duplicateClause("period", statement: .query),
        .duplicateClause("period", statement: .report),
        .duplicateClause("period", statement: .export),
        .duplicateClause("period", statement: .import),
        .duplicateClause("kind", statement: .account),
        .duplicateClause("on", statement: .bill),
        .duplicateClause("where", statement: .export),
        .duplicateClause("skip", statement: .import),
        .duplicateClause("skip", statement: .profile),
        .duplicateClause("by", statement: .query),
        .duplicateClause("ask", statement: .recurringBill),
        .duplicateClause("where", statement: .report),
        .duplicateClause("as", statement: .transfer),
        .givenTwice("#work"),
        .tooDeep,
        .notAtLeastOne,
        .topWithOrderOrLimit,
        .ranksGroupsOnly(clause: "top"),
        .listTakesNoBy,
        .tooManyDimensions,
        .operatorNotFor(op: "<", field: "category", allowed: "=、!=、~、!~ 或 in"),
        .kindFollowsCategory,
        .badName(.empty),
        .badName(.tooLong(200)),
        .badName(.hiddenCharacters),
        .tagWithSpaces,
        .notATag("a!b", stop: "!"),
        .notATag("42", stop: nil),
        .tooManyTags(20),
        .searchNeedsText,
        .notAPlace("once"),
        .savedNameWithHyphen(suggested: "food_month"),
        .savedNameIsAStatement("sum"),
        .saveInSave,
        .savedValues(name: "monthly", parameters: [], given: 2),
        .savedValues(name: "monthly", parameters: ["cat"], given: 0),
        .savedValues(name: "monthly", parameters: ["cat", "month"], given: 1),
        .parameterUnused("cat"),
        .mappedTwice("amount"),
        .noSuchBill("42"),
        .unknownRule("3"),
        .noSuchRecurring("7"),
        .recurringBillDated,
        .recurringEndsBeforeStart(start: july31, end: july1, fromGiven: true),
        .recurringEndsBeforeStart(start: july31, end: july1, fromGiven: false),
        .recurringEditDated(id: 2),
        .recurringPostsItself(id: 2),
        .dayNeedsItsRule,
        .weekdaysOnlyByTheDay,
        .recurringPaused(id: 2, paused: true),
        .recurringPaused(id: 2, paused: false),
        .nothingDue(rule: nil, day: nil),
        .nothingDue(rule: 2, day: nil),
        .nothingDue(rule: 2, day: july1),
        .unreadableRule(id: 4, reason: "类别 'food' 已不存在"),
        .builtInProfile("alipay"),
        .kindMismatch(category: "salary", kind: .income, wanted: .expense),
        .kindWouldChange(category: "salary", kind: .income, bill: 12),
        .kindWouldChange(category: "food", kind: .expense, bill: 12),
        .amountAcrossCurrencies(codes: ["CNY", "USD", "JPY"], book: "travel"),
        .billInAnotherCurrency(book: "travel", keeps: "USD", bill: 12, currency: "CNY"),
        .currencyOfAnotherBook(sign: "$", book: "daily", keeps: "CNY", takenBy: []),
        .currencyOfAnotherBook(sign: "$", book: "daily", keeps: "CNY", takenBy: ["travel"]),
        .currencyOfAnotherBook(sign: "$", book: "daily", keeps: "CNY", takenBy: ["travel", "work"]),
        .periodEndsBeforeItStarts,
        .unknownCurrency("RMB", suggestion: "CNY"),
        .unknownCurrency("QQQ", suggestion: nil),
        .rateOfItself("CNY"),
        .bookHasTransfers(book: "travel", count: 3),
        .accountNameTaken("cash", book: "daily"),
        .accountArchived("card"),
        .accountInAnotherBook(account: "card", book: "travel", bill: 12),
        .defaultAccountArchived("cash"),
        .transferToItself("cash"),
        .transferNeedsReceived(from: "travel:card", to: "cash"),
        .transferCurrency(written: "USD", account: "cash", keeps: "CNY"),
        .balanceDiffers(account: "card", day: july31, held: "¥1,200.00", statement: "¥1,000.00", difference: "+¥200.00"),
        .rateNotPositive,
        .noRate(from: "USD", to: "CNY", day: july1),
        .bookNameTaken("travel"),
        .categoryNameTaken(name: "meals", existing: "food"),
        .onlyBook("daily"),
        .takesItsOwnBills(thing: .book),
        .takesItsOwnBills(thing: .category),
        .booksKeepOtherCurrencies(destination: "travel", destinationCurrency: "USD", book: "daily", bookCurrency: "CNY"),
        .bookHasBills(book: "travel", count: 1, sameCurrency: nil),
        .bookHasBills(book: "old trip", count: 12, sameCurrency: "daily"),
        .categoryHasBills(category: "food", count: 12),
        .categoryKindsDiffer(source: "food", sourceKind: .expense, destination: "salary", destinationKind: .income),
        .categoryArchived("snacks"),
        .lastCategoryOfKind("salary", kind: .income),
        .notAnAlias(alias: "meal", category: "food", aliases: []),
        .notAnAlias(alias: "meal", category: "food", aliases: ["eat", "dining"]),
        .aliasIsTheName("food"),
        .iconNotOneCharacter("🍜🍜"),
        .noBudget(book: "daily", category: "food"),
        .noBudget(book: "daily", category: nil),
        .budgetNeedsAMonth,
        .reportSpansCurrencies(["CNY", "USD"]),
        .reportNeedsAFileName,
        .reportTooLong(months: 700, from: "1970-01", to: "2028-05"),
        .budgetOnIncome("salary"),
        .tooManyPhotos(bill: 12),
        .noSuchPhoto(bill: 12, number: 3, count: 0),
        .noSuchPhoto(bill: 12, number: 3, count: 2),
        .photoBytesMissing(2),
        .photoAlreadyThere(bill: 12, number: 1),
        .noSuchColumn(columns: 4, number: 7),
        .missingColumn(file: "bank.csv", field: "amount", header: ["date;amount;remark"]),
        .missingColumn(file: "bank.csv", field: "amount", header: ["date\tamount"]),
        .missingColumn(file: "bank.csv", field: "amount", header: ["date", "sum", "remark"]),
        .missingColumn(file: "bank.csv", field: "amount", header: (1...14).map { "c\($0)" }),
        .columnTwice(file: "bank.csv", line: 1, field: "date", first: "date", firstNumber: 1, second: "日期", secondNumber: 4),
        .noHeaderRow(file: "bank.csv", skipped: 0),
        .noHeaderRow(file: "bank.csv", skipped: 3),
        .rowsRefused(bad: 2, of: 10),
        .csvUnreadable(file: "bank.csv", line: 3, reason: "引号没有闭合"),
        .journalUnreadable(file: "2016.journal", line: 3, column: 12, reason: "金额无法读取"),
        .journalUnreadable(file: "2016.journal", line: 3, column: nil, reason: "金额无法读取"),
        .journalDryRun,
        .importReadsCSV(file: "backup.json", named: "JSON"),
        .importReadsCSV(file: "backup.beancount", named: "beancount"),
        .importReadsCSV(file: "backup.ods", named: "ODS"),
        .importReadsCSV(file: "backup.xlsx", named: "excel"),
        .notInEncoding(file: "bank.csv", line: 2, encoding: "UTF-8"),
        .unknownEncoding("latin9", known: ["utf-8", "gbk", "gb18030", "big5", "utf-16"]),
        .badDateFormat("'%Q' 不是日期格式中的指令"),
        .profileUnreadable(name: "mybank", reason: "文件已损坏"),
        .headerNotFound(file: "bank.csv", profile: "alipay", headers: ["交易时间", "金额"], lines: 30),
        .columnsByNumber(file: "bank.csv"),
        .fileFailed(FileFailure("bank.csv", .system("No such file or directory"))),
        .fileFailed(FileFailure("out.csv", writing: true, .system("Permission denied"))),
        .fileFailed(FileFailure("Documents", .folder)),
        .fileFailed(FileFailure("Documents", writing: true, .folder)),
        .fileFailed(FileFailure("/dev/tty", .notARegularFile)),
        .fileFailed(FileFailure("/dev/tty", writing: true, .notARegularFile)),
        .fileFailed(FileFailure("big.tally", .tooLarge(.script, size: 1 << 30))),
        .fileFailed(FileFailure("big.csv", .tooLarge(.csv, size: 1 << 30))),
        .fileFailed(FileFailure("big.jpg", .tooLarge(.photo, size: 20 << 20))),
        .fileFailed(FileFailure("notes.txt", .notAnImage)),
        .fileFailed(FileFailure("out.csv", writing: true, .exists(advice: "用 overwrite 替换它"))),
        .fileFailed(FileFailure("reports", writing: true, .notForAReport(kind: "a folder"))),
        .fileFailed(FileFailure("/dev/null", writing: true, .notForAReport(kind: "a device"))),
        .fileFailed(FileFailure("fifo", writing: true, .notForAReport(kind: "a named pipe"))),
        .fileFailed(FileFailure("sock", writing: true, .notForAReport(kind: "a socket"))),
        .fileFailed(FileFailure("odd", writing: true, .notForAReport(kind: "not a regular file"))),
        .fileFailed(FileFailure("odd", writing: true, .notForAReport(kind: "一个门"))),
        .fileFailed(FileFailure("ledger.db", writing: true, .ledgerItself)),
        .formatUnknown(file: "out.txt", known: [".csv", ".json", ".journal", ".beancount"]),
        .billsTooEarlyForJournal(bills: [3], earliest: "1900-01-01"),
        .billsTooEarlyForJournal(bills: [1, 2, 3, 4, 5, 6, 7], earliest: "1900-01-01"),
        .needsConfirmation("删除 3 笔账单"),
        .guidedEntryNeedsATerminal,
        .amountNeeded,
        .changedWhileAnswering,
        .runsTooDeep(16),
        .tooManyRuns(runs: 10_000, mebibytes: 64),
        .undoConflict(undo: true, change: "add #12", row: "bill #12"),
        .undoConflict(undo: false, change: "add #12", row: "bill #12"),
        .undoAfterPosting(undo: true, change: "recurring #2", rule: 2),
        .undoAfterPosting(undo: false, change: "recurring #2", rule: 2),
        .undoDependedOn(undo: true, change: "book add travel"),
        .undoDependedOn(undo: false, change: "book add travel"),
        .tooFewToReplay(undo: true, asked: 5, available: 2),
        .tooFewToReplay(undo: false, asked: 5, available: 2),
        .answerYesOrNo,
        .statementTooLong(mebibytes: 64),
        .ledgerFailed(store(.busy), unsaved: 0),
        .ledgerFailed(StoreFailure(reason: .busy, message: "另一个会话正在写入", doing: "changing the ledger", finding: .heldByTally), unsaved: 0),
        .ledgerFailed(store(.readOnly), unsaved: 1),
        .ledgerFailed(store(.damaged), unsaved: 3),
        .ledgerFailed(store(.changedMeanwhile), unsaved: 0),
        .ledgerFailed(store(.full), unsaved: 0),
        .ledgerFailed(store(.notALedger), unsaved: 0),
        .ledgerFailed(store(.notALedger, finding: .alteredSchema), unsaved: 0),
        .ledgerFailed(store(.constraint), unsaved: 0),
        .ledgerDamaged(problems: (1...12).map { "row \($0) missing from index bills_by_day" }, path: "/home/li/ledger.db"),
        .answersMayBeWrong(damage: "database disk image is malformed"),
        .cannotOpenLedger(path: "notes.txt", store(.notALedger)),
        .optionNeedsAValue("--db"),
        .optionValue(option: "--format", takes: "table、csv 或 json", given: "xml"),
        .unknownOption("--dbb", suggestion: "--db"),
        .unknownOption("--zzz", suggestion: nil),
        .demoWithALedger,
        .demoFolderFailed("No space left on device"),
        .resultsUnwritable("Broken pipe"),
        .pagerFailed(command: "lesss", reason: "No such file or directory"),
    ]

    /// Cases whose words are all the caller's, made in the reader's language where they are made.
    static let theCallersWords: Set<String> = ["misplaced", "badDateFormat"]

    static func caseName(_ problem: Problem) -> String {
        Mirror(reflecting: problem).children.first?.label ?? String(describing: problem)
    }

    /// The strings a problem carries: names, what the user wrote, the system's and SQLite's words.
    static func values(_ value: Any) -> [String] {
        if let text = value as? String { return [text] }
        return Mirror(reflecting: value).children.flatMap { values($0.value) }
    }

    /// `text` less what the problem carries, so that what is left is Tally's own words.
    static func ownWords(_ text: String, of problem: Problem) -> String {
        values(problem).sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: " ") }
    }

    @Test("every case of Problem reads in Simplified Chinese, with no English left but what it quotes", arguments: samples)
    func simplified(problem: Problem) throws {
        let chinese = try Reader.reading("zh_CN.UTF-8") { problem.text }
        if Self.theCallersWords.contains(Self.caseName(problem)) {
            #expect(chinese == problem.text)
            return
        }
        #expect(EnglishProse.hasChinese(Self.ownWords(chinese, of: problem)), "\(chinese)")
        #expect(chinese != problem.text)
        #expect(EnglishProse.runs(in: Self.ownWords(chinese, of: problem)).isEmpty, "\(chinese)")
        #expect(!chinese.contains("%"), "\(chinese)")
    }

    @Test("every case of Problem reads in Traditional Chinese, its own characters and Taiwan's words", arguments: samples)
    func traditional(problem: Problem) throws {
        guard !Self.theCallersWords.contains(Self.caseName(problem)) else { return }
        let traditional = try Reader.reading("zh_TW.UTF-8") { problem.text }
        #expect(EnglishProse.hasChinese(traditional), "\(traditional)")
        #expect(EnglishProse.runs(in: Self.ownWords(traditional, of: problem)).isEmpty, "\(traditional)")
        let ownWords = Self.ownWords(traditional, of: problem)
        #expect(!ownWords.contains { ChineseText.simplifiedOnly.contains($0) }, "\(traditional)")
    }

    @Test("Problem.swift declares no case without a sample here")
    func everyCaseHasASample() throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TallyLanguage/Problem.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let declarations = text.components(separatedBy: "public var text")[0]
        let declared = Set(declarations.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    case ") else { return nil }
            return String(line.dropFirst("    case ".count).prefix { $0.isLetter || $0.isNumber })
        })
        #expect(declared.count > 120, "the enum's cases were not found in \(source.path)")
        let sampled = Set(Self.samples.map(Self.caseName))
        #expect(declared.subtracting(sampled).sorted() == [])
        #expect(sampled.subtracting(declared).sorted() == [])
    }

    @Test("the messages people meet most, exactly, in both scripts")
    func exactly() throws {
        let unknown = Problem.unknownName(kind: .category, name: "fod", suggestion: "food")
        #expect(try Reader.reading("zh_CN.UTF-8") { unknown.text } == "未知的类别 'fod'——您是不是要输入 'food'？")
        #expect(try Reader.reading("zh_TW.UTF-8") { unknown.text } == "未知的類別 'fod'——您是不是要輸入 'food'？")
        #expect(unknown.text == "unknown category 'fod' — did you mean 'food'?")

        let decimals = Problem.badAmount("25.505", .tooManyDecimals(allowed: 2))
        #expect(try Reader.reading("zh_CN.UTF-8") { decimals.text } == "'25.505' 的小数超过 2 位")
        #expect(try Reader.reading("zh_TW.UTF-8") { decimals.text } == "'25.505' 的小數超過 2 位")
        #expect(decimals.text == "'25.505' has more than 2 decimals")

        #expect(try Reader.reading("zh_CN.UTF-8") { Problem.needsConfirmation("删除 3 笔账单").text } == "删除 3 笔账单；脚本中须用 --yes 确认")
        #expect(try Reader.reading("zh_TW.UTF-8") { Problem.needsConfirmation("刪除 3 筆帳單").text } == "刪除 3 筆帳單；腳本中須用 --yes 確認")
        #expect(Problem.needsConfirmation("delete 3 bills").text == "delete 3 bills; scripts must confirm this with --yes")

        let bills = Problem.bookHasBills(book: "travel", count: 12, sameCurrency: nil)
        #expect(try Reader.reading("zh_CN.UTF-8") { bills.text } == "账本 'travel' 有 12 笔账单；请先用 'delete where book=travel' 删除它们")
        #expect(try Reader.reading("zh_TW.UTF-8") { bills.text } == "帳本 'travel' 有 12 筆帳單；請先用 'delete where book=travel' 刪除它們")
        #expect(Problem.bookHasBills(book: "travel", count: 1, sameCurrency: nil).text
            == "book 'travel' has 1 bill; delete them first with 'delete where book=travel'")
    }

    @Test("the ledger found damaged, line by line, the statement to type as written")
    func damaged() throws {
        let damaged = Problem.ledgerDamaged(problems: ["row 3 missing from index bills_by_day"], path: "/home/li/it's.db")
        #expect(try Reader.reading("zh_CN.UTF-8") { damaged.text } == """
            位于 /home/li/it's.db 的账簿已损坏：
              row 3 missing from index bills_by_day
            不会再向它写入任何内容。请恢复损坏之前的副本，或保存仍能读取的内容：
              tally --db '/home/li/it'\\''s.db' -c 'export rescue.csv'
            再把它导入一个新的账簿。
            """)
        #expect(try Reader.reading("zh_TW.UTF-8") { damaged.text } == """
            位於 /home/li/it's.db 的帳簿已損壞：
              row 3 missing from index bills_by_day
            不會再向它寫入任何內容。請還原損壞前的副本，或儲存仍能讀取的內容：
              tally --db '/home/li/it'\\''s.db' -c 'export rescue.csv'
            再把它匯入一個新的帳簿。
            """)
        let many = Problem.ledgerDamaged(problems: (1...12).map { "row \($0)" }, path: "l.db")
        #expect(try Reader.reading("zh_CN.UTF-8") { many.text }.contains("\n  ……另有 2 项\n"))
        #expect(many.text.contains("\n  … and 2 more\n"))
    }

    @Test("a diagnostic's expectation and the parameter it is in, in the reader's words")
    func diagnostic() throws {
        let incomplete = Diagnostic(.unexpected(found: "end of input", expected: "'food'"), at: .nowhere)
        #expect(try Reader.reading("zh_CN.UTF-8") { incomplete.message } == "语句不完整；应为：'food'")
        #expect(try Reader.reading("zh_TW.UTF-8") { incomplete.detail } == "應為：'food'")
        #expect(incomplete.message == "incomplete statement; expected 'food'")
        let inValue = Diagnostic(.noSuchMonth("2016-13"), at: .nowhere).inValue(of: "month", at: .nowhere)
        #expect(try Reader.reading("zh_CN.UTF-8") { inValue.headline } == "参数 month：没有这个月份 '2016-13'；月份是 01 到 12")
        #expect(inValue.headline == "in month: no such month '2016-13'; months are 01 to 12")
        let string = Problem.unexpected(found: Token(.string, "x", .nowhere).quoted, expected: "'food'")
        #expect(try Reader.reading("zh_CN.UTF-8") { string.text } == "意外的字符串 \"x\"")
        #expect(string.text == "unexpected string \"x\"")
    }
}
