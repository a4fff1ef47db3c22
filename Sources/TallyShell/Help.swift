/// The text of `help` and `help TOPIC`.
enum Help {
    static let topics = ["queries", "periods", "conditions", "formats", "add", "edit", "delete", "undo", "books", "categories", "set"]

    static func text(for topic: String?) -> String? {
        guard let topic else { return overview }
        switch topic {
        case "query", "queries", "sum", "count", "avg", "min", "max", "list": return queries
        case "period", "periods": return periods
        case "condition", "conditions", "where": return conditions
        case "format", "formats", "as": return formats
        case "add": return add
        case "edit": return edit
        case "delete": return delete
        case "undo", "redo": return undo
        case "book", "books", "use": return books
        case "category", "categories": return categories
        case "set": return set
        default: return nil
        }
    }

    static let overview = """
        Tally keeps your books. One statement per line; ';' separates statements.

          -25.50 food "lunch with team"             quick expense (+ for income)
          add 120 transport "train" on 2016-07-01 #trip
          sum expense where category=food in 2016-07
          sum expense in 2016 by month, category
          list where remark ~ coffee last 30 days
          edit #12 amount=30    delete #12    undo    redo
          books    use travel    categories expense

        help TOPIC for more: \(topics.joined(separator: ", "))
        """

    static let queries = """
        AGG [KIND] [where COND] [PERIOD] [by DIM[, DIM]] [order by KEY [asc|desc]] [limit N | top N] [as FORMAT]

          AGG    sum, count, avg, min, max, list
          KIND   expense, income, net; omitted: all bills, income + and expense −
          DIM    category, book, place, tag, kind, day, week, month, quarter, year, weekday

          sum expense in 2016-07 by category
          top 5 by category     count where tag=trip     avg expense by weekday
          list income this year order by amount desc limit 10
        A query covers the current book unless it mentions book.
        """

    static let periods = """
          in 2016   in 2016-07   in 2016-07-01   in 2016-q3   in 2016-w27   in jul 2016   in july
          today   yesterday   this week|month|quarter|year   last week|month|quarter|year
          last 30 days (weeks, months, years)   on DATE   from DATE to DATE   since DATE   until DATE
        DATE is YYYY-MM-DD, today or yesterday. Weeks start on Monday ('set weekstart sunday').
        """

    static let conditions = """
        where FIELD OP VALUE, joined by and, or, not and parentheses.
          FIELD  category (cat), amount, remark (note), place, book, tag, date, kind, id, weekday
          OP     =  !=  <  <=  >  >=  ~ (contains)  !~  in (a, b)  not in (a, b)

          where category in (food, snacks) and amount > 50
          where not (place ~ market or tag = trip)
        """

    static let formats = """
          as table (default), as csv, as json, as chart (bars); or --format on the command line
          'set format json' changes the default for this session.
        """

    static let add = """
          add [expense|income] AMOUNT CATEGORY [REMARK] [on DATE] [at PLACE] [#tag …] [book NAME]
          -AMOUNT CATEGORY …    quick expense        +AMOUNT CATEGORY …    quick income
        AMOUNT may be a sum, as on a calculator: add 12+8.5-3 food
        """

    static let edit = """
          edit #ID FIELD=VALUE …
          FIELD  amount, category, remark, place, date, tags, book
          edit #12 amount=30 remark="dinner" tags=(work, trip)
        """

    static let delete = """
          delete #ID …                        delete bills by id
          delete where COND [PERIOD]          asks first; scripts need --yes
        """

    static let undo = """
          undo    take back the last change (kept in the ledger: works after a restart)
          redo    do it again
        """

    static let books = """
          books                               list books; * marks the current one
          book add NAME [currency CODE]       use NAME
          book rename OLD to NEW              book delete NAME [into OTHER]
        """

    static let categories = """
          categories [expense|income]
          category add NAME expense|income [icon GLYPH] [alias NAME]
          category rename OLD to NEW    category merge OLD into NEW    category delete NAME [into OTHER]
        """

    static let set = """
          set weekstart monday|sunday         kept in the ledger
          set format table|csv|json           for this session
          set color on|off                    for this session
        """
}
