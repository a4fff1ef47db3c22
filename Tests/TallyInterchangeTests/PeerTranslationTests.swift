import Testing
import TallyCore
import TallyFixture
@testable import TallyLanguage
@testable import TallyInterchange

/// Why a journal or a beancount file, or a line of it, is not read, and why
/// an entry read is not imported, in the reader's language.
@Suite("Journals and beancount files in Chinese")
struct PeerTranslationTests {
    /// A file whose first error, or else whose first line passed over, is `english`.
    struct PeerCase: Sendable, CustomTestStringConvertible {
        let text: String
        var beancount = false
        let english: String
        var testDescription: String { english }
    }

    static func journal(_ english: String, _ text: String) -> PeerCase { PeerCase(text: text, english: english) }
    static func beancount(_ english: String, _ text: String) -> PeerCase { PeerCase(text: text, beancount: true, english: english) }

    /// A journal transaction of `postings`, one a line.
    static func transaction(_ postings: String...) -> String {
        "2016-01-01 x\n" + postings.map { "    " + $0 + "\n" }.joined()
    }

    static let cases: [PeerCase] = [
        journal("expected '.' or ',' after decimal-mark", "decimal-mark x\n"),
        journal("expected the commodity the price is for, found '5'", "P 2016-01-01 5 CNY\n"),
        journal("expected the end of the line after the price, found 'extra'", "P 2016-01-01 EUR 7 CNY extra\n"),
        journal("expected a year such as 2016, found 'abc'", "Y abc\n"),
        journal("expected a year such as 2016, found the end of the line", "Y\n"),
        journal("expected ')' to close the code", "2016-01-01 (abc\n"),
        journal("expected an account", transaction("* ")),
        journal("amount expressions such as (…) are not read; write the amount", transaction("expenses:food  (5 CNY)", "assets:cash")),
        journal("expected an amount such as 25.00 USD or $25, found '@'", "P 2016-01-01 EUR @\n"),
        journal("an amount has one sign", "P 2016-01-01 EUR -$-5\n"),
        journal("expected a number after 'USD', found the end of the line", "P 2016-01-01 EUR USD\n"),
        journal("'1,5' has a digit group mark not followed by three digits "
                + "(a comma is the decimal mark only where a `decimal-mark ,` or `commodity` directive says so)",
                transaction("expenses:food  1,5 CNY", "assets:cash")),
        journal("expected '\"' to close the commodity's name", "P 2016-01-01 EUR 5 \"abc\n"),
        journal("expected an amount after the account, found '@5'", transaction("expenses:food  @5", "assets:cash")),
        journal("a cost needs an amount before it", transaction("assets:cash  = 5 CNY {5 USD}", "equity:x")),
        journal("a price needs an amount before it", transaction("assets:cash  = 5 CNY @ 5 USD", "equity:x")),
        journal("expected ']' to close the lot's date", transaction("expenses:food  5 AAPL [2016", "assets:cash")),
        journal("expected ')' to close the lot's note", transaction("expenses:food  5 AAPL (note", "assets:cash")),
        journal("expected '@', '=' or a comment after the amount, found 'x'", transaction("expenses:food  5 CNY x", "assets:cash")),
        journal("expected '}' to close the cost that opens at column 27, found the end of the line", transaction("expenses:food  5 AAPL {5 USD", "assets:cash")),
        journal("only one posting may leave out its amount, and the one on line 2 does", transaction("expenses:food", "assets:cash")),
        journal("the amount left out cannot be worked out: the other postings add up to 5 USD and 3 EUR",
                transaction("expenses:food  5 USD", "expenses:x  3 EUR", "assets:cash")),
        journal("the transaction does not balance: its postings add up to 2 CNY", transaction("expenses:food  5 CNY", "assets:cash  -3 CNY")),
        journal("the transaction does not balance: its bracketed postings add up to 2 CNY", transaction("[assets:a]  5 CNY", "[assets:b]  -3 CNY")),
        journal("the amounts of this transaction are too large to add up exactly",
                "2016-01-01 x\n    expenses:a  0.00000000000000001 CNY\n"
                    + String(repeating: "    expenses:b  999999999999999999 CNY\n", count: 2000) + "    assets:cash\n"),
        journal("'1.2.3' has a second decimal mark", "P 2016-01-01 EUR 1.2.3 CNY\n"),
        journal("'1.2,3' has ',' after its decimal mark '.' "
                + "(a comma is the decimal mark only where a `decimal-mark ,` or `commodity` directive says so)", "P 2016-01-01 EUR 1.2,3 CNY\n"),
        journal("'1234567890123456789' has more than 18 digits", "P 2016-01-01 EUR 1234567890123456789 CNY\n"),
        journal("expected a date such as 2016-07-01, found 'x'", "P x EUR 5 CNY\n"),
        journal("expected a date such as 2016-07-01, found '2016-1-001'", "P 2016-1-001 EUR 5 CNY\n"),
        journal("'07-01' has no year, and no `Y` or `year` directive before it gives one", "P 07-01 EUR 5 CNY\n"),
        journal("'2016-13-01' is not a day of the calendar", "P 2016-13-01 EUR 5 CNY\n"),
        journal("an indented line outside a transaction or directive", "  stray\n"),
        journal("periodic transactions are not read", "~ monthly\n"),
        journal("automated transactions are not read", "= expenses\n"),
        journal("include is not followed", "include x.journal\n"),
        journal("commodity equivalences are not read", "C 1h = 60m\n"),
        journal("timeclock entries are not read", "i 2016-01-01 08:00 x\n"),
        journal("not a transaction or a directive that is read", "foo bar\n"),
        journal("apply fixed is not applied", "apply fixed CAD\n"),
        journal("nothing open for this end to close", "end zzz\n"),
        journal("an alias needs OLD = NEW", "alias foo\n"),
        journal("aliases by regular expression are not applied", "alias /foo/ = bar\n"),
        beancount("expected a space after the date, found 'open'", "2016-01-01open\n"),
        beancount("expected an entry such as open, balance or a transaction's flag after the date, found 'foo'", "2016-01-01 foo\n"),
        beancount("#x was not pushed", "poptag #x\n"),
        beancount("k: was not pushed", "popmeta k:\n"),
        beancount("expected an account such as Assets:Cash, found 'cash'", "2016-01-01 open cash\n"),
        beancount("expected a currency such as USD, found 'usd'", "2016-01-01 commodity usd\n"),
        beancount("'ABCDEFGHIJKLMNOPQRSTUVWXYZ' is longer than a currency may be", "2016-01-01 commodity ABCDEFGHIJKLMNOPQRSTUVWXYZ\n"),
        beancount("arithmetic in amounts is not read; write the number", "2016-01-01 price EUR (5) CNY\n"),
        beancount("expected a number, found 'CNY'", "2016-01-01 price EUR CNY\n"),
        beancount("'.' is not a number such as 1,234.50", "2016-01-01 price EUR . CNY\n"),
        beancount("expected a string in quotes, found 'x'", "option x y\n"),
        beancount("expected '\"' to close the string that opens at column 8", "option \"abc\n"),
        beancount("expected #NAME, found 'x'", "pushtag x\n"),
        beancount("expected a name after '#'", "pushtag #\n"),
        beancount("expected a key such as name:, found 'X'", "pushmeta X\n"),
        beancount("a transaction has at most a payee and a narration before its tags", "2016-01-01 * \"a\" \"b\" \"c\"\n"),
        beancount("expected '{', '@' or a comment after the amount, found 'x'", "2016-01-01 * \"a\"\n  Assets:Cash 5 USD x\n  Equity:X\n"),
        beancount("expected ',' or '}' to close the cost that opens at column 22, found 'x'", "2016-01-01 * \"a\"\n  Assets:Cash 5 AAPL {5 USD x\n  Equity:X\n"),
        beancount("expected the end of the line after the account's currencies, found 'x'", "2016-01-01 open Assets:Cash USD x\n"),
        beancount("expected the end of the line after the account, found 'x'", "2016-01-01 close Assets:Cash x\n"),
        beancount("expected the end of the line after the balance, found 'x'", "2016-01-01 balance Assets:Cash 5 USD x\n"),
        beancount("expected the end of the line after the price, found 'x'", "2016-01-01 price EUR 5 CNY x\n"),
        beancount("expected the end of the line after the currency, found 'x'", "2016-01-01 commodity EUR x\n"),
        beancount("expected the end of the line after the option's value, found 'x'", "option \"a\" \"b\" x\n"),
        beancount("expected the end of the line after the tags, found 'x'", "2016-01-01 * \"a\" x\n"),
        beancount("an indented line outside an entry", "  stray\n"),
        beancount("pad is not read: the amount it stands for is left to the balance after it", "2016-01-01 pad Assets:Cash Equity:Opening\n"),
        beancount("note entries carry no amount that is read", "2016-01-01 note Assets:Cash \"x\"\n"),
        beancount("plugins are not run", "plugin \"x\"\n"),
        beancount("include is not followed", "include \"x\"\n"),
        beancount("not an entry that is read", "foo\n"),
    ]

    /// The file's first error, or else why its first line passed over is.
    static func said(_ file: PeerCase) -> String? {
        do throws(PeerJournalError) {
            let journal = file.beancount ? try BeancountReader.read(file.text) : try JournalReader.read(file.text)
            return journal.skipped.first?.reason
        } catch {
            return error.message
        }
    }

    @Test(arguments: cases)
    func eachErrorAndEachLinePassedOverIsInChinese(file: PeerCase) throws {
        #expect(Self.said(file) == file.english)
        expectChinese(try #require(try Reader.reading("zh_CN.UTF-8") { Self.said(file) }), english: file.english)
    }

    @Test func someAsTheyAreWrittenInBothScripts() throws {
        let cases = [
            (Self.cases[2], "价格之后应为行尾，实际是 'extra'", "價格之後應為行尾，實際是 'extra'"),
            (Self.cases[4], "应为 2016 这样的年份，实际已到行尾", "應為 2016 這樣的年份，實際已到行尾"),
            (Self.cases[22], "交易不平衡：分录合计为 2 CNY", "交易不平衡：分錄合計為 2 CNY"),
        ]
        for (file, simplified, traditional) in cases {
            #expect(try Reader.reading("zh_CN.UTF-8") { Self.said(file) } == simplified)
            #expect(try Reader.reading("zh_TW.UTF-8") { Self.said(file) } == traditional)
        }
    }

    /// A file of entries Tally reads but does not import, one of which is `english`, as the import lists it.
    static let notImported: [PeerCase] = [
        journal("line 1: 2016-01-01 x — virtual postings, which no account holds", transaction("(assets:cash)  5 CNY", "expenses:food  5 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — a posting at a cost or price: not money in one currency", transaction("assets:stock  5 AAPL @ 5 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — 3 postings; a bill or a transfer has two", transaction("expenses:a  5 CNY", "expenses:b  5 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — no asset or liability posting against an expense or income", transaction("expenses:a  5 CNY", "expenses:b")),
        journal("line 1: 2016-01-01 x — an amount that cannot be worked out", transaction("expenses:food", "assets:cash  = 5 CNY")),
        journal("line 1: 2016-01-01 x — AAPL is not a currency", transaction("expenses:food  5 AAPL", "assets:cash")),
        journal("line 1: 2016-01-01 x — no book keeps EUR", transaction("expenses:food  5 EUR", "assets:cash")),
        journal("line 1: 2016-01-01 x — 5.001 CNY has more decimals than CNY has", transaction("expenses:food  5.001 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — an amount of zero", transaction("expenses:food  0 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — income below zero, which no bill is", transaction("income:salary  5 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — an amount that is not money in a currency", transaction("assets:a  5 AAPL", "assets:b")),
        journal("line 1: 2016-01-01 x — no book keeps EUR", transaction("assets:a  5 EUR", "assets:b")),
        journal("line 1: 2016-01-01 x — amounts that move no money one way", transaction("assets:a  0 CNY", "assets:b")),
        journal("line 1: 2016-01-01 x — both postings are one account's", transaction("assets:cash  5 CNY", "assets:cash")),
        journal("line 1: 2016-01-01 x — an opening that is not money in a book's currency", transaction("assets:cash  5 EUR", "equity:opening")),
        journal("line 5: 2016-01-02 y — account 'cash' has an opening already",
                transaction("assets:cash  100 CNY", "equity:opening") + "\n2016-01-02 y\n    assets:cash  50 CNY\n    equity:opening\n"),
        journal("line 1: 2016-01-01 price of AAPL — not a rate of one currency in another", "P 2016-01-01 AAPL 5 CNY\n"),
        journal("line 2: 2016-01-01 balance of expenses:food — not money in an asset or liability", transaction("expenses:food  5 CNY = 5 CNY", "assets:bank")),
        journal("line 3: 2016-01-01 balance of assets:cash — postings of the account are skipped above",
                transaction("expenses:food", "assets:cash  = 5 CNY")),
        beancount("line 1: 2016-01-02 balance of Assets:Cash — no book keeps EUR", "2016-01-02 balance Assets:Cash 5 EUR\n"),
    ]

    /// What an import of the file lists as not imported.
    static func notImported(_ file: PeerCase) throws -> [String] {
        let journal = file.beancount ? try BeancountReader.read(file.text) : try JournalReader.read(file.text)
        let outcome = try Evaluator(ledger: JournalImportTests.ledger(), today: day("2026-12-01"), now: 0)
            .importingJournal(journal, file: JournalImportTests.file, book: nil, beancount: file.beancount)
        switch outcome {
        case .change(_, .done(.journalImported(let counts, _)), _, _), .result(.done(.journalImported(let counts, _)), _): return counts.skipped
        default: throw TestFailure("no import of \(file.text)")
        }
    }

    @Test(arguments: notImported)
    func eachEntryNotImportedSaysWhyInChinese(file: PeerCase) throws {
        let english = try Self.notImported(file)
        #expect(english.contains(file.english), "\(english)")
        let chinese = try Reader.reading("zh_CN.UTF-8") { try Self.notImported(file) }
        let note = try #require(chinese.first { $0.hasPrefix(file.english.prefix { $0 != ":" } + ":") })
        // The counts read the line after `line ` and group by what follows ` — `: both stay as in English.
        let lineAndDay = file.english.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(note.hasPrefix(lineAndDay + " "), "\(note)")
        #expect(note.components(separatedBy: " — ").count == 2, "\(note)")
        let said = note.drop { $0 != ":" }.dropFirst(2)
        expectChinese(String(said), english: String(file.english.drop { $0 != ":" }.dropFirst(2)))
    }

    @Test func aFileTheImportRefusesSaysWhyInChinese() throws {
        let cases = [
            (Self.transaction("income:salary  -5 CNY", "assets:cash  5 CNY = 7 CNY"),
             "assets:cash holds 5.00 at the end of 2016-01-01 as imported, but the file asserts 7.00",
             { (chinese: String) in chinese == "按导入的结果，assets:cash 在 2016-01-01 结束时为 5.00，但文件断言为 7.00" }),
            (Self.transaction("expenses:food  5 CNY", "assets:a\u{200B}b"), "'assets:a\u{200B}b': ", { $0.hasPrefix("'assets:a\u{200B}b'：") }),
        ]
        for (text, english, isChinese) in cases {
            let journal = try JournalReader.read(text)
            func reason() throws -> String {
                do throws(Diagnostic) {
                    _ = try Evaluator(ledger: JournalImportTests.ledger(), today: day("2026-12-01"), now: 0)
                        .importingJournal(journal, file: JournalImportTests.file, book: nil, beancount: false)
                } catch {
                    if case .journalUnreadable(_, _, _, let reason) = error.problem { return reason }
                }
                throw TestFailure("imported: \(text)")
            }
            #expect(try reason().hasPrefix(english))
            let chinese = try Reader.reading("zh_CN.UTF-8", reason)
            #expect(isChinese(chinese), "\(chinese)")
        }
    }
}
