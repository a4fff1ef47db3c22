import Testing
@testable import TallyLanguage

@Suite("Parser: import, export and report")
struct ParserInterchangeTests {
    @Test(arguments: [
        ("import bills.csv", "import [bills.csv] book - columns [] skip 0"),
        ("import ~/bank/2016.csv book travel", "import [~/bank/2016.csv] book travel columns [] skip 0"),
        ("import \"my bills.csv\" skip 16", "import [my bills.csv] book - columns [] skip 16"),
        ("import data/book/in.csv", "import [data/book/in.csv] book - columns [] skip 0"),
        ("import /tmp/a-1/b.csv", "import [/tmp/a-1/b.csv] book - columns [] skip 0"),
        ("import a.csv create categories allow duplicates", "import [a.csv] book - columns [] skip 0 create duplicates"),
        ("import alipay.csv columns (date=交易时间, amount=\"金额(元)\", remark=商品, place=交易对方) skip 16",
         "import [alipay.csv] book - columns [date=交易时间, amount=金额(元), remark=商品, place=交易对方] skip 16"),
        ("IMPORT b.csv COLUMNS (cat=3, note=\"Memo\", type=2)", "import [b.csv] book - columns [category=#3, remark=Memo, kind=#2] skip 0"),
        ("export out.csv", "export [out.csv] where - period -"),
        ("export out.journal where category = food in 2016", "export [out.journal] where category = food period 2016-01-01..2016-12-31"),
        ("export \"all bills.beancount\" overwrite", "export [all bills.beancount] where - period - overwrite"),
        ("export ~/x/last.csv last month overwrite", "export [~/x/last.csv] where - period last month"  + " overwrite"),
        ("report to 2016.html", "report [2016.html] where - period -"),
        ("report 2016-07 to july", "report [july] where - period 2016-07-01..2016-07-31"),
        ("report where category = food in 2016 to \"food report.html\"", "report [food report.html] where category = food period 2016-01-01..2016-12-31"),
        ("REPORT last 30 days where remark ~ to TO ~/r/to.html", "report [~/r/to.html] where remark ~ to period last 30 day"),
        ("report from 2016-01-01 to 2016-03-31 to q1", "report [q1] where - period 2016-01-01..2016-03-31"),
        ("report jul 2016 to x", "report [x] where - period 2016-07-01..2016-07-31"),
        // One rule for every file a statement writes: `overwrite` replaces one that is there.
        ("report to x.html overwrite", "report [x.html] where - period - overwrite"),
        ("backup copy.db overwrite", "backup [copy.db] overwrite"),
        ("backup copy.db", "backup [copy.db]"),
        ("extract #4 1 copy.jpg overwrite", "extract #4 1 [copy.jpg] overwrite"),
        ("extract #4 1 receipt copy.jpg overwrite", "extract #4 1 [receipt copy.jpg] overwrite"),
        ("extract #4 1 \"copy.jpg\" overwrite", "extract #4 1 [copy.jpg] overwrite"),
        ("extract #4 1 overwrite", "extract #4 1 [overwrite]"),
        ("extract #4 1 copy-overwrite", "extract #4 1 [copy-overwrite]"),
    ])
    func parses(text: String, expected: String) throws {
        #expect(summary(try statement(text)) == expected)
    }

    @Test(arguments: [
        ("import", "incomplete statement; expected a CSV file to import, such as bills.csv"),
        ("import \"a.csv", "unterminated string"),
        ("import a.csv skip -1", "unexpected '-'; expected how many lines come before the header, such as 16"),
        ("import a.csv columns (date)", "unexpected ')'; expected '=' and a column's header or number"),
        ("import a.csv columns (when=Date)", "unknown field 'when'"),
        ("import a.csv columns (date=1, date=2)", "'date' is mapped twice"),
        ("import a.csv columns (amount=0)", "unexpected '0'; expected a column number from 1"),
        ("import a.csv create books", "unexpected 'books'; expected 'categories'"),
        ("import a.csv skip 2 skip 3", "'skip' may appear only once in an import"),
        ("export", "incomplete statement; expected a file to write, such as bills.csv"),
        ("export a.csv in 2016 in 2017", "an export takes only one period"),
        ("import my bills.csv", "unexpected 'bills'; expected a setting such as 'columns (…)', 'skip N', 'separator \";\"', 'dates \"%m/%d/%Y\"' or end of statement"),
        ("export a.csv wher category = food", "unknown word 'wher' — did you mean 'where'?"),
        ("report", "incomplete statement; expected a period, 'where' or 'to' and the file to write, such as to 2016.html"),
        ("report 2016", "incomplete statement; expected 'where' or 'to' and the file to write"),
        ("report 2016 where kind = income", "incomplete statement; expected 'to' and the file to write"),
        ("report to", "incomplete statement; expected the file to write the report to, such as 2016.html"),
        ("report 2016 2017 to x", "a report takes only one period"),
        ("report where kind = income where kind = income to x", "'where' may appear only once in a report"),
        ("report tx x.html", "unknown word 'tx' — did you mean 'to'?"),
        ("report food to x", "unexpected 'food'; expected a period, 'where' or 'to'"),
        ("report to x.html overwrite overwrite", "unexpected 'overwrite'; expected end of statement"),
        ("report to.html", "unexpected 'to'; expected a space after 'to', then the file to write"),
        ("report 2016 to.html", "unexpected 'to'; expected a space after 'to', then the file to write"),
    ])
    func refuses(text: String, message: String) {
        #expect(parseError(text)?.message.hasPrefix(message) == true, "\(parseError(text)?.message ?? "no error")")
    }
}
