import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage

/// What the evaluator says beside a result or an error, read in Chinese:
/// the question a change asks first, its warnings, the notes under an error
/// and the reasons a file is refused; English everywhere else.
@Suite("Evaluation: its questions, warnings and notes in the reader's language")
struct EvaluatorTranslationTests {
    /// The ledger after `statements`, as the accounts' tests make it.
    func applying(_ statements: [String], to ledger: Ledger = Fixture.ledger()) throws -> Ledger {
        try AccountEvaluationTests().applying(statements, to: ledger)
    }

    func chinese<T>(_ body: () throws -> T) throws -> T {
        try Reader.reading("zh_CN.UTF-8", body)
    }

    @Test("the question before a change of many bills")
    func theQuestionBeforeAChange() throws {
        #expect(try change("delete where category = snacks").confirmation == "delete 2 bills")
        #expect(try chinese { try change("delete where category = snacks").confirmation } == "删除 2 笔账单")
        #expect(try chinese { try change("edit where category = snacks set remark=sweet").confirmation } == "修改 2 笔账单")
        #expect(try Reader.reading("zh_TW.UTF-8") { try change("delete where category = snacks").confirmation } == "刪除 2 筆帳單")
        let deleting = try chinese { try change("delete where category = snacks") }
        #expect(reportText(deleting.report) == "deleted 2 bills")
    }

    @Test("a bill dated ahead, and one that takes spending past a budget, are warned of")
    func warningsOfANewBill() throws {
        let ahead = try chinese { try change("-5 food tickets 2027-01-14", today: day("2027-01-02")).warnings }
        #expect(ahead == ["#26 的日期是 2027-01-14，比今天晚 12 天"])
        let budgeted = try applying(["budget food 50", "budget total 400"])
        let food = try chinese { try change("add 60 food on 2016-08-20", in: budgeted).warnings }
        #expect(food == ["这笔账单使 'food' 超出了 2016-08 的预算：¥60.00 / ¥50.00"])
        let total = try chinese { try change("add 450 clothes on 2016-08-20", in: budgeted).warnings }
        #expect(total == ["这笔账单使 'daily' 的总支出超出了 2016-08 的预算：¥600.00 / ¥400.00"])
        #expect(try change("add 450 clothes on 2016-08-20", in: budgeted).warnings
            == ["this takes 'daily' in total past its budget for 2016-08: ¥600.00 of ¥400.00"])
    }

    @Test("a statement that differs from the account lists what to look through, and changing what was reconciled is warned of")
    func reconciling() throws {
        let ledger = try applying([
            "account add card kind credit opening -1200 on 2016-07-01", "-25 food lunch with card on 2016-07-03",
        ])
        let error = try #require(try chinese { try evaluationError("reconcile card -1250 on 2016-07-31", in: ledger) })
        guard case .balanceDiffers(_, _, _, _, let difference) = error.problem else { throw TestFailure("\(error.problem)") }
        #expect(difference == "比 Tally 记录的少 25.00")
        #expect(error.notes.first == "需要核对：2016-07-01 以来的 1 笔账单")
        #expect(error.notes.last == "要添加余额调整使其相符：'reconcile card -1250.00 on 2016-07-31 adjust'")
        let reconciled = try applying(["reconcile card -1225 on 2016-07-31"], to: ledger)
        let warned = try chinese { try change("-5 food snack with card on 2016-07-30", in: reconciled).warnings }
        #expect(warned == ["card 已对账至 2016-07-31；那时的余额因此不再与对账单相符"])
        let transfer = try chinese { try change("transfer 5 from cash to card on 2016-07-30", in: reconciled).warnings }
        #expect(transfer == ["card 已对账至 2016-07-31；那时的余额因此不再与对账单相符"])
        let unknown = try #require(try chinese { try evaluationError("account rename zzzqqqxxx to wallet", in: ledger) })
        #expect(unknown.notes.first?.hasPrefix("账本 'daily' 的账户") == true, "\(unknown.notes)")
    }

    @Test("the category a rule would give a quick entry is offered in the reader's language")
    func theRulesOffer() throws {
        let ledger = try applying(["rule remark ~ starbucks => category drinks"])
        let error = try #require(try chinese { try evaluationError("-25 starbucks", in: ledger) })
        #expect(error.notes == ["有条规则会把这样的账单归入类别 'drinks'：请写 '-25 drinks starbucks'"])
    }

    @Test("a file of rates is refused at its line for a reason in the reader's language")
    func aFileOfRatesRefused() throws {
        let evaluator = Evaluator(ledger: Fixture.ledger(), today: defaultToday, now: fixedNow)
        func row(_ line: Int, _ base: String, _ units: Int64, _ quote: String?) -> RateRow {
            RateRow(line: line, day: day("2016-07-01"), base: base, rate: ExactNumber(units: units, scale: 0), quote: quote)
        }
        let cases: [([RateRow], String)] = [
            ([row(2, "USD", 7, "CNY"), row(3, "USD", 8, "CNY")], "2016-07-01 USD 兑 CNY 的汇率给出了两次，且数值不同"),
            ([row(2, "USD", 7, nil)], "没有 'in' 列说明 USD 以哪种货币计价，也没有设定本币（'set currency CNY'）"),
            ([row(2, "USD", 7, "USD")], "汇率是一种货币以另一种货币计的价格；USD 总是值 1 USD"),
            ([row(2, "USD", 0, "CNY")], "汇率须大于零"),
        ]
        for (rows, reason) in cases {
            let refusal = try chinese { () throws -> Problem? in
                do throws(Diagnostic) {
                    _ = try evaluator.importingRates(rows, file: Located("rates.csv", .nowhere))
                    return nil
                } catch {
                    return error.problem
                }
            }
            #expect(refusal == .csvUnreadable(file: "rates.csv", line: rows.count + 1, reason: reason))
        }
    }

    @Test("what a dry run would do, and a photo's size")
    func aDryRunAndASize() throws {
        let preview = ImportPreview(
            rows: RecordTable(columns: [], rows: []),
            counts: ImportPreview.Counts(add: 7, passedOver: 1), unshown: 3)
        #expect(preview.summary == "dry run: would add 7, there already 0, changed 0, pass over 1, refuse 0 (3 more rows not shown); nothing was written")
        #expect(try chinese { preview.summary } == "试运行：将添加 7，已存在 0，有变化 0，略过 1，拒绝 0（另有 3 行未显示）；没有写入任何内容")
        #expect(PhotoList.size(812) == "812 bytes")
        #expect(try chinese { [PhotoList.size(812), PhotoList.size(2048)] } == ["812 字节", "2 KiB"])
    }

    @Test("what a statement did, as the evaluator reports it")
    func reportsOfStatements() throws {
        let merged = try chinese { reportText(try change("category merge snacks into food").report) }
        #expect(merged == "已将类别 'snacks' 并入 'food'（移动了 2 笔账单）")
        let unchanged = try chinese { reportText(try result("category archive food", in: try applying(["category archive food"]))) }
        #expect(unchanged == "类别 'food' 已经归档；没有改动")
        let ledger = try applying(["every month on 1 -3000 housing rent from 2016-12-01", "pause recurring #1"])
        let resumed = try chinese { reportText(try change("resume recurring #1", in: ledger, today: day("2017-03-15")).report) }
        #expect(resumed == "已恢复周期账单 #1，跳过暂停期间的 2 天")
    }
}
