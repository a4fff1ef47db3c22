import Foundation
import Testing
import TallyCore
@testable import TallyLanguage
@testable import TallyInterchange

/// The built-in profiles on the files people download, as the fixtures in
/// `Tests/EndToEndTests/Statements` write them from the formats' public
/// descriptions; what each should come to is worked out by hand in its EXPECTED.md.
@Suite("Import of real statements through the built-in profiles")
struct StatementImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Statements")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The fixture ledger with a euro book, `giro`.
    static func ledger() -> Ledger {
        let base = Fixture.ledger()
        let giro = Book(id: 4, name: "giro", currency: Currency(code: "EUR"), position: 4)
        return Ledger(books: base.books + [giro], categories: base.categories, bills: Array(base.bills), settings: base.settings, lastBillID: 25)
    }

    struct Expected: Sendable {
        let file: String
        let statement: String
        let profile: String
        let added: Int
        let passedOver: Int
        let expenses: Int64
        let incomes: Int64
    }

    static let files = [
        Expected(file: "alipay.csv", statement: "", profile: "alipay", added: 8, passedOver: 2, expenses: 194_00, incomes: 545_00),
        Expected(file: "alipayweb.csv", statement: "", profile: "alipayweb", added: 4, passedOver: 2, expenses: 214_50, incomes: 200_00),
        Expected(file: "wechat.csv", statement: "", profile: "wechat", added: 7, passedOver: 1, expenses: 108_90, incomes: 305_90),
        Expected(file: "usbank.csv", statement: " book travel", profile: "usbank", added: 9, passedOver: 0, expenses: 1326_00, incomes: 2578_00),
        Expected(file: "european.csv", statement: " book giro", profile: "ing", added: 8, passedOver: 0, expenses: 1447_87, incomes: 2895_00),
        Expected(file: "generic.csv", statement: "", profile: "bank", added: 6, passedOver: 0, expenses: 183_05, incomes: 2515_99),
    ]

    @Test(arguments: files.map(\.file))
    func eachImportsUneditedAndTwiceAddsNothingEvenAfterAnEdit(file: String) throws {
        let expected = StatementImportTests.files.first { $0.file == file }!
        let statement = "import \(file)\(expected.statement)"
        let bytes = try StatementImportTests.bytes(file)
        var ledger = StatementImportTests.ledger()
        guard case .change(let change, .done(.imported(let counts, _)), _, _) = try importing(bytes, statement, in: ledger) else {
            throw TestFailure("no change")
        }
        #expect(counts.profile == expected.profile)
        #expect(counts.added == expected.added)
        #expect(counts.passedOver == expected.passedOver)
        ledger.apply(change)
        let bills = ledger.bills.filter { $0.id > 25 }
        let kinds = Dictionary(ledger.categories.map { ($0.id, $0.kind) }) { first, _ in first }
        #expect(bills.filter { kinds[$0.categoryID] == .expense }.map(\.amount).reduce(0, +) == expected.expenses)
        #expect(bills.filter { kinds[$0.categoryID] == .income }.map(\.amount).reduce(0, +) == expected.incomes)
        #expect(Set(bills.map { ledger.category(id: $0.categoryID)!.name }).isSubset(of: ["uncategorised", "uncategorised income"]))

        guard case .result(.done(.imported(let again, _)), _) = try importing(bytes, statement, in: ledger) else {
            throw TestFailure("the second import changed the ledger")
        }
        #expect(again.added == 0 && again.alreadyThere == expected.added)

        var edited = bills[0]
        edited.categoryID = Fixture.category(kinds[edited.categoryID] == .income ? "salary" : "food")
        edited.remark = "sorted by hand"
        edited.place = nil
        ledger.apply(ChangeSet(summary: "edit", rows: [RowChange(before: .bill(bills[0]), after: .bill(edited))]))
        guard case .result(.done(.imported(let afterEdit, _)), _) = try importing(bytes, statement, in: ledger) else {
            throw TestFailure("an edited bill was imported again")
        }
        #expect(afterEdit.added == 0)
    }

    @Test func alipaysRowsKeepTheirPlaceRemarkAndDayAndSkipTheClosedAndNeutral() throws {
        let bills = try importedBills(StatementImportTests.bytes("alipay.csv"), "import alipay.csv", in: StatementImportTests.ledger())
        #expect(bills.count == 8)
        #expect(bills[0].day == day("2024-03-28") && bills[0].amount == 36_50)
        #expect(bills[0].remark == "饿了么外卖订单" && bills[0].place == "饿了么")
        #expect(!bills.contains { $0.remark.contains("鼠标") || $0.remark.contains("余额宝") })
    }

    @Test func weChatsSlashIsNothing() throws {
        let bills = try importedBills(StatementImportTests.bytes("wechat.csv"), "import wechat.csv", in: StatementImportTests.ledger())
        let refund = try #require(bills.first { $0.place == "美团平台商户" })
        #expect(refund.remark == "" && refund.amount == 39_90)
    }

    @Test func aCorrectedRowIsChangedAndUpdateAppliesIt() throws {
        let bytes = try StatementImportTests.bytes("wechat.csv")
        var ledger = StatementImportTests.ledger()
        guard case .change(let change, _, _, _) = try importing(bytes, "import wechat.csv", in: ledger) else { throw TestFailure("no change") }
        ledger.apply(change)
        let corrected = Array(String(decoding: bytes, as: UTF8.self).replacing("¥25.00", with: "¥26.00").utf8)
        guard case .result(.done(.imported(let counts, _)), _) = try importing(corrected, "import wechat.csv", in: ledger) else {
            throw TestFailure("a changed row was written without update")
        }
        #expect(counts.changed == 1 && counts.added == 0)
        #expect(counts.text(file: "wechat.csv").contains("'import wechat.csv update' applies it"))
        guard case .change(let update, .done(.imported(let applied, _)), _, _) = try importing(corrected, "import wechat.csv update", in: ledger) else {
            throw TestFailure("update changed nothing")
        }
        #expect(applied.updated == 1)
        ledger.apply(update)
        #expect(ledger.bills.contains { $0.remark == "生椰拿铁 大杯" && $0.amount == 26_00 })
        #expect(!ledger.bills.contains { $0.remark == "生椰拿铁 大杯" && $0.amount == 25_00 })
    }

    @Test func aDryRunWritesNothingAndSaysWhatWouldBecomeOfEachRow() throws {
        guard case .result(.importPreview(let preview), _) = try importing(
            StatementImportTests.bytes("alipay.csv"), "import alipay.csv dry run", in: StatementImportTests.ledger()) else {
            throw TestFailure("a dry run made a change")
        }
        let table = preview.rows
        #expect(table.rows.count == 10)
        #expect(table.rows.map { $0[1].text }.filter { $0 == "add" }.count == 8)
        #expect(table.rows[3][1].text == "pass over" && table.rows[3][7].text == "交易状态 is '交易关闭'")
        #expect(table.rows[0][3] == .money(-36_50, .cny))
        #expect(preview.summary == "dry run: would add 8, there already 0, changed 0, pass over 2, refuse 0; nothing was written")
    }
}
