import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

@Suite("Import: rows beside the bills already there")
struct ImportLedgerTests {
    /// Bus fare on Line 1, already in the ledger.
    static let bus = Bill(id: 26, bookID: Fixture.daily, categoryID: Fixture.category("transport"), amount: 200, day: day("2016-07-01"),
                          remark: "bus", place: "Line 1")

    @Test func theDuplicateCheckComparesPlaceAndTagsWhenTheFileHasThem() throws {
        let ledger = ledgerWithGiro(adding: [ImportLedgerTests.bus])
        let header = "date,amount,category,remark,place\n"
        #expect(try imported(header + "2016-07-01,2.00,transport,bus,Line 2\n", "import bills.csv", in: ledger).bills.map(\.place) == ["Line 2"])
        guard case .result(let same, _) = try importing(header + "2016-07-01,2.00,transport,bus,Line 1\n", in: ledger) else {
            throw TestFailure("the bill on Line 1 was imported again")
        }
        #expect(reportText(same) == "nothing to import: all 1 row of bills.csv are in the ledger already")
        guard case .result = try importing("date,amount,category,remark\n2016-07-01,2.00,transport,bus\n", in: ledger) else {
            throw TestFailure("a file without places made the bus fare new")
        }
        let tagged = "date,amount,category,remark,place,tags\n2016-07-01,2.00,transport,bus,Line 1,work\n"
        #expect(try imported(tagged, "import bills.csv", in: ledger).bills.map(\.tags) == [["work"]])
    }

    static let starbucks = (27...28).map { id in
        Bill(id: Int64(id), bookID: Fixture.daily, categoryID: Fixture.category("drinks"), amount: 3000, day: day("2016-07-0\(id - 25)"),
             remark: "latte", place: "Starbucks")
    }

    @Test func learnGivesARowTheCategoryOfBillsAtItsPlace() throws {
        let ledger = ledgerWithGiro(adding: ImportLedgerTests.starbucks)
        let csv = "date,amount,place\n2016-08-01,-25,Starbucks\n"
        #expect(try imported(csv, "import bills.csv learn", in: ledger).categories == ["drinks"])
        let error = try #require(try importError(csv, in: ledger))
        #expect(error.notes == ["bills.csv:2: nothing gives this row a category: its file has no category column, and no rule matches it; "
            + "add a rule such as rule remark ~ coffee => category drinks, or say set category=NAME or otherwise NAME; "
            + "bills like it are 'drinks', which 'import … learn' gives it"])
    }

    @Test(arguments: [("import bills.csv learn dry run", "drinks"), ("import bills.csv dry run otherwise uncategorised", "uncategorised")])
    func aDryRunShowsWhatWasLearned(statement: String, category: String) throws {
        let ledger = ledgerWithGiro(adding: ImportLedgerTests.starbucks)
        guard case .result(.importPreview(let preview), _) = try importing("date,amount,place\n2016-08-01,-25,Starbucks\n", statement, in: ledger) else {
            throw TestFailure("a dry run made a change")
        }
        #expect(preview.rows.rows.map { $0[7].text } == ["learn gives drinks"])
        #expect(preview.rows.rows.map { $0[4].text } == [category])
    }

    @Test func anExportedFileImportsBackIntoAFreshLedgerWithoutItsIDs() throws {
        let export = """
            id,date,kind,amount,category,remark,book,place,tags
            7,2016-07-01,expense,25.00,food,'=1+1,daily,'@home,work trip
            12,2016-07-03,income,7.00,salary,"pay, late",travel,,
            """
        let base = Fixture.ledger()
        let fresh = Ledger(books: base.books, categories: base.categories, bills: [], settings: base.settings)
        let file = try imported(export, "import export.csv", in: fresh)
        #expect(file.bills == [
            Bill(id: 1, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 2500, day: day("2016-07-01"),
                 remark: "=1+1", place: "@home", tags: ["work", "trip"], created: fixedNow, updated: fixedNow),
            Bill(id: 2, bookID: Fixture.travel, categoryID: Fixture.category("salary"), amount: 700, day: day("2016-07-03"),
                 remark: "pay, late", created: fixedNow, updated: fixedNow),
        ])
        #expect(file.counts.profile == nil)
    }
}
