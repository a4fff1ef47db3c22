import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// `import` made into a change, as the session gets it after reading the file.
func importing(_ csv: String, _ statement: String = "import bills.csv", in ledger: Ledger = Fixture.ledger()) throws -> Outcome {
    try importing(Array(csv.utf8), statement, in: ledger)
}

/// `import` of a file's bytes, read with the ledger's profiles and those built in.
func importing(_ bytes: [UInt8], _ statement: String = "import bills.csv", in ledger: Ledger = Fixture.ledger()) throws -> Outcome {
    guard case .session(.importFile(let options)) = try parseOne(statement).statement else { throw TestFailure("not an import: \(statement)") }
    let evaluator = Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
    try evaluator.checkImportTarget(options)
    let file = try ImportFile(bytes: bytes, options: options, profiles: evaluator.importProfiles.map(\.profile))
    return try evaluator.importing(file, options)
}

/// The bills an import adds, in file order.
func importedBills(_ csv: String, _ statement: String = "import bills.csv", in ledger: Ledger = Fixture.ledger()) throws -> [Bill] {
    try importedBills(Array(csv.utf8), statement, in: ledger)
}

func importedBills(_ bytes: [UInt8], _ statement: String = "import bills.csv", in ledger: Ledger = Fixture.ledger()) throws -> [Bill] {
    guard case .change(let change, _, _, _) = try importing(bytes, statement, in: ledger) else { throw TestFailure("no change") }
    return change.rows.compactMap { row in
        if case .bill(let bill)? = row.after, row.before == nil { return bill }
        return nil
    }
}

func importError(_ csv: String, _ statement: String = "import bills.csv", in ledger: Ledger = Fixture.ledger()) throws -> Diagnostic? {
    do {
        _ = try importing(csv, statement, in: ledger)
        return nil
    } catch let diagnostic as Diagnostic {
        return diagnostic
    }
}

@Suite("Evaluator: import")
struct ImportEvaluationTests {
    @Test func readsColumnsByHeaderInAnyOrder() throws {
        let bills = try importedBills("""
            Tags,Book,Amount,Category,Date,Remark,Place,Kind
            #trip  food,travel,12.50,food,2016-08-01,"hot dog, large",Coney Island,expense
            ,,"8,000.00",salary,2016/8/2 09:30,,,income
            """)
        #expect(bills.count == 2)
        #expect(bills[0] == Bill(
            id: 26, bookID: Fixture.travel, categoryID: Fixture.category("food"), amount: 1250, day: day("2016-08-01"),
            remark: "hot dog, large", place: "Coney Island", tags: ["trip", "food"], created: fixedNow, updated: fixedNow))
        #expect(bills[1].bookID == Fixture.daily)
        #expect(bills[1].amount == 800_000)
        #expect(bills[1].day == day("2016-08-02"))
        #expect(bills[1].place == nil)
    }

    @Test func theQuoteAnExportPutsBeforeAFormulaIsTakenOffAndNoOtherQuote() throws {
        let bills = try importedBills("""
            date,amount,category,remark,place,tags
            2016-08-01,1,food,'=HYPERLINK(1),'@home,trip
            2016-08-01,1,food,''=x,'plain,
            2016-08-01,1,food,=SUM(A1),'-25.00,
            """)
        #expect(bills.map(\.remark) == ["=HYPERLINK(1)", "'=x", "=SUM(A1)"])
        #expect(bills.map(\.place) == ["@home", "'plain", "'-25.00"])
        #expect(bills[0].tags == ["trip"])
    }

    @Test func aChineseHeaderWithSignedYuanGetsTheKindsRight() throws {
        let bills = try importedBills("""
            日期,金额,分类,备注,标签
            2016-08-01,"-¥1,234.50",用餐,聚餐,
            2016-08-05,"¥8,000.00",工资,八月工资,
            2016-08-06,-¥25,交通,地铁,通勤
            """)
        #expect(bills.map(\.categoryID) == [Fixture.category("food"), Fixture.category("salary"), Fixture.category("transport")])
        #expect(bills.map(\.amount) == [123_450, 800_000, 2500])
        #expect(bills.map(\.tags) == [[], [], ["通勤"]])
    }

    @Test func aPositiveAmountInASignedFileIsIncome() throws {
        let error = try #require(try importError("date,amount,category\n2016-08-01,-5,food\n2016-08-02,7,food\n"))
        #expect(error.notes == ["bills.csv:3: a positive amount is income in a file of signed amounts, but 'food' is an expense category"])
    }

    @Test func unsignedAmountsTakeTheirCategorysKind() throws {
        let bills = try importedBills("date,amount,category\n2016-08-01,5,food\n2016-08-02,7,salary\n")
        #expect(bills.map(\.categoryID) == [Fixture.category("food"), Fixture.category("salary")])
    }

    @Test func inTallysOwnCSVAnExpenseBelowZeroIsARefundAndElsewhereAnExpense() throws {
        let tally = try importedBills(
            "id,date,kind,amount,category,remark,book,place,tags\n1,2016-08-01,expense,5.00,food,,daily,,\n2,2016-08-02,expense,-3.00,food,back,daily,,\n")
        #expect(tally.map(\.amount) == [500, -300])
        let other = try importedBills("date,kind,amount,category,remark\n2016-08-01,expense,5.00,food,\n2016-08-02,expense,-3.00,food,back\n")
        #expect(other.map(\.amount) == [500, 300])
    }

    @Test func aKindColumnSaysExpenseOrIncomeInEnglishOrChinese() throws {
        let bills = try importedBills("收支,日期,金额,分类\n支出,2016-08-01,5,food\n收入,2016-08-02,7,salary\nexpense,2016-08-03,-3,food\n")
        #expect(bills.map(\.amount) == [500, 700, 300])
        let error = try #require(try importError("kind,date,amount,category\nincome,2016-08-01,5,food\nincome,2016-08-01,-5,salary\nspent,2016-08-01,5,food\n"))
        #expect(error.notes == [
            "bills.csv:2: the kind is income, but 'food' is an expense category",
            "bills.csv:3: the kind is income, but the amount '-5' is negative",
            "bills.csv:4: 'spent' is not a kind; write expense, income, 支出, 收入, or say what it means with kinds (spent=expense)",
        ])
    }

    @Test func theStatementMapsColumnsByNameOrNumberAfterAPreamble() throws {
        let csv = """
            Alipay statement
            account: someone@example.com
            交易时间,交易对方,商品,金额(元),类
            2016-08-01 12:00:00,KFC,burger,30.00,food
            """
        let bills = try importedBills(csv, "import bills.csv columns (date=交易时间, amount=\"金额(元)\", remark=商品, place=2, category=5) skip 2")
        #expect(bills.count == 1)
        #expect(bills[0].remark == "burger")
        #expect(bills[0].place == "KFC")
        #expect(bills[0].amount == 3000)
    }

    @Test func aMissingColumnIsNamedWithTheHeaderFound() throws {
        let error = try #require(try importError("when,amount,category\n2016-08-01,5,food\n"))
        #expect(error.message == "bills.csv has no 'date' column; its header is 'when', 'amount', 'category'; name the column with columns (date=HEADER)")
        let unknown = try #require(try importError("when,amount,category\n", "import bills.csv columns (date=wen)"))
        #expect(unknown.message == "unknown column 'wen' — did you mean 'when'?")
        let tooFar = try #require(try importError("when,amount,category\n", "import bills.csv columns (date=4)"))
        #expect(tooFar.message == "the file has 3 columns, so there is no column 4")
    }

    @Test(arguments: [("bills.json", "a JSON"), ("2016.journal", "a journal"), ("all.beancount", "a beancount"), ("books.ledger", "a journal")])
    func aFileNamedForAnotherFormatIsToldThatImportReadsCSV(file: String, named: String) throws {
        let error = try #require(try importError("[{\"date\": \"2016-08-01\"}]\n", "import \(file)"))
        #expect(error.message == "import reads CSV, and '\(file)' is named like \(named) file; export writes CSV to a name ending in .csv")
        #expect(error.range.start.column == 8)
    }

    @Test func oneBadRowAmongThousandsImportsNothingAndNamesIt() throws {
        var csv = "date,amount,category,remark\n"
        for index in 1...3000 {
            csv += index == 1500 ? "2016-02-30,5,food,row \(index)\n" : "2016-08-01,5,food,row \(index)\n"
        }
        let error = try #require(try importError(csv))
        #expect(error.message == "1 of 3000 rows can't be imported, so nothing was imported")
        #expect(error.notes == ["bills.csv:1501: '2016-02-30' is not a date; write 2016-07-01 or 2016/7/1, or say how with dates \"%m/%d/%Y\""])
    }

    @Test func atMostTwentyBadRowsAreListed() throws {
        let csv = "date,amount,category\n" + String(repeating: "2016-08-01,x,food\n", count: 25)
        let error = try #require(try importError(csv))
        #expect(error.notes.count == 21)
        #expect(error.notes.first == "bills.csv:2: 'x' is not an amount")
        #expect(error.notes.last == "… and 5 more")
    }

    @Test func badValuesSayWhatIsWrong() throws {
        let error = try #require(try importError("""
            date,amount,category,book,tags
            2016-08-01,5,fod,,
            2016-08-01,5,food,dayly,
            ,5,food,,
            2016-08-01,,food,,
            2016-08-01,5,,,
            2016-08-01,1.234,food,,
            2016-08-01,12 USD,food,,
            2016-08-01,0,food,,
            2016-08-01,5,qqqqqqqq,,
            2016-08-01,5,food,renovation,
            """))
        #expect(error.notes == [
            "bills.csv:2: unknown category 'fod' — did you mean 'food'?",
            "bills.csv:3: unknown book 'dayly' — did you mean 'daily'?",
            "bills.csv:4: the date is empty",
            "bills.csv:5: the amount is empty",
            "bills.csv:6: nothing gives this row a category: its category is empty, and no rule matches it; add a rule such as "
                + "rule remark ~ coffee => category drinks, or say set category=NAME or otherwise NAME",
            "bills.csv:7: '1.234' has more than 2 decimals for CNY",
            "bills.csv:8: the amount is in USD, but book 'daily' keeps CNY",
            "bills.csv:9: the amount is zero",
            "bills.csv:10: unknown category 'qqqqqqqq'; add 'create categories' to the import to make it",
            "bills.csv:11: unknown book 'renovation'; make it first with 'book add renovation'",
        ])
    }

    @Test func createCategoriesMakesThemOfTheRowsKind() throws {
        let outcome = try importing("date,amount,category\n2016-08-01,+50,tips\n2016-08-02,-5,Kaffee\n2016-08-03,-6,kaffee\n", "import bills.csv create categories")
        guard case .change(let change, let report, _, _) = outcome else { throw TestFailure("no change") }
        let created = change.rows.compactMap { row -> TallyCore.Category? in
            if case .category(let category)? = row.after { return category }
            return nil
        }
        #expect(created.map(\.name) == ["tips", "Kaffee"])
        #expect(created.map(\.kind) == [.income, .expense])
        #expect(reportText(report) == "imported 3 bills from bills.csv; new categories: tips, Kaffee")
        #expect(try importedBills("date,amount,category\n2016-08-01,5,Kaffee\n", "import bills.csv create categories").count == 1)
    }

    @Test func theSameFileTwiceAddsNothingTheSecondTime() throws {
        let csv = "date,amount,category,remark\n2016-08-01,4.50,food,coffee\n2016-08-01,4.50,food,coffee\n2016-08-02,9,food,lunch\n"
        var ledger = Fixture.ledger()
        guard case .change(let first, let report, _, _) = try importing(csv, in: ledger) else { throw TestFailure("no change") }
        #expect(reportText(report) == "imported 3 bills from bills.csv")
        ledger.apply(first)
        guard case .result(let again, _) = try importing(csv, in: ledger) else { throw TestFailure("imported twice") }
        #expect(reportText(again) == "nothing to import: all 3 rows of bills.csv are in the ledger already")
    }

    @Test func equalBillsCountByMultiplicity() throws {
        var ledger = Fixture.ledger()
        guard case .change(let one, _, _, _) = try importing("date,amount,category,remark\n2016-08-01,4.50,food,coffee\n", in: ledger) else {
            throw TestFailure("no change")
        }
        ledger.apply(one)
        let csv = "date,amount,category,remark\n2016-08-01,4.50,food,coffee\n2016-08-01,4.50,food,coffee\n2016-08-01,4.50,food,Coffee\n"
        guard case .change(let change, let report, _, _) = try importing(csv, in: ledger) else { throw TestFailure("no change") }
        #expect(change.rows.filter { if case .bill? = $0.after { true } else { false } }.count == 2)
        #expect(reportText(report) == "imported 2 bills from bills.csv; skipped 1 row already in the ledger")
        #expect(try importedBills(csv, "import bills.csv allow duplicates", in: ledger).count == 3)
    }

    @Test func otherwiseRefusesACategoryALetterAwayFromOneThere() throws {
        let csv = "date,amount,remark\n2016-08-01,-5,tea\n"
        let error = try #require(try importError(csv, "import bills.csv otherwise fod"))
        #expect(error.message == "unknown category 'fod' — did you mean 'food'?")
        #expect(error.notes == ["'otherwise' makes a category only when none has a name like it; make it first with 'category add fod expense'"])
        #expect(try importedBills(csv, "import bills.csv otherwise leftovers").count == 1)
    }

    @Test func aRowEqualToABillSaysWhichBill() throws {
        let csv = "date,amount,category,remark,place,tags\n2016-07-01,12.00,food,hot dog,New York,trip\n2016-07-01,12.00,food,hot dog,Boston,trip\n"
        guard case .change(_, let report, _, _) = try importing(csv, "import bills.csv book travel") else { throw TestFailure("no change") }
        #expect(reportText(report) == "imported 1 bill from bills.csv; skipped 1 row already in the ledger (line 2 equals #19)")
    }

    @Test func billsInAnotherBookAreNotDuplicates() throws {
        let csv = "date,amount,category,remark\n2016-07-01,12.00,food,hot dog\n"
        guard case .result = try importing(csv, "import bills.csv book travel") else { throw TestFailure("bill #19 is the same") }
        #expect(try importedBills(csv).count == 1)
    }
}

extension ImportEvaluationTests {
    @Test func eachFieldKnowsItsPlace() {
        #expect(ImportField.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
    }
}

extension ImportEvaluationTests {
    @Test func rowsCheckedOnTwoCoresReportAsOneCoreWould() throws {
        let bad = Set([100, 200] + Array(50_000..<50_030))
        var csv = "date,amount,category\n"
        for index in 1...60_000 {
            csv += bad.contains(index) ? "2016-08-01,x\(index),food\n" : "2016-08-01,\(index % 50 + 1),food\n"
        }
        #expect(CSV.readers(Array(csv.utf8)).count == 2, "the rows are checked in two parts")
        let error = try #require(try importError(csv))
        #expect(error.message == "32 of 60000 rows can't be imported, so nothing was imported")
        let lines = [100, 200] + Array(50_000..<50_018)
        #expect(error.notes == lines.map { "bills.csv:\($0 + 1): 'x\($0)' is not an amount" } + ["… and 12 more"])
        let good = csv.split(separator: "\n").enumerated().filter { !bad.contains($0.offset) }.map(\.element).joined(separator: "\n")
        #expect(try importedBills(good).map(\.amount) == (1...60_000).filter { !bad.contains($0) }.map { Int64($0 % 50 + 1) * 100 })
    }

    @Test func aFileThatIsNotCSVIsRefusedWhereItGoesWrong() throws {
        var csv = "date,amount,category\n"
        for index in 1...60_000 { csv += index == 55_000 ? "2016-08-01,\"5\"x,food\n" : "2016-08-01,5,food\n" }
        #expect(CSV.readers(Array(csv.utf8)).count == 2)
        let error = try #require(try importError(csv))
        #expect(error.message == "bills.csv:55001: text after a closing quote; a quote inside a quoted field is written twice (\"\"); nothing was imported")
    }
}

extension ImportEvaluationTests {
    @Test func aRowWithMoreFieldsThanTheHeaderIsRefused() throws {
        let error = try #require(try importError("date,amount,category,remark\n2016-08-01,5,food,tea\n2016-08-01,1,234.50,food,rent\n2016-08-02,5,food\n"))
        #expect(error.message == "1 of 3 rows can't be imported, so nothing was imported")
        #expect(error.notes == ["bills.csv:3: the row has 5 fields, but the header 4; a field that holds the separator is written in quotes"])
        #expect(try importedBills("date,amount,category,remark\n2016-08-01,\"1,234.50\",food,rent\n2016-08-02,5,food\n").map(\.amount) == [123_450, 500])
    }

    @Test(arguments: [
        ("date,amount,category,date\n", "import bills.csv", "bills.csv:1: two columns could be the date: 'date' (column 1) and 'date' (column 4); choose one with columns (date=1)"),
        ("日期,amount,category,Date\n", "import bills.csv", "bills.csv:1: two columns could be the date: '日期' (column 1) and 'Date' (column 4); choose one with columns (date=1)"),
        ("date,类型,amount,category,收支\n", "import bills.csv", "bills.csv:1: two columns could be the kind: '类型' (column 2) and '收支' (column 5); choose one with columns (kind=2)"),
        ("date,amount,cat,分类\n", "import bills.csv", "bills.csv:1: two columns could be the category: 'cat' (column 3) and '分类' (column 4); choose one with columns (category=3)"),
        ("x\nWhen,amount,category,when\n", "import bills.csv columns (date=When) skip 1", "bills.csv:2: two columns could be the date: 'When' (column 1) and 'when' (column 4); choose one with columns (date=1)"),
    ])
    func aFieldInTwoColumnsIsRefused(header: String, statement: String, message: String) throws {
        let error = try #require(try importError(header + "2016-08-01,5,food,2016-08-02,x\n", statement))
        #expect(error.message == message)
    }

    @Test func theStatementSaysWhichOfTwoColumnsToRead() throws {
        let csv = "date,amount,category,日期\n2016-08-01,5,food,2016-08-02\n"
        #expect(try importedBills(csv, "import bills.csv columns (date=4)").map(\.day) == [day("2016-08-02")])
        #expect(try importedBills(csv, "import bills.csv columns (date=日期)").map(\.day) == [day("2016-08-02")])
    }

    @Test func aMappedHeaderWrittenTwicePointsAtTheMapping() throws {
        let text = "import bills.csv columns (date=When)"
        let error = try #require(try importError("When,amount,category,When\n2016-08-01,5,food,x\n", text))
        #expect(Span(error.range) == Span(1, 32, 36))
    }

    /// The tag `add 1 food #TEXT` reads, or nil when it does not read TEXT as one tag
    /// (`#a--b` is the tag `a` and a comment).
    static func tagAddReads(_ text: String) -> String? {
        guard let statements = try? Parser.parse("add 1 food #" + text), case .ledger(.add(let bill))? = statements.first,
              bill.tags == [text.lowercased()] else { return nil }
        return bill.tags[0]
    }

    @Test(arguments: ["a,#b", "a:b", "a.b", "a-b", "a/b", "42", "it's", "a--b", "a\u{202E}b", "a\u{7}b", "#a", "", "ok", "Trip", "旅行", "y2016", "🍜", "a_b", "7eleven"])
    func importTakesTheTagsAddTakes(tag: String) throws {
        let csv = "date,amount,category,tags\n2016-08-01,1,food,\(CSV.field("#" + tag))\n"
        let imported = try? importedBills(csv)
        #expect(imported?.map(\.tags) == Self.tagAddReads(tag).map { [[$0]] }, "add reads \(Self.tagAddReads(tag) ?? "no tag") from #\(tag)")
    }

    @Test func aTagAddRefusesIsNamedWithItsRow() throws {
        let error = try #require(try importError("date,amount,category,tags\n2016-08-01,1,food,\"a,#b\"\n2016-08-01,1,food,a:b\n2016-08-01,1,food,#2016 trip\n"))
        #expect(error.notes == [
            "bills.csv:2: tag 'a,#b': a tag is one word, such as #work or #旅行; it can't hold ','",
            "bills.csv:3: tag 'a:b': a tag is one word, such as #work or #旅行; it can't hold ':'",
            "bills.csv:4: tag '#2016': '#2016' is a bill id, not a tag; give the tag a letter",
        ])
    }
}
