/// The text of `help` and `help TOPIC`. A topic's syntax and examples are
/// read from the grammar shipped in the binary, so help and `Grammar/` never
/// disagree.
enum Help {
    /// Each topic and the grammar productions it shows.
    static let productions: [(topic: String, names: [String])] = [
        ("queries", ["query", "where_clause", "by_clause", "dimension", "order_clause", "limit_clause", "top_clause"]),
        ("periods", ["period", "period_value", "calendar_period", "relative_period", "date"]),
        ("conditions", ["condition", "not_condition", "primary_condition", "comparison", "value"]),
        ("formats", ["format_clause"]),
        ("views", ["view"]),
        ("budget", ["budget"]),
        ("photos", ["photo"]),
        ("import", ["import", "column_mapping", "import_field", "file"]),
        ("export", ["export"]),
        ("add", ["add", "quick_add", "remark", "amount"]),
        ("edit", ["edit", "assignment", "tag_list"]),
        ("delete", ["delete"]),
        ("undo", ["statement"]),
        ("books", ["book_statement"]),
        ("categories", ["category_statement"]),
        ("set", ["set"]),
        ("save", ["save", "run"]),
        ("help", ["help"]),
    ]

    static let topics = productions.map(\.topic) + ["keys"]

    /// Other words people type for a topic.
    static let synonyms = [
        "query": "queries", "sum": "queries", "count": "queries", "avg": "queries", "min": "queries", "max": "queries",
        "list": "queries", "by": "queries", "order": "queries", "period": "periods", "condition": "conditions",
        "where": "conditions", "format": "formats", "as": "formats", "redo": "undo", "book": "books", "use": "books",
        "category": "categories", "saved": "save", "forget": "save", "run": "save", "key": "keys", "about": "help",
        "view": "views", "timeline": "views", "pie": "views", "months": "views", "detail": "views", "show": "views",
        "search": "views", "budgets": "budget", "attach": "photos", "attachments": "photos", "extract": "photos",
        "detach": "photos", "photo": "photos", "csv": "import", "hledger": "export", "ledger": "export",
        "beancount": "export", "journal": "export",
    ]

    static func text(for topic: String?) -> String? {
        guard let topic else { return overview }
        let name = synonyms[topic] ?? topic
        if name == "keys" { return keys }
        guard let names = productions.first(where: { $0.topic == name })?.names else { return nil }
        var shown: [Grammar.Production] = []
        for production in names.compactMap(Grammar.shipped.production) where !shown.contains(production) {
            shown.append(production)
        }
        return shown.map(\.text).joined(separator: "\n\n")
    }

    static let overview = """
        Tally keeps your books. One statement per line; ';' separates statements.

          -25.50 food "lunch with team"             an expense (+ for income); 'add' alone asks step by step
          sum expense where category=food in 2016-07
          sum expense in 2016 by month, category
          list where remark ~ coffee last 30 days
          edit #12 amount=30    delete #12    undo    redo
          timeline    pie 2016-07    months    detail food    show #12    search coffee
          budget food 1500    budget total 5000    budget
          attach #12 receipt.jpg    attachments #12    extract #12 1 copy.jpg    detach #12 1
          import bank.csv    export 2016.journal in 2016    export all.beancount
          books    use travel    categories expense
          save weekly sum expense this week by category    weekly    saved
          run FILE    about    quit

        help TOPIC for syntax and examples: \(topics.joined(separator: ", "))
        """

    static let keys = """
          Tab             complete what may come next: keywords, categories, books, tags, files
          Tab Tab         list the candidates
          Up, Down        earlier statements, kept across sessions (a line starting with a space is not kept)
          Ctrl-R          search them
          Ctrl-C          abandon the line, or a guided entry
          Ctrl-D          leave (on an empty line)
          \\ at line end   continue the statement on the next line
        Editing keys follow GNU readline and your ~/.inputrc.
        """
}

/// The grammar of the language, as shipped in `Grammar/tally.ebnf`.
struct Grammar {
    /// One or more productions written together, with the notes and examples
    /// that follow them.
    struct Production: Equatable {
        let names: [String]
        /// As the file writes it, examples marked `e.g.`.
        let text: String
    }

    let productions: [Production]

    static let shipped = Grammar(String(decoding: PackageResources.tally_ebnf, as: UTF8.self))

    /// Splits the file into productions. Productions on consecutive lines,
    /// before any comment, form one block: `add` and `quick_add` share notes.
    init(_ source: String) {
        var productions: [Production] = []
        var names: [String] = []
        var lines: [Substring] = []
        var hasNotes = false
        func finish() {
            guard !names.isEmpty else { return }
            let text = lines.map { $0.hasPrefix("(* example: ") ? "  e.g. " + $0.dropFirst(12).dropLast(3) : "  " + $0 }
            productions.append(Production(names: names, text: text.joined(separator: "\n").trimmingTrailingBlankLines()))
            names = []
            lines = []
        }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first.isLowercase, let equals = line.firstRange(of: " = ") {
                if hasNotes { finish() }
                hasNotes = false
                names.append(String(line[..<equals.lowerBound]))
            } else if line.hasPrefix("(* ----") {
                finish()
                continue
            } else if line.hasPrefix("(*") {
                hasNotes = true
            }
            if !names.isEmpty { lines.append(line) }
        }
        finish()
        self.productions = productions
    }

    func production(_ name: String) -> Production? {
        productions.first { $0.names.contains(name) }
    }
}

extension String {
    func trimmingTrailingBlankLines() -> String {
        var text = Substring(self)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return String(text)
    }
}
