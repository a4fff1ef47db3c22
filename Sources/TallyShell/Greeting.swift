import TallyCore

/// What the REPL says the first time, and after an upgrade.
enum Greeting {
    /// The welcome on a ledger never greeted (the demo's welcome in the
    /// demo), what is new when it last saw another version, else nothing.
    /// `command` is how Tally was started, so the demo is named as it can be run.
    static func message(lastSeen: String?, demo: Bool = false, command: String = "tally") -> String? {
        if demo { return demoWelcome }
        guard let lastSeen else { return welcome(command: command) }
        return lastSeen == Tally.version ? nil : whatsNew
    }

    static func welcome(command: String) -> String {
        [
            Translation.format(Translation.translated("Welcome to Tally %s: your books, kept in the terminal."), Tally.version),
            Translation.translated("Try:"),
            example("-25.50 food \"lunch\"", Translation.translated("an expense (+ for income, or money back)")),
            example("sum expense this month by category"),
            example("list last 7 days"),
            example("timeline    pie    months", Translation.translated("the month day by day, its spending, the year")),
            Translation.translated("'help' shows what else there is; Tab completes; Ctrl-D leaves."),
            Translation.format(Translation.translated("To try every view on two years of sample bills first, run '%s --demo'."), command),
        ].joined(separator: "\n")
    }

    static var demoWelcome: String {
        [
            Translation.translated("This is Tally's demo: two years of sample bills in a throwaway ledger, gone when you leave."),
            Translation.translated("Try:"),
            example("timeline", Translation.translated("this month, day by day")),
            example("pie", Translation.translated("this month's spending by category")),
            example("months", Translation.translated("the year, month by month")),
            example("sum expense this year by category"),
            example("search coffee"),
            Translation.translated("'help' shows what else there is; Tab completes; Ctrl-D leaves."),
        ].joined(separator: "\n")
    }

    private static func example(_ statement: String, _ shows: String? = nil) -> String {
        Help.line(statement, shows, at: 32)
    }

    /// What the demo says as it ends, its bills with it.
    static func demoOver(command: String) -> String {
        Translation.translated("the demo's bills are gone with it; '%s' opens a ledger of your own", command)
    }

    /// How to name Tally to the person who started it: as they typed it when
    /// that was a path, such as `.build/debug/tally` in a checkout, which no
    /// `PATH` finds; else `tally`.
    static func command(startedAs argument: String) -> String {
        argument.contains("/") ? argument : "tally"
    }

    /// What this version brings, a line each, with statements to try as written.
    static var whatsNew: String {
        [
            Translation.translated("What's new in Tally %s:", Tally.version),
            news(Translation.translated("recurring bills, posted on their days, once: %s", "every month on 1 -3000 housing rent")),
            news(Translation.translated("what comes next and what it comes to: %s, %s, %s; %s", "upcoming", "due", "accept", "sum expense next month with forecast")),
            news(Translation.translated("see '%s'", "help recurring")),
            news(Translation.translated("accounts: %s; %s", "account add card kind credit", "-25 food lunch with card")),
            news(Translation.translated("%s; %s; %s", "transfer 500 from cash to card", "balances", "reconcile card 1200")),
            news(Translation.translated("a whole hledger, ledger or beancount file: %s", "import FILE.journal")),
            news(Translation.translated("rates and one total across currencies: %s; see '%s'", "rate USD 7.12 CNY", "help accounts")),
        ].joined(separator: "\n")
    }

    private static func news(_ line: String) -> String {
        "  - " + line
    }
}
