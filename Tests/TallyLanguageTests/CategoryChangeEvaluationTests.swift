import Testing
import TallyCore
@testable import TallyLanguage

/// A category's icon, aliases, place and archived flag, each changed as one undo step.
@Suite("Evaluator: a category's icon, aliases, place and archive")
struct CategoryChangeEvaluationTests {
    static let food = Fixture.categories.first { $0.name == "food" }!

    /// The fixture with `statements` applied in turn.
    func ledger(after statements: String...) throws -> Ledger {
        var ledger = Fixture.ledger()
        for statement in statements { ledger.apply(try change(statement, in: ledger).set) }
        return ledger
    }

    func names(_ text: String, in ledger: Ledger) throws -> [String] {
        guard case .records(let table) = try result(text, in: ledger) else { throw TestFailure("no table from \(text)") }
        return table.rows.map { row in
            guard case .text(let name) = row[1] else { return "?" }
            return name
        }
    }

    @Test func iconChangesTheIconAlone() throws {
        let made = try change("category icon 用餐 🍱")
        var changed = Self.food
        changed.icon = "🍱"
        #expect(made.set.rows == [RowChange(before: .category(Self.food), after: .category(changed))])
        #expect(made.set.undoable)
        #expect(reportText(made.report) == "category 'food' now has the icon 🍱")
        #expect(reportText(try result("category icon food 🍜")) == "category 'food' has the icon 🍜 already; nothing changed")
    }

    @Test func aliasesAreAddedAndDroppedAndThenNameTheCategory() throws {
        let added = try change("category alias food 吃饭 meals")
        var changed = Self.food
        changed.aliases = ["用餐", "吃饭", "meals"]
        #expect(added.set.rows == [RowChange(before: .category(Self.food), after: .category(changed))])
        #expect(reportText(added.report) == "added aliases 吃饭, meals to category 'food'; its aliases are now 用餐, 吃饭, meals")
        let ledger = try ledger(after: "category alias food 吃饭 meals")
        #expect(try count("count where category = 吃饭", in: ledger) == 8)
        #expect(reportText(try result("category alias food MEALS", in: ledger)) == "category 'food' has the alias MEALS already; nothing changed")

        let dropped = try change("category unalias food 用餐 Meals", in: ledger)
        #expect(reportText(dropped.report) == "dropped aliases 用餐, Meals from category 'food'; its aliases are now 吃饭")
        var after = ledger
        after.apply(dropped.set)
        #expect(after.category(named: "用餐") == nil)
        #expect(reportText(try change("category unalias food 吃饭", in: after).report)
            == "dropped alias 吃饭 from category 'food'; it has no alias now")
    }

    @Test func archivingHidesTheCategoryFromTheListingButItsBillsStillCount() throws {
        let made = try change("category archive food")
        var archived = Self.food
        archived.archived = true
        #expect(made.set.rows == [RowChange(before: .category(Self.food), after: .category(archived))])
        #expect(reportText(made.report) == "archived category 'food'; 'categories all' lists it, and its 10 bills still count in every total")

        let ledger = try ledger(after: "category archive food")
        #expect(try !names("categories expense", in: ledger).contains("food"))
        #expect(try names("categories archived", in: ledger) == ["food"])
        #expect(try names("categories all expense", in: ledger) == names("categories expense", in: Fixture.ledger()))
        guard case .records(let all) = try result("categories all", in: ledger) else { throw TestFailure("no table") }
        #expect(all.columns.last == "archived")
        #expect(all.rows.first { $0[1] == .text("food") }?.last == .flag(true))
        #expect(all.rows.first { $0[1] == .text("snacks") }?.last == .flag(false))

        #expect(try measure("sum expense", in: ledger) == measure("sum expense"))
        #expect(try count("count where category = food", in: ledger) == 8)
        #expect(try count("count where category = 用餐", in: ledger) == 8)
        #expect(reportText(try result("category archive food", in: ledger)) == "category 'food' is archived already; nothing changed")
    }

    @Test(arguments: ["-5 food", "add 5 用餐 lunch", "edit #5 category=food", "edit where category = snacks set category=food",
                      "category merge snacks into food", "category delete snacks into food"])
    func anArchivedCategoryTakesNoBill(statement: String) throws {
        let ledger = try ledger(after: "category archive food")
        let refused = try #require(try evaluationError(statement, in: ledger))
        #expect(refused.problem == .categoryArchived("food"))
        #expect(refused.message == "category 'food' is archived; 'category unarchive food' takes it back into use")
    }

    @Test func unarchivingTakesItBackIntoUse() throws {
        let ledger = try ledger(after: "category archive food", "category unarchive food")
        #expect(ledger.categories == Fixture.ledger().categories)
        #expect(try evaluationError("-5 food", in: ledger) == nil)
        #expect(reportText(try result("category unarchive food")) == "category 'food' is in use already; nothing changed")
    }

    @Test func aMistypedCategoryOfANewBillIsNotOfferedAnArchivedOne() throws {
        let ledger = try ledger(after: "category archive tobacco")
        let refused = try #require(try evaluationError("-5 tobaco", in: ledger))
        #expect(refused.problem == .unknownName(kind: .category, name: "tobaco", suggestion: nil))
        let asked = try #require(try evaluationError("count where category = tobaco", in: ledger))
        #expect(asked.problem == .unknownName(kind: .category, name: "tobaco", suggestion: "tobacco"), "a query may ask about archived ones")
    }

    @Test func theLastCategoryOfAKindInUseIsNotArchived() throws {
        var ledger = Fixture.ledger()
        for income in Fixture.categories.filter({ $0.kind == .income }).dropLast() {
            ledger.apply(try change("category archive \(income.name)", in: ledger).set)
        }
        let refused = try #require(try evaluationError("category archive pocket", in: ledger))
        #expect(refused.problem == .lastCategoryOfKind("pocket", kind: .income))
        #expect(refused.message == "'pocket' is the only income category in use; add another before archiving it")
    }

    @Test func moveGivesThePlaceAmongItsKindAndKeepsTheOthersInOrder() throws {
        let before = try names("categories expense", in: Fixture.ledger())
        let made = try change("category move food to 3")
        #expect(reportText(made.report) == "category 'food' now comes at place 3 of the expense categories")
        #expect(made.set.rows.count == 3, "food, and the two it passes")
        let ledger = try ledger(after: "category move food to 3")
        var expected = Array(before.dropFirst())
        expected.insert("food", at: 2)
        #expect(try names("categories expense", in: ledger) == expected)
        #expect(try names("categories income", in: ledger) == names("categories income", in: Fixture.ledger()))

        let last = try self.ledger(after: "category move food to 99")
        #expect(try names("categories expense", in: last).last == "food")
        #expect(try names("categories", in: last).firstIndex(of: "food") == before.count - 1, "last of its kind, before the incomes")
        #expect(reportText(try result("category move transport to 1", in: last)) == "category 'transport' comes at place 1 of the expense categories already; nothing changed")
    }

    @Test func placesAreCountedAmongTheCategoriesInUse() throws {
        let ledger = try ledger(after: "category archive transport", "category move drinks to 2")
        #expect(Array(try names("categories expense", in: ledger).prefix(3)) == ["food", "drinks", "clothes"])
        let refused = try #require(try evaluationError("category move transport to 1", in: ledger))
        #expect(refused.problem == .categoryArchived("transport"))
    }

    @Test(arguments: [
        ErrorCase("category icon nosuch 🍱", .unknownName(kind: .category, name: "nosuch", suggestion: nil), Span(1, 15, 21)),
        ErrorCase("category alias food snacks", .categoryNameTaken(name: "snacks", existing: "snacks"), Span(1, 21, 27)),
        ErrorCase("category alias food 零食", .categoryNameTaken(name: "零食", existing: "snacks"), Span(1, 21, 23)),
        ErrorCase("category alias food Food", .aliasIsTheName("food"), Span(1, 21, 25)),
        ErrorCase("category alias food a A", .givenTwice("A"), Span(1, 23, 24)),
        ErrorCase("category unalias food 零食", .notAnAlias(alias: "零食", category: "food", aliases: ["用餐"]), Span(1, 23, 25)),
        ErrorCase("category unalias food food", .aliasIsTheName("food"), Span(1, 23, 27)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        try expectRefused(errorCase)
    }
}

@Suite("Evaluator: renaming a tag")
struct TagRenameEvaluationTests {
    @Test func everyBillOfEveryBookTakesTheNewTagInOneChange() throws {
        let made = try change("tag rename #trip #travel")
        #expect(reportText(made.report) == "renamed tag #trip to #travel on 4 bills")
        #expect(made.set.rows.count == 4)
        #expect(made.set.undoable)
        var ledger = Fixture.ledger()
        ledger.apply(made.set)
        #expect(try count("count where tag = travel and book in (daily, travel)", in: ledger) == 4)
        #expect(try count("count where tag = trip and book in (daily, travel)", in: ledger) == 0)
        #expect(ledger.bill(id: 16)?.updated == fixedNow)
    }

    @Test func aTagKeepsItsPlaceAmongTheBillsTags() throws {
        let made = try change("tag rename family home")
        guard case .bill(let bill)? = made.set.rows.first(where: { row in
            if case .bill(let bill)? = row.after { return bill.id == 4 }
            return false
        })?.after else { throw TestFailure("bill 4 unchanged") }
        #expect(bill.tags == ["home", "weekend"])
    }

    @Test func renamingIntoATagInUseMergesThemAndSaysSo() throws {
        let made = try change("tag rename #weekend #family")
        #expect(reportText(made.report) == "merged tag #weekend into #family, which 3 bills had already (2 bills changed)")
        var ledger = Fixture.ledger()
        ledger.apply(made.set)
        #expect(ledger.bill(id: 4)?.tags == ["family"], "a bill that had both keeps one")
        #expect(ledger.bill(id: 12)?.tags == ["family"])
        #expect(try count("count where tag = family", in: ledger) == 4)
    }

    @Test(arguments: [
        ErrorCase("tag rename #wrok #job", .unknownName(kind: .tag, name: "#wrok", suggestion: "#work"), Span(1, 12, 17)),
        ErrorCase("tag rename #work #WORK", .givenTwice("#work"), Span(1, 18, 23)),
    ])
    func refused(_ errorCase: ErrorCase) throws {
        try expectRefused(errorCase)
    }
}

@Suite("Evaluator: photos as a field")
struct PhotosFieldEvaluationTests {
    static func photo(_ id: Int64, on bill: Int64, _ number: Int) -> Photo {
        Photo(id: id, billID: bill, number: number, name: "r.png", type: "image/png", size: 8, sha256: "\(id)", added: 1)
    }

    static let ledger = Ledger(
        books: Fixture.books, categories: Fixture.categories, bills: Fixture.bills,
        settings: Settings(currentBookID: Fixture.daily, weekStart: .monday), lastBillID: 25,
        photos: [photo(1, on: 1, 1), photo(2, on: 1, 2), photo(3, on: 11, 1), photo(4, on: 19, 1)])

    @Test(arguments: [
        ("photos > 0", [1, 11]),
        ("photos = 2", [1]),
        ("photos >= 1 and photos < 2", [11]),
        ("photo in (1, 2)", [1, 11]),
        ("photos != 0 and book in (daily, travel)", [1, 11, 19]),
        ("photos > 9", []),
    ])
    func billsWithPhotos(condition: String, expected: [Int64]) throws {
        #expect(try listedIDs("list where " + condition, in: Self.ledger) == expected)
    }

    /// The counts read by bill id come to what counting each bill's photos one by one gives.
    @Test(arguments: ["photos = 0", "photos > 0", "photos >= 2", "photos < 3", "photos != 1", "photos in (1, 9)", "photos not in (0, 2)"])
    func againstAPlainCount(condition: String) throws {
        var random = SeededRandom(seed: 7)
        let bills = (1...300).map { id in
            Bill(id: Int64(id), bookID: Fixture.daily, categoryID: Fixture.category("food"), amount: 100,
                 day: Day(iso: "2016-01-01")!.adding(days: Int(random.next(upTo: 400))))
        }
        var photos: [Photo] = []
        for bill in bills where random.next(upTo: 3) == 0 {
            for number in 1...Int(random.next(upTo: 9) + 1) { photos.append(Self.photo(Int64(photos.count + 1), on: bill.id, number)) }
        }
        let ledger = Ledger(books: Fixture.books, categories: Fixture.categories, bills: bills,
                            settings: Settings(currentBookID: Fixture.daily), photos: photos)
        let query = try parseOne("list where " + condition)
        guard case .ledger(.query(let parsed)) = query.statement, case .comparison(let comparison)? = parsed.condition else {
            throw TestFailure("not a comparison: \(condition)")
        }
        let operands = comparison.operands.map { operand -> Int in
            guard case .number(let number) = operand.value else { return -1 }
            return Int(number.text)!
        }
        let plain = bills.filter { bill in
            let count = photos.count { $0.billID == bill.id }
            switch comparison.op.value {
            case .equal: return count == operands[0]
            case .notEqual: return count != operands[0]
            case .less: return count < operands[0]
            case .lessEqual: return count <= operands[0]
            case .greater: return count > operands[0]
            case .greaterEqual: return count >= operands[0]
            case .isIn: return operands.contains(count)
            case .notIn: return !operands.contains(count)
            case .contains, .notContains: return false
            }
        }
        #expect(try Set(listedIDs("list where " + condition, in: ledger)) == Set(plain.map(\.id)))
    }

    @Test func aBillWithoutPhotosHasNone() throws {
        #expect(try count("count where photos = 0", in: Self.ledger) == 19)
        #expect(try count("count where photos = 0") == 21)
    }
}
