import Testing
import TallyCore
@testable import TallyLanguage

/// The bill after an `edit`, checking that the change replaces exactly that bill.
func editedBill(_ text: String, in ledger: Ledger = Fixture.ledger()) throws -> Bill {
    let result = try change(text, in: ledger)
    guard result.set.rows.count == 1, case .bill(let before)? = result.set.rows[0].before,
          case .bill(let after)? = result.set.rows[0].after, before.id == after.id else {
        throw TestFailure("not one edited bill: \(result.set.rows)")
    }
    #expect(ledger.bill(id: before.id) == before)
    return after
}

@Suite("Evaluator: edit")
struct EditEvaluationTests {
    @Test func everyFieldChanges() throws {
        let bill = try editedBill("edit #6 amount=13 remark=\"leap\" place=\"\" date=2016-03-01 tags=(A, b) category=snacks")
        #expect(bill == Bill(
            id: 6, bookID: Fixture.daily, categoryID: Fixture.category("snacks"), amount: 1_300, day: day("2016-03-01"),
            remark: "leap", place: nil, tags: ["a", "b"], created: 1, updated: fixedNow))
    }

    @Test func oneFieldLeavesTheOthers() throws {
        var expected = Fixture.bill(11)
        expected.place = "Costa"
        expected.updated = fixedNow
        #expect(try editedBill("edit #11 place=Costa") == expected)
    }

    @Test(arguments: ["edit #14 amount=20", "edit #14 amount=20 remark=lunch place=KFC", "edit #11 tags=(work)", "edit #11 category=用餐"])
    func anEditThatChangesNothingIsNotAChange(text: String) throws {
        let id = text.split(separator: " ")[1]
        #expect(reportText(try result(text)) == "\(id) has those values already; nothing changed")
    }

    @Test func anEditSaysWhatItDid() throws {
        let result = try change("edit #11 amount=12+8.5-3")
        #expect(result.set.summary == "edited #11")
        #expect(result.confirmation == nil)
        guard case .bill(let verb, let row) = result.report else {
            Issue.record("no bill")
            return
        }
        #expect(verb == "edited")
        #expect(row.amount == 1_750)
    }

    @Test func eachFieldAlone() throws {
        #expect(try editedBill("edit #6 date=today").day == defaultToday)
        #expect(try editedBill("edit #4 tags=()").tags == [])
        #expect(try editedBill("edit #6 tags=#Trip #work").tags == ["trip", "work"])
        #expect(try editedBill("edit #4 tags=+#kin -#weekend").tags == ["family", "kin"])
        #expect(try editedBill("edit #4 place=\"\"").place == nil)
        #expect(try editedBill("edit #7 cat=用餐").categoryID == Fixture.category("food"))
        #expect(try editedBill("edit #6 category=salary").categoryID == Fixture.category("salary"))
        #expect(try editedBill("edit #6 book=home").bookID == Fixture.home)
        #expect(try editedBill("edit #21 amount=1.5").amount == 150)
        #expect(try editedBill("edit #21 note=\"everything bagel\"").remark == "everything bagel")
    }

    @Test func changingTheCategoryCanChangeTheKind() throws {
        guard case .bill(_, let row) = try change("edit #6 category=salary").report else {
            Issue.record("no bill")
            return
        }
        #expect(row.kind == .income)
    }

    @Test func theAmountIsReadInTheBookItMovesTo() throws {
        let ledger = Ledger(
            books: Fixture.books + [Book(id: 4, name: "tokyo", currency: Currency(code: "JPY"), position: 4)],
            categories: Fixture.categories,
            bills: [Bill(id: 1, bookID: 4, categoryID: Fixture.category("food"), amount: 500, day: day("2016-07-01"))],
            settings: Settings(currentBookID: 4))
        #expect(try editedBill("edit #1 amount=700", in: ledger).amount == 700)
        #expect(try evaluationError("edit #1 amount=7.5", in: ledger)?.problem == .badAmount("7.5", .tooManyDecimals(allowed: 0)))
    }

    @Test(arguments: [
        ErrorCase("edit #99 amount=1", .noSuchBill("99"), Span(1, 6, 9)),
        ErrorCase("edit #6 book=travel", .billInAnotherCurrency(book: "travel", keeps: "USD", bill: 6, currency: "CNY"), Span(1, 14, 20)),
        ErrorCase("edit #6 amount=1.234", .badAmount("1.234", .tooManyDecimals(allowed: 2)), Span(1, 16, 21)),
        ErrorCase("edit #6 amount=5-5", .amountNotPositive("0.00"), Span(1, 16, 19)),
        ErrorCase("edit #6 category=fod", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 18, 21)),
        ErrorCase("edit #6 book=hom", .unknownName(kind: .book, name: "hom", suggestion: "home"), Span(1, 14, 17)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }
}

@Suite("Evaluator: delete")
struct DeleteEvaluationTests {
    @Test func deleteOneByID() throws {
        let result = try change("delete #1")
        #expect(result.set.rows == [RowChange(before: .bill(Fixture.bill(1)), after: nil)])
        #expect(result.set.summary == "deleted #1")
        #expect(result.confirmation == nil)
        guard case .bill(let verb, let row) = result.report else {
            Issue.record("no bill")
            return
        }
        #expect(verb == "deleted")
        #expect(row.id == 1)
    }

    @Test func deleteSeveralByIDOnceEach() throws {
        let result = try change("delete #1, #2 #1")
        #expect(result.set.rows == [
            RowChange(before: .bill(Fixture.bill(1)), after: nil),
            RowChange(before: .bill(Fixture.bill(2)), after: nil),
        ])
        #expect(result.set.summary == "deleted #1, #2")
        #expect(reportText(result.report) == "deleted #1, #2")
    }

    @Test func anIDReachesAnyBook() throws {
        #expect(try change("delete #19").set.rows == [RowChange(before: .bill(Fixture.bill(19)), after: nil)])
    }

    @Test func anUnknownIDIsAnError() throws {
        let diagnostic = try #require(try evaluationError("delete #1 #99"))
        #expect(diagnostic.problem == .noSuchBill("99"))
        #expect(Span(diagnostic.range) == Span(1, 11, 14))
    }

    @Test(arguments: [
        ("delete where category=food in 2016", [4, 25, 6, 11, 14, 17] as [Int64], "delete 6 bills"),
        ("delete where category=food", [1, 4, 25, 6, 11, 14, 17, 18], "delete 8 bills"),
        ("delete where id = 7", [7], "delete 1 bill"),
        ("delete in 2015", [1, 2], "delete 2 bills"),
        ("delete where book = travel", [21, 19, 20, 22], "delete 4 bills"),
        ("delete where book = travel and category = food", [21, 19], "delete 2 bills"),
    ])
    func deleteWhereAsksFirst(text: String, ids: [Int64], confirmation: String) throws {
        let result = try change(text)
        #expect(result.set.rows == ids.map { RowChange(before: .bill(Fixture.bill($0)), after: nil) })
        #expect(result.confirmation == confirmation)
        #expect(result.sample.map(\.id) == Array(ids.prefix(Confirmation.sampleSize)))
        #expect(reportText(result.report) == "deleted " + confirmation.dropFirst("delete ".count))
        #expect(result.set.undoable)
    }

    @Test func deleteWhereWithNothingToDeleteSaysSo() throws {
        guard case .result(let result, _) = try evaluate("delete where category = food in 2014") else {
            Issue.record("not a result")
            return
        }
        #expect(reportText(result) == "no bills match; nothing deleted")
    }

    @Test func deleteWhereNeedsNamesThatExist() throws {
        #expect(try evaluationError("delete where category = fod")?.problem
            == .unknownName(kind: .category, name: "fod", suggestion: "food"))
    }

    @Test func appliedDeletesAreGone() throws {
        var ledger = Fixture.ledger()
        ledger.apply(try change("delete where category = food", in: ledger).set)
        #expect(try count("count where category = food", in: ledger) == 0)
        #expect(try count("count where category = food and book = travel", in: ledger) == 2)
        #expect(try count("count", in: ledger) == 13)
    }
}

@Suite("Evaluator: edit where")
struct EditWhereEvaluationTests {
    /// The bills an `edit where` writes, by id, checking each replaces the bill it was.
    func editedBills(_ text: String, in ledger: Ledger = Fixture.ledger()) throws -> [Int64: Bill] {
        var edited: [Int64: Bill] = [:]
        for row in try change(text, in: ledger).set.rows {
            guard case .bill(let before)? = row.before, case .bill(let after)? = row.after, before.id == after.id else {
                throw TestFailure("not an edited bill: \(row)")
            }
            #expect(ledger.bill(id: before.id) == before)
            #expect(after.updated == fixedNow)
            edited[after.id] = after
        }
        return edited
    }

    @Test func everyBillPickedIsEditedInOneChangeThatAsksFirst() throws {
        let result = try change("edit where remark ~ lunch set category=snacks, tags=+#noon")
        #expect(result.set.rows.count == 4)
        #expect(result.set.summary == "edited 4 bills")
        #expect(result.set.undoable)
        #expect(result.confirmation == "edit 4 bills")
        #expect(result.sample.map(\.id) == [1, 25, 6, 14])
        #expect(result.sample.map(\.category) == ["food", "food", "food", "food"])
        #expect(reportText(result.report) == "edited 4 bills")
        let edited = try editedBills("edit where remark ~ lunch set category=snacks, tags=+#noon")
        #expect(edited.keys.sorted() == [1, 6, 14, 25])
        #expect(edited.values.allSatisfy { $0.categoryID == Fixture.category("snacks") })
        #expect(edited[1]?.tags == ["work", "noon"])
        #expect(edited[14]?.tags == ["noon"])
        var expected = Fixture.bill(6)
        expected.categoryID = Fixture.category("snacks")
        expected.tags = ["noon"]
        expected.updated = fixedNow
        #expect(edited[6] == expected)
    }

    @Test func undoingTheChangeBringsEveryBillBack() throws {
        var ledger = Fixture.ledger()
        let change = try change("edit where category = food set remark=eaten, place=\"\", date=2016-07-01", in: ledger).set
        ledger.apply(change)
        #expect(try listedIDs("list where remark = eaten", in: ledger) == [1, 4, 6, 11, 14, 17, 18, 25])
        ledger.apply(change.inverted)
        #expect(Fixture.bills.allSatisfy { ledger.bill(id: $0.id) == $0 })
        #expect(try listedIDs("list where remark = eaten", in: ledger) == [])
    }

    @Test func theSampleIsTheFirstBillsInDayOrder() throws {
        let result = try change("edit where kind = expense set remark=x")
        #expect(result.confirmation == "edit 18 bills")
        #expect(result.sample.map(\.id) == [1, 2, 4, 5, 25])
        #expect(result.sample.count == Confirmation.sampleSize)
    }

    @Test func eachFieldOnEveryBill() throws {
        let placed = try editedBills("edit where place = KFC set place=\"Line 2\", remark=lunch, date=yesterday")
        #expect(placed.keys.sorted() == [1, 14])
        #expect(placed.values.allSatisfy { $0.place == "Line 2" && $0.remark == "lunch" && $0.day == defaultToday.adding(days: -1) })
        #expect(try editedBills("edit where category = snacks set amount=1+0.5").values.map(\.amount) == [150, 150])
        #expect(try editedBills("edit where tag = family set book=home").mapValues(\.bookID) == [4: Fixture.home, 13: Fixture.home, 17: Fixture.home])
        #expect(try editedBills("edit where tag = family set tags=#kin").mapValues(\.tags) == [4: ["kin"], 13: ["kin"], 17: ["kin"]])
        #expect(try editedBills("edit where id = 4 set tags=+#kin -#weekend -#absent")[4]?.tags == ["family", "kin"])
        #expect(try editedBills("edit where tag = trip set tags=-#trip")[16]?.tags == [])
        let unplaced = try editedBills("edit where place ~ market set place=\"\"")
        #expect(unplaced.keys.sorted() == [6, 15] && unplaced.values.allSatisfy { $0.place == nil })
    }

    @Test func billsThatHaveTheValuesAlreadyAreLeftOut() throws {
        let result = try change("edit where kind = income set category=bonus")
        #expect(try editedBills("edit where kind = income set category=bonus").keys.sorted() == [3, 13])
        #expect(result.sample.map(\.id) == [3, 13])
        #expect(result.confirmation == "edit 2 bills")
        #expect(reportText(result.report) == "edited 2 bills; 1 more had those values already")
    }

    @Test(arguments: [
        ("edit where category = snacks set category=snacks", "all 2 bills that match have those values already; nothing changed"),
        ("edit where id = 14 set amount=20, place=KFC", "the bill that matches has those values already; nothing changed"),
        ("edit where tag = work set tags=+#work", "all 3 bills that match have those values already; nothing changed"),
        ("edit where category = food in 2014 set remark=x", "no bills match; nothing edited"),
        ("edit where book = home set remark=x", "no bills match; nothing edited"),
    ])
    func nothingToChangeIsNoChange(text: String, said: String) throws {
        #expect(reportText(try result(text)) == said)
    }

    @Test func theCurrentBookUnlessTheConditionNamesBooks() throws {
        #expect(try editedBills("edit where category = food in 2016-07 set remark=x").keys.sorted() == [11, 14])
        #expect(try editedBills("edit where book = travel and category = food set remark=x").keys.sorted() == [19, 21])
        #expect(try editedBills("edit where category = food in 2016-07 set remark=x", in: Fixture.ledger(current: Fixture.travel)).keys.sorted() == [19])
    }

    @Test(arguments: [
        ErrorCase("edit where tag = work set category=salary", .kindWouldChange(category: "salary", kind: .income, bill: 1), Span(1, 36, 42)),
        ErrorCase("edit where kind = income set cat=food", .kindWouldChange(category: "food", kind: .expense, bill: 3), Span(1, 34, 38)),
        ErrorCase("edit where category = food in 2016-07 set book=travel",
                  .billInAnotherCurrency(book: "travel", keeps: "USD", bill: 11, currency: "CNY"), Span(1, 48, 54)),
        ErrorCase("edit where book in (daily, travel) and category = food in 2016-07 set amount=5",
                  .amountAcrossCurrencies(codes: ["CNY", "USD"], book: "daily"), Span(1, 78, 79)),
        ErrorCase("edit where category = snacks set amount=0.001", .badAmount("0.001", .tooManyDecimals(allowed: 2)), Span(1, 41, 46)),
        ErrorCase("edit where remark ~ nothing set category=fod", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 42, 45)),
        ErrorCase("edit where remark ~ nothing set book=hom", .unknownName(kind: .book, name: "hom", suggestion: "home"), Span(1, 38, 41)),
        ErrorCase("edit where category = fod set remark=x", .unknownName(kind: .category, name: "fod", suggestion: "food"), Span(1, 23, 26)),
        ErrorCase("edit from 2016-07-02 to 2016-07-01 set remark=x", .periodEndsBeforeItStarts, Span(1, 6, 35)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(try evaluationError(errorCase.text))
        #expect(diagnostic.problem == errorCase.problem)
        #expect(Span(diagnostic.range) == errorCase.span)
    }

    @Test func theWordsOfARefusalNameTheBill() {
        #expect(Problem.kindWouldChange(category: "salary", kind: .income, bill: 1).text
            == "'salary' is an income category, but #1 is an expense bill; edit where keeps each bill's kind, and 'edit #1 category=salary' changes it")
        #expect(Problem.amountAcrossCurrencies(codes: ["CNY", "USD"], book: "my trip").text
            == "the bills are in CNY and USD, and an amount is in one currency; set it for the bills of one currency at a time, such as with 'and book = \"my trip\"'")
    }

    @Test func addingATagPastTheMostABillMayHaveIsRefused() throws {
        let tags = (1...TagList.maximumCount).map { "t\($0)" }
        let ledger = Ledger(
            books: Fixture.books, categories: Fixture.categories,
            bills: [Bill(id: 1, bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 100, day: day("2016-07-01"), tags: tags)],
            settings: Settings(currentBookID: Fixture.daily))
        let diagnostic = try #require(try evaluationError("edit where amount = 1 set tags=+#new", in: ledger))
        #expect(diagnostic.problem == .tooManyTags(TagList.maximumCount))
        #expect(Span(diagnostic.range) == Span(1, 32, 37))
        #expect(try editedBills("edit where amount = 1 set tags=+#new -#t1", in: ledger)[1]?.tags == Array(tags.dropFirst()) + ["new"])
    }
}
