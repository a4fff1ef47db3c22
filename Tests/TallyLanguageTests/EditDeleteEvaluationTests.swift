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
        ErrorCase("edit #6 category=fod", .unknownName(kind: "category", name: "fod", suggestion: "food"), Span(1, 18, 21)),
        ErrorCase("edit #6 book=hom", .unknownName(kind: "book", name: "hom", suggestion: "home"), Span(1, 14, 17)),
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
            == .unknownName(kind: "category", name: "fod", suggestion: "food"))
    }

    @Test func appliedDeletesAreGone() throws {
        var ledger = Fixture.ledger()
        ledger.apply(try change("delete where category = food", in: ledger).set)
        #expect(try count("count where category = food", in: ledger) == 0)
        #expect(try count("count where category = food and book = travel", in: ledger) == 2)
        #expect(try count("count", in: ledger) == 13)
    }
}
