import TallyCore
import TallyLanguage
import TallyRender

/// The text of `help` and `help TOPIC`. A topic's syntax and examples are
/// read from the grammar shipped in the binary, so help and `Grammar/` never
/// disagree.
enum Help {
    /// A topic: one line saying what it is for, then examples, then the syntax.
    struct Topic {
        let name: String
        let summary: String
        /// The grammar productions whose syntax and examples it shows.
        let productions: [String]
        /// When set, only the examples that start with one of these words.
        var exampleWords: Set<String>? = nil
    }

    static let catalogue: [Topic] = [
        Topic(name: "queries", summary: Translation.catalogued("Ask for totals, counts, averages, the smallest or largest bill, or the bills themselves."),
              productions: ["query", "where_clause", "by_clause", "dimension", "order_clause", "limit_clause", "top_clause"]),
        Topic(name: "periods", summary: Translation.catalogued("Say which days a statement covers: a year, month, quarter, week or day, a range, or a span back from today."),
              productions: ["period", "period_value", "calendar_period", "relative_period", "date"]),
        Topic(name: "conditions", summary: Translation.catalogued("Pick bills by what they hold after 'where': compare fields, match text with ~, join with and, or, not."),
              productions: ["condition", "not_condition", "primary_condition", "comparison", "value"]),
        Topic(name: "formats", summary: Translation.catalogued("Show a result as a table, CSV, JSON or a bar chart."), productions: ["format_clause"]),
        Topic(name: "views", summary: Translation.catalogued("Timi's screens: the days of a month, the pie of spending, months side by side, one category, one bill, a search."),
              productions: ["view", "view_screen"]),
        Topic(name: "budget", summary: Translation.catalogued("Set what a category, or all spending, may cost each month, and see how each month is going."),
              productions: ["budget"]),
        Topic(name: "photos", summary: Translation.catalogued("Keep photos of receipts and bills with a bill, and get them back out."), productions: ["photo"]),
        Topic(name: "import", summary: Translation.catalogued("Bring in bills from a CSV file, such as a bank's or Alipay's, or a whole hledger, ledger or beancount ledger; the same file twice adds nothing."),
              productions: ["import", "import_setting", "column_mapping", "column", "import_field", "skip_test", "kind_word",
                            "constant_field", "file"]),
        Topic(name: "profiles", summary: Translation.catalogued("Keep how a bank's, Alipay's or WeChat's file is read under a name; the common ones are built in."),
              productions: ["profile", "statement"], exampleWords: ["profile", "profiles"]),
        Topic(name: "rules", summary: Translation.catalogued("Give imported rows their category, tags or place by what they say: remark ~ starbucks => category drinks."),
              productions: ["rule", "rule_action"]),
        Topic(name: "recurring", summary: Translation.catalogued("Bills that come on a schedule, such as rent, salary or a subscription: each posted on its day, once; what is due and what is coming."),
              productions: ["recurring_add", "schedule", "schedule_unit", "schedule_day", "recurrence_clause", "recurring_statement", "pause", "accept", "upcoming"]),
        Topic(name: "rates", summary: Translation.catalogued("Say what a currency is worth in another from a day on, exactly; set currency names the home currency."),
              productions: ["rate"]),
        Topic(name: "accounts", summary: Translation.catalogued("Where the money is: cash, cards, a credit card, Alipay; bills with an account, transfers between them, balances, reconciling with a statement."),
              productions: ["account_statement", "accounts", "account_name", "transfer", "balances", "reconcile"]),
        Topic(name: "export", summary: Translation.catalogued("Write bills to a CSV file, a journal for hledger and ledger (.hledger: with recurring rules as periodic transactions), or a beancount file."),
              productions: ["export"]),
        Topic(name: "report", summary: Translation.catalogued("Write a period as one HTML page of charts to open in a browser: months, the pies, budgets, the latest month's days."),
              productions: ["report"]),
        Topic(name: "backup", summary: Translation.catalogued("Copy the whole ledger to a new file, safely while other sessions write; tally --db opens the copy."),
              productions: ["backup"]),
        Topic(name: "add", summary: Translation.catalogued("Write down a bill: -25 is spent, +25 received (money back on an expense category, a refund), a bare 25 is of its category's kind (25 food, 200 salary); 'add' alone asks for each field."),
              productions: ["add", "quick_add", "remark", "amount"]),
        Topic(name: "edit", summary: Translation.catalogued("Change a bill's fields, or the same fields of every bill a condition picks (asked to confirm)."),
              productions: ["edit", "bill_selection"]),
        Topic(name: "delete", summary: Translation.catalogued("Remove bills by id, or every bill a condition picks (asked to confirm)."), productions: ["delete", "bill_selection"]),
        Topic(name: "undo", summary: Translation.catalogued("Take back the newest change with undo, or several with undo 3; redo makes them again, even after a restart; changes lists them."),
              productions: ["undo", "changes"]),
        Topic(name: "books", summary: Translation.catalogued("Keep separate books, such as one for a trip, each in its own currency."),
              productions: ["book_statement", "statement"], exampleWords: ["book", "books", "use"]),
        Topic(name: "categories", summary: Translation.catalogued("Add, rename, merge, order, archive or remove the categories of income and expense; give them icons and aliases."),
              productions: ["category_statement", "category_list"], exampleWords: ["category", "categories"]),
        Topic(name: "tags", summary: Translation.catalogued("Rename a tag on every bill at once, or merge it into another."), productions: ["tag_statement"]),
        Topic(name: "set", summary: Translation.catalogued("Change a setting: where weeks start, how results are shown, colour, echo, the pager."), productions: ["set"]),
        Topic(name: "save", summary: Translation.catalogued("Keep a statement under a name, with parameters for what changes, and run it by that name; run a script file."),
              productions: ["save", "run"]),
        Topic(name: "help", summary: Translation.catalogued("Show the statements, or one topic's syntax and examples."), productions: ["help"]),
        Topic(name: "check", summary: Translation.catalogued("Read the whole ledger file and say whether it is sound; nothing is written to a damaged ledger."),
              productions: ["statement"], exampleWords: ["check"]),
    ]

    static let topics = catalogue.map(\.name) + ["keys"]

    /// Other words people type for a topic.
    static let synonyms = [
        "query": "queries", "sum": "queries", "count": "queries", "avg": "queries", "min": "queries", "max": "queries",
        "list": "queries", "by": "queries", "order": "queries", "period": "periods", "condition": "conditions",
        "where": "conditions", "format": "formats", "as": "formats", "redo": "undo", "changes": "undo", "history": "undo", "book": "books", "use": "books",
        "category": "categories", "saved": "save", "forget": "save", "run": "save", "key": "keys", "about": "help",
        "view": "views", "timeline": "views", "pie": "views", "months": "views", "detail": "views", "show": "views",
        "search": "views", "budgets": "budget", "refund": "add", "attach": "photos", "attachments": "photos", "extract": "photos",
        "detach": "photos", "photo": "photos", "csv": "import", "hledger": "export", "ledger": "export",
        "beancount": "export", "journal": "export", "html": "report", "reports": "report",
        "profile": "profiles", "rule": "rules", "tag": "tags",
        "every": "recurring", "due": "recurring", "accept": "recurring", "skip": "recurring", "upcoming": "recurring",
        "pause": "recurring", "resume": "recurring", "schedule": "recurring", "forecast": "recurring",
        "rate": "rates", "currency": "rates", "exchange": "rates",
        "account": "accounts", "transfer": "accounts", "transfers": "accounts", "balance": "accounts", "balances": "accounts",
        "reconcile": "accounts", "with": "accounts", "wallet": "accounts", "card": "accounts",
    ]

    /// The text of `help TOPIC`, or the overview; examples are dated around `today`.
    static func text(for topic: String?, today: Day) -> String? {
        guard let topic else { return overview(today: today) }
        let name = synonyms[topic] ?? topic
        if name == "keys" { return keys }
        guard let topic = catalogue.first(where: { $0.name == name }) else { return nil }
        var shown: [Grammar.Production] = []
        for production in topic.productions.compactMap(Grammar.shipped.production) where !shown.contains(production) {
            shown.append(production)
        }
        let examples = shown.flatMap(\.examples).filter { example in
            topic.exampleWords.map { $0.contains(String(example.prefix { $0 != " " })) } ?? true
        }
        let syntax = shown.filter { topic.exampleWords == nil || $0.names.contains(topic.productions[0]) }.map(\.translatedSyntax)
        return ([Translation.translated(topic.summary), examples.map { "  " + ExampleDates(today: today).redated($0) }.joined(separator: "\n")]
            + syntax).joined(separator: "\n\n")
    }

    static func overview(today: Day) -> String {
        let dates = ExampleDates(today: today)
        return ([
            Translation.translated("Tally keeps your books. One statement per line; ';' separates statements."),
            "",
            example("-25.50 food \"lunch with team\"", Translation.translated("an expense (+ for income or a refund); 'add' alone asks step by step")),
            example("200 salary    food 25 lunch    ¥18 food noodles 昨天"),
            example("sum expense where category=food in \(dates.month)"),
            example("sum expense in \(dates.year) by month, category", Translation.translated("the year's spending by month and category")),
            example("list where remark ~ coffee last 30 days", Translation.translated("the bills whose remark mentions coffee")),
            example("edit #12 amount=30    delete #12    undo    undo 3    redo    changes"),
            example("edit where remark ~ starbucks set category=drinks, tags=+#coffee"),
            example("timeline    pie \(dates.month)    months    detail food    show #12    search coffee"),
            example("budget food 1500    budget total 5000    budget"),
            example("every month on 1 -3000 housing rent    recurring    upcoming    due    accept"),
            example("account add card kind credit    -25 food lunch with card    accounts    balances"),
            example("transfer 500 from cash to card    reconcile card 1200          rate USD 7.12 CNY"),
            example("attach #12 receipt.jpg    attachments #12    extract #12 1 copy.jpg    detach #12 1"),
            example("import bank.csv    import alipay.csv dry run    profiles    rule remark ~ starbucks => category drinks"),
            example("export \(dates.year).journal in \(dates.year)    export all.beancount    backup copy.tally"),
            example("report to \(dates.year).html", Translation.translated("the year as a page of charts, for a browser")),
            example("books    use travel    categories expense"),
            example("save weekly sum expense this week by category    weekly    weekly as csv    saved"),
            example("save spent(cat, month) sum expense where category = cat in month    spent food \(dates.month)"),
            example("run FILE    about    check    quit", Translation.translated("a script; the ledger; is it sound; leave")),
            "",
            Translation.translated("help TOPIC for syntax and examples: %s", topics.joined(separator: ", ")),
        ]).joined(separator: "\n")
    }

    /// What follows the error for a topic help does not have.
    static var topicsNote: String {
        Translation.translated("help topics: %s", topics.joined(separator: ", "))
    }

    /// An indented line of help: `left` as written (a statement to try, a
    /// key), and what it does, translated, from `column` on.
    static func line(_ left: String, _ does: String? = nil, at column: Int) -> String {
        guard let does else { return "  " + left }
        return "  " + TerminalText.pad(left, to: column) + does
    }

    private static func example(_ statement: String, _ does: String? = nil) -> String {
        line(statement, does, at: 42)
    }

    static var keys: String {
        [
            key("Tab", Translation.translated("complete what may come next: keywords, categories, books, tags, files")),
            key("Tab Tab", Translation.translated("list the candidates")),
            key("Up, Down", Translation.translated("earlier statements, kept across sessions (a line starting with a space is not kept)")),
            key("Ctrl-R", Translation.translated("search them")),
            key("Ctrl-C", Translation.translated("abandon the line, or a guided entry; stop a statement's output")),
            key("Ctrl-D", Translation.translated("leave (on an empty line)")),
            key("\\ at line end", Translation.translated("continue the statement on the next line")),
            Translation.translated("Editing keys follow GNU readline and your ~/.inputrc."),
        ].joined(separator: "\n")
    }

    private static func key(_ keys: String, _ does: String) -> String {
        line(keys, does, at: 16)
    }
}
