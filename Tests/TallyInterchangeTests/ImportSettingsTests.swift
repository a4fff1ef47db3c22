import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// What an import of a good file comes to.
struct Imported {
    let bills: [Bill]
    let counts: ImportCounts
    /// Each bill's category by name, whether the import made it or not.
    let categories: [String]
}

func imported(_ bytes: [UInt8], _ statement: String, in ledger: Ledger = Fixture.ledger()) throws -> Imported {
    guard case .change(let change, .done(.imported(let counts, _)), _, _) = try importing(bytes, statement, in: ledger) else {
        throw TestFailure("no change")
    }
    var names = Dictionary(ledger.categories.map { ($0.id, $0.name) }) { first, _ in first }
    var bills: [Bill] = []
    for row in change.rows where row.before == nil {
        switch row.after {
        case .category(let category)?: names[category.id] = category.name
        case .bill(let bill)?: bills.append(bill)
        default: break
        }
    }
    return Imported(bills: bills, counts: counts, categories: bills.map { names[$0.categoryID] ?? "#\($0.categoryID)" })
}

func imported(_ csv: String, _ statement: String, in ledger: Ledger = Fixture.ledger()) throws -> Imported {
    try imported(Array(csv.utf8), statement, in: ledger)
}

/// The error of an import of bytes, or nil when it succeeds.
func importError(_ bytes: [UInt8], _ statement: String) throws -> Diagnostic? {
    do {
        _ = try importing(bytes, statement)
        return nil
    } catch let diagnostic as Diagnostic {
        return diagnostic
    }
}

/// The fixture ledger with its euro book, `giro`, and `bills` besides its own.
func ledgerWithGiro(adding bills: [Bill] = []) -> Ledger {
    let base = StatementImportTests.ledger()
    return Ledger(books: base.books, categories: base.categories, bills: Array(base.bills) + bills, settings: base.settings, lastBillID: 25)
}

@Suite("Import: how a file is read")
struct ImportSettingsTests {
    @Test func aFileWithoutAHeaderImportsItsFirstRowToo() throws {
        let csv = "2016-08-01,5.00,food\n2016-08-02,6.00,transport\n"
        let file = try imported(csv, "import old.csv no header columns (date=1, amount=2, category=3)")
        #expect(file.bills.map(\.day) == [day("2016-08-01"), day("2016-08-02")])
        #expect(file.categories == ["food", "transport"])
        #expect(file.counts.rows == 2)
    }

    @Test func aFileWithoutAHeaderHasNoHeadersToName() throws {
        let error = try #require(try importError("2016-08-01,5.00,food\n", "import old.csv no header columns (date=1, amount=amount, category=3)"))
        #expect(error.message == "old.csv has no header, so its columns are named by number, such as columns (date=1, amount=3)")
    }

    @Test func theFooterEndsTheRows() throws {
        let csv = "date,amount,category,remark\n2016-08-01,5,food,before\n---- 2 rows ----\n2016-08-02,6,food,after\n2016-08-03,x,food,bad\n"
        let file = try imported(csv, "import bills.csv footer \"---\"")
        #expect(file.bills.map(\.remark) == ["before"])
        #expect(file.counts.rows == 1)
    }

    @Test(arguments: [49_990, 10])
    func theFooterEndsTheRowsOfAFileReadInTwoParts(footerAfter rows: Int) throws {
        var csv = "date,amount,category,remark\n"
        for index in 1...50_000 {
            if index == rows + 1 { csv += "---,,,\n" }
            csv += "2016-08-01,\(index % 50 + 1).00,food,row \(index)\n"
        }
        #expect(csv.utf8.count > CSV.splitSize)
        #expect(CSV.readers(Array(csv.utf8)).count == 2, "the rows are read in two parts")
        let file = try imported(csv, "import big.csv footer \"---\"")
        #expect(file.counts.rows == rows)
        #expect(file.bills.map(\.remark) == (1...rows).map { "row \($0)" })
    }

    @Test func theSeparatorIsFoundFromTheHeader() throws {
        let file = try imported("date;amount;category;remark\n2016-08-01;5.50;food;tea, hot\n", "import bills.csv")
        #expect(file.bills.map(\.amount) == [550])
        #expect(file.bills.map(\.remark) == ["tea, hot"])
    }

    @Test func aWrongSeparatorIsNamedWithTheOneTheHeaderHas() throws {
        let error = try #require(try importError("date;amount;category\n2016-08-01;5.50;food\n", "import bills.csv separator \",\""))
        #expect(error.message == "bills.csv has no 'date' column; its header is one long field, 'date;amount;category': "
            + "separated by \";\"? add separator \";\"")
    }
}

extension ImportSettingsTests {
    @Test func anAmountInAnotherCurrencysSymbolIsRefused() throws {
        let error = try #require(try importError("date,amount,category\n2016-08-01,-$2.00,food\n"))
        #expect(error.notes == ["bills.csv:2: the amount is written in $, but book 'daily' keeps CNY"])
        #expect(try imported("date,amount,category\n2016-08-01,¥25.00,food\n", "import bills.csv").bills.map(\.amount) == [2500])
    }

    @Test func aFileInACurrencyGoesOnlyIntoABookThatKeepsIt() throws {
        let csv = "date,amount,category\n2016-08-01,5.00,food\n"
        let error = try #require(try importError(csv, "import bills.csv currency EUR"))
        #expect(error.notes == ["bills.csv:2: the file is in EUR, but book 'daily' keeps CNY"])
        #expect(try imported(csv, "import bills.csv book giro currency eur", in: ledgerWithGiro()).bills.map(\.amount) == [500])
    }

    @Test func euroAmountsImportIntoAEuroBookWithTheirCategorysKind() throws {
        let csv = "date,amount,category\n2016-08-01,€5.00,food\n2016-08-02,12.50 €,food\n2016-08-03,€1.00,salary\n"
        let file = try imported(csv, "import bills.csv book giro", in: ledgerWithGiro())
        #expect(file.bills.map(\.amount) == [500, 1250, 100])
        #expect(file.categories == ["food", "food", "salary"])
        let signed = try imported("date,amount,category\n2016-08-01,−€5.00,food\n2016-08-02,€9.00,salary\n", "import bills.csv book giro", in: ledgerWithGiro())
        #expect(signed.categories == ["food", "salary"])
        let error = try #require(try importError("date,amount,category\n2016-08-01,−€5.00,food\n2016-08-02,€9.00,food\n", "import bills.csv book giro", in: ledgerWithGiro()))
        #expect(error.notes == ["bills.csv:3: a positive amount is income in a file of signed amounts, but 'food' is an expense category"])
    }

    @Test func aKindColumnOfCRAndDRNeedsNoSettings() throws {
        let file = try imported("kind,date,amount\nDR,2016-08-01,5\ncr,2016-08-02,7\n", "import bills.csv otherwise misc")
        #expect(file.categories == ["misc", "misc income"])
        let error = try #require(try importError("kind,date,amount,category\nCR,2016-08-01,5,food\n"))
        #expect(error.notes == ["bills.csv:2: the kind is income, but 'food' is an expense category"])
    }

    @Test func kindsSayWhatTheFilesWordsMean() throws {
        let csv = "Art,date,amount\nBelastung,2016-08-01,5\nGutschrift,2016-08-02,7\nUmbuchung,2016-08-03,9\n"
        let statement = "import bills.csv columns (kind=Art) kinds (Belastung=expense, Gutschrift=income, Umbuchung=skip) otherwise misc"
        let file = try imported(csv, statement)
        #expect(file.categories == ["misc", "misc income"])
        #expect(file.bills.map(\.amount) == [500, 700])
        #expect(file.counts.passedOver == 1)
        #expect(file.counts.text(file: "bills.csv") == "imported 2 bills from bills.csv; passed over 1 neutral or closed row; new categories: misc, misc income")
    }

    @Test func expenseIsPositiveReadsTheSignTheOtherWayRound() throws {
        let csv = "date,amount\n2016-08-01,5\n2016-08-02,-5\n2016-08-03,+5\n"
        #expect(try imported(csv, "import card.csv expense is positive otherwise misc").categories == ["misc", "misc income", "misc"])
        #expect(try imported(csv, "import card.csv expense is negative otherwise misc").categories == ["misc income", "misc", "misc income"])
        let unsigned = "date,amount\n2016-08-01,5\n"
        #expect(try imported(unsigned, "import card.csv expense is negative otherwise misc").categories == ["misc income"])
        #expect(try imported(unsigned, "import card.csv otherwise misc").categories == ["misc"])
    }

    @Test func inAndOutColumnsGiveEachRowOneOfThem() throws {
        let csv = """
            Date,Memo,Debit,Credit,Category
            2016-08-01,both,5.00,3.00,food
            2016-08-02,neither,,,food
            2016-08-03,bus,2.00,,transport
            """
        let error = try #require(try importError(csv, "import card.csv columns (in=Credit, out=Debit)"))
        #expect(error.notes == [
            "card.csv:2: the row has money in ('3.00') and money out ('5.00'); give it one",
            "card.csv:3: the amount is empty: the row has neither money in nor money out",
        ])
        let refund = try imported("Date,Memo,Debit,Credit\n2016-08-03,refund,($3.00),\n", "import card.csv columns (in=Credit, out=Debit) book travel otherwise misc")
        #expect(refund.bills.map(\.amount) == [300])
        #expect(refund.categories == ["misc income"])
    }
}

extension ImportSettingsTests {
    @Test func setGivesEveryRowWhatItDoesNotGiveItself() throws {
        let csv = "date,amount,place,tags\n2016-08-01,-5,,\n2016-08-02,-6,Shop,#own\n2016-08-03,-7,,import\n"
        let file = try imported(csv, "import bills.csv set category=food, tags=#import, place=Online")
        #expect(file.categories == ["food", "food", "food"])
        #expect(file.bills.map(\.tags) == [["import"], ["own", "import"], ["import"]])
        #expect(file.bills.map(\.place) == ["Online", "Shop", "Online"])
        let travel = try imported("date,amount,category\n2016-08-01,5,food\n", "import bills.csv set book=travel")
        #expect(travel.bills.map(\.bookID) == [Fixture.travel])
    }

    @Test func skipWherePassesOverMatchingRowsAndCountsThem() throws {
        let csv = """
            date,amount,category,status,memo
            2016-08-01,5,food,done,lunch
            2016-08-02,6,food,Closed,dinner
            2016-08-03,7,food,done,Online transfer to savings
            2016-08-04,8,food,closed again,tea
            """
        let file = try imported(csv, "import bills.csv skip where status = closed or memo ~ TRANSFER")
        #expect(file.bills.map(\.amount) == [500, 800])
        #expect(file.counts.passedOver == 2)
    }

    @Test func aUTF16FileWithItsMarkImports() throws {
        let csv = "date,amount,category,remark\n2016-08-01,5,food,午饭\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + csv.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try imported(bytes, "import bills.csv").bills.map(\.remark) == ["午饭"])
    }

    /// A file whose third line is GBK: 午饭.
    static let gbk = Array("date,amount,category,remark\n2016-08-01,5,food,ok\n2016-08-02,6,food,".utf8) + [0xCE, 0xE7, 0xB7, 0xB9, 0x0A]

    @Test func aFileNotInUTF8SaysWhichLineAndHowToSayItsEncoding() throws {
        let error = try #require(try importError(ImportSettingsTests.gbk, "import bills.csv"))
        #expect(error.message == "bills.csv:3: this line is not UTF-8; say the file's encoding, such as encoding gbk or encoding utf-16; nothing was imported")
        #expect(try imported(ImportSettingsTests.gbk, "import bills.csv encoding gbk").bills.map(\.remark) == ["ok", "午饭"])
    }

    @Test func anUnknownEncodingIsRefusedNamingTheKnownOnes() throws {
        let known = "utf-8, utf-16, utf-16le, utf-16be, gbk, gb18030, big5, shift_jis, euc-kr, windows-1252, latin-1"
        let error = try #require(try importError(ImportSettingsTests.gbk, "import bills.csv encoding klingon"))
        #expect(error.message == "unknown encoding 'klingon'; Tally reads \(known)")
        let alipay = "交易时间,商品说明,交易对方,收/支,金额,交易订单号,交易状态\n2024-03-28 12:00:00,x,y,支出,5.00,1,交易成功\n"
        let profiled = try #require(try importError(Array(alipay.utf8), "import alipay.csv encoding klingon"))
        #expect(profiled.message == "unknown encoding 'klingon'; Tally reads \(known)")
    }
}

extension ImportSettingsTests {
    @Test func aZeroAmountIsRefused() throws {
        let error = try #require(try importError("date,amount,category\n2016-08-01,0,food\n2016-08-01,-0.00,food\n2016-08-01,¥0,food\n"))
        #expect(error.notes == ["bills.csv:2: the amount is zero", "bills.csv:3: the amount is zero", "bills.csv:4: the amount is zero"])
    }

    @Test(arguments: [
        ("date,amount,category,amount\n", "bills.csv:1: two columns could be the amount: 'amount' (column 2) and 'amount' (column 4); choose one with columns (amount=2)"),
        ("date,amount,Remark,category,remark\n", "bills.csv:1: two columns could be the remark: 'Remark' (column 3) and 'remark' (column 5); choose one with columns (remark=3)"),
        ("note,date,amount,category,remark\n", "bills.csv:1: two columns could be the remark: 'note' (column 1) and 'remark' (column 5); choose one with columns (remark=1)"),
    ])
    func twoColumnsOfOneFieldAreRefusedNamingBoth(header: String, message: String) throws {
        let error = try #require(try importError(header + "2016-08-01,5,food,x,y\n"))
        #expect(error.message == message)
    }
}
